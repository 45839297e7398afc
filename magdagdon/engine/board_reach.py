"""Can play reach a board? (RULES.md §4)

Every number after the first is placed beside a number, and numbers that touch never differ
by more than 1: so on every board the game produces the numbers form one group, cell to
neighbouring cell (ruins play no part), and no two touching numbers are more than 1 apart.
A board set up by hand (the analysis command, a puzzle) is checked against both.
"""

from __future__ import annotations

from .board import EMPTY, NEIGHBOURS, RUIN, Board, cell_name


def unreachable_because(board: Board) -> str | None:
    """Why no game reaches ``board`` (in words naming the cells), or None when one can."""
    cells = board.cells
    numbers = [cell for cell, content in enumerate(cells) if content not in (EMPTY, RUIN)]
    for cell in numbers:
        for other in NEIGHBOURS[cell]:
            if other > cell and other in numbers and abs(cells[cell] - cells[other]) > 1:
                return (f"the {cells[cell]} on {cell_name(cell)} and the {cells[other]} on {cell_name(other)} touch, "
                        "and touching numbers differ by at most 1")
    if numbers:
        seen, todo = {numbers[0]}, [numbers[0]]
        while todo:
            for other in NEIGHBOURS[todo.pop()]:
                if other in numbers and other not in seen:
                    seen.add(other)
                    todo.append(other)
        apart = next((cell for cell in numbers if cell not in seen), None)
        if apart is not None:
            return (f"the {cells[apart]} on {cell_name(apart)} stands apart from the other numbers, "
                    "and every die after the first is placed beside a number")
    return None


__all__ = ["unreachable_because"]
