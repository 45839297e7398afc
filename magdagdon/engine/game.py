"""One game's turn flow (RULES.md §3, §6, §7, §9), driven by action values.

``play`` is the checked entry point for player input: it raises
:class:`IllegalMoveError` naming the action and the board. ``push`` is the unchecked
fast path for the AI and simulations working on copies. ``legal_moves`` lists exactly
what ``play`` accepts, so the UI and the AI never re-implement a rule.
"""

from __future__ import annotations

import enum
from itertools import combinations

from .actions import (
    ACTION_TYPES,
    Accept,
    Action,
    Adjust,
    Confirm,
    PlaceRuin,
    Reroll,
    Roll,
    Stage,
    TakeBack,
    TakeBackAll,
)
from .board import RUIN, Board, cell_name, iter_bits
from .dice import check_seed, roll_dice
from .difficulty import Difficulty
from .legality import can_place, legal_mask, required_dice
from .scoring import ScoreBreakdown, score


class Phase(enum.Enum):
    ROLL = "roll"  # waiting for the player to press ROLL
    STAGING = "staging"
    MAGDAGDON = "magdagdon"
    RUIN_PICK = "ruin_pick"
    GAME_OVER = "game_over"


class IllegalMoveError(ValueError):
    """An action the rules forbid in the current position."""

    def __init__(self, action: object, game: "Game", reason: str) -> None:
        self.action = action
        self.reason = reason
        text = action.to_text() if isinstance(action, ACTION_TYPES) else repr(action)
        super().__init__(
            f"illegal {text!r} ({reason}) in phase {game.phase.value}, "
            f"board {game.working_board}, dice {list(game.dice)}"
        )


