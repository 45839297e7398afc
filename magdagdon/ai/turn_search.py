"""Fast search over one turn's placements, on bit masks and packed line codes.

The engine's legality (:func:`magdagdon.engine.legality.legal_mask_from`, RULES.md §4)
is the only rule used here; this module just walks it quickly. A position is a tuple of
16 cell contents (0 empty, 1..6 a number, 7 a ruin), as in ``Board.cells``. Dice are
counts per value (index 1..6): equal dice are interchangeable, so the search branches on
values, and every distinct end-of-turn board is visited once (placing a@c then b@d
reaches the same board, with the same dice left, as b@d then a@c).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial
from typing import Sequence

from magdagdon.engine.board import NUMBERS, RUIN, cell_masks
from magdagdon.engine.legality import legal_mask_from

from .line_values import LineValues

RUIN_PENALTY = 15
# Where a cell's 3 bits sit in its row code, its column code and the whole-board key.
_ROW_SHIFT = tuple(3 * (3 - (c & 3)) for c in range(16))
_COL_SHIFT = tuple(3 * (3 - (c >> 2)) for c in range(16))
_KEY_SHIFT = tuple(3 * (15 - c) for c in range(16))


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


def counts_of(values: Sequence[int]) -> list[int]:
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    return counts


class TurnSearch:
    """Evaluates positions with :class:`LineValues` and finds the best placements."""

    def __init__(self, values: LineValues) -> None:
        tables = values.tables_by_line()
        self.row_tables = tables[:4]
        self.col_tables = tables[4:]

    # --- evaluation ------------------------------------------------------------------
    def line_codes(self, cells: Sequence[int]) -> tuple[list[int], list[int]]:
        rows = [(cells[4 * r] << 9) | (cells[4 * r + 1] << 6) | (cells[4 * r + 2] << 3) | cells[4 * r + 3] for r in range(4)]
        cols = [(cells[c] << 9) | (cells[4 + c] << 6) | (cells[8 + c] << 3) | cells[12 + c] for c in range(4)]
        return rows, cols

    def value(self, cells: Sequence[int]) -> float:
        """Estimated final score of the cells, before power penalties."""
        rows, cols = self.line_codes(cells)
        total = 0.0
        for r in range(4):
            total += self.row_tables[r][rows[r]] + self.col_tables[r][cols[r]]
        return total - RUIN_PENALTY * sum(1 for x in cells if x == RUIN)

    # --- one turn --------------------------------------------------------------------
    def end_boards(
        self, cells: Sequence[int], dice: Sequence[int], need: int
    ) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
        """Every distinct board reachable by placing at least ``need`` of ``dice``, as
        (value, path of (value, cell)) — empty when the turn is MAGDAGDON."""
        masks = list(cell_masks(cells))
        counts = counts_of(dice)
        rows, cols = self.line_codes(cells)
        rt, ct = self.row_tables, self.col_tables
        key0 = 0
        for c, x in enumerate(cells):
            key0 |= x << _KEY_SHIFT[c]
        base = self.value(cells)
        out: list[tuple[float, tuple[tuple[int, int], ...]]] = []
        seen: set[int] = set()
        remaining = len(dice)

        def dfs(depth: int, numbers: int, key: int, total: float, path: tuple) -> None:
            if depth >= need:
                out.append((total, path))
            if depth == remaining:
                return
            for v in range(1, 7):
                if not counts[v]:
                    continue
                legal = legal_mask_from(masks, numbers, v)
                if not legal:
                    continue
                counts[v] -= 1
                while legal:
                    bit = legal & -legal
                    legal ^= bit
                    cell = bit.bit_length() - 1
                    nkey = key | (v << _KEY_SHIFT[cell])
                    if nkey in seen:
                        continue
                    seen.add(nkey)
                    r, k = cell >> 2, cell & 3
                    orow, ocol = rows[r], cols[k]
                    nrow = orow | (v << _ROW_SHIFT[cell])
                    ncol = ocol | (v << _COL_SHIFT[cell])
                    ntotal = total - rt[r][orow] + rt[r][nrow] - ct[k][ocol] + ct[k][ncol]
                    masks[0] ^= bit
                    masks[v] |= bit
                    rows[r], cols[k] = nrow, ncol
                    dfs(depth + 1, numbers | bit, nkey, ntotal, path + ((v, cell),))
                    rows[r], cols[k] = orow, ocol
                    masks[v] ^= bit
                    masks[0] |= bit
                counts[v] += 1

        dfs(0, masks[NUMBERS], key0, base, ())
        return out

    def best_value(self, cells: Sequence[int], dice: Sequence[int], need: int) -> float | None:
        """The value of the best board of :meth:`end_boards`, without building paths;
        None when the turn is MAGDAGDON."""
        masks = list(cell_masks(cells))
        counts = counts_of(dice)
        rows, cols = self.line_codes(cells)
        rt, ct = self.row_tables, self.col_tables
        key0 = 0
        for c, x in enumerate(cells):
            key0 |= x << _KEY_SHIFT[c]
        seen: set[int] = set()
        remaining = len(dice)
        best = [None]

        def dfs(depth: int, numbers: int, key: int, total: float) -> None:
            if depth >= need and (best[0] is None or total > best[0]):
                best[0] = total
            if depth == remaining:
                return
            for v in range(1, 7):
                if not counts[v]:
                    continue
                legal = legal_mask_from(masks, numbers, v)
                if not legal:
                    continue
                counts[v] -= 1
                while legal:
                    bit = legal & -legal
                    legal ^= bit
                    cell = bit.bit_length() - 1
                    nkey = key | (v << _KEY_SHIFT[cell])
                    if nkey in seen:
                        continue
                    seen.add(nkey)
                    r, k = cell >> 2, cell & 3
                    orow, ocol = rows[r], cols[k]
                    nrow = orow | (v << _ROW_SHIFT[cell])
                    ncol = ocol | (v << _COL_SHIFT[cell])
                    masks[0] ^= bit
                    masks[v] |= bit
                    rows[r], cols[k] = nrow, ncol
                    dfs(depth + 1, numbers | bit, nkey, total - rt[r][orow] + rt[r][nrow] - ct[k][ocol] + ct[k][ncol])
                    rows[r], cols[k] = orow, ocol
                    masks[v] ^= bit
                    masks[0] |= bit
                counts[v] += 1

        dfs(0, masks[NUMBERS], key0, self.value(cells))
        return best[0]

    def best_by_placed(self, cells: Sequence[int], max_dice: int = 4) -> dict[int, float]:
        """For every multiset P of at most ``max_dice`` values that can be placed on
        ``cells`` in some legal order, the value of the best board doing so, keyed by
        :func:`placed_code` (P). One walk answers every roll: the best turn for dice ``m``
        is the best entry over the sub-multisets of ``m`` (see :meth:`roll_value`)."""
        masks = list(cell_masks(cells))
        rows, cols = self.line_codes(cells)
        rt, ct = self.row_tables, self.col_tables
        key0 = 0
        for c, x in enumerate(cells):
            key0 |= x << _KEY_SHIFT[c]
        seen: set[int] = set()
        best: dict[int, float] = {}

        def dfs(depth: int, numbers: int, key: int, total: float, placed: int) -> None:
            old = best.get(placed)
            if old is None or total > old:
                best[placed] = total
            if depth == max_dice:
                return
            for v in range(1, 7):
                legal = legal_mask_from(masks, numbers, v)
                while legal:
                    bit = legal & -legal
                    legal ^= bit
                    cell = bit.bit_length() - 1
                    nkey = key | (v << _KEY_SHIFT[cell])
                    if nkey in seen:
                        continue
                    seen.add(nkey)
                    r, k = cell >> 2, cell & 3
                    orow, ocol = rows[r], cols[k]
                    nrow = orow | (v << _ROW_SHIFT[cell])
                    ncol = ocol | (v << _COL_SHIFT[cell])
                    masks[0] ^= bit
                    masks[v] |= bit
                    rows[r], cols[k] = nrow, ncol
                    dfs(
                        depth + 1,
                        numbers | bit,
                        nkey,
                        total - rt[r][orow] + rt[r][nrow] - ct[k][ocol] + ct[k][ncol],
                        placed + _PLACED_UNIT[v],
                    )
                    rows[r], cols[k] = orow, ocol
                    masks[v] ^= bit
                    masks[0] |= bit

        dfs(0, masks[NUMBERS], key0, self.value(cells), 0)
        return best

    def best_ruin(self, cells: Sequence[int]) -> tuple[float, int]:
        """(value, cell) of the best empty cell to ruin (RULES.md §7)."""
        best: tuple[float, int] | None = None
        for c, x in enumerate(cells):
            if x == 0:
                after = tuple(cells[:c]) + (RUIN,) + tuple(cells[c + 1 :])
                value = self.value(after)
                if best is None or value > best[0]:
                    best = (value, c)
        assert best is not None, "no empty cell to ruin"
        return best
