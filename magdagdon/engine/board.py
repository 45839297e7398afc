"""The 4×4 board and its text notation (RULES.md §1).

A cell is a plain ``int`` 0..15, row-major (``cell = row * 4 + col``). A board is an
immutable, hashable value; every "change" returns a new board. Bit masks (bit ``c`` set
for cell ``c``) back the fast legality code in :mod:`magdagdon.engine.legality`.
"""

from __future__ import annotations

from typing import Iterator

SIZE = 4
CELL_COUNT = SIZE * SIZE
CELLS = range(CELL_COUNT)

EMPTY = 0
RUIN = 7  # any value outside 1..6 would do; 7 keeps a cell within 3 bits
DIE_VALUES = range(1, 7)
NUMBERS = 8  # index of the all-numbers mask in Board.masks

FULL_MASK: int = (1 << CELL_COUNT) - 1
COL0_MASK: int = sum(1 << (row * SIZE) for row in range(SIZE))
COL3_MASK: int = COL0_MASK << (SIZE - 1)

_SYMBOL_OF = {EMPTY: ".", RUIN: "X", **{v: str(v) for v in DIE_VALUES}}
_VALUE_OF = {symbol: value for value, symbol in _SYMBOL_OF.items()}


def cell_row(cell: int) -> int:
    return cell // SIZE


def cell_col(cell: int) -> int:
    return cell % SIZE


def cell_name(cell: int) -> str:
    """Human name such as ``R2C3`` (row 2, column 3; both counted from 1)."""
    return f"R{cell_row(cell) + 1}C{cell_col(cell) + 1}"


def neighbour_mask(mask: int) -> int:
    """Cells orthogonally adjacent to any cell of ``mask`` (RULES.md §4: never diagonal)."""
    return (
        ((mask << 1) & ~COL0_MASK)
        | ((mask >> 1) & ~COL3_MASK)
        | ((mask << SIZE) & FULL_MASK)
        | (mask >> SIZE)
    )


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in CELLS if neighbour_mask(1 << c) >> n & 1) for c in CELLS
)

# Lines of RULES.md §1: rows R1..R4 read left to right, then columns C1..C4 top to bottom.
LINE_NAMES: tuple[str, ...] = tuple(f"R{i + 1}" for i in range(SIZE)) + tuple(
    f"C{i + 1}" for i in range(SIZE)
)
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
) + tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))


