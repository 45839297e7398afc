"""Legal placement (RULES.md §4), required dice (§2) and the MAGDAGDON test (§5).

This module is the single source of truth for legality: the game flow, the UI highlights
and the AI all ask it. Everything works on bit masks (bit ``c`` = cell ``c``) so the
search of §5 stays fast enough to run after every roll and every power.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .board import COL0_MASK, COL3_MASK, FULL_MASK, NUMBERS, Board, LegalityTable, iter_bits
from .board import neighbour_mask as _adjacent
from .difficulty import Difficulty

# masks layout (see Board.masks): 0 = empty, 1..6 = that number, 7 = ruin, 8 = all numbers.
_EMPTY = 0
_NOT_COL0 = FULL_MASK & ~COL0_MASK
_NOT_COL3 = FULL_MASK & ~COL3_MASK
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


def legal_masks_from(masks: Sequence[int], numbers: int, values: Iterable[int]) -> list[int]:
    """:func:`legal_mask_from` for several values at once, index ``v`` for value ``v`` (the
    other entries 0): the cells touching a number are found once for all of them."""
    legal = [0] * 8
    empty = masks[_EMPTY]
    if not numbers:
        for value in values:
            legal[value] = empty
        return legal
    touching = empty & (((numbers << 1) & _NOT_COL0) | ((numbers >> 1) & _NOT_COL3) | ((numbers << 4) & FULL_MASK) | (numbers >> 4))
    for value in values:
        # numbers more than 1 away from value (masks 0 and 7, empty and ruins, are not numbers)
        conflicting = numbers & ~(masks[value] | (masks[value - 1] if value > 1 else 0) | (masks[value + 1] if value < 6 else 0))
        legal[value] = touching & ~(((conflicting << 1) & _NOT_COL0) | ((conflicting >> 1) & _NOT_COL3) | ((conflicting << 4) & FULL_MASK) | (conflicting >> 4))
    return legal


def legality_table(board: Board) -> LegalityTable:
    """Per value (index 1..6): the cells where it fits, and the cells it may never take
    because they touch a number more than 1 away. The board keeps it once computed, since
    one board is asked about many dice: after each power, and by the AI for every roll.
    """
    return board.legality


def legality_table_of(masks: Sequence[int]) -> LegalityTable:
    """:func:`legality_table` from a board's masks (``Board.legality`` calls this once)."""
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
    return tuple(legal), tuple(blocked)


def legal_mask(board: Board, value: int) -> int:
    return board.legality[0][value]


def legal_cells(board: Board, value: int) -> frozenset[int]:
    """Cells (0..15) where a die of ``value`` may be staged on ``board`` (RULES.md §4)."""
    if not 1 <= value <= 6:
        raise ValueError(f"a die shows 1..6, not {value!r}")
    return frozenset(iter_bits(legal_mask(board, value)))


def required_dice(board: Board, difficulty: Difficulty) -> int:
    """Dice the turn must place: min(difficulty minimum, empty cells) (RULES.md §2)."""
    return difficulty.required_dice(board.empty_count)


def _reachable_upper_bound(dice: Sequence[int], first_cells: Sequence[int]) -> int:
    """How many of ``dice`` could ever be placed, at most (a cheap necessary condition).

    A die can only be placed if it fits now, or if it is within 1 of a die that can be
    placed (it could then sit beside it). Dice outside that closure never fit. Sets of
    values are bit masks here (bit ``v`` for value ``v``).
    """
    present = 0
    reach = 0
    for v in dice:
        present |= 1 << v
        if first_cells[v]:
            reach |= 1 << v
    grown = reach | (((reach << 1) | (reach >> 1)) & present)
    while grown != reach:
        reach = grown
        grown = reach | (((reach << 1) | (reach >> 1)) & present)
    return sum(1 for v in dice if reach >> v & 1)


_SearchState = tuple[int, int, int, int, int, int, tuple[int, ...]]  # numbers, masks 1..5, dice


def _search(
    masks: list[int], numbers: int, counts: list[int], need: int, failed: set[_SearchState]
) -> list[tuple[int, int]] | None:
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
    key: _SearchState = (numbers, masks[1], masks[2], masks[3], masks[4], masks[5], tuple(counts))
    if key in failed:
        return None
    for v in values:
        legal = legal_mask_from(masks, numbers, v)
        if not legal:
            continue
        counts[v] -= 1
        for cell in iter_bits(legal):
            # Only the masks legal_mask_from reads are kept up to date (the numbers travel
            # as an argument); once a placement is found, nothing reads them or ``counts``.
            bit = 1 << cell
            masks[_EMPTY] ^= bit
            masks[v] |= bit
            found = _search(masks, numbers | bit, counts, need - 1, failed)
            if found is not None:
                return [(v, cell)] + found
            masks[v] ^= bit
            masks[_EMPTY] |= bit
        counts[v] += 1
    failed.add(key)
    return None


def find_placement(board: Board, dice: Iterable[int], need: int) -> list[tuple[int, int]] | None:
    """A witness for RULES.md §5: ``need`` (value, cell) placements in a legal order, or None."""
    dice = _check_dice(dice)
    if need <= 0:
        return []
    if need > len(dice) or need > board.empty_count:
        return None
    counts = [dice.count(v) for v in range(7)]
    masks = list(board.masks)
    return _search(masks, masks[NUMBERS], counts, need, set())


