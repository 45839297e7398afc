"""The line boxes under and beside the board show the engine's sums and only bonuses a
legal filling can still reach (RULES.md §4, §8)."""

from magdagdon.app.table.board_view import LineLabel, TagStyle, line_labels
from magdagdon.engine import Board

R1, R2, R3, R4, C1, C2, C3, C4 = range(8)


def test_a_column_2_2_2_whose_last_cell_only_takes_a_3_promises_nothing():
    labels = line_labels(Board.parse("2.../2.../23../.4.."))
    assert labels[C1] == LineLabel(6, "", None)


def test_a_row_next_to_5665_promises_four_of_a_kind_not_a_straight():
    labels = line_labels(Board.parse("5665/..../..../...."))
    assert labels[R1] == LineLabel(22, "+20", TagStyle.EARNED)
    assert labels[R2] == LineLabel(0, "(+40)", TagStyle.REACHABLE)
    assert labels[R3] == LineLabel(0, "(+60)", TagStyle.REACHABLE)


def test_ruined_and_complete_lines():
    labels = line_labels(Board.parse("3456/3456/3456/1..X"))
    assert labels[R1] == LineLabel(18, "+60", TagStyle.EARNED)
    assert labels[R4] == LineLabel(1, "—", TagStyle.RUINED)
    assert labels[C1] == LineLabel(10, "", None)  # 3,3,3,1: complete, no bonus
    assert labels[C3] == LineLabel(15, "(+40)", TagStyle.REACHABLE)  # 5,5,5 and a 5 fits
    # With a 2 beside it, R4C3 would touch a 5 and a 2: nothing fits, nothing promised.
    assert line_labels(Board.parse("3456/3456/3456/12.X"))[C3] == LineLabel(15, "", None)
