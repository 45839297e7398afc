"""The expert's evaluation: an n-tuple network estimating the final score of a board.

    value(cells, powers used) = sum over the placements p of table_p[code_p(cells)]
                                + offset[powers used][empty cells] - 15 * ruins

A placement is four cells read in a fixed order: the 8 lines (rows left to right, columns
top to bottom) and the 9 2x2 squares (top-left, top-right, bottom-left, bottom-right). Its
code packs the four contents, 3 bits each (0 empty, 1..6 a number, 7 a ruin), so a table
has 8**4 = 4096 entries. Every orthogonal adjacency lies inside one line, so the lines see
the limits of RULES.md §4 and the bonuses of §8; a square sees where a row and a column
meet, which the lines alone cannot (a cell between a 3 in its row and a 5 in its column
can only take a 4). The offset is what the powers still in hand are worth at that stage
(RULES.md §6): it makes a power's price more than its penalty when powers are scarce.

The weights belong to five *base* tuples (an outer line, an inner line, a corner, an edge
and the centre square). The 8 symmetries of the square map each base onto placements of
its kind, and a placement's table is the sum of its base's weights over those views
("symmetric sampling", as in n-tuple networks for 2048), so mirrored boards are valued
alike. A complete line is worth exactly its score (each of its two views holds half) and
a complete square nothing, so a full board's value is its exact score (RULES.md §8).

The weights are learned by temporal-difference self-play (``scripts/train_expert.py``) and
shipped as package data: ``magdagdon/ai/data/<DIFFICULTY>.json``, an object with
``format`` ("magdagdon-ntuple"), ``version`` (1), ``difficulty``, ``bases`` (base name ->
4096 weights, indexed by the base's code) and ``offset`` (per powers used 0..power count,
17 numbers by empty cells), plus ``trained`` (how they were made, for the reader).

The network decides the expert's moves and steadies the estimator's playouts (the luck of a
roll is what it makes of the roll: :mod:`magdagdon.ai.playouts`); no value the review shows
is the network's own reckoning of a board.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from magdagdon.engine import EMPTY, RUIN, Difficulty
from magdagdon.engine.scoring import RUIN_PENALTY

FORMAT = "magdagdon-ntuple"
VERSION = 1
CODE_COUNT = 8**4

# Base tuples in reading order; the symmetries map them onto the placements below.
BASES: tuple[tuple[str, tuple[int, int, int, int]], ...] = (
    ("outer_line", (0, 1, 2, 3)),
    ("inner_line", (4, 5, 6, 7)),
    ("corner_square", (0, 1, 4, 5)),
    ("edge_square", (1, 2, 5, 6)),
    ("centre_square", (5, 6, 9, 10)),
)
ROWS = tuple((4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3) for r in range(4))
COLUMNS = tuple((c, 4 + c, 8 + c, 12 + c) for c in range(4))
SQUARES = tuple((4 * r + c, 4 * r + c + 1, 4 * r + c + 4, 4 * r + c + 5) for r in range(3) for c in range(3))
PLACEMENTS: tuple[tuple[int, int, int, int], ...] = ROWS + COLUMNS + SQUARES


def digits(code: int) -> tuple[int, int, int, int]:
    return (code >> 9) & 7, (code >> 6) & 7, (code >> 3) & 7, code & 7


def encode(a: int, b: int, c: int, d: int) -> int:
    return (a << 9) | (b << 6) | (c << 3) | d


def is_complete(code: int) -> bool:
    return EMPTY not in digits(code)


def _symmetry(g: int, cell: int) -> int:
    """Symmetry ``g`` (0..7) of the square: bit 0 mirrors columns, bit 1 rows, bit 2 transposes."""
    r, c = divmod(cell, 4)
    if g & 1:
        c = 3 - c
    if g & 2:
        r = 3 - r
    if g & 4:
        r, c = c, r
    return 4 * r + c


def _views() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """Per placement: (base, order) for each symmetry that maps the base onto it; the base's
    code reads the placement's digits in that order."""
    views: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in PLACEMENTS]
    for b, (_, cells) in enumerate(BASES):
        for g in range(8):
            image = [_symmetry(g, c) for c in cells]
            for p, placement in enumerate(PLACEMENTS):
                if sorted(placement) == sorted(image):
                    views[p].append((b, tuple(placement.index(c) for c in image)))
    return tuple(tuple(v) for v in views)


