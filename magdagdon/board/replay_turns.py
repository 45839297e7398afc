"""A recorded game turn by turn, for the board page's replay viewer: what each turn rolled,
what it made of the board, and the score so far — all worked out by the engine (in a
verifier's process), so the page needs no rules of its own."""

from __future__ import annotations

from typing import Any

from ..engine.actions import Adjust, Confirm, PlaceRuin, Reroll, Roll
from ..engine.game import Game
from ..engine.replay import Replay


def replay_turns(replay_json: str) -> dict[str, Any]:
    replay = Replay.from_json(replay_json)
    game = Game(replay.difficulty, replay.seed)
    turns: list[dict[str, Any]] = []
    rolled: list[int] = []
    powers: list[str] = []
    for action in replay.actions:
        game.play(action)
        if isinstance(action, Roll):
            rolled, powers = list(game.dice), []
        elif isinstance(action, (Adjust, Reroll)):
            powers.append(action.to_text())
        elif isinstance(action, (Confirm, PlaceRuin)):
            turns.append({"turn": len(turns) + 1, "rolled": rolled, "powers": powers,
                          "ruin": isinstance(action, PlaceRuin), "board": str(game.board).split("/"),
                          "score": game.score().total})
    score = game.score()
    return {"seed": replay.seed, "difficulty": replay.difficulty.name, "turns": turns,
            "final": {"score": score.total, "base": score.base, "bonus": score.bonus,
                      "ruin_penalty": score.ruin_penalty, "power_penalty": score.power_penalty}}
