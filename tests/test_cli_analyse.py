"""``magdagdon analyse``, run in-process through the CLI entry point: a position's value and
its ranked choices (placements with their cells, powers, ACCEPT and the ruin) with their
standard errors and the hint marked, as text and as the documented JSON; a recorded game's
review table that adds up; one line and exit status 2 for a position that cannot be."""

from __future__ import annotations

import json
import random

import pytest

from magdagdon.ai import make_policy
from magdagdon.cli import main
from magdagdon.engine import Board, Difficulty, Game, Replay, parse_action


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["analyse", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.shipped_playouts  # the coach as players get it (a late position: a second or two)
def test_a_late_position_lists_every_choice_exactly_with_the_hint_among_them(capsys):
    """The issue's first position: a power used, 4 5 1 6 on four empty cells. Placing the 4
    and the 5 is worth more than any re-roll, exactly; the hint names it."""
    board = "6666/555./44../333."
    found = _json(capsys, "--difficulty", "peaceful", "--board", board, "--dice", "4516", "--powers-used", "1")
    assert set(found) == {"value", "hint", "candidates"}
    candidates = found["candidates"]
    assert isinstance(candidates, list) and found["hint"] in candidates
    assert all(set(c) == {"actions", "board_after", "powers", "value", "se"} for c in candidates)
    values = [c["value"] for c in candidates]
    assert values == sorted(values, reverse=True)
    hint = found["hint"]
    assert hint["board_after"] == "6666/5555/444./333." and hint["powers"] == [] and hint["se"] == 0.0
    assert found["value"] == hint["value"] == candidates[0]["value"]
    rerolls = [c for c in candidates if c["powers"] and c["powers"][-1].startswith("reroll")]
    assert rerolls and all(c["board_after"] is None and c["actions"][-1] == c["powers"][-1] for c in rerolls)
    assert all(c["value"] < hint["value"] for c in rerolls)
    adjusted = [c for c in candidates if c["powers"] and c["powers"][0].startswith(("minus", "plus"))]
    assert adjusted and all(c["board_after"] for c in adjusted)  # a -1/+1 and the board it leads to
    # every candidate's actions are legal from the roll and end the turn where it says
    for candidate in candidates:
        game = Game.set_up_position(Board.parse(board), (4, 5, 1, 6), Difficulty.PEACEFUL, powers_used=1)
        for text in candidate["actions"]:
            game.play(parse_action(text))
        if candidate["board_after"] is not None:
            assert str(game.board) == candidate["board_after"]


def test_a_magdagdon_roll_offers_accept_and_the_ruin(capsys):
    found = _json(capsys, "--difficulty", "nightmare", "--board", "3456/3456/3456/3...", "--dice", "1111")
    ruins = [c for c in found["candidates"] if c["actions"][:1] == ["accept"]]
    assert ruins and all(c["actions"][1].startswith("ruin ") and "X" in c["board_after"] for c in ruins)
    assert found["hint"] in ruins  # NIGHTMARE has no power: a ruin it is


def test_the_text_marks_the_hint_and_says_what_the_margin_is(capsys):
    assert main(["analyse", "--difficulty", "survival", "--board", "3456/3456/34../....", "--dice", "5612",
                 "--playouts", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("<- hint") == 1 and "value " in out.splitlines()[1]
    assert "3 playouts a choice" in out and "± is one standard error" in out


@pytest.mark.parametrize("argv, named", [
    (["--difficulty", "peaceful", "--board", "1.6./..../..../....", "--dice", "4516"], "breaks the rules"),
    (["--difficulty", "peaceful", "--board", "16../..../..../....", "--dice", "4516"], "touch"),
    (["--difficulty", "peaceful", "--board", "6666/555./44../333", "--dice", "4516"], "--board"),
    (["--difficulty", "peaceful", "--board", "3456/3456/3456/3456", "--dice", "4516"], "full"),
    (["--difficulty", "peaceful", "--board", "34../..../..../....", "--dice", "4517"], "--dice"),
    (["--difficulty", "peaceful", "--board", "34../..../..../....", "--dice", "451"], "--dice"),
    (["--difficulty", "survival", "--board", "34../..../..../....", "--dice", "4516", "--powers-used", "2"],
     "--powers-used: SURVIVAL has 1 Majda Power (rule book §2): powers used must be from 0 to 1, not '2'"),
    (["--difficulty", "nightmare", "--board", "34../..../..../....", "--dice", "4516", "--powers-used", "1"],
     "--powers-used: NIGHTMARE has no Majda Powers (rule book §2): powers used must be 0, not '1'"),
    (["--difficulty", "easy", "--board", "34../..../..../....", "--dice", "4516"], "--difficulty"),
    (["--board", "34../..../..../....", "--dice", "4516"], "--difficulty"),
    (["--difficulty", "peaceful", "--board", "34../..../..../....", "--dice", "4516", "--playouts", "0"],
     "--playouts"),
])
def test_a_position_that_cannot_be_is_one_line_and_status_2(argv, named, capsys):
    try:
        status = main(["analyse", *argv])
    except SystemExit as leaving:  # argparse's own checks leave this way
        status = leaving.code
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and named in captured.err


def test_a_recorded_game_s_review_adds_up(capsys, tmp_path):
    game = Game(Difficulty.NIGHTMARE, 8)
    player = make_policy("greedy", random.Random(8))
    while not game.is_over:
        game.play(player.choose(game))
    path = tmp_path / "game.json"
    path.write_text(Replay.of(game).to_json())
    review = _json(capsys, "--replay", str(path))
    assert [t["turn"] for t in review["turns"]] == list(range(1, game.turn + 1))
    total = review["expected"] + sum(t["luck"] + t["choices"] for t in review["turns"])
    assert total == review["final"] == game.score().total
    assert main(["analyse", "--replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert f"= {game.score().total} (final score)" in text and "the coach's move" in text
    path.write_text("{")
    assert main(["analyse", "--replay", str(path)]) == 1
    assert "invalid replay" in capsys.readouterr().err
