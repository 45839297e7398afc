"""The coach as a player: the expert's way of turning a decision into actions, with each
decision the coach's (:mod:`magdagdon.ai.coach`). The hint, the review's suggestions and the
expert's line in the replay viewer play by it; the computer player and the demo keep the
search's fast decisions (:class:`~magdagdon.ai.expert_policy.ExpertPolicy`)."""

from __future__ import annotations

from magdagdon.engine import Difficulty, Game

from .coach import Coach
from .expert_policy import ExpertPolicy
from .planner import Decision, Planner, Position


class CoachPolicy(ExpertPolicy):
    name = "coach"

    def __init__(self, coach: Coach | None = None) -> None:
        super().__init__()
        self.coach = coach if coach is not None else Coach()

    def planner(self, difficulty: Difficulty) -> Planner:
        return self.coach.estimator.planner(difficulty)

    def decide(self, game: Game) -> Decision:
        return self.coach.decide(Position.of(game))


__all__ = ["CoachPolicy"]
