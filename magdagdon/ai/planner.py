"""The expert's search: one question, one answer.

The question is a :class:`Position` — the permanent board, the dice as they show now (none
after ACCEPT), the powers used — and the answer a :class:`Decision`: the choice to make
(a power, the board to end the turn on, or the cell to ruin) and its value, the expected
final score (penalties included). The policy, the hint, the review and the power advice
all ask :meth:`Planner.decide`, or :meth:`Planner.options` for every choice with its value.

Method
------
*Evaluation.* Boards are valued by the n-tuple network of :mod:`magdagdon.ai.evaluation`,
an estimate of the final score with expert play from there, powers in hand included.

*Playing a roll.* Every distinct end-of-turn board the roll can reach is enumerated
(:class:`~magdagdon.ai.turn_search.TurnSearch`) and valued. Once the board has at most
``lookahead_empties`` empty cells after the turn, the best few (``lookahead_top``, within
``lookahead_margin`` points of the best) are re-ranked by a one-roll look-ahead
(expectimax): the probability-weighted mean over all 126 distinct next rolls of the best
next turn, a ruin where that roll would be MAGDAGDON. One walk of every placeable multiset
of up to four values answers all 126 rolls at once.

*Powers* (RULES.md §6): every −1/+1 on every die and every re-roll of every subset is
valued as the best turn after it (for a re-roll, the probability-weighted mean over its
outcomes on fair dice, an outcome that is MAGDAGDON counting as its best ruin), with the
network's value for one more power used, minus the penalty and a reserve (the value of
keeping the power beyond what the network sees). The best power wins if it beats playing
the roll (or accepting MAGDAGDON). Re-rolls are weighed once fewer than
``open_board_empties`` cells are empty or when the roll is MAGDAGDON; no power is used
on the first turn (any roll starts the board well enough).

*The ruin* goes where the board keeps the most value, re-ranked by the look-ahead late on.

Everything is a pure function of the position: no randomness, no clock. The caches keyed
by position only save time.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterator

from magdagdon.engine import DICE_PER_ROLL, EMPTY, RUIN, Difficulty, Game, Phase
from magdagdon.engine.actions import Adjust, Reroll

from .evaluation import Evaluation, load_evaluation
from .turn_search import ROLL_OUTCOMES, Cells, Dice, Path, TurnSearch, roll_value


@dataclass(frozen=True)
class Settings:
    """The search's knobs (tuned on seeded games, see docs/AI.md)."""

    reserve: tuple[float, ...]  # extra price of the k-th power (index: powers used before)
    lookahead_top: int = 5
    lookahead_margin: float = 20.0
    lookahead_empties: int = 10  # look ahead once at most this many cells are empty after the turn
    reserve_full_empties: int = 4  # with fewer empty cells the reserve shrinks: the game is ending
    open_board_empties: int = 12  # from this many empty cells on, re-rolls are not weighed
    # Once the board is small its walks are cheap: with at most ``wide_empties`` empty cells
    # after the turn the look-ahead re-ranks ``wide_top`` boards within ``wide_margin``.
    wide_empties: int = 0
    wide_top: int = 5
    wide_margin: float = 20.0
    lookahead: bool = True  # False: a weaker, much faster expert (quick tests)


SETTINGS = {
    Difficulty.PEACEFUL: Settings(reserve=(20.0, 15.0, 8.0)),
    Difficulty.SURVIVAL: Settings(reserve=(10.0,), wide_empties=7, wide_top=10, wide_margin=40.0),
    Difficulty.NIGHTMARE: Settings(reserve=(), wide_empties=7, wide_top=10, wide_margin=40.0),
}


@dataclass(frozen=True)
class Position:
    """What a decision depends on: the permanent board, the dice now, the powers used."""

    difficulty: Difficulty
    cells: Cells
    dice: Dice  # () once MAGDAGDON is accepted: only the ruin is left to choose
    powers_used: int

    @classmethod
    def of(cls, game: Game) -> "Position":
        """The position of ``game`` after a roll (staging plays no part, RULES.md §5)."""
        dice = () if game.phase is Phase.RUIN_PICK else game.dice
        return cls(game.difficulty, game.board.cells, dice, game.powers_used)

    @property
    def empties(self) -> int:
        return self.cells.count(EMPTY)

    @property
    def need(self) -> int:
        return self.difficulty.required_dice(self.empties)


