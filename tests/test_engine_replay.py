"""Replay documents (JSON, no pickle): round trip, verification and clear errors."""

import json
import random

import pytest

from magdagdon.ai import make_policy
from magdagdon.engine import Board, Difficulty, Game, Replay, ReplayError, Roll, parse_action
from magdagdon.engine.actions import ActionParseError, Adjust, Reroll, Stage


def finished_game(seed=3, difficulty=Difficulty.PEACEFUL):
    game = Game(difficulty, seed)
    policy = make_policy("greedy", random.Random(seed))
    while not game.is_over:
        game.play(policy.choose(game))
    return game


def test_round_trip_and_claimed_result():
    game = finished_game()
    document = json.loads(Replay.of(game).to_json())
    assert document["format"] == "magdagdon-replay" and document["version"] == 1
    assert document["result"] == {
        "board": str(game.board), "score": game.score().total, "turns": game.turn,
        "powers_used": game.powers_used,
    }
    assert Replay.from_dict(document).verify().board == game.board


def test_a_false_claim_is_caught():
    document = json.loads(Replay.of(finished_game()).to_json())
    document["result"]["score"] += 1
    with pytest.raises(ReplayError, match="claimed result"):
        Replay.from_dict(document).verify()


def test_an_illegal_action_names_its_number():
    document = {"format": "magdagdon-replay", "version": 1, "seed": 1, "difficulty": "SURVIVAL",
                "actions": ["roll", "stage 0 0", "stage 3 15"]}
    with pytest.raises(ReplayError, match="action 3: illegal 'stage 3 15'"):
        Replay.from_dict(document).play()


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "other"}', "not a MAGDAGDON replay"),
        ('{"format": "magdagdon-replay", "version": 99}', "unsupported replay version"),
        ('{"format": "magdagdon-replay", "version": 1, "seed": -1, "difficulty": "PEACEFUL", "actions": []}', "seed"),
        ('{"format": "magdagdon-replay", "version": 1, "seed": 1, "difficulty": "EASY", "actions": []}', "unknown difficulty"),
        ('{"format": "magdagdon-replay", "version": 1, "seed": 1, "difficulty": "PEACEFUL", "actions": "roll"}', "'actions' must be a list"),
        ('{"format": "magdagdon-replay", "version": 1, "seed": 1, "difficulty": "PEACEFUL", "actions": ["jump 3"]}', "bad action"),
        ('{"format": "magdagdon-replay", "version": 1, "seed": 1, "difficulty": "PEACEFUL", "actions": [], "result": 5}', "'result'"),
    ],
)
def test_malformed_replays_give_clear_errors(text, message):
    with pytest.raises(ReplayError, match=message):
        Replay.from_json(text)


def test_unfinished_game_with_a_claim_is_refused():
    document = {"format": "magdagdon-replay", "version": 1, "seed": 1, "difficulty": "PEACEFUL",
                "actions": ["roll"], "result": {"board": "..../..../..../....", "score": 0, "turns": 1, "powers_used": 0}}
    with pytest.raises(ReplayError, match="not over"):
        Replay.from_dict(document).verify()


def test_set_up_positions_have_no_replay():
    game = Game.set_up_position(Board(), (1, 2, 3, 4))
    with pytest.raises(ReplayError):
        Replay.of(game)


@pytest.mark.parametrize("action", [Roll(), Stage(2, 9), Adjust(1, -1), Adjust(0, 1), Reroll((0, 2, 3))])
def test_action_text_round_trip(action):
    assert parse_action(action.to_text()) == action
    assert repr(action).startswith(type(action).__name__ + "(")


@pytest.mark.parametrize("text", ["", "stage 1", "stage a b", "reroll", "reroll 0 1 2 3 4", "fly"])
def test_bad_action_text(text):
    with pytest.raises(ActionParseError):
        parse_action(text)
