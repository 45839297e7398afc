"""The expert: plans whole turns against a learned estimate of the final score.

Method
------
*Evaluation.* A board is valued by :mod:`magdagdon.ai.line_values`: one learned number per
possible content of each of the 8 lines (an "n-tuple network" as used for 2048), plus the
exact ruin penalties. The tables were learned by temporal-difference learning on seeded
self-play (:mod:`magdagdon.ai.training`), so a board's value estimates the final score
still to be expected from it with expert play, including bonuses still within reach, cells
that adjacency has made unfillable, and the risk of ruins.

*A turn.* After each roll the expert enumerates every distinct end-of-turn board reachable
with the roll (any order, any number of dice from the required count up to all four;
:class:`~magdagdon.ai.turn_search.TurnSearch`) and ranks them by value. Once the board has
at most ``LOOKAHEAD_MAX_EMPTIES`` empty cells left, the best few candidates are re-ranked
by a one-roll look-ahead (expectimax): the probability-weighted mean, over all 126 distinct
next rolls, of the best next turn's value — a ruin where that roll would be MAGDAGDON. One
walk of every placeable multiset of up to four values (``best_by_placed``) answers all 126
rolls at once. This sees what the line tables cannot: how the whole frontier of the board
fits the next roll. (Measured on 150 NIGHTMARE games: about +20 points.)

*Powers* (RULES.md §6) are decided by expectation: every −1/+1 on every die, and every
re-roll of every subset of the dice, is valued as the best turn after it (for a re-roll,
the probability-weighted mean over all outcomes, an outcome that is MAGDAGDON counting as
its best ruin), minus the penalty and a small reserve for the powers it spends. The best
option wins if it beats playing the roll as it is (or accepting MAGDAGDON). To bound the
time per turn, re-rolls are weighed only once fewer than ``OPEN_BOARD_EMPTIES`` cells are
empty or when the roll is MAGDAGDON, and no power is used on the first turn.

*The ruin* goes where the board loses least value.

Everything is a pure function of the position: no randomness, no clock, so the policy is
deterministic, :func:`magdagdon.ai.hint.hint` equals what it plays, and a cache keyed by
the position only saves time.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterator

from magdagdon.engine import DICE_PER_ROLL, EMPTY, RUIN, Board, Difficulty, Game, Phase
from magdagdon.engine.actions import (
    Accept,
    Action,
    Adjust,
    Confirm,
    PlaceRuin,
    Reroll,
    Roll,
    Stage,
    TakeBackAll,
)
from magdagdon.engine.legality import legal_mask

from .line_values import load_line_values
from .turn_search import ROLL_OUTCOMES, Cells, Dice, TurnSearch
from .turn_search import roll_value as best_roll_value

# Extra cost of spending a power beyond its penalty: a power kept can still save a later
# MAGDAGDON, and later ones cost more. Tuned on 150 seeded PEACEFUL games (mean score with
# reserves 4/4/0: 380, 25/20/10: 409, 40/30/15: 412, 60/45/20: 391; 40/30/15 held on 150
# fresh seeds: 410). In SURVIVAL a reserve of 20 did not help (342 against 348).
POWER_RESERVE = {
    Difficulty.PEACEFUL: (40.0, 30.0, 15.0),
    Difficulty.SURVIVAL: (0.0,),
    Difficulty.NIGHTMARE: (),
}
RESERVE_FULL_EMPTIES = 4  # with fewer empty cells the reserve shrinks: the game is ending (+1 to +2)
OPEN_BOARD_EMPTIES = 12  # from this many empty cells on, re-rolls are not considered
# Look-ahead: the best LOOKAHEAD_TOP boards within LOOKAHEAD_MARGIN points of the best are
# re-ranked by the mean best next turn over all rolls, while the board has at most
# LOOKAHEAD_MAX_EMPTIES empty cells (after the turn's dice).
LOOKAHEAD_TOP = 5
LOOKAHEAD_MARGIN = 20.0
LOOKAHEAD_MAX_EMPTIES = 10


@dataclass(frozen=True)
class TurnPlan:
    """What the expert does with a roll: a power, or a target board (or a ruin)."""

    value: float  # expected final score of this choice (penalties included)
    power: Adjust | Reroll | None = None  # a power to play first
    path: tuple[tuple[int, int], ...] = ()  # (value, cell) placements in a legal order
    ruin: int | None = None  # MAGDAGDON accepted: the cell to ruin


class ExpertPolicy:
    name = "expert"

    def __init__(self, lookahead: bool = True) -> None:
        self.lookahead = lookahead  # False: a weaker, ten times faster expert (quick tests)
        self._searches: dict[Difficulty, TurnSearch] = {}
        self._plans: dict[tuple[Difficulty, Cells, Dice, int], TurnPlan] = {}
        self._deep: dict[tuple[Difficulty, Cells], float] = {}
        self._placed: dict[tuple[Difficulty, Cells], dict[int, float]] = {}

    # --- the Policy protocol ---------------------------------------------------------
    def choose(self, game: Game) -> Action:
        phase = game.phase
        if phase is Phase.ROLL:
            return Roll()
        if phase is Phase.RUIN_PICK:
            return PlaceRuin(self.ruin_choice(game.difficulty, game.board.cells)[1])
        if phase is Phase.MAGDAGDON:
            plan = self.plan(game)
            return plan.power if plan.power is not None else Accept()
        if phase is Phase.STAGING:
            return self._staging_action(game, self.plan(game))
        raise ValueError(f"no move in phase {phase}")

    # --- planning --------------------------------------------------------------------
    def search(self, difficulty: Difficulty) -> TurnSearch:
        if difficulty not in self._searches:
            self._searches[difficulty] = TurnSearch(load_line_values(difficulty))
        return self._searches[difficulty]

    def plan(self, game: Game) -> TurnPlan:
        """The expert's choice for the roll on the permanent board (staging ignored)."""
        key = (game.difficulty, game.board.cells, game.dice, game.powers_used)
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) > 256:
                self._plans.clear()
            plan = self._plans[key] = self._make_plan(game.difficulty, game.board.cells, game.dice, game.powers_used)
        return plan

    def _make_plan(self, difficulty: Difficulty, cells: Cells, dice: Dice, powers_used: int) -> TurnPlan:
        search = self.search(difficulty)
        need = difficulty.required_dice(cells.count(EMPTY))
        spent = difficulty.penalty_for(powers_used)
        best = self._play_roll(search, difficulty, cells, dice, need)
        best = TurnPlan(best.value - spent, None, best.path, best.ruin)
        for power, value in self.power_options(difficulty, cells, dice, powers_used):
            if value > best.value + 1e-9:
                best = TurnPlan(value, power=power)
        return best

    def power_options(
        self, difficulty: Difficulty, cells: Cells, dice: Dice, powers_used: int, every: bool = False
    ) -> Iterator[tuple[Adjust | Reroll, float]]:
        """The powers the expert weighs on ``dice``, each with its expected value (penalties
        included); ``every``: all usable powers, whatever the time limits (for the review)."""
        if powers_used >= difficulty.power_count:
            return
        if not every and not any(1 <= x <= 6 for x in cells):
            return  # the first turn: any roll starts the board well enough
        search = self.search(difficulty)
        empties = cells.count(EMPTY)
        need = difficulty.required_dice(empties)
        reserve = POWER_RESERVE[difficulty][powers_used] * min(1.0, empties / RESERVE_FULL_EMPTIES)
        cost = difficulty.penalty_for(powers_used + 1) + reserve
        ruin_value = search.best_ruin(cells)[0]
        # Re-rolls need the best turn for every roll, which is slow on an open board; early
        # on, with no MAGDAGDON to avoid, they are skipped (adjusting is still considered).
        rerolls = every or empties < OPEN_BOARD_EMPTIES or search.best_value(cells, dice, need) is None
        if rerolls:
            table = self._best_by_placed(difficulty, cells)

            def roll_value(values: Dice) -> float:
                value = best_roll_value(table, values, need)
                return ruin_value if value is None else value

        else:

            def roll_value(values: Dice) -> float:
                return self._best_value(search, cells, values, need)

        for die in range(len(dice)):
            for delta in (-1, 1):
                if 1 <= dice[die] + delta <= 6:
                    changed = dice[:die] + (dice[die] + delta,) + dice[die + 1 :]
                    yield Adjust(die, delta), roll_value(changed) - cost
        for size in range(1, len(dice) + 1 if rerolls else 1):
            for chosen in combinations(range(len(dice)), size):
                kept = tuple(dice[d] for d in range(len(dice)) if d not in chosen)
                value = -cost
                for outcome, weight in ROLL_OUTCOMES[size]:
                    value += weight * roll_value(kept + outcome)
                yield Reroll(chosen), value

    def _best_value(self, search: TurnSearch, cells: Cells, dice: Dice, need: int) -> float:
        """Value of the best turn with ``dice`` (before penalties); a ruin if MAGDAGDON."""
        value = search.best_value(cells, dice, need)
        return search.best_ruin(cells)[0] if value is None else value

    def _play_roll(self, search: TurnSearch, difficulty: Difficulty, cells: Cells, dice: Dice, need: int) -> TurnPlan:
        boards = search.end_boards(cells, dice, need)
        if not boards:
            value, cell = self.ruin_choice(difficulty, cells)
            return TurnPlan(value, ruin=cell)
        boards.sort(key=lambda item: item[0], reverse=True)
        if not self.lookahead or cells.count(EMPTY) - need > LOOKAHEAD_MAX_EMPTIES:
            return TurnPlan(boards[0][0], path=boards[0][1])
        best: TurnPlan | None = None
        for value, path in boards[:LOOKAHEAD_TOP]:
            if value < boards[0][0] - LOOKAHEAD_MARGIN:
                break
            after = list(cells)
            for v, c in path:
                after[c] = v
            deep = self.deep_value(difficulty, tuple(after))
            if best is None or deep > best.value:
                best = TurnPlan(deep, path=path)
        assert best is not None
        return best

    def ruin_choice(self, difficulty: Difficulty, cells: Cells) -> tuple[float, int]:
        """(value, cell) of the ruin to place (RULES.md §7): by table value, and once the
        board is small enough, the best few re-ranked by the one-roll look-ahead."""
        search = self.search(difficulty)
        options = []
        for cell, content in enumerate(cells):
            if content == EMPTY:
                after = cells[:cell] + (RUIN,) + cells[cell + 1 :]
                options.append((search.value(after), cell, after))
        options.sort(key=lambda item: item[0], reverse=True)
        if not self.lookahead or cells.count(EMPTY) - 1 > LOOKAHEAD_MAX_EMPTIES:
            return options[0][0], options[0][1]
        best: tuple[float, int] | None = None
        for value, cell, after in options[:LOOKAHEAD_TOP]:
            if value < options[0][0] - LOOKAHEAD_MARGIN:
                break
            deep = self.deep_value(difficulty, after)
            if best is None or deep > best[0]:
                best = (deep, cell)
        assert best is not None
        return best

    def end_of_turn_value(self, difficulty: Difficulty, before: Cells, after: Cells, ruin: bool = False) -> float:
        """How :meth:`plan` values a turn from ``before`` to ``after`` (no penalties): a
        placement, or with ``ruin`` an accepted MAGDAGDON."""
        need = 1 if ruin else difficulty.required_dice(before.count(EMPTY))
        if not self.lookahead or before.count(EMPTY) - need > LOOKAHEAD_MAX_EMPTIES:
            return self.search(difficulty).value(after)
        return self.deep_value(difficulty, after)

    def _best_by_placed(self, difficulty: Difficulty, cells: Cells) -> dict[int, float]:
        key = (difficulty, cells)
        table = self._placed.get(key)
        if table is None:
            if len(self._placed) > 64:
                self._placed.clear()
            table = self._placed[key] = self.search(difficulty).best_by_placed(cells, min(DICE_PER_ROLL, cells.count(EMPTY)))
        return table

    def deep_value(self, difficulty: Difficulty, cells: Cells) -> float:
        """Value of an end-of-turn board by a look-ahead over the next roll: the mean, over
        all 1296 rolls, of the best turn's table value (a ruin when MAGDAGDON); powers
        penalties excluded."""
        cached = self._deep.get((difficulty, cells))
        if cached is not None:
            return cached
        search = self.search(difficulty)
        empties = cells.count(EMPTY)
        if not empties:
            return search.value(cells)
        need = difficulty.required_dice(empties)
        table = self._best_by_placed(difficulty, cells)
        ruin = search.best_ruin(cells)[0]
        total = 0.0
        for values, weight in ROLL_OUTCOMES[4]:
            value = best_roll_value(table, values, need)
            total += weight * (ruin if value is None else value)
        if len(self._deep) > 4096:
            self._deep.clear()
        self._deep[(difficulty, cells)] = total
        return total

    # --- turning a plan into the next action ------------------------------------------
    def _staging_action(self, game: Game, plan: TurnPlan) -> Action:
        if plan.power is not None:
            if _power_dice(plan.power) <= set(game.tray):
                return plan.power
            return TakeBackAll()
        target = dict((cell, value) for value, cell in plan.path)
        staged_ok = all(target.get(cell) == game.dice[die] for die, cell in game.staged)
        if staged_ok:
            placed = {cell for _, cell in game.staged}
            todo = [(v, c) for v, c in plan.path if c not in placed]
            if not todo:
                return Confirm()
            order = _placement_order(game, todo)
            if order is not None:
                return order
        return TakeBackAll()


def _power_dice(action: Adjust | Reroll) -> set[int]:
    return {action.die} if isinstance(action, Adjust) else set(action.dice)


def _placement_order(game: Game, todo: list[tuple[int, int]]) -> Stage | None:
    """The first Stage of a legal order placing ``todo`` from the working board."""
    tray = list(game.tray)

    def extend(board: Board, remaining: list[tuple[int, int]]) -> bool:
        if not remaining:
            return True
        for i, (v, c) in enumerate(remaining):
            if legal_mask(board, v) >> c & 1 and extend(board.with_cell(c, v), remaining[:i] + remaining[i + 1 :]):
                return True
        return False

    board = game.working_board
    for i, (v, c) in enumerate(todo):
        if legal_mask(board, v) >> c & 1 and extend(board.with_cell(c, v), todo[:i] + todo[i + 1 :]):
            die = next((d for d in tray if game.dice[d] == v), None)
            if die is None:
                return None
            return Stage(die, c)
    return None
