"""Placement sequences for one turn, built only from the engine's legality (RULES.md §4)."""

from __future__ import annotations

import random
from typing import Iterator

from magdagdon.engine import Board
from magdagdon.engine.board import iter_bits
from magdagdon.engine.legality import legal_mask


def random_placement(
    board: Board, dice: dict[int, int], need: int, rng: random.Random
) -> list[tuple[int, int]] | None:
    """A random legal order of ``need`` (die, cell) placements, or None if none exists.

    ``dice`` maps die index -> value. Choices are shuffled at every step and the search
    backtracks, so the result is random among reachable sequences yet always completes.
    """
    if need == 0:
        return []
    options = [(die, cell) for die, value in dice.items() for cell in iter_bits(legal_mask(board, value))]
    rng.shuffle(options)
    for die, cell in options:
        rest = dict(dice)
        value = rest.pop(die)
        tail = random_placement(board.with_cell(cell, value), rest, need - 1, rng)
        if tail is not None:
            return [(die, cell)] + tail
    return None


def reachable_boards(
    board: Board, dice: dict[int, int], need: int
) -> Iterator[tuple[Board, tuple[tuple[int, int], ...]]]:
    """Every distinct board reachable by placing at least ``need`` of ``dice``, with one
    (die, cell) sequence that reaches it. Equal values are interchangeable, so only the
    first die of each value is tried at each step.
    """
    seen: set[Board] = set()

    def extend(
        current: Board, remaining: dict[int, int], path: tuple[tuple[int, int], ...]
    ) -> Iterator[tuple[Board, tuple[tuple[int, int], ...]]]:
        if len(path) >= need and current not in seen:
            seen.add(current)
            yield current, path
        tried_values: set[int] = set()
        for die, value in remaining.items():
            if value in tried_values:
                continue
            tried_values.add(value)
            rest = {d: v for d, v in remaining.items() if d != die}
            for cell in iter_bits(legal_mask(current, value)):
                nxt = current.with_cell(cell, value)
                if nxt in seen and len(path) + 1 >= need:
                    continue
                yield from extend(nxt, rest, path + ((die, cell),))

    yield from extend(board, dict(dice), ())
