"""The expert's building blocks: the n-tuple network, the turn search, its agreement with the engine."""

from __future__ import annotations

import random

import pytest

from magdagdon.ai.evaluation import (
    BASES,
    CODE_COUNT,
    PLACEMENTS,
    EvaluationError,
    digits,
    encode,
    is_complete,
    load_evaluation,
    parse_network,
)
from magdagdon.ai.placements import reachable_boards
from magdagdon.ai.turn_search import ROLL_OUTCOMES, TurnSearch, roll_value
from magdagdon.engine import Board, Difficulty, find_placement, score_total
from magdagdon.engine.scoring import line_bonus

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
def test_complete_lines_are_exact_and_complete_squares_worth_nothing(difficulty: Difficulty) -> None:
    evaluation = load_evaluation(difficulty)
    for p, table in enumerate(evaluation.tables):
        assert len(table) == CODE_COUNT
        for code in range(CODE_COUNT):
            if is_complete(code):
                values = digits(code)
                exact = sum(v for v in values if v != 7) + line_bonus(values).points if p < 8 else 0
                assert table[code] == exact, (p, values)


def _mirror(cells: tuple[int, ...], g: int) -> tuple[int, ...]:
    out = [0] * 16
    for cell in range(16):
        r, c = divmod(cell, 4)
        if g & 1:
            c = 3 - c
        if g & 2:
            r = 3 - r
        if g & 4:
            r, c = c, r
        out[4 * r + c] = cells[cell]
    return tuple(out)


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_mirrored_boards_are_valued_alike(difficulty: Difficulty) -> None:
    evaluation = load_evaluation(difficulty)
    for text in BOARDS:
        cells = Board.parse(text).cells
        values = {round(evaluation.value(_mirror(cells, g), 0), 6) for g in range(8)}
        assert len(values) == 1, (text, values)


def test_a_bad_network_file_is_refused_in_one_line() -> None:
    good = load_evaluation(Difficulty.SURVIVAL)
    assert good.offset and len(good.tables) == len(PLACEMENTS) == 17
    for text in ("", "[]", '{"format": "magdagdon-ntuple", "version": 1}', '{"format": "x", "version": 1}',
                 '{"format": "magdagdon-ntuple", "version": 1, "bases": {}, "offset": []}'):
        with pytest.raises(EvaluationError):
            parse_network(Difficulty.SURVIVAL, text)
    bases = {name: [0.0] * CODE_COUNT for name, _ in BASES}
    import json

    ok = {"format": "magdagdon-ntuple", "version": 1, "bases": bases, "offset": [[0.0] * 17] * 2}
    assert parse_network(Difficulty.SURVIVAL, json.dumps(ok)).value(Board.parse("3456/3456/3456/3456").cells, 0) == 0.0
    with pytest.raises(EvaluationError, match="offset"):
        parse_network(Difficulty.PEACEFUL, json.dumps(ok))  # PEACEFUL has 3 powers: 4 rows


def test_codes_round_trip() -> None:
    for code in range(CODE_COUNT):
        assert encode(*digits(code)) == code


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_value_of_a_full_board_is_its_score(difficulty: Difficulty) -> None:
    search = TurnSearch(load_evaluation(difficulty))
    for text in ("3456/3456/3456/3456", "6666/6666/6666/6666", "4321/4321/5432/5432", "3344/3344/X455/5566"):
        board = Board.parse(text)
        for used in range(difficulty.power_count + 1):
            assert search.value(board.cells, used) == score_total(board, difficulty, 0)


@pytest.mark.parametrize("text", BOARDS)
def test_end_boards_are_the_reachable_boards(text: str) -> None:
    """Same set of end-of-turn boards as the simple reference walk over Board objects."""
    board = Board.parse(text)
    search = TurnSearch(load_evaluation(Difficulty.PEACEFUL))
    rng = random.Random(text)
    for _ in range(6):
        dice = tuple(rng.randint(1, 6) for _ in range(4))
        need = min(2, board.empty_count)
        used = rng.randint(0, 3)
        ours = set()
        for value, path in search.end_boards(board.cells, used, dice, need):
            after = board
            for v, c in path:
                after = after.with_cell(c, v)
            # the walk's running value is the network's value of the board it reached
            assert value == pytest.approx(search.value(after.cells, used), abs=1e-9)
            ours.add(after)
        reference = {b for b, _ in reachable_boards(board, dict(enumerate(dice)), need)}
        assert ours == reference
        assert bool(ours) == (find_placement(board, dice, need) is not None)


@pytest.mark.parametrize("text", BOARDS)
def test_one_walk_gives_the_best_turn_for_every_roll(text: str) -> None:
    board = Board.parse(text)
    search = TurnSearch(load_evaluation(Difficulty.PEACEFUL))
    table = search.best_by_placed(board.cells, 1, min(4, board.empty_count))
    for need in (1, 2, 3):
        need = min(need, board.empty_count)
        for dice, _ in ROLL_OUTCOMES[4]:
            expected = search.best_value(board.cells, 1, dice, need)
            got = roll_value(table, dice, need)
            assert (got is None) == (expected is None)
            if got is not None:
                assert got == pytest.approx(expected)


def test_roll_outcomes_are_a_distribution() -> None:
    for size in range(5):
        outcomes = ROLL_OUTCOMES[size]
        assert sum(w for _, w in outcomes) == pytest.approx(1.0)
    assert len(ROLL_OUTCOMES[4]) == 126


def test_the_ai_never_imports_pygame() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, magdagdon.ai, magdagdon.ai.review, magdagdon.ai.estimate, magdagdon.ai.rescue; "
            "print('pygame' in sys.modules)")
    root = str(Path(__file__).resolve().parent.parent)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert result.stdout.strip() == "False"
