"""The expert's building blocks: line tables, the turn search, its agreement with the engine."""

from __future__ import annotations

import random

import pytest

from magdagdon.ai.line_values import (
    CODE_COUNT,
    LineValues,
    decode,
    encode,
    exact_line_score,
    is_complete,
    load_line_values,
    reverse_code,
)
from magdagdon.ai.placements import reachable_boards
from magdagdon.ai.turn_search import ROLL_OUTCOMES, TurnSearch, roll_value
from magdagdon.engine import Board, Difficulty, find_placement, score_total

BOARDS = [
    "..../..../..../....",
    "..../.34./..../....",
    "3456/3..6/..../....",
    "1212/23X./3456/4.6X",
    "333./4.4./5656/6565",
    "3344/3344/X455/55..",
    "6666/6.66/66.6/666.",
]


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_tables_are_exact_on_complete_lines_and_symmetric(difficulty: Difficulty) -> None:
    values = load_line_values(difficulty)
    for table in (values.outer, values.inner):
        assert len(table) == CODE_COUNT
        for code in range(CODE_COUNT):
            assert table[code] == table[reverse_code(code)]
            if is_complete(code):
                assert table[code] == exact_line_score(code)


def test_line_codes_round_trip() -> None:
    for code in range(CODE_COUNT):
        assert encode(*decode(code)) == code
    assert exact_line_score(encode(3, 4, 5, 6)) == 18 + 60
    assert exact_line_score(encode(3, 7, 5, 6)) == 14  # a ruin: no bonus


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_value_of_a_full_board_is_its_score(difficulty: Difficulty) -> None:
    search = TurnSearch(load_line_values(difficulty))
    for text in ("3456/3456/3456/3456", "6666/6666/6666/6666", "4321/4321/5432/5432", "3344/3344/X455/5566"):
        board = Board.parse(text)
        assert search.value(board.cells) == score_total(board, difficulty, 0)


@pytest.mark.parametrize("text", BOARDS)
def test_end_boards_are_the_reachable_boards(text: str) -> None:
    """Same set of end-of-turn boards as the simple reference walk over Board objects."""
    board = Board.parse(text)
    search = TurnSearch(LineValues.heuristic())
    rng = random.Random(text)
    for _ in range(6):
        dice = tuple(rng.randint(1, 6) for _ in range(4))
        need = min(2, board.empty_count)
        ours = set()
        for value, path in search.end_boards(board.cells, dice, need):
            after = board
            for v, c in path:
                after = after.with_cell(c, v)
            assert value == pytest.approx(search.value(after.cells))
            ours.add(after)
        reference = {b for b, _ in reachable_boards(board, dict(enumerate(dice)), need)}
        assert ours == reference
        assert bool(ours) == (find_placement(board, dice, need) is not None)


@pytest.mark.parametrize("text", BOARDS)
def test_one_walk_gives_the_best_turn_for_every_roll(text: str) -> None:
    board = Board.parse(text)
    search = TurnSearch(LineValues.heuristic())
    table = search.best_by_placed(board.cells, min(4, board.empty_count))
    for need in (1, 2, 3):
        need = min(need, board.empty_count)
        for dice, _ in ROLL_OUTCOMES[4]:
            expected = search.best_value(board.cells, dice, need)
            got = roll_value(table, dice, need)
            assert (got is None) == (expected is None)
            if got is not None:
                assert got == pytest.approx(expected)


def test_roll_outcomes_are_a_distribution() -> None:
    for size in range(5):
        outcomes = ROLL_OUTCOMES[size]
        assert sum(w for _, w in outcomes) == pytest.approx(1.0)
    assert len(ROLL_OUTCOMES[4]) == 126


def test_td_training_moves_only_unfinished_lines_and_keeps_symmetry() -> None:
    from magdagdon.ai.training import train

    before = LineValues.heuristic()
    after = train(2, games=3, alpha=0.01, start=0, values=LineValues.heuristic(), lam=0.5)
    changed = [code for code in range(CODE_COUNT) if after.outer[code] != before.outer[code]]
    assert changed
    assert not any(is_complete(code) for code in changed)
    assert all(after.outer[code] == after.outer[reverse_code(code)] for code in changed)


def test_the_ai_never_imports_pygame() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = "import sys, magdagdon.ai, magdagdon.ai.review, magdagdon.ai.training; print('pygame' in sys.modules)"
    root = str(Path(__file__).resolve().parent.parent)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert result.stdout.strip() == "False"
