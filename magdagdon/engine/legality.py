"""Legal placement (RULES.md §4), required dice (§2) and the MAGDAGDON test (§5).

This module is the single source of truth for legality: the game flow, the UI highlights
and the AI all ask it. Everything works on bit masks (bit ``c`` = cell ``c``) so the
search of §5 stays fast enough to run after every roll and every power.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .board import COL0_MASK, COL3_MASK, FULL_MASK, NUMBERS, Board, iter_bits

_NOT_COL0 = FULL_MASK & ~COL0_MASK
_NOT_COL3 = FULL_MASK & ~COL3_MASK
from .difficulty import Difficulty

# masks tuple layout (see Board.masks): index 0 = empty, 1..6 = that number, 7 = ruin.
_EMPTY = 0


def _adjacent(mask: int) -> int:
    return ((mask << 1) & _NOT_COL0) | ((mask >> 1) & _NOT_COL3) | ((mask << 4) & FULL_MASK) | (mask >> 4)


_CELL_NEIGHBOURS = tuple(_adjacent(1 << c) for c in range(16))


def _compatible(masks: Sequence[int], value: int) -> int:
    """Cells holding a number within 1 of ``value``."""
    mask = masks[value]
    if value > 1:
        mask |= masks[value - 1]
    if value < 6:
        mask |= masks[value + 1]
    return mask


def legal_mask_from(masks: Sequence[int], numbers: int, value: int) -> int:
    """Bit mask of the cells where ``value`` may go (RULES.md §4) on the given masks."""
    empty = masks[_EMPTY]
    if not numbers:  # first die of the game; ruins alone do not count (Ruling in §4)
        return empty
    conflicting = numbers & ~_compatible(masks, value)
    # neighbour_mask() inlined twice: this is the innermost loop of every search
    touching = ((numbers << 1) & _NOT_COL0) | ((numbers >> 1) & _NOT_COL3) | ((numbers << 4) & FULL_MASK) | (numbers >> 4)
    blocked = ((conflicting << 1) & _NOT_COL0) | ((conflicting >> 1) & _NOT_COL3) | ((conflicting << 4) & FULL_MASK) | (conflicting >> 4)
    return empty & touching & ~blocked


def number_mask(masks: Sequence[int]) -> int:
    return masks[NUMBERS]


def legality_table(board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per value (index 1..6): the cells where it fits, and the cells it may never take
    because they touch a number more than 1 away. Cached on the (immutable) board, since
    one board is asked about many dice: after each power, and by the AI for every roll.
    """
    table = board.legality_cache
    if table is None:
        masks = board.masks
        empty, numbers = masks[_EMPTY], masks[NUMBERS]
        blocked = [0] * 8
        if numbers:
            touching = _adjacent(numbers)
            for v in range(1, 7):
                blocked[v] = _adjacent(numbers & ~_compatible(masks, v))
            legal = [empty & touching & ~b for b in blocked]
            legal[0] = legal[7] = 0
        else:
            legal = [0] + [empty] * 6 + [0]
        table = board.legality_cache = (tuple(legal), tuple(blocked))
    return table


def legal_mask(board: Board, value: int) -> int:
    return legality_table(board)[0][value]


def legal_cells(board: Board, value: int) -> frozenset[int]:
    """Cells (0..15) where a die of ``value`` may be staged on ``board`` (RULES.md §4)."""
    if not 1 <= value <= 6:
        raise ValueError(f"a die shows 1..6, not {value!r}")
    return frozenset(iter_bits(legal_mask(board, value)))


def required_dice(board: Board, difficulty: Difficulty) -> int:
    """Dice the turn must place: min(difficulty minimum, empty cells) (RULES.md §2)."""
    return min(difficulty.min_dice, board.empty_count)


def _dice_counts(dice: Iterable[int]) -> list[int]:
    counts = [0, 0, 0, 0, 0, 0, 0]
    try:
        for value in dice:
            if 0 < value < 7 and value.__class__ is int:
                counts[value] += 1
            else:
                counts[0] += 1  # marks a bad value
    except TypeError:
        counts[0] += 1
    if counts[0] or not any(counts):
        raise ValueError(f"dice show 1..6, not {tuple(dice)!r}")
    return counts


def _reachable_upper_bound(values: list[int], counts: list[int], first_cells: list[int]) -> int:
    """How many dice could ever be placed, at most (a cheap necessary condition).

    A die can only be placed if it fits now, or if it is within 1 of a die that can be
    placed (it could then sit beside it). Dice outside that closure never fit. Sets of
    values are bit masks here (bit ``v`` for value ``v``).
    """
    present = 0
    reach = 0
    for v in values:
        present |= 1 << v
        if first_cells[v]:
            reach |= 1 << v
    grown = reach | (((reach << 1) | (reach >> 1)) & present)
    while grown != reach:
        reach = grown
        grown = reach | (((reach << 1) | (reach >> 1)) & present)
    total = 0
    for v in values:
        if reach >> v & 1:
            total += counts[v]
    return total