class Game:
    """A game of MAGDAGDON with its seed, difficulty, position and action log."""

    def __init__(self, difficulty: Difficulty = Difficulty.PEACEFUL, seed: int = 0) -> None:
        if not isinstance(difficulty, Difficulty):
            raise TypeError(f"difficulty must be a Difficulty, not {difficulty!r}")
        self.difficulty = difficulty
        self.seed = check_seed(seed)
        self.board = Board.empty()  # permanent cells
        self.phase = Phase.ROLL
        self.turn = 0  # rolls pressed, MAGDAGDON turns included (RULES.md §3.6)
        self.dice: tuple[int, ...] = ()  # this turn's four values; () between turns
        self.staged: tuple[tuple[int, int], ...] = ()  # (die, cell) in staging order
        self.rerolls_this_turn = 0
        self.powers_used = 0
        self.log: list[Action] = []
        self.last_returned: tuple[int, ...] = ()  # dice the last action sent back to the tray
        self._working: Board | None = None
        self.set_up = False  # built by set_up_position(): it has no replay

    @classmethod
    def set_up_position(
        cls,
        board: Board,
        dice: tuple[int, ...],
        difficulty: Difficulty = Difficulty.PEACEFUL,
        powers_used: int = 0,
        turn: int = 1,
        seed: int = 0,
    ) -> "Game":
        """A game just after a roll of ``dice`` on ``board`` (for tests, puzzles and hints).

        Its later rolls still follow ``seed``, but it has no replay: the earlier turns
        that led here are unknown.
        """
        if len(dice) != 4 or any(not 1 <= v <= 6 for v in dice):
            raise ValueError(f"a roll is four values 1..6, not {dice!r}")
        if board.is_full:
            raise ValueError(f"no empty cell on {board}")
        game = cls(difficulty, seed)
        difficulty.penalty_for(powers_used)  # validates the count
        game.board, game.turn, game.powers_used, game.set_up = board, turn, powers_used, True
        game._set_dice(tuple(dice))
        return game

    # --- reading the position -----------------------------------------------------------
    @property
    def working_board(self) -> Board:
        """Permanent cells plus the dice staged this turn (RULES.md §4)."""
        if self._working is None:
            board = self.board
            for die, cell in self.staged:
                board = board.with_cell(cell, self.dice[die])
            self._working = board
        return self._working

    @property
    def tray(self) -> tuple[int, ...]:
        """Indices of this turn's dice that are not staged."""
        staged = {die for die, _ in self.staged}
        return tuple(d for d in range(len(self.dice)) if d not in staged)

    @property
    def required(self) -> int:
        return required_dice(self.board, self.difficulty)

    @property
    def powers_left(self) -> int:
        return self.difficulty.power_count - self.powers_used

    @property
    def next_penalty(self) -> int | None:
        """What the next power would cost, or None when none is left."""
        return self.difficulty.penalties[self.powers_used] if self.powers_left else None

    @property
    def can_confirm(self) -> bool:
        return self.phase is Phase.STAGING and len(self.staged) >= self.required

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def turns_done(self) -> int:
        """Turns finished (confirmed, or ruined); a turn rolled and being played does not count."""
        return self.turn if self.phase in (Phase.ROLL, Phase.GAME_OVER) else self.turn - 1

    def cell_of(self, die: int) -> int | None:
        """Where ``die`` is staged, or None."""
        return next((cell for d, cell in self.staged if d == die), None)

    def legal_cells_for(self, die: int) -> frozenset[int]:
        """Cells where tray die ``die`` may be staged now; empty when it may not move."""
        if self.phase is not Phase.STAGING or die not in self.tray:
            return frozenset()
        return frozenset(iter_bits(legal_mask(self.working_board, self.dice[die])))

    def score(self) -> ScoreBreakdown:
        """Score of the permanent board with the powers used so far."""
        return score(self.board, self.difficulty, self.powers_used)

    def preview_score(self) -> ScoreBreakdown:
        """Score as it would be if the staged dice were confirmed now."""
        return score(self.working_board, self.difficulty, self.powers_used)

    # --- legality ------------------------------------------------------------------------
    def legal_moves(self) -> list[Action]:
        """Every action ``play`` accepts now."""
        phase = self.phase
        if phase is Phase.ROLL:
            return [Roll()]
        if phase is Phase.RUIN_PICK:
            return [PlaceRuin(c) for c in self.board.empty_cells()]
        if phase is Phase.GAME_OVER:
            return []
        moves: list[Action] = []
        tray = self.tray
        if phase is Phase.STAGING:
            for die in tray:
                moves.extend(Stage(die, cell) for cell in sorted(self.legal_cells_for(die)))
            moves.extend(TakeBack(die) for die, _ in self.staged)
            if self.staged:
                moves.append(TakeBackAll())
            if self.can_confirm:
                moves.append(Confirm())
        if self.powers_left:
            for die in tray:
                if self.dice[die] > 1:
                    moves.append(Adjust(die, -1))
                if self.dice[die] < 6:
                    moves.append(Adjust(die, +1))
            for size in range(1, len(tray) + 1):
                moves.extend(Reroll(subset) for subset in combinations(tray, size))
        if phase is Phase.MAGDAGDON:
            moves.append(Accept())
        return moves

    def why_illegal(self, action: object) -> str | None:
        """None if ``action`` is legal now, otherwise a short reason (also for a value
        that is no action at all: player input may hand in anything)."""
        phase = self.phase
        if isinstance(action, Roll):
            return None if phase is Phase.ROLL else "roll only between turns"
        if isinstance(action, (Stage, TakeBack, TakeBackAll, Confirm)) and phase is not Phase.STAGING:
            return "only while staging dice"
        if isinstance(action, Stage):
            if action.die not in self.tray:
                return f"die {action.die} is not in the tray"
            if action.cell not in self.legal_cells_for(action.die):
                return f"a {self.dice[action.die]} may not go on {_cell_text(action.cell)}"
            return None
        if isinstance(action, TakeBack):
            return None if self.cell_of(action.die) is not None else f"die {action.die} is not staged"
        if isinstance(action, TakeBackAll):
            return None if self.staged else "no die is staged"
        if isinstance(action, Confirm):
            if len(self.staged) < self.required:
                return f"{self.required} dice must be staged, {len(self.staged)} are"
            return None
        if isinstance(action, (Adjust, Reroll)):
            return self._why_power_illegal(action)
        if isinstance(action, Accept):
            return None if phase is Phase.MAGDAGDON else "only a MAGDAGDON turn can be accepted"
        if isinstance(action, PlaceRuin):
            if phase is not Phase.RUIN_PICK:
                return "a ruin is placed only after accepting MAGDAGDON"
            if not (isinstance(action.cell, int) and 0 <= action.cell < 16 and self.board.is_empty(action.cell)):
                return f"{_cell_text(action.cell)} is not an empty cell"
            return None
        return "not an action"

    def _why_power_illegal(self, action: Adjust | Reroll) -> str | None:
        if self.phase not in (Phase.STAGING, Phase.MAGDAGDON):
            return "powers are used after the roll, before the turn ends"
        if not self.powers_left:
            return "no Majda Power left"
        tray = self.tray
        if isinstance(action, Adjust):
            if action.die not in tray:
                return f"die {action.die} is not in the tray"
            if action.delta not in (-1, 1):
                return "a die changes by exactly 1"
            if not 1 <= self.dice[action.die] + action.delta <= 6:
                return "a die stays within 1..6"
            return None
        dice = action.dice
        if not dice or list(dice) != sorted(set(dice)) or any(d not in tray for d in dice):
            return "re-roll needs distinct tray dice in ascending order"
        return None

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    # --- changing the position -----------------------------------------------------------
    def play(self, action: object) -> tuple[int, ...]:
        """Apply a player's action after checking it; returns the dice sent back to the tray."""
        reason = self.why_illegal(action)
        if reason is not None or not isinstance(action, ACTION_TYPES):
            raise IllegalMoveError(action, self, reason or "not an action")
        return self.push(action)

    def push(self, action: Action) -> tuple[int, ...]:
        """Apply an action known to be legal (no checks; for the AI and simulations)."""
        self.last_returned = ()
        self.log.append(action)
        # Most frequent first: a search pushes far more Stage than anything else.
        if isinstance(action, Stage):
            self._working = self.working_board.with_cell(action.cell, self.dice[action.die])
            self.staged += ((action.die, action.cell),)
        elif isinstance(action, Roll):
            self.turn += 1
            self.rerolls_this_turn = 0
            self._set_dice(roll_dice(self.seed, self.turn))
        elif isinstance(action, Confirm):
            self.board = self.working_board
            self._end_turn()
        elif isinstance(action, TakeBack):
            self._take_back(action.die)
        elif isinstance(action, TakeBackAll):
            self.last_returned = tuple(die for die, _ in self.staged)
            self.staged = ()
            self._working = self.board
        elif isinstance(action, Adjust):
            self.powers_used += 1
            dice = list(self.dice)
            dice[action.die] += action.delta
            self._set_dice(tuple(dice))
        elif isinstance(action, Reroll):
            self.powers_used += 1
            self.rerolls_this_turn += 1
            fresh = roll_dice(self.seed, self.turn, self.rerolls_this_turn, len(action.dice))
            dice = list(self.dice)
            for die, value in zip(action.dice, fresh):
                dice[die] = value
            self._set_dice(tuple(dice))
        elif isinstance(action, Accept):
            self.phase = Phase.RUIN_PICK
        elif isinstance(action, PlaceRuin):
            self.board = self.board.with_cell(action.cell, RUIN)
            self._end_turn()
        else:
            raise TypeError(f"not an action: {action!r}")
        return self.last_returned

    def _set_dice(self, dice: tuple[int, ...]) -> None:
        """New dice values after a roll or power, then the check of RULES.md §5 / §6."""
        self.dice = dice
        if not can_place(self.board, dice, self.required):
            # Ruling of §6: entering MAGDAGDON sends the staged dice back to the tray.
            self.last_returned = tuple(die for die, _ in self.staged)
            self.staged = ()
            self._working = self.board
            self.phase = Phase.MAGDAGDON
        else:
            self.phase = Phase.STAGING
            self._working = None

    def _take_back(self, die: int) -> None:
        """Ruling of §3.5: the rest are re-checked in staging order; misfits return too."""
        board = self.board
        kept: list[tuple[int, int]] = []
        returned = [die]
        for other, cell in self.staged:
            if other == die:
                continue
            if legal_mask(board, self.dice[other]) >> cell & 1:
                kept.append((other, cell))
                board = board.with_cell(cell, self.dice[other])
            else:
                returned.append(other)
        self.staged = tuple(kept)
        self._working = board
        self.last_returned = tuple(returned[1:])

    def _end_turn(self) -> None:
        self.dice = ()
        self.staged = ()
        self._working = self.board
        self.phase = Phase.GAME_OVER if self.board.is_full else Phase.ROLL

    # --- copies and outcome ------------------------------------------------------------
    def copy(self) -> "Game":
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.log = list(self.log)
        return twin

    @property
    def final_score(self) -> ScoreBreakdown | None:
        """The final breakdown once the game is over (RULES.md §9), else None."""
        return self.score() if self.is_over else None


def _cell_text(cell: object) -> str:
    return f"cell {cell} ({cell_name(cell)})" if isinstance(cell, int) and 0 <= cell < 16 else f"cell {cell!r}"
