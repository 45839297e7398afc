"""Exact values at the end of a game, where nothing is left to estimate.

Once a board has no more empty cells than a turn must fill (RULES.md §2: two in PEACEFUL and
SURVIVAL, three in NIGHTMARE), the next turn fills it, or the roll is MAGDAGDON and a cell is
ruined (RULES.md §7). From there the expected final score with the best play is counted
exactly: every roll of fair dice with its chance, every board the dice can fill, every ±1
and every re-roll with every outcome it can throw, each power at its penalty. No playout, no
network: the review's last turn and a hint there are exact.

Values include the penalties of the powers used. Boards are 16-tuples as in ``Board.cells``.
"""

from __future__ import annotations

from itertools import combinations

from magdagdon.engine import EMPTY, RUIN, Board, Difficulty, score_total
from magdagdon.engine.actions import Adjust, Reroll
from magdagdon.engine.legality import legal_mask

from .turn_search import ROLL_OUTCOMES, Cells, Dice


class Endgame:
    """Exact expected final scores with the best play, for one difficulty (cached)."""

    def __init__(self, difficulty: Difficulty) -> None:
        self.difficulty = difficulty
        self._between: dict[tuple[Cells, int], float] = {}
        self._roll: dict[tuple[Cells, Dice, int], float] = {}
        self._kept: dict[tuple[Cells, Dice, int], float] = {}
        self._filled: dict[tuple[Cells, Dice], int | None] = {}

    def covers(self, cells: Cells) -> bool:
        """The board's value is exact: at most one turn's worth of cells is empty."""
        return cells.count(EMPTY) <= self.difficulty.min_dice

    def turn_is_last(self, cells: Cells) -> bool:
        """A roll on ``cells`` must fill the board or ruin a cell: its choices are exact."""
        return self.covers(cells)

    # --- values ---------------------------------------------------------------------
    def between_turns(self, cells: Cells, used: int) -> float:
        """E[final score] of a board before the next roll, the best play after it."""
        if EMPTY not in cells:
            return float(score_total(Board(cells), self.difficulty, used))
        key = (cells, used)
        known = self._between.get(key)
        if known is None:
            known = self._between[key] = sum(weight * self.roll_value(cells, values, used)
                                             for values, weight in ROLL_OUTCOMES[4])
        return known

    def roll_value(self, cells: Cells, dice: Dice, used: int) -> float:
        """E[final score] once ``dice`` show on ``cells``: the best of filling the board (or
        the best ruin when it cannot be filled) and of each power left."""
        dice = tuple(sorted(dice))
        key = (cells, dice, used)
        known = self._roll.get(key)
        if known is None:
            best = self.end_value(cells, dice, used)
            if used < self.difficulty.power_count:
                adjusted, kept = _MOVES[dice]
                for changed in adjusted:  # each ±1 on one die
                    best = max(best, self.roll_value(cells, changed, used + 1))
                for stays in kept:  # each re-roll, by the values it keeps
                    best = max(best, self._kept_value(cells, stays, used + 1))
            known = self._roll[key] = best
        return known

    def end_value(self, cells: Cells, dice: Dice, used: int) -> float:
        """The turn ended with ``dice`` as they are: the best full board, or the best ruin."""
        filled = self.best_fill(cells, dice)
        if filled is not None:
            return float(filled - self.difficulty.penalty_for(used))
        return max(self.between_turns(_with(cells, cell, RUIN), used) for cell in _empties(cells))

    def board_value(self, cells: Cells, used: int) -> float:
        """A turn's end on ``cells`` (filled, or a cell ruined): what it is worth from there."""
        return self.between_turns(cells, used)

    def power_value(self, cells: Cells, dice: Dice, used: int, power: Adjust | Reroll) -> float:
        """E[final score] after using ``power`` on ``dice`` (the best play after it)."""
        if isinstance(power, Adjust):
            changed = dice[: power.die] + (dice[power.die] + power.delta,) + dice[power.die + 1 :]
            return self.roll_value(cells, changed, used + 1)
        kept = tuple(sorted(dice[d] for d in range(len(dice)) if d not in power.dice))
        return self._kept_value(cells, kept, used + 1)

    def _kept_value(self, cells: Cells, kept: Dice, used: int) -> float:
        """E[final score] once the dice ``kept`` (sorted) stay and the others are thrown again;
        shared by every roll that keeps the same values."""
        key = (cells, kept, used)
        known = self._kept.get(key)
        if known is None:
            known = self._kept[key] = sum(weight * self.roll_value(cells, dice, used) for dice, weight in _THROWS[kept])
        return known

    # --- the board the dice fill ----------------------------------------------------
    def best_fill(self, cells: Cells, dice: Dice) -> int | None:
        """The highest score (before power penalties) of a full board the dice make, in
        legal orders (RULES.md §4); None when they cannot fill it."""
        dice = tuple(sorted(dice))
        key = (cells, dice)
        if key in self._filled:
            return self._filled[key]
        best: int | None = None
        for board in _fills(Board(cells), dice):
            points = score_total(board, self.difficulty, 0)
            best = points if best is None or points > best else best
        self._filled[key] = best
        return best

def _throws() -> dict[Dice, tuple[tuple[Dice, float], ...]]:
    """For each sorted set of dice kept (0 to 3 of them), every roll the others can make of
    the four, sorted, with its chance."""
    table: dict[Dice, tuple[tuple[Dice, float], ...]] = {}
    for size in range(4):
        for kept, _ in ROLL_OUTCOMES[size]:
            table[kept] = tuple((tuple(sorted(kept + thrown)), weight) for thrown, weight in ROLL_OUTCOMES[4 - size])
    return table


_THROWS = _throws()


def _moves() -> dict[Dice, tuple[tuple[Dice, ...], tuple[Dice, ...]]]:
    """For each sorted roll of four: the distinct sorted rolls a ±1 on one die makes of it,
    and the distinct sorted sets of values a re-roll keeps (of one die or more thrown)."""
    table = {}
    for dice, _ in ROLL_OUTCOMES[4]:
        adjusted = {tuple(sorted(dice[:d] + (dice[d] + delta,) + dice[d + 1 :]))
                    for d in range(4) for delta in (-1, 1) if 1 <= dice[d] + delta <= 6}
        kept = {tuple(sorted(dice[d] for d in range(4) if d not in chosen))
                for size in range(1, 5) for chosen in combinations(range(4), size)}
        table[dice] = (tuple(sorted(adjusted)), tuple(sorted(kept)))
    return table


_MOVES = _moves()


def _fills(board: Board, dice: Dice) -> list[Board]:
    """Every full board ``dice`` (sorted) can make of ``board``, placed in legal orders."""
    out: set[Board] = set()
    empties = board.empty_count

    def extend(current: Board, left: Dice, placed: int) -> None:
        if placed == empties:
            out.add(current)
            return
        for index, value in enumerate(left):
            if index and left[index - 1] == value:
                continue
            rest = left[:index] + left[index + 1 :]
            mask = legal_mask(current, value)
            while mask:
                bit = mask & -mask
                mask ^= bit
                extend(current.with_cell(bit.bit_length() - 1, value), rest, placed + 1)

    if len(dice) >= empties:
        extend(board, dice, 0)
    return list(out)


def _empties(cells: Cells) -> list[int]:
    return [cell for cell, content in enumerate(cells) if content == EMPTY]


def _with(cells: Cells, cell: int, content: int) -> Cells:
    return cells[:cell] + (content,) + cells[cell + 1 :]


__all__ = ["Endgame"]
