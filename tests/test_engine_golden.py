"""Every example and table row of RULES.md as a golden test."""

import pytest

from magdagdon.engine import (
    Board,
    BoardParseError,
    Bonus,
    Difficulty,
    is_magdagdon,
    legal_cells,
    line_bonus,
    required_dice,
    score,
)

EMPTY = Board()


# --- §1 notation ---------------------------------------------------------------------
def test_canonical_form_round_trips():
    board = Board.parse("3456/3456/..../..X.")
    assert str(board) == "3456/3456/..../..X."
    assert Board.parse("34563456......X.") == board
    assert board[14] == 7 and board.is_ruin(14) and board.number(0) == 3 and board.number(8) is None


@pytest.mark.parametrize("text", ["", "3456/3456/....", "3456/3456/..../..Y.", "34567", "345/6345/6..../..X.", "0000000000000000"])
def test_bad_notation_quotes_the_input(text):
    with pytest.raises(BoardParseError) as caught:
        Board.parse(text)
    assert repr(text) in str(caught.value)


# --- §2 difficulties -----------------------------------------------------------------
def test_difficulty_table():
    assert (Difficulty.PEACEFUL.power_count, Difficulty.PEACEFUL.min_dice) == (3, 2)
    assert Difficulty.PEACEFUL.penalties == (10, 20, 40) and Difficulty.PEACEFUL.penalty_for(3) == 70
    assert (Difficulty.SURVIVAL.power_count, Difficulty.SURVIVAL.penalties) == (1, (70,))
    assert (Difficulty.NIGHTMARE.power_count, Difficulty.NIGHTMARE.min_dice) == (0, 3)


@pytest.mark.parametrize(
    "board, difficulty, required",
    [
        ("..../..../..../....", Difficulty.NIGHTMARE, 3),
        ("1234/1234/1234/12..", Difficulty.NIGHTMARE, 2),
        ("1234/1234/1234/123.", Difficulty.NIGHTMARE, 1),
        ("1234/1234/1234/123.", Difficulty.PEACEFUL, 1),
        ("..../..../..../....", Difficulty.SURVIVAL, 2),
    ],
)
def test_required_dice(board, difficulty, required):
    assert required_dice(Board.parse(board), difficulty) == required


# --- §4 legal placement --------------------------------------------------------------
def test_section4_example_legal_cells():
    board = Board.parse("..../.34./..../....")
    assert legal_cells(board, 3) == {1, 2, 4, 7, 9, 10}
    assert legal_cells(board, 4) == {1, 2, 4, 7, 9, 10}
    assert legal_cells(board, 5) == {2, 7, 10}
    assert legal_cells(board, 2) == {1, 4, 9}
    assert legal_cells(board, 1) == set()
    assert legal_cells(board, 6) == set()


def test_cell_touching_a_3_and_a_4_accepts_only_3_or_4():
    board = Board.parse("3.../.4../..../....")  # cells 1 and 4 each touch the 3 and the 4
    for value in range(1, 7):
        assert (1 in legal_cells(board, value)) == (value in (3, 4))
        assert (4 in legal_cells(board, value)) == (value in (3, 4))


def test_first_die_goes_anywhere_even_with_only_ruins():
    assert legal_cells(EMPTY, 6) == set(range(16))
    ruins = Board.parse("X.../..../..X./....")
    assert legal_cells(ruins, 1) == set(range(16)) - {0, 10}


def test_ruins_neither_connect_nor_limit():
    board = Board.parse("5X../..../..../....")  # the 5 at 0, a ruin at 1
    assert legal_cells(board, 4) == {4}  # cell 2 touches only the ruin: not connected
    board = Board.parse(".X2./..../..../....")
    assert 0 not in legal_cells(board, 2)  # next to the ruin only
    assert legal_cells(board, 6) == set()  # a ruin is no number: the 6 is limited by the 2 only


def test_diagonals_do_not_count():
    board = Board.parse("3.../..../..../....")
    assert 5 not in legal_cells(board, 3)


# --- §5 MAGDAGDON ------------------------------------------------------------------
@pytest.mark.parametrize(
    "dice, expected", [((1, 1, 6, 6), True), ((1, 2, 6, 6), True), ((1, 2, 3, 6), False)]
)
def test_section5_nightmare_examples(dice, expected):
    assert is_magdagdon(EMPTY, dice, Difficulty.NIGHTMARE) is expected


def test_empty_board_with_two_required_is_never_magdagdon():
    from itertools import product

    for dice in product(range(1, 7), repeat=4):
        assert not is_magdagdon(EMPTY, dice, Difficulty.PEACEFUL)


# --- §8 scoring ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "board, difficulty, powers, final",
    [
        ("3456/3456/3456/3456", Difficulty.PEACEFUL, 0, 544),
        ("3456/3456/3456/3456", Difficulty.NIGHTMARE, 0, 544),
        ("6666/6666/6666/6666", Difficulty.SURVIVAL, 0, 512),
        ("4321/4321/5432/5432", Difficulty.PEACEFUL, 1, 406),
        ("3344/3344/X455/5566", Difficulty.PEACEFUL, 2, 143),
        ("2222/2X22/2222/2222", Difficulty.SURVIVAL, 1, 215),
        ("XXXX/XXXX/XXXX/XXXX", Difficulty.PEACEFUL, 3, -310),
    ],
)
def test_section8_checked_examples(board, difficulty, powers, final):
    assert score(Board.parse(board), difficulty, powers).total == final


def test_maximum_board_breakdown():
    result = score(Board.parse("3456/3456/3456/3456"), Difficulty.PEACEFUL)
    assert result.base == 2 * 72
    assert [line.bonus for line in result.lines[:4]] == [Bonus.STRAIGHT] * 4
    assert [line.bonus for line in result.lines[4:]] == [Bonus.FOUR_OF_A_KIND] * 4


@pytest.mark.parametrize(
    "line, bonus",
    [
        ((1, 2, 3, 4), Bonus.STRAIGHT),
        ((3, 4, 5, 6), Bonus.STRAIGHT),
        ((4, 3, 2, 1), Bonus.STRAIGHT),
        ((6, 5, 4, 3), Bonus.STRAIGHT),
        ((2, 1, 3, 4), Bonus.NONE),
        ((5, 5, 5, 5), Bonus.FOUR_OF_A_KIND),
        ((3, 3, 4, 4), Bonus.TWO_PAIRS),
        ((3, 4, 3, 4), Bonus.TWO_PAIRS),
        ((4, 3, 3, 4), Bonus.TWO_PAIRS),
        ((3, 3, 3, 4), Bonus.NONE),
        ((3, 3, 7, 4), Bonus.NONE),  # a ruin: never a bonus
        ((3, 3, 0, 4), Bonus.NONE),  # unfinished
    ],
)
def test_line_bonuses(line, bonus):
    assert line_bonus(line) is bonus


def test_line_with_ruin_scores_its_sum_without_bonus():
    result = score(Board.parse("3X44/..../..../...."), Difficulty.PEACEFUL)
    row = result.lines[0]
    assert (row.total, row.bonus, row.has_ruin) == (11, Bonus.NONE, True)
    assert result.ruin_penalty == 15 and result.total == 2 * 11 - 15


def test_regression_roll_with_only_one_fitting_die_is_magdagdon():
    """Found by the AI's cross-check: a 5 and a 3 each fit alone, but never both."""
    board = Board.parse("333./4.4./5656/6565")
    assert legal_cells(board, 5) == {7} and legal_cells(board, 3) == {3}
    assert is_magdagdon(board, (6, 5, 3, 1), Difficulty.PEACEFUL)