@dataclass(frozen=True)
class Decision:
    """A choice for a position and its value (expected final score, penalties included)."""

    value: float
    power: Adjust | Reroll | None = None  # a power to use first
    path: Path = ()  # (value, cell) placements in a legal order
    ruin: int | None = None  # MAGDAGDON accepted: the cell to ruin

    def after(self, cells: Cells) -> Cells:
        """The board this decision ends the turn on (``cells`` itself for a power)."""
        out = list(cells)
        for value, cell in self.path:
            out[cell] = value
        if self.ruin is not None:
            out[self.ruin] = RUIN
        return tuple(out)


class Planner:
    """The expert's search for one difficulty (cached by position)."""

    def __init__(self, difficulty: Difficulty, settings: Settings | None = None, evaluation: Evaluation | None = None) -> None:
        self.difficulty = difficulty
        self.settings = settings if settings is not None else SETTINGS[difficulty]
        self.search = TurnSearch(evaluation if evaluation is not None else load_evaluation(difficulty))
        self._decisions: dict[Position, Decision] = {}
        self._deep: dict[tuple[Cells, int], float] = {}
        self._placed: dict[tuple[Cells, int], dict[int, float]] = {}

    # --- the question ----------------------------------------------------------------
    def decide(self, position: Position) -> Decision:
        """The best choice for ``position`` (the expert's move)."""
        decision = self._decisions.get(position)
        if decision is None:
            if len(self._decisions) > 256:
                self._decisions.clear()
            best = self.play_roll(position)
            for power, value in self.power_options(position):
                if value > best.value + 1e-9:
                    best = Decision(value, power=power)
            decision = self._decisions[position] = best
        return decision

    # --- the values it compares ---------------------------------------------------------
    def play_roll(self, position: Position) -> Decision:
        """The best way to end the turn with the dice as they are: a board, or the ruin
        when the roll cannot be placed (MAGDAGDON accepted)."""
        cells, used = position.cells, position.powers_used
        spent = self.difficulty.penalty_for(used)
        boards = self.search.end_boards(cells, used, position.dice, position.need) if position.dice else []
        if not boards:
            value, cell = self.ruin_choice(cells, used)
            return Decision(value - spent, ruin=cell)
        boards.sort(key=lambda item: item[0], reverse=True)
        if not self._looks_ahead(position.empties - position.need):
            return Decision(boards[0][0] - spent, path=boards[0][1])
        best: tuple[float, Path] | None = None
        width, margin = self._width(position.empties - position.need)
        for value, path in boards[:width]:
            if value < boards[0][0] - margin:
                break
            deep = self.deep_value(cells_after(cells, path), used)
            if best is None or deep > best[0]:
                best = (deep, path)
        assert best is not None
        return Decision(best[0] - spent, path=best[1])

    def end_value(self, position: Position, after: Cells) -> float:
        """The value :meth:`play_roll` gives ending the turn on ``after`` (a board reached
        from ``position.cells`` with the dice, or with one ruin), penalties included."""
        used = position.powers_used
        ruin = after.count(RUIN) > position.cells.count(RUIN)
        need = 1 if ruin else position.need
        if self._looks_ahead(position.empties - need):
            value = self.deep_value(after, used)
        else:
            value = self.search.value(after, used)
        return value - self.difficulty.penalty_for(used)

    def board_value(self, cells: Cells, used: int) -> float:
        """A board between turns valued as :meth:`end_value` values a turn ending on it
        that placed the dice required (before penalties)."""
        if self._looks_ahead(cells.count(EMPTY)):
            return self.deep_value(cells, used)
        return self.search.value(cells, used)

    def power_options(self, position: Position, every: bool = False) -> Iterator[tuple[Adjust | Reroll, float]]:
        """The powers weighed for ``position``, each with its value (penalty and reserve
        included); ``every``: all legal powers, whatever the time limits (for the review)."""
        difficulty, cells, dice, used = self.difficulty, position.cells, position.dice, position.powers_used
        if used >= difficulty.power_count or not dice:
            return
        if not every and not any(1 <= x <= 6 for x in cells):
            return  # the first turn: any roll starts the board well enough
        search, settings = self.search, self.settings
        empties, need, after = position.empties, position.need, used + 1
        reserve = settings.reserve[used] * min(1.0, empties / settings.reserve_full_empties)
        cost = difficulty.penalty_for(after) + reserve
        # the ruin valued as play_roll values it: a power that saves nothing never looks
        # better than accepting by the difference of two reckonings of the same ruin (worked
        # out only when some outcome cannot be placed: it is a look-ahead over each ruin)
        ruined: list[float] = []

        def ruin_value() -> float:
            if not ruined:
                ruined.append(self.ruin_choice(cells, after)[0])
            return ruined[0]
        # Re-rolls need the best turn for every roll, which is slow on an open board; early
        # on, with no MAGDAGDON to avoid, they are skipped (adjusting is still considered).
        rerolls = every or empties < settings.open_board_empties or search.best_value(cells, used, dice, need) is None
        if rerolls:
            table = self.best_by_placed(cells, after)

            def value_of(values: Dice) -> float:
                value = roll_value(table, values, need)
                return ruin_value() if value is None else value

        else:

            def value_of(values: Dice) -> float:
                value = search.best_value(cells, after, values, need)
                return ruin_value() if value is None else value

        for die in range(len(dice)):
            for delta in (-1, 1):
                if 1 <= dice[die] + delta <= 6:
                    changed = dice[:die] + (dice[die] + delta,) + dice[die + 1 :]
                    yield Adjust(die, delta), value_of(changed) - cost
        for size in range(1, len(dice) + 1 if rerolls else 1):
            for chosen in combinations(range(len(dice)), size):
                kept = tuple(dice[d] for d in range(len(dice)) if d not in chosen)
                value = -cost
                for outcome, weight in ROLL_OUTCOMES[size]:
                    value += weight * value_of(kept + outcome)
                yield Reroll(chosen), value

    def ruin_choice(self, cells: Cells, used: int) -> tuple[float, int]:
        """(value, cell) of the ruin to place (RULES.md §7), before penalties: by the
        network, and once the board is small enough the best few re-ranked by the look-ahead."""
        options = []
        for cell, content in enumerate(cells):
            if content == EMPTY:
                after = cells[:cell] + (RUIN,) + cells[cell + 1 :]
                options.append((self.search.value(after, used), cell, after))
        options.sort(key=lambda item: item[0], reverse=True)
        if not self._looks_ahead(cells.count(EMPTY) - 1):
            return options[0][0], options[0][1]
        best: tuple[float, int] | None = None
        width, margin = self._width(cells.count(EMPTY) - 1)
        for value, cell, after in options[:width]:
            if value < options[0][0] - margin:
                break
            deep = self.deep_value(after, used)
            if best is None or deep > best[0]:
                best = (deep, cell)
        assert best is not None
        return best

    def deep_value(self, cells: Cells, used: int) -> float:
        """Value of a board between turns by a look-ahead over the next roll: the mean,
        over all rolls, of the best turn's network value (a ruin when MAGDAGDON); power
        penalties excluded, no power used on that roll."""
        cached = self._deep.get((cells, used))
        if cached is not None:
            return cached
        search = self.search
        empties = cells.count(EMPTY)
        if not empties:
            return search.value(cells, used)
        need = self.difficulty.required_dice(empties)
        table = self.best_by_placed(cells, used)
        ruin = search.best_ruin(cells, used)[0]
        total = 0.0
        for values, weight in ROLL_OUTCOMES[4]:
            value = roll_value(table, values, need)
            total += weight * (ruin if value is None else value)
        if len(self._deep) > 4096:
            self._deep.clear()
        self._deep[(cells, used)] = total
        return total

    def _width(self, empties_after: int) -> tuple[int, float]:
        """How many candidates the look-ahead re-ranks, and within how many points of the best."""
        settings = self.settings
        if empties_after <= settings.wide_empties:
            return settings.wide_top, settings.wide_margin
        return settings.lookahead_top, settings.lookahead_margin

    def _looks_ahead(self, empties_after: int) -> bool:
        return self.settings.lookahead and empties_after <= self.settings.lookahead_empties

    def best_by_placed(self, cells: Cells, used: int) -> dict[int, float]:
        """The walk of :meth:`TurnSearch.best_by_placed` for every roll on ``cells`` (cached)."""
        key = (cells, used)
        table = self._placed.get(key)
        if table is None:
            if len(self._placed) > 512:  # some 20 kB each (at most 210 multisets)
                self._placed.clear()
            most = min(DICE_PER_ROLL, cells.count(EMPTY))
            table = self._placed[key] = self.search.best_by_placed(cells, used, most)
        return table


def cells_after(cells: Cells, path: Path) -> Cells:
    """``cells`` with the dice of ``path`` (value, cell) placed."""
    out = list(cells)
    for value, cell in path:
        out[cell] = value
    return tuple(out)


__all__ = ["Decision", "Planner", "Position", "SETTINGS", "Settings"]