VIEWS = _views()


def _permuted(code: int, order: tuple[int, ...]) -> int:
    d = digits(code)
    return encode(d[order[0]], d[order[1]], d[order[2]], d[order[3]])


class EvaluationError(ValueError):
    """Package data that is not a valid n-tuple network."""


@dataclass(frozen=True)
class Evaluation:
    """One difficulty's network, expanded into a table per placement for fast lookups."""

    difficulty: Difficulty
    tables: tuple[tuple[float, ...], ...]  # per placement (PLACEMENTS order), 4096 entries
    offset: tuple[tuple[float, ...], ...]  # [powers used][empty cells]

    @classmethod
    def from_weights(cls, difficulty: Difficulty, bases: dict[str, list[float]], offset: list[list[float]]) -> "Evaluation":
        weights = [bases[name] for name, _ in BASES]
        tables = []
        for views in VIEWS:
            table = []
            for code in range(CODE_COUNT):
                total = 0.0
                for b, order in views:
                    total += weights[b][_permuted(code, order)]
                table.append(total)
            tables.append(tuple(table))
        return cls(difficulty, tuple(tables), tuple(tuple(row) for row in offset))

    def codes(self, cells: tuple[int, ...]) -> list[int]:
        return [(cells[a] << 9) | (cells[b] << 6) | (cells[c] << 3) | cells[d] for a, b, c, d in PLACEMENTS]

    def tuples_value(self, cells: tuple[int, ...]) -> float:
        """The tables' part of the value (no offset), ruins' penalty included."""
        codes = self.codes(cells)
        tables = self.tables
        total = 0.0
        for r in range(4):  # rows and columns in pairs, then the squares (the twin's order)
            total += tables[r][codes[r]] + tables[4 + r][codes[4 + r]]
        for p in range(8, len(PLACEMENTS)):
            total += tables[p][codes[p]]
        return total - RUIN_PENALTY * cells.count(RUIN)

    def value(self, cells: tuple[int, ...], powers_used: int) -> float:
        """Estimated final score of the board between turns, before power penalties."""
        return self.tuples_value(cells) + self.offset[powers_used][cells.count(EMPTY)]


def parse_network(difficulty: Difficulty, text: str) -> Evaluation:
    """An :class:`Evaluation` from the JSON of a network file (see the module docstring)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise EvaluationError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise EvaluationError(f"not a {FORMAT} version {VERSION} file")
    bases, offset = data.get("bases"), data.get("offset")
    if not isinstance(bases, dict) or not isinstance(offset, list):
        raise EvaluationError("missing bases or offset")
    for name, _ in BASES:
        table = bases.get(name)
        if not isinstance(table, list) or len(table) != CODE_COUNT or not all(isinstance(x, (int, float)) for x in table):
            raise EvaluationError(f"base {name!r} is not {CODE_COUNT} numbers")
    if len(offset) != difficulty.power_count + 1 or not all(
        isinstance(row, list) and len(row) == 17 and all(isinstance(x, (int, float)) for x in row) for row in offset
    ):
        raise EvaluationError(f"offset is not {difficulty.power_count + 1} rows of 17 numbers")
    as_float = {name: [float(x) for x in bases[name]] for name, _ in BASES}
    return Evaluation.from_weights(difficulty, as_float, [[float(x) for x in row] for row in offset])


@lru_cache(maxsize=None)
def load_evaluation(difficulty: Difficulty) -> Evaluation:
    """The shipped network of ``difficulty``, read once per process (it never changes
    afterwards, so this cache is no hidden state)."""
    name = f"{difficulty.name}.json"
    text = resources.files("magdagdon.ai").joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return parse_network(difficulty, text)
