"""The baseline that takes the best immediate score each turn and never uses powers."""

from __future__ import annotations

import random

from magdagdon.engine import RUIN, Game, score_total

from .placements import reachable_boards
from .plan_following import PlanFollowingPolicy


class GreedyPolicy(PlanFollowingPolicy):
    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng  # ties are broken by order, so the policy is deterministic anyway

    def plan_turn(self, game: Game) -> list[tuple[int, int]]:
        tray = {die: game.dice[die] for die in game.tray}
        best: int | None = None
        best_path: tuple[tuple[int, int], ...] = ()
        for board, path in reachable_boards(game.board, tray, game.required):
            value = score_total(board, game.difficulty, game.powers_used)
            if best is None or value > best:
                best, best_path = value, path
        return list(best_path)

    def ruin_cell(self, game: Game) -> int:
        return max(
            game.board.empty_cells(),
            key=lambda c: score_total(game.board.with_cell(c, RUIN), game.difficulty, game.powers_used),
        )