def iter_bits(mask: int) -> Iterator[int]:
    """Cells of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cell_masks(cells: tuple[int, ...]) -> tuple[int, ...]:
    """``(empty, v1, .., v6, ruin, numbers)`` bit masks of 16 cell contents (see Board.masks)."""
    masks = [0] * 9
    for c, x in enumerate(cells):
        masks[x] |= 1 << c
    masks[NUMBERS] = FULL_MASK & ~(masks[EMPTY] | masks[RUIN])
    return tuple(masks)


# Per value (index 1..6; 0 and 7 unused): the cells where it fits, the cells it never may.
LegalityTable = tuple[tuple[int, ...], tuple[int, ...]]


class BoardParseError(ValueError):
    """Text that is not a board in the notation of RULES.md §1."""


class Board:
    """An immutable 4×4 board. ``cells`` holds 16 ints: 0 empty, 1..6 a number, 7 a ruin."""

    __slots__ = ("cells", "_masks", "_hash", "_legality")

    def __init__(self, cells: tuple[int, ...] = (EMPTY,) * CELL_COUNT) -> None:
        cells = tuple(cells)
        if len(cells) != CELL_COUNT or any(
            not isinstance(x, int) or not (x == EMPTY or x == RUIN or 1 <= x <= 6) for x in cells
        ):
            raise BoardParseError(f"not a board: {cells!r}")
        self.cells = cells
        self._masks: tuple[int, ...] | None = None
        self._hash = hash(cells)
        self._legality: LegalityTable | None = None

    # --- construction -------------------------------------------------------------
    @classmethod
    def _trusted(cls, cells: tuple[int, ...]) -> "Board":
        """Build from cells the engine itself produced, skipping validation (hot paths)."""
        board = object.__new__(cls)
        board.cells = cells
        board._masks = None
        board._hash = hash(cells)
        board._legality = None
        return board

    @classmethod
    def empty(cls) -> "Board":
        return cls()

    @classmethod
    def parse(cls, text: str) -> "Board":
        """Read ``3456/3456/..../..X.`` (the ``/`` separators are optional)."""
        if not isinstance(text, str):
            raise BoardParseError(f"board notation must be text, got {text!r}")
        stripped = text.strip()
        rows = stripped.split("/")
        if len(rows) == SIZE and all(len(r) == SIZE for r in rows):
            symbols = "".join(rows)
        elif "/" not in stripped and len(stripped) == CELL_COUNT:
            symbols = stripped
        else:
            raise BoardParseError(
                f"bad board {text!r}: expected 16 symbols of '.123456X', "
                "optionally as 4 rows of 4 separated by '/'"
            )
        try:
            return cls(tuple(_VALUE_OF[s] for s in symbols.upper()))
        except KeyError:
            bad = next(s for s in symbols.upper() if s not in _VALUE_OF)
            raise BoardParseError(
                f"bad board {text!r}: symbol {bad!r} is not one of '.123456X'"
            ) from None

    def with_cell(self, cell: int, content: int) -> "Board":
        if not (content == EMPTY or content == RUIN or 1 <= content <= 6):
            raise BoardParseError(f"not a cell content: {content!r}")
        cells = self.cells
        board = Board._trusted(cells[:cell] + (content,) + cells[cell + 1 :])
        if self._masks is not None:  # update the parent's masks instead of recounting
            masks = list(self._masks)
            bit = 1 << cell
            masks[cells[cell]] ^= bit
            masks[content] |= bit
            if 1 <= cells[cell] <= 6:
                masks[NUMBERS] ^= bit
            if 1 <= content <= 6:
                masks[NUMBERS] |= bit
            board._masks = tuple(masks)
        return board

    # --- reading ------------------------------------------------------------------
    def __getitem__(self, cell: int) -> int:
        return self.cells[cell]

    def is_empty(self, cell: int) -> bool:
        return self.cells[cell] == EMPTY

    def is_ruin(self, cell: int) -> bool:
        return self.cells[cell] == RUIN

    def number(self, cell: int) -> int | None:
        """The number on ``cell``, or None for an empty cell or a ruin."""
        value = self.cells[cell]
        return value if 1 <= value <= 6 else None

    def empty_cells(self) -> tuple[int, ...]:
        return tuple(c for c in CELLS if self.cells[c] == EMPTY)

    @property
    def empty_count(self) -> int:
        return self.cells.count(EMPTY)

    @property
    def ruin_count(self) -> int:
        return self.cells.count(RUIN)

    @property
    def is_full(self) -> bool:
        return EMPTY not in self.cells

    @property
    def masks(self) -> tuple[int, ...]:
        """``(empty, v1, .., v6, ruin, numbers)`` bit masks, cached (the board is immutable).

        Index ``v`` holds the cells showing ``v``; index ``NUMBERS`` all cells with a number.
        """
        if self._masks is None:
            self._masks = cell_masks(self.cells)
        return self._masks

    @property
    def legality(self) -> LegalityTable:
        """Per value 1..6, the cells where a die of it fits and the cells it may never take
        (RULES.md §4; see :func:`magdagdon.engine.legality.legality_table`), computed once."""
        table = self._legality
        if table is None:
            table = self._legality = legality_table_of(self.masks)
        return table

    # --- value protocol -------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        symbols = "".join(_SYMBOL_OF[x] for x in self.cells)
        return "/".join(symbols[i : i + SIZE] for i in range(0, CELL_COUNT, SIZE))

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"


# The rule of RULES.md §4 lives in the legality module, which builds on this one: imported
# last, once Board exists (the package imports this module before that one).
from .legality import legality_table_of  # noqa: E402
