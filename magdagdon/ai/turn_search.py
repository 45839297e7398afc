"""Fast search over one turn's placements, on bit masks and packed line codes.

The engine's legality (:func:`magdagdon.engine.legality.legal_masks_from`, RULES.md §4)
is the only rule used here; this module just walks it quickly. A position is a tuple of
16 cell contents (0 empty, 1..6 a number, 7 a ruin), as in ``Board.cells``. Dice are
counts per value (index 1..6): equal dice are interchangeable, so the search branches on
values, and every distinct end-of-turn board is visited once (placing a@c then b@d
reaches the same board, with the same dice left, as b@d then a@c).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations_with_replacement
from math import factorial
from typing import Sequence

from magdagdon.engine.board import EMPTY, NUMBERS, RUIN, cell_masks
from magdagdon.engine.legality import legal_masks_from

from .evaluation import PLACEMENTS, Evaluation

_KEY_SHIFT = tuple(3 * (15 - c) for c in range(16))  # where a cell's 3 bits sit in a board key
# Per cell: (placement, shift of the cell's 3 bits in that placement's code), rows first,
# then columns, then squares (the order of the float operations, which the twin shares).
_OF_CELL: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((p, 3 * (3 - placement.index(c))) for p, placement in enumerate(PLACEMENTS) if c in placement)
    for c in range(16)
)


def _multiset_weights(size: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Each sorted outcome of rolling ``size`` dice with its probability."""
    total = 6**size
    out = []
    for values in combinations_with_replacement(range(1, 7), size):
        ways = factorial(size)
        for v in set(values):
            ways //= factorial(values.count(v))
        out.append((values, ways / total))
    return tuple(out)


ROLL_OUTCOMES = {size: _multiset_weights(size) for size in range(0, 5)}
_PLACED_UNIT = (0,) + tuple(1 << (3 * (v - 1)) for v in range(1, 7))


def placed_code(values: Sequence[int]) -> int:
    """A multiset of die values as an int: 3 bits of count per value."""
    return sum(_PLACED_UNIT[v] for v in values)


