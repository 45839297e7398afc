"""The expert's evaluation: a learned value for every possible content of a line.

A board's value is an estimate of its **final score**:

    value(board) = sum over the 8 lines of table[line kind][line code] - 15 * ruins - penalties

A line code packs the line's four cells in reading order, 3 bits each (0 empty, 1..6 a
number, 7 a ruin), so a table has 8**4 = 4096 entries. Every orthogonal adjacency lies
inside exactly one line, so the tables see the adjacency limits of RULES.md §4 (a cell
between a 2 and a 5 can never be filled) as well as the line bonuses of §8.

The symmetries of the square map rows onto columns and edge lines onto edge lines, so
there are two tables: ``outer`` (R1, R4, C1, C4) and ``inner`` (R2, R3, C2, C3). Reading
a line backwards changes nothing (straights count both ways), so each table is kept
symmetric under reversal. A complete line (no empty cell) is worth exactly its score
(sum plus bonus), so the value of a finished board is its exact score; only entries with
an empty cell are learned (see :mod:`magdagdon.ai.training`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from magdagdon.engine import EMPTY, RUIN, Difficulty, line_bonus

CODE_COUNT = 8**4
# Difficulties differ, for the learner, only by the dice each turn requires (RULES.md §2):
# one pair of tables per minimum.
TABLE_NAMES = {2: "two_dice", 3: "three_dice"}
# Line order of magdagdon.engine.LINES: rows R1..R4 then columns C1..C4.
LINE_IS_OUTER = (True, False, False, True, True, False, False, True)


def decode(code: int) -> tuple[int, int, int, int]:
    return (code >> 9) & 7, (code >> 6) & 7, (code >> 3) & 7, code & 7


def encode(a: int, b: int, c: int, d: int) -> int:
    return (a << 9) | (b << 6) | (c << 3) | d


def reverse_code(code: int) -> int:
    a, b, c, d = decode(code)
    return encode(d, c, b, a)


def is_complete(code: int) -> bool:
    return EMPTY not in decode(code)


def exact_line_score(code: int) -> int:
    """Sum of the numbers plus the bonus (RULES.md §8); ruins count 0 here."""
    values = decode(code)
    return sum(v for v in values if 1 <= v <= 6) + line_bonus(values).points


# Every bonus line, as 4-tuples in reading order (used by the starting heuristic).
BONUS_LINES: tuple[tuple[tuple[int, ...], int], ...] = tuple(
    (values, line_bonus(values).points)
    for values in product(range(1, 7), repeat=4)
    if line_bonus(values).points
    and all(abs(values[i] - values[i + 1]) <= 1 for i in range(3))
)


def heuristic_line_value(code: int) -> float:
    """A hand-made starting point for learning: the known sum, a typical value for each
    empty cell, and the best bonus still reachable discounted by the cells it needs."""
    values = decode(code)
    if EMPTY not in values:
        return float(exact_line_score(code))
    numbers = sum(v for v in values if 1 <= v <= 6)
    empties = values.count(EMPTY)
    estimate = numbers + 3.8 * empties
    if RUIN in values:
        return estimate
    best = 0.0
    for pattern, points in BONUS_LINES:
        if all(v == EMPTY or v == p for v, p in zip(values, pattern)):
            missing = sum(v == EMPTY for v in values)
            filled = sum(p for v, p in zip(values, pattern) if v == EMPTY)
            gain = (points + filled - 3.8 * missing) * 0.45**missing
            best = max(best, gain)
    return estimate + best


@dataclass
class LineValues:
    """The two 4096-entry tables of one difficulty."""

    outer: list[float]
    inner: list[float]

    @classmethod
    def heuristic(cls) -> "LineValues":
        table = [heuristic_line_value(code) for code in range(CODE_COUNT)]
        return cls(list(table), list(table))

    def tables_by_line(self) -> tuple[list[float], ...]:
        return tuple(self.outer if outer else self.inner for outer in LINE_IS_OUTER)

    def symmetrised(self) -> "LineValues":
        def sym(table: list[float]) -> list[float]:
            out = list(table)
            for code in range(CODE_COUNT):
                if is_complete(code):
                    out[code] = float(exact_line_score(code))
                else:
                    out[code] = (table[code] + table[reverse_code(code)]) / 2
            return out

        return LineValues(sym(self.outer), sym(self.inner))


def difficulty_requiring(min_dice: int) -> Difficulty:
    """A difficulty whose turns require ``min_dice`` dice (they all share its tables)."""
    return next(difficulty for difficulty in Difficulty if difficulty.min_dice == min_dice)


def load_line_values(difficulty: Difficulty) -> LineValues:
    """A fresh, mutable copy of the learned tables for ``difficulty``."""
    outer, inner = learned_tables(difficulty.name)
    return LineValues(list(outer), list(inner))


@lru_cache(maxsize=None)
def learned_tables(difficulty_name: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The learned tables (the heuristic when none were learned), read once per process;
    they never change afterwards, so this cache is not hidden state."""
    from . import line_values_data

    learned = line_values_data.TABLES.get(TABLE_NAMES[Difficulty[difficulty_name].min_dice])
    if learned is None:
        heuristic = LineValues.heuristic()
        return tuple(heuristic.outer), tuple(heuristic.inner)
    return tuple(_expand(learned["outer"])), tuple(_expand(learned["inner"]))


LEARNED_CODES = tuple(
    code for code in range(CODE_COUNT) if not is_complete(code) and code <= reverse_code(code)
)  # the entries that are learned and stored: a line with an empty cell, lowest of code and reverse


def _expand(stored: list[float]) -> list[float]:
    """The full table from the stored entries: complete lines are exact, and a line read
    backwards is worth the same."""
    table = [float(exact_line_score(code)) if is_complete(code) else 0.0 for code in range(CODE_COUNT)]
    for code, value in zip(LEARNED_CODES, stored, strict=True):
        table[code] = value
        table[reverse_code(code)] = value
    return table


def compact(table: list[float]) -> list[float]:
    """The entries :func:`_expand` needs, rounded for storage."""
    return [round(table[code], 2) for code in LEARNED_CODES]
