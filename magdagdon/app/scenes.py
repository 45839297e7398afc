"""``--scene NAME`` (hidden option): open straight on one screen, for screenshots and tests.

Positions are reached by playing the engine with the greedy baseline, so every scene is a
real game position.
"""

from __future__ import annotations

import random
from typing import Callable

from magdagdon.ai import Policy, make_policy
from magdagdon.engine import Accept, Difficulty, Game, Phase, Roll, Stage

GAME_SCENES = ("rolling", "staging", "magdagdon", "ruin_pick", "game_over")
MENU_SCENES = ("title", "settings", "rules", "high_scores", "about", "confirm")
# The game-over scene shows the result as recorded under the default name; this one shows
# the same finished game asking for the player's name first.
NAME_SCENE = "name_entry"
SCENES = GAME_SCENES + MENU_SCENES + (NAME_SCENE,)


def _greedy(seed: int) -> Policy:
    return make_policy("greedy", random.Random(seed))


def play_until(difficulty: Difficulty, seed: int, stop: Callable[[Game], bool]) -> Game | None:
    game = Game(difficulty, seed)
    policy = _greedy(seed)
    for _ in range(500):
        if stop(game):
            return game
        if game.is_over:
            return None
        game.play(policy.choose(game))
    return None


def scene_game(scene: str, difficulty: Difficulty, seed: int) -> Game:
    """A game positioned for ``scene``."""
    for attempt in range(seed, seed + 400):
        if scene in ("magdagdon", "ruin_pick"):
            game = play_until(difficulty, attempt, lambda g: g.phase is Phase.MAGDAGDON and g.turn > 2)
            if game is not None and scene == "ruin_pick":
                game.play(Accept())
        elif scene == "game_over":
            game = play_until(difficulty, attempt, lambda g: g.is_over)
        elif scene == "staging":
            game = play_until(difficulty, attempt, lambda g: g.phase is Phase.STAGING and g.turn >= 3 and not g.staged)
            if game is not None:
                die = next((d for d in game.tray if game.legal_cells_for(d)), None)
                if die is None:
                    continue
                game.play(Stage(die, min(game.legal_cells_for(die))))
        else:
            game = play_until(difficulty, attempt, lambda g: g.phase is Phase.ROLL and g.turn >= 2)
        if game is not None:
            return game
    game = Game(difficulty, seed)
    game.play(Roll())
    return game