def _search(masks: list[int], numbers: int, counts: list[int], need: int, failed: set) -> list | None:
    """Depth-first search for ``need`` placements; returns [(value, cell), ...] or None.

    Dice of equal value are interchangeable, so the search branches on distinct values.
    ``failed`` remembers (board, dice) states already proven hopeless, which removes the
    transpositions (a@c then b@d reaches the same state as b@d then a@c).
    """
    values = [v for v in range(1, 7) if counts[v]]
    if need == 1:
        for v in values:
            legal = legal_mask_from(masks, numbers, v)
            if legal:
                return [(v, (legal & -legal).bit_length() - 1)]
        return None
    key = (numbers, masks[1], masks[2], masks[3], masks[4], masks[5], tuple(counts))
    if key in failed:
        return None
    for v in values:
        legal = legal_mask_from(masks, numbers, v)
        if not legal:
            continue
        counts[v] -= 1
        for cell in iter_bits(legal):
            bit = 1 << cell
            masks[_EMPTY] ^= bit
            masks[v] |= bit
            masks[NUMBERS] |= bit
            found = _search(masks, numbers | bit, counts, need - 1, failed)
            masks[NUMBERS] ^= bit
            masks[v] ^= bit
            masks[_EMPTY] |= bit
            if found is not None:
                counts[v] += 1
                return [(v, cell)] + found
        counts[v] += 1
    failed.add(key)
    return None


def find_placement(board: Board, dice: Iterable[int], need: int) -> list[tuple[int, int]] | None:
    """A witness for RULES.md §5: ``need`` (value, cell) placements in a legal order, or None."""
    counts = _dice_counts(dice)
    if need <= 0:
        return []
    if need > sum(counts) or need > board.empty_count:
        return None
    masks = list(board.masks)
    numbers = number_mask(masks)
    return _search(masks, numbers, counts, need, set())


def _two_fit(legal: Sequence[int], blocked: Sequence[int], empty: int, counts: list[int], values: list[int]) -> bool:
    """Can two of the dice be placed one after the other? Closed form, no recursion.

    ``legal[v]``/``blocked[v]``: cells where ``v`` fits now / cells next to a number more
    than 1 away from ``v``. For a first die ``a`` on cell ``c`` and a second die ``b``: if
    |a-b| <= 1 the ``a`` blocks nothing for ``b``, so ``b`` may use any of its own legal
    cells but ``c``, or a free neighbour of ``c`` (one exists for some ``c`` exactly when
    the neighbours of all of ``a``'s cells include a free one); if |a-b| > 1, ``b`` loses
    ``c`` and every neighbour of ``c``.
    """
    for first in values:
        first_cells = legal[first]
        if not first_cells:
            continue
        for second in values:
            if second == first and counts[first] < 2:
                continue
            second_cells = legal[second]
            if -1 <= first - second <= 1:
                if second_cells and (second_cells & (second_cells - 1) or first_cells & ~second_cells):
                    return True  # the second die keeps a cell the first does not take
                if _adjacent(first_cells) & empty & ~blocked[second]:
                    return True  # ... or sits on a free neighbour of the first
            elif second_cells:
                remaining = first_cells
                while remaining:
                    low = remaining & -remaining
                    remaining ^= low
                    if second_cells & ~(low | _CELL_NEIGHBOURS[low.bit_length() - 1]):
                        return True
    return False


def can_place(board: Board, dice: Iterable[int], need: int) -> bool:
    """RULES.md §5: can ``need`` of ``dice`` be placed in some legal order on ``board``?

    ``need`` is at most 3 in play. The last two placements are decided in closed form
    (:func:`_two_fit`); for three, only the first die is branched on, and the masks after
    it are updated from the one cell it takes instead of being recomputed.
    """
    counts = _dice_counts(dice)
    if need <= 0:
        return True
    if need > sum(counts) or need > board.empty_count:
        return False
    if need > 3:
        return find_placement(board, dice, need) is not None
    masks = board.masks
    empty = masks[_EMPTY]
    numbers = masks[NUMBERS]
    values = [v for v in range(1, 7) if counts[v]]
    first_cells, blocked = legality_table(board)
    # For the incremental updates below, a board without numbers offers no cell to a
    # second die except beside the first one.
    legal = first_cells if numbers else (0,) * 8
    if need == 1:
        return any(first_cells[v] for v in values)
    if need == 2:
        if not numbers:
            return any(v + 1 in values or counts[v] > 1 for v in values) and bool(empty & _adjacent(empty))
        return _two_fit(legal, blocked, empty, counts, values)
    if _reachable_upper_bound(values, counts, first_cells) < need:
        return False
    after_legal = [0] * 8
    after_blocked = [0] * 8
    # Branch first on the dice with the most partners within 1: a valid order usually
    # starts there, so successes are found on the first branch or two.
    partners = {v: counts[v] - 1 + counts[v - 1] + (counts[v + 1] if v < 6 else 0) for v in values}
    for first in sorted(values, key=partners.__getitem__, reverse=True):
        counts[first] -= 1
        rest = [v for v in values if counts[v]]
        remaining = first_cells[first]
        while remaining:
            bit = remaining & -remaining
            remaining ^= bit
            near = _CELL_NEIGHBOURS[bit.bit_length() - 1]
            after_empty = empty & ~bit
            for v in rest:
                if -1 <= v - first <= 1:
                    after_blocked[v] = blocked[v]
                    after_legal[v] = (legal[v] | (near & empty & ~blocked[v])) & ~bit
                else:
                    after_blocked[v] = blocked[v] | near
                    after_legal[v] = legal[v] & ~(bit | near)
            if _two_fit(after_legal, after_blocked, after_empty, counts, rest):
                counts[first] += 1
                return True
        counts[first] += 1
    return False


def is_magdagdon(board: Board, dice: Iterable[int], difficulty: Difficulty) -> bool:
    """True when no sequence of placements from ``dice`` reaches the required count (§5).

    Judged on the permanent ``board`` with all current dice values, never on a staging.
    A full board (game over) is never MAGDAGDON.
    """
    need = required_dice(board, difficulty)
    return not can_place(board, dice, need) if need else False