def _sub_multisets(values: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(placed_code, size) of every distinct sub-multiset of ``values``."""
    counts = [values.count(v) for v in range(7)]
    subs = [(0, 0)]
    for v in range(1, 7):
        subs = [(code + k * _PLACED_UNIT[v], size + k) for code, size in subs for k in range(counts[v] + 1)]
    return tuple(subs)


SUB_MULTISETS = {values: _sub_multisets(values) for size in range(5) for values, _ in ROLL_OUTCOMES[size]}


def roll_value(best_by_placed: dict[int, float], dice: Sequence[int], need: int) -> float | None:
    """Value of the best turn with ``dice`` from a :meth:`TurnSearch.best_by_placed`
    table; None when no ``need`` of them can be placed (MAGDAGDON)."""
    best = None
    for code, size in SUB_MULTISETS[tuple(sorted(dice))]:
        if size >= need:
            value = best_by_placed.get(code)
            if value is not None and (best is None or value > best):
                best = value
    return best


# For each set of values (ascending), the set without ``v``, at index ``v``.
_WITHOUT: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {
    values: tuple(tuple(u for u in values if u != v) for v in range(7))
    for values in (
        tuple(v for v in range(1, 7) if subset >> v & 1) for subset in range(0, 128, 2)
    )
}


Cells = tuple[int, ...]  # 16 cell contents, as in Board.cells
Dice = tuple[int, ...]  # die values
Path = tuple[tuple[int, int], ...]  # (value, cell) placements in a legal order


class Keep(Enum):
    """What a walk over the boards one turn can reach keeps."""

    BOARDS = "boards"  # every board, with its value and a path to it
    BEST = "best"  # the best value only
    BY_PLACED = "by_placed"  # the best value for each multiset of values placed


@dataclass
class Walked:
    """What a walk kept (the parts its ``Keep`` did not ask for stay empty)."""

    boards: list[tuple[float, Path]] = field(default_factory=list)
    best: float | None = None
    by_placed: dict[int, float] = field(default_factory=dict)


def counts_of(values: Sequence[int]) -> list[int]:
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    return counts


class TurnSearch:
    """Values boards with an :class:`Evaluation` and walks the boards one turn can reach."""

    def __init__(self, evaluation: Evaluation) -> None:
        self.evaluation = evaluation
        # per cell: (table, placement, shift) of every placement holding it, tables bound
        self._places = tuple(tuple((evaluation.tables[p], p, shift) for p, shift in _OF_CELL[c]) for c in range(16))

    # --- evaluation ------------------------------------------------------------------
    def value(self, cells: Sequence[int], powers_used: int) -> float:
        """Estimated final score of the cells between turns, before power penalties."""
        return self.evaluation.value(tuple(cells), powers_used)

    # --- one turn --------------------------------------------------------------------
    def end_boards(
        self, cells: Sequence[int], powers_used: int, dice: Sequence[int], need: int
    ) -> list[tuple[float, Path]]:
        """Every distinct board reachable by placing at least ``need`` of ``dice``, as
        (value, path of (value, cell)) — empty when the turn is MAGDAGDON."""
        return self._walk(cells, powers_used, counts_of(dice), len(dice), need, Keep.BOARDS).boards

    def best_value(self, cells: Sequence[int], powers_used: int, dice: Sequence[int], need: int) -> float | None:
        """The value of the best board of :meth:`end_boards`, without building paths;
        None when the turn is MAGDAGDON."""
        return self._walk(cells, powers_used, counts_of(dice), len(dice), need, Keep.BEST).best

    def best_by_placed(self, cells: Sequence[int], powers_used: int, max_dice: int = 4) -> dict[int, float]:
        """For every multiset P of at most ``max_dice`` values that can be placed on
        ``cells`` in some legal order, the value of the best board doing so, keyed by
        :func:`placed_code` (P). One walk answers every roll: the best turn for dice ``m``
        is the best entry over the sub-multisets of ``m`` (see :meth:`roll_value`)."""
        # every value, as often as the walk goes deep
        return self._walk(cells, powers_used, [max_dice] * 7, max_dice, 0, Keep.BY_PLACED).by_placed

    def _walk(self, cells: Sequence[int], powers_used: int, counts: list[int], most: int, need: int, keep: Keep) -> Walked:
        """Depth-first over every distinct board reached by placing up to ``most`` dice
        (``counts[v]`` of value ``v``) in legal orders; of those with at least ``need``
        dice placed it keeps what ``keep`` asks for.

        Speed matters (the expert walks thousands of boards per turn), so a board is kept
        by its parent's loop, which saves a call for the many boards with no dice left to
        place, and what to keep is tested inline rather than handed in as a function.
        """
        masks = list(cell_masks(tuple(cells)))
        codes = self.evaluation.codes(tuple(cells))
        places_of = self._places
        empties = masks[0].bit_count()
        # the offset by empty cells after ``depth + 1`` dice: the walk adds it to each board kept
        offset = self.evaluation.offset[powers_used]
        kept_offset = tuple(offset[empties - depth - 1] if empties - depth - 1 >= 0 else 0.0 for depth in range(5))
        key = 0
        for c, x in enumerate(cells):
            key |= x << _KEY_SHIFT[c]
        seen: set[int] = set()
        walked = Walked()
        boards, by_placed = walked.boards, walked.by_placed
        best_only, paths = keep is Keep.BEST, keep is Keep.BOARDS
        best: float | None = None

        def dfs(depth: int, numbers: int, key: int, total: float, placed: int, path: Path, values: tuple[int, ...]) -> None:
            """Place one more die on the board ``depth`` dice from the start."""
            nonlocal best
            keeps, deeper = depth + 1 >= need, depth + 1 < most
            legal_by_value = legal_masks_from(masks, numbers, values)
            without = _WITHOUT[values]
            for v in values:
                legal = legal_by_value[v]
                if not legal:
                    continue
                counts[v] -= 1
                below = values if counts[v] else without[v]  # the values with dice left
                unit = _PLACED_UNIT[v]
                while legal:
                    bit = legal & -legal
                    legal ^= bit
                    cell = bit.bit_length() - 1
                    nkey = key | (v << _KEY_SHIFT[cell])
                    if nkey in seen:
                        continue
                    seen.add(nkey)
                    ntotal = total
                    places = places_of[cell]
                    for table, p, shift in places:
                        old = codes[p]
                        ntotal = ntotal - table[old] + table[old | (v << shift)]
                    npath = path + ((v, cell),) if paths else path
                    if keeps:
                        kept = ntotal + kept_offset[depth]
                        if best_only:
                            if best is None or kept > best:
                                best = kept
                        elif paths:
                            boards.append((kept, npath))
                        else:
                            known = by_placed.get(placed + unit)
                            if known is None or kept > known:
                                by_placed[placed + unit] = kept
                    if deeper and below:
                        masks[0] ^= bit
                        masks[v] |= bit
                        for _, p, shift in places:
                            codes[p] |= v << shift
                        dfs(depth + 1, numbers | bit, nkey, ntotal, placed + unit, npath, below)
                        for _, p, shift in places:
                            codes[p] ^= v << shift
                        masks[v] ^= bit
                        masks[0] |= bit
                counts[v] += 1

        start = self.evaluation.tuples_value(tuple(cells))
        if need <= 0:  # the board as it is counts too
            here = start + offset[empties]
            if best_only:
                best = here
            elif paths:
                boards.append((here, ()))
            else:
                by_placed[0] = here
        values = tuple(v for v in range(1, 7) if counts[v])
        if most and values:
            dfs(0, masks[NUMBERS], key, start, 0, (), values)
        walked.best = best
        return walked

    def best_ruin(self, cells: Sequence[int], powers_used: int) -> tuple[float, int]:
        """(value, cell) of the best empty cell to ruin (RULES.md §7)."""
        best: tuple[float, int] | None = None
        for c, x in enumerate(cells):
            if x == EMPTY:
                after = tuple(cells[:c]) + (RUIN,) + tuple(cells[c + 1 :])
                value = self.value(after, powers_used)
                if best is None or value > best[0]:
                    best = (value, c)
        assert best is not None, "no empty cell to ruin"
        return best
