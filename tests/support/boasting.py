"""An estimator that is absurdly wrong in one known way, for the tests that show the review
holds any estimator to what was possible."""

from __future__ import annotations

from magdagdon.ai import Estimator
from magdagdon.ai.estimate import Choice
from magdagdon.ai.planner import Position
from magdagdon.ai.playouts import Estimate


class Boasting(Estimator):
    """Values the expert's choices 1000 points too high."""

    def estimate(self, position: Position, choice: Choice) -> Estimate:
        estimate = super().estimate(position, choice)
        if choice != self.decision_choice(position, self.planner(position.difficulty).decide(position)):
            return estimate
        return Estimate(tuple(sample + 1000 for sample in estimate.samples))
