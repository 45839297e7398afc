"""The baseline that plays any legal turn: random dice, random cells, no powers."""

from __future__ import annotations

import random

from magdagdon.engine import Game

from .placements import random_placement
from .plan_following import PlanFollowingPolicy


class RandomPolicy(PlanFollowingPolicy):
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def plan_turn(self, game: Game) -> list[tuple[int, int]]:
        tray = {die: game.dice[die] for die in game.tray}
        return random_placement(game.board, tray, game.required, self.rng) or []

    def ruin_cell(self, game: Game) -> int:
        return self.rng.choice(game.board.empty_cells())