def _far_pair_fits(first: int, second: int, legal: Sequence[int]) -> bool:
    """Can a die ``first`` be placed, and then a die ``second`` more than 1 away from it?
    Closed form, no search: ``second`` loses the cell ``first`` takes and all its
    neighbours, so some cell of ``first`` must leave it one. (``_two_fit`` decides pairs
    within 1 of each other itself, and calls this only when ``first`` has cells.)
    """
    first_cells = legal[first]
    second_cells = legal[second]
    while first_cells:
        low = first_cells & -first_cells
        first_cells ^= low
        if second_cells & ~(low | _CELL_NEIGHBOURS[low.bit_length() - 1]):
            return True
    return False


def _two_fit(dice: Sequence[int], legal: Sequence[int], blocked: Sequence[int], empty: int) -> bool:
    """Can two of ``dice`` be placed one after the other (in either order)?

    Every ordered pair is tried. If |first-second| <= 1, ``first`` blocks nothing for
    ``second``, which may then use any of its own cells but the one taken, or a free
    neighbour of it (such a neighbour exists for some choice exactly when the neighbours
    of all of ``first``'s cells include a free one). Pairs further apart:
    :func:`_far_pair_fits`. This is the innermost loop of every MAGDAGDON check.
    """
    for i, first in enumerate(dice):
        first_cells = legal[first]
        if not first_cells:
            continue
        for j, second in enumerate(dice):
            if j == i:
                continue
            second_cells = legal[second]
            if -1 <= first - second <= 1:
                if second_cells and (second_cells & (second_cells - 1) or first_cells & ~second_cells):
                    return True
                if _adjacent(first_cells) & empty & ~blocked[second]:
                    return True
            elif second_cells and _far_pair_fits(first, second, legal):
                return True
    return False


def _check_dice(dice: Iterable[int]) -> tuple[int, ...]:
    if dice.__class__ is not tuple:
        dice = tuple(dice)
    for value in dice:
        if value.__class__ is not int or not 0 < value < 7:
            raise ValueError(f"dice show 1..6, not {dice!r}")
    return dice


def can_place(board: Board, dice: Iterable[int], need: int) -> bool:
    """RULES.md §5: can ``need`` of ``dice`` be placed in some legal order on ``board``?

    ``need`` is at most 3 in play. Two placements are decided in closed form
    (:func:`_two_fit`); for three, only the first die is branched on, and the masks
    after it are updated from the one cell it takes instead of being recomputed.
    """
    dice = _check_dice(dice)
    if need <= 0:
        return True
    masks = board.masks
    empty = masks[_EMPTY]
    if need > len(dice) or need > empty.bit_count():
        return False
    if need > 3:
        return find_placement(board, dice, need) is not None
    first_cells, blocked = board.legality
    if need == 1:
        for value in dice:
            if first_cells[value]:
                return True
        return False
    numbers = masks[NUMBERS]
    if need == 2:
        if numbers:
            return _two_fit(dice, first_cells, blocked, empty)
        # No number yet: the two dice must be within 1 of each other, side by side.
        return bool(empty & _adjacent(empty)) and any(
            -1 <= a - b <= 1 for i, a in enumerate(dice) for b in dice[i + 1 :]
        )
    if not numbers:
        return _three_fit_without_numbers(dice, empty)
    return _three_fit(dice, first_cells, blocked, empty)


def _three_fit_without_numbers(dice: tuple[int, ...], empty: int) -> bool:
    """Three dice on a board with no number yet (only ruins, or nothing).

    Each die after the first must touch an earlier one, so the three cells form a path
    (a grid has no triangles): the middle die touches both ends, which do not touch. So
    three dice fit exactly when three of them, sorted, step by at most 1 and some empty
    cell has two empty neighbours.
    """
    ordered = sorted(dice)
    if not any(ordered[i + 1] - ordered[i] <= 1 and ordered[i + 2] - ordered[i + 1] <= 1
               for i in range(len(ordered) - 2)):
        return False
    remaining = empty
    while remaining:
        bit = remaining & -remaining
        remaining ^= bit
        free_neighbours = _CELL_NEIGHBOURS[bit.bit_length() - 1] & empty
        if free_neighbours & (free_neighbours - 1):
            return True
    return False


def _three_fit(dice: tuple[int, ...], legal: Sequence[int], blocked: Sequence[int], empty: int) -> bool:
    """Branch on the first of three dice, then decide the other two in closed form."""
    first_cells = legal
    after_legal = [0] * 8
    after_blocked = [0] * 8
    checked_bound = False
    tried = 0
    for first in dice:
        if tried >> first & 1:
            continue  # equal dice are interchangeable
        tried |= 1 << first
        remaining = first_cells[first]
        if not remaining:
            continue
        rest = list(dice)
        rest.remove(first)
        while remaining:
            bit = remaining & -remaining
            remaining ^= bit
            near = _CELL_NEIGHBOURS[bit.bit_length() - 1]
            for v in rest:
                if -1 <= v - first <= 1:
                    after_blocked[v] = blocked[v]
                    after_legal[v] = (legal[v] | (near & empty & ~blocked[v])) & ~bit
                else:
                    after_blocked[v] = blocked[v] | near
                    after_legal[v] = legal[v] & ~(bit | near)
            if _two_fit(rest, after_legal, after_blocked, empty & ~bit):
                return True
            if not checked_bound:
                # The first try failed: before searching on, rule out hopeless rolls cheaply.
                checked_bound = True
                if _reachable_upper_bound(dice, first_cells) < 3:
                    return False
    return False


def is_magdagdon(board: Board, dice: Iterable[int], difficulty: Difficulty) -> bool:
    """True when no sequence of placements from ``dice`` reaches the required count (§5).

    Judged on the permanent ``board`` with all current dice values, never on a staging.
    A full board (game over) is never MAGDAGDON.
    """
    need = required_dice(board, difficulty)
    return not can_place(board, dice, need) if need else False

