"""The line bonuses (RULES.md §8) each line can still earn, judged by the placement rule (§4).

A bonus is *reachable* for a line when some sequence of legal placements from the board fills
the line's empty cells so that the line earns that bonus. Dice luck and the turn structure
are left out: only the placement rule decides. Other cells may be filled on the way or stay
empty (a cell nobody can fill ends as a ruin), so a dead cell elsewhere takes nothing away.

Decided exactly, without enumerating fillings. Each bonus pattern (four values in reading
order) that agrees with the line's numbers is tried: a value put on an empty cell must be
within 1 of every number beside it, and of the pattern's value on an empty neighbour in the
line. Whether the line's cells can then be placed in some order:

- if the line holds a number, every run of its empty cells ends at one (a run stops at a
  number or at the board's edge, and cannot reach both edges), so each run fills outward
  from that number;
- if the board holds no number, the first die may go anywhere and the line fills from it;
- if the line is empty but a cell of it touches a number, the line fills from that cell;
- otherwise empty cells outside the line must link it to a number: take the shortest such
  path. Its inner cells touch no number, so they take any value within 1 of the next; its
  last cell must take a value within 1 of the numbers it touches. So the line cell where
  the path starts can take a run of at least two consecutive values, which always leaves
  every kind of bonus open (four of a kind and two pairs fit any value anywhere, a straight
  any value at an end of the line and 2..5 in its middle). Only whether a link exists matters.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from .board import LINES, NUMBERS, RUIN, Board, iter_bits, neighbour_mask
from .legality import legality_table
from .scoring import Bonus, line_bonus

_BY_POINTS = sorted(Bonus, key=lambda bonus: bonus.points, reverse=True)
# Every four values that earn a bonus, the best bonuses first (one found, the rest of its kind skip).
_PATTERNS: tuple[tuple[tuple[int, ...], Bonus], ...] = tuple(
    sorted(
        (
            (values, line_bonus(values))
            for values in product(range(1, 7), repeat=4)
            if line_bonus(values) is not Bonus.NONE
        ),
        key=lambda item: -item[1].points,
    )
)
_LINE_MASKS = tuple(sum(1 << c for c in line) for line in LINES)


@lru_cache(maxsize=4096)
def _patterns_for(contents: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], Bonus], ...]:
    """Bonus patterns that keep a line's numbers and keep the values put side by side on
    its empty cells within 1 of each other (what the line alone allows)."""
    fitting = []
    for pattern, bonus in _PATTERNS:
        if any(content and content != value for content, value in zip(contents, pattern)):
            continue
        if any(
            not contents[i] and not contents[i + 1] and abs(pattern[i] - pattern[i + 1]) > 1
            for i in range(3)
        ):
            continue
        fitting.append((pattern, bonus))
    return tuple(fitting)


def reachable_bonuses(board: Board) -> tuple[frozenset[Bonus], ...]:
    """For each line of ``LINES`` (R1..R4, C1..C4): the bonuses some legal filling gives it.

    A complete line has only the bonus it earns, a line with a ruin none (RULES.md §8).
    """
    masks = board.masks
    numbers = masks[NUMBERS]
    blocked = legality_table(board)[1]
    cells = board.cells
    result: list[frozenset[Bonus]] = []
    for index, line in enumerate(LINES):
        contents = tuple(cells[c] for c in line)
        if RUIN in contents:
            result.append(frozenset())
            continue
        if 0 not in contents:
            bonus = line_bonus(contents)
            result.append(frozenset() if bonus is Bonus.NONE else frozenset((bonus,)))
            continue
        linked = not numbers or any(contents) or _linked(_LINE_MASKS[index], masks[0], numbers, blocked)
        found: set[Bonus] = set()
        for pattern, bonus in _patterns_for(contents):
            if bonus not in found and not any(
                not contents[i] and blocked[pattern[i]] >> line[i] & 1 for i in range(4)
            ):
                found.add(bonus)
        result.append(frozenset(found) if linked else frozenset())
    return tuple(result)


def best_reachable_bonuses(board: Board) -> tuple[Bonus, ...]:
    """For each line, the highest bonus it can still earn, or ``Bonus.NONE``."""
    return tuple(
        next((bonus for bonus in _BY_POINTS if bonus in reachable), Bonus.NONE)
        for reachable in reachable_bonuses(board)
    )


def _linked(line_mask: int, empty: int, numbers: int, blocked: tuple[int, ...]) -> bool:
    """Can the line's cells be linked to a number? Either one of them touches a number, or
    empty cells outside the line lead from it to a cell that touches numbers and can take
    a value within 1 of all of them."""
    if neighbour_mask(line_mask) & numbers:
        return True
    free = empty & ~line_mask
    reached = neighbour_mask(line_mask) & free
    frontier = reached
    while frontier:
        for cell in iter_bits(frontier & neighbour_mask(numbers)):
            if any(not blocked[v] >> cell & 1 for v in range(1, 7)):
                return True
        frontier = neighbour_mask(frontier & ~neighbour_mask(numbers)) & free & ~reached
        reached |= frontier
    return False
