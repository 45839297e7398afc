"""Reachable line bonuses: golden boards, and agreement with a search over every board that
legal placements can reach (tests/brute_force.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute_force import slow_legal_cells, slow_reachable_bonuses
from magdagdon.engine import Board, Bonus, best_reachable_bonuses, reachable_bonuses

LINE = {name: index for index, name in enumerate(("R1", "R2", "R3", "R4", "C1", "C2", "C3", "C4"))}


def best(text: str, line: str) -> Bonus:
    return best_reachable_bonuses(Board.parse(text))[LINE[line]]


def test_column_2_2_2_whose_last_cell_only_takes_a_3_has_no_bonus():
    # R4C1 touches the 2 above and the 4 beside it: only a 3 fits, and 2223 earns nothing.
    assert best("2.../2.../23../.4..", "C1") is Bonus.NONE
    # Without the 4 a 2 fits there, and four of a kind is still possible.
    assert best("2.../2.../23../....", "C1") is Bonus.FOUR_OF_A_KIND


def test_row_next_to_5665_cannot_make_a_straight():
    # R2 takes 4..6 under the 5s and 5..6 under the 6s: four of a kind, never a straight.
    assert reachable_bonuses(Board.parse("5665/..../..../...."))[LINE["R2"]] == frozenset(
        {Bonus.FOUR_OF_A_KIND, Bonus.TWO_PAIRS}
    )
    assert best("5665/..../..../....", "R1") is Bonus.TWO_PAIRS  # complete: what it earns


def test_complete_lines_and_lines_with_a_ruin():
    bonuses = best_reachable_bonuses(Board.parse("3456/3456/3456/345X"))
    assert bonuses == (Bonus.STRAIGHT,) * 3 + (Bonus.NONE,) + (Bonus.FOUR_OF_A_KIND,) * 3 + (Bonus.NONE,)


def test_an_empty_board_can_still_make_any_bonus():
    assert reachable_bonuses(Board.empty()) == (frozenset(Bonus) - {Bonus.NONE},) * 8


def test_a_dead_cell_elsewhere_takes_nothing_away():
    # R2C2 touches a 1 and a 4: nothing will ever fit there. Row 4 is untouched by it.
    assert best(".1../14../..../3333", "R4") is Bonus.FOUR_OF_A_KIND
    assert best(".1../14../..../333.", "R4") is Bonus.FOUR_OF_A_KIND


def test_an_empty_row_reached_only_through_a_path_of_empty_cells():
    # R3 and R4 are empty and touch no number: R4 is reached through R3, whose cells
    # sit below a 6 and a 1. A straight needs 1..4 along R4 and a link cell within 1 of both.
    board = Board.parse("6XX1/6XX1/..../....")
    assert best_reachable_bonuses(board)[LINE["R4"]] is Bonus.STRAIGHT
    # Walled off by ruins, no number can ever be linked to R4.
    walled = Board.parse("6XX1/XXXX/..../....")
    assert reachable_bonuses(walled)[LINE["R4"]] == frozenset()
    # Linked through two empty cells below a 1: R4C1 takes at most a 4, so 6543 and
    # 5432 are out, but 1234, 2345, 3456 and 4321 are in.
    assert best("1XXX/.XXX/.XXX/....", "R4") is Bonus.STRAIGHT
    # The same link through R2C1, now between a 1 and a 4: nothing fits there, no link.
    assert reachable_bonuses(Board.parse("1XXX/.4XX/.XXX/...."))[LINE["R4"]] == frozenset()


# Few empty cells each, so that the brute force visits every reachable board quickly.
GOLDEN = [
    "2XX./2XX./23../.4XX",  # the 2,2,2,_ column again
    "5665/3XX./XX../....",
    ".1XX/14XX/XX../333.",  # a dead cell
    "1XXX/.XXX/.XXX/....",  # R4 linked to the 1 through R3C1 and R2C1: 6543, 5432 too far
    "X6XX/..XX/..XX/.1XX",
    "1XXX/.4XX/.XXX/....",  # the only link cell is dead
    "1.XX/XXXX/..../....",  # R4 and R3 walled off; R1C2 touches the 1 but no path leads there
    "1XXX/X..X/X..X/....",  # a pocket of empty cells two deep above R4 that leads to no number
    "1..X/XX.X/X..X/....",  # a winding path: R1C2, R1C3, R2C3, R3C3, R3C2
]


@pytest.mark.parametrize("text", GOLDEN)
def test_golden_boards_agree_with_the_brute_force(text):
    board = Board.parse(text)
    assert _points(reachable_bonuses(board)) == slow_reachable_bonuses(board.cells)


def _points(bonuses):
    return [{bonus.points for bonus in line} for line in bonuses]


@st.composite
def played_boards(draw, max_empty=6):
    """Boards reached by legal placements with ruins here and there, few empty cells left."""
    cells = [0] * 16
    empties_left = draw(st.integers(2, max_empty))
    while cells.count(0) > empties_left:
        empty = [c for c in range(16) if cells[c] == 0]
        options = [(c, v) for v in range(1, 7) for c in sorted(slow_legal_cells(cells, v))]
        if not options or draw(st.integers(0, 7)) == 0:
            cells[draw(st.sampled_from(empty))] = 7
        else:
            cell, value = draw(st.sampled_from(options))
            cells[cell] = value
    return Board(tuple(cells))


@st.composite
def arbitrary_boards(draw, max_empty=5):
    """Any contents at all (adjacent numbers may differ by more than 1), few empty cells."""
    empty = draw(st.sets(st.integers(0, 15), min_size=1, max_size=max_empty))
    return Board(tuple(0 if c in empty else draw(st.integers(1, 7)) for c in range(16)))


@given(played_boards())
@settings(max_examples=60, deadline=None)
def test_reachable_bonuses_agree_with_every_reachable_board(board):
    assert _points(reachable_bonuses(board)) == slow_reachable_bonuses(board.cells), str(board)


@given(arbitrary_boards())
@settings(max_examples=60, deadline=None)
def test_reachable_bonuses_agree_on_arbitrary_boards(board):
    assert _points(reachable_bonuses(board)) == slow_reachable_bonuses(board.cells), str(board)


def test_isolated_empty_rows_agree_with_the_brute_force():
    """Row 4 empty below a row of ruins and empty cells: R4 needs a path of empty cells."""
    rng = random.Random(7)
    for _ in range(40):
        top = [rng.choice((1, 2, 3, 4, 5, 6, 7, 7, 7, 7)) for _ in range(8)]
        middle = rng.sample((0, 0, 7, 7), 4)
        board = Board(tuple(top + middle + [0] * 4))
        assert _points(reachable_bonuses(board)) == slow_reachable_bonuses(board.cells), str(board)
