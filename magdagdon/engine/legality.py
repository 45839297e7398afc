"""Legal placement (RULES.md §4), required dice (§2) and the MAGDAGDON test (§5).

This module is the single source of truth for legality: the game flow, the UI highlights
and the AI all ask it. Everything works on bit masks (bit ``c`` = cell ``c``) so the
search of §5 stays fast enough to run after every roll and every power.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .board import COL0_MASK, COL3_MASK, FULL_MASK, Board, iter_bits

_NOT_COL0 = FULL_MASK & ~COL0_MASK
_NOT_COL3 = FULL_MASK & ~COL3_MASK
from .difficulty import Difficulty

# masks tuple layout (see Board.masks): index 0 = empty, 1..6 = that number, 7 = ruin.
_EMPTY = 0


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
    return masks[1] | masks[2] | masks[3] | masks[4] | masks[5] | masks[6]


def legal_mask(board: Board, value: int) -> int:
    masks = board.masks
    return legal_mask_from(masks, number_mask(masks), value)


def legal_cells(board: Board, value: int) -> frozenset[int]:
    """Cells (0..15) where a die of ``value`` may be staged on ``board`` (RULES.md §4)."""
    if not 1 <= value <= 6:
        raise ValueError(f"a die shows 1..6, not {value!r}")
    return frozenset(iter_bits(legal_mask(board, value)))


def required_dice(board: Board, difficulty: Difficulty) -> int:
    """Dice the turn must place: min(difficulty minimum, empty cells) (RULES.md §2)."""
    return min(difficulty.min_dice, board.empty_count)


def _dice_counts(dice: Iterable[int]) -> list[int]:
    counts = [0] * 7
    for value in dice:
        if not 1 <= value <= 6:
            raise ValueError(f"a die shows 1..6, not {value!r}")
        counts[value] += 1
    return counts


def _reachable_upper_bound(masks: Sequence[int], numbers: int, counts: list[int]) -> int:
    """How many dice could ever be placed, at most (a cheap necessary condition).

    A die can only be placed if it fits now, or if it is within 1 of a die that can be
    placed (it could then sit beside it). Dice outside that closure never fit.
    """
    placeable = [v for v in range(1, 7) if counts[v] and legal_mask_from(masks, numbers, v)]
    seen = set(placeable)
    while placeable:
        v = placeable.pop()
        for w in (v - 1, v + 1):
            if 1 <= w <= 6 and counts[w] and w not in seen:
                seen.add(w)
                placeable.append(w)
    return sum(counts[v] for v in seen)


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
            found = _search(masks, numbers | bit, counts, need - 1, failed)
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
    if _reachable_upper_bound(masks, numbers, counts) < need:
        return None
    return _search(masks, numbers, counts, need, set())


def is_magdagdon(board: Board, dice: Iterable[int], difficulty: Difficulty) -> bool:
    """True when no sequence of placements from ``dice`` reaches the required count (§5).

    Judged on the permanent ``board`` with all current dice values, never on a staging.
    A full board (game over) is never MAGDAGDON.
    """
    need = required_dice(board, difficulty)
    return find_placement(board, dice, need) is None if need else False

