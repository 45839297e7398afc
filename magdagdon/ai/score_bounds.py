"""Proven bounds on the final score still reachable from a board (RULES.md §4, §8).

The review may never blame a player for more points than the game could still have given;
these bounds come from the rules alone, never from the estimates.

*Highest.* The final score is the sum, over the eight lines, of each line's sum and bonus,
less the penalties. Every line is bounded on its own: its empty cells take the values the
final board allows them — within 1 of every number beside them (RULES.md §4: numbers that
touch never differ by more than 1), and within 1 of each other along the line — and the
line's best sum plus bonus over those values is taken, a ruin allowed on any empty cell (two
cells beside each other may leave no pair of values that fit both). A cell no value fits can
never be filled, so it ends a ruin (−15, and no bonus for its lines). Penalties already paid stay, and
no final score exceeds 544 (RULES.md §8). Ignoring dice, order and the other lines makes the
bound loose, never wrong.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from magdagdon.engine import EMPTY, LINES, RUIN, RUIN_PENALTY, Difficulty, line_bonus
from magdagdon.engine.board import NEIGHBOURS

from .turn_search import Cells

HIGHEST_SCORE = 544  # RULES.md §8: 3456 in every row


def highest_final_score(difficulty: Difficulty, cells: Cells, powers_used: int) -> int:
    """A proven ceiling on the final score of a game whose permanent board is ``cells``."""
    allowed = tuple(_allowed(cells, cell) if content == EMPTY else () for cell, content in enumerate(cells))
    dead = {cell for cell, content in enumerate(cells) if content == EMPTY and not allowed[cell]}
    ruins = sum(content == RUIN for content in cells) + len(dead)
    total = 0
    for line in LINES:
        choices = tuple(
            (RUIN,) if cells[c] == RUIN or c in dead else (cells[c],) if cells[c] != EMPTY else allowed[c] + (RUIN,)
            for c in line
        )
        total += _line_best(choices)
    ceiling = total - RUIN_PENALTY * ruins - difficulty.penalty_for(powers_used)
    return min(HIGHEST_SCORE, ceiling)


def _allowed(cells: Cells, cell: int) -> tuple[int, ...]:
    """The values the final board allows on an empty ``cell``: within 1 of each number beside it."""
    numbers = [cells[n] for n in NEIGHBOURS[cell] if 1 <= cells[n] <= 6]
    return tuple(v for v in range(1, 7) if all(abs(v - n) <= 1 for n in numbers))


@lru_cache(maxsize=8192)
def _line_best(choices: tuple[tuple[int, ...], ...]) -> int:
    """The best sum plus bonus of a line whose cells take the given values (RUIN for a ruin),
    numbers beside each other along the line within 1 of each other."""
    best = None
    for values in product(*choices):
        if any(a != RUIN and b != RUIN and abs(a - b) > 1 for a, b in zip(values, values[1:])):
            continue
        numbers = [v for v in values if v != RUIN]
        points = sum(numbers) + (line_bonus(values).points if len(numbers) == 4 else 0)
        best = points if best is None else max(best, points)
    assert best is not None  # the values already on the board agree with each other
    return best


__all__ = ["HIGHEST_SCORE", "highest_final_score"]
