"""The beginner: the party's computer as a first-time guest plays (docs/AI.md, *The
computer's strengths*).

A newcomer knows where a die may go (RULES.md §4) but not yet how points are made: most
turns they place the dice the turn requires wherever they fit and confirm, as the random
baseline does; now and then (``SPOTS_BEST_TURN`` of the rolls) they see the turn that scores
most on the spot and take it, as the greedy baseline does. They accept every MAGDAGDON (the
powers are not part of their game yet) and ruin any empty cell. Every choice is drawn from
the RNG handed in, so a seed replays the same game.
"""

from __future__ import annotations

import random

from magdagdon.engine import Game

from .greedy_policy import GreedyPolicy
from .plan_following import PlanFollowingPolicy
from .random_policy import RandomPolicy

SPOTS_BEST_TURN = 0.1  # the share of rolls on which the beginner takes the best-scoring turn


class BeginnerPolicy(PlanFollowingPolicy):
    name = "beginner"

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self._any_turn = RandomPolicy(rng)
        self._best_turn = GreedyPolicy(rng)

    def plan_turn(self, game: Game) -> list[tuple[int, int]]:
        spots_best = self.rng.random() < SPOTS_BEST_TURN
        return (self._best_turn if spots_best else self._any_turn).plan_turn(game)

    def ruin_cell(self, game: Game) -> int:
        return self.rng.choice(game.board.empty_cells())
