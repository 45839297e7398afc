"""Scoring (RULES.md §8): line sums, line bonuses, ruin and power penalties."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .board import LINE_NAMES, LINES, RUIN, Board
from .difficulty import Difficulty

RUIN_PENALTY = 15


class Bonus(enum.Enum):
    """Line bonus kinds with their points; only the highest applying one counts."""

    NONE = 0
    TWO_PAIRS = 20
    FOUR_OF_A_KIND = 40
    STRAIGHT = 60

    @property
    def points(self) -> int:
        return self.value


def line_bonus(values: tuple[int, ...]) -> Bonus:
    """Bonus of a line's four contents in reading order (RULES.md §8)."""
    if len(values) != 4 or any(not 1 <= v <= 6 for v in values):
        return Bonus.NONE  # an unfinished line or one with a ruin never earns a bonus
    a, b, c, d = values
    if (b - a == c - b == d - c) and abs(b - a) == 1:
        return Bonus.STRAIGHT
    if a == b == c == d:
        return Bonus.FOUR_OF_A_KIND
    if len(set(values)) == 2 and values.count(a) == 2:
        return Bonus.TWO_PAIRS
    return Bonus.NONE


@dataclass(frozen=True)
class LineScore:
    name: str  # "R1".."R4", "C1".."C4"
    cells: tuple[int, ...]
    total: int  # sum of the line's numbers
    bonus: Bonus
    complete: bool  # four numbers, no ruin, no empty cell
    has_ruin: bool


@dataclass(frozen=True)
class ScoreBreakdown:
    """The parts of a score; ``total = base + bonus - ruin_penalty - power_penalty``."""

    base: int
    bonus: int
    ruin_penalty: int
    power_penalty: int
    lines: tuple[LineScore, ...]
    ruins: int
    powers_used: int

    @property
    def total(self) -> int:
        return self.base + self.bonus - self.ruin_penalty - self.power_penalty


def score_line(board: Board, index: int) -> LineScore:
    cells = LINES[index]
    contents = tuple(board.cells[c] for c in cells)
    numbers = [v for v in contents if 1 <= v <= 6]
    return LineScore(
        name=LINE_NAMES[index],
        cells=cells,
        total=sum(numbers),
        bonus=line_bonus(contents),
        complete=len(numbers) == 4,
        has_ruin=RUIN in contents,
    )


def line_scores(board: Board) -> tuple[LineScore, ...]:
    """Each line's sum and bonus, in the order of ``LINES`` (unfinished lines too)."""
    return tuple(score_line(board, i) for i in range(len(LINES)))


def score(board: Board, difficulty: Difficulty, powers_used: int = 0) -> ScoreBreakdown:
    """Score ``board`` as RULES.md §8 says (works on unfinished boards too, for previews)."""
    lines = line_scores(board)
    ruins = board.ruin_count
    return ScoreBreakdown(
        base=sum(line.total for line in lines),
        bonus=sum(line.bonus.points for line in lines),
        ruin_penalty=RUIN_PENALTY * ruins,
        power_penalty=difficulty.penalty_for(powers_used),
        lines=lines,
        ruins=ruins,
        powers_used=powers_used,
    )


def score_total(board: Board, difficulty: Difficulty, powers_used: int = 0) -> int:
    """Just the total, faster than building a breakdown (for search and simulations)."""
    cells = board.cells
    total = 0
    for line in LINES:
        contents = (cells[line[0]], cells[line[1]], cells[line[2]], cells[line[3]])
        total += sum(v for v in contents if v != RUIN) + line_bonus(contents).points
    return total - RUIN_PENALTY * cells.count(RUIN) - difficulty.penalty_for(powers_used)
