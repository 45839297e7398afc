"""One estimator of E[final score | position, choice]: the coach's valuation.

The review and the replay viewer read their numbers here. The best choice is the one the
expert's search (:class:`~magdagdon.ai.planner.Planner`) makes on the network it plays by,
so it is the choice the hint names and the computer plays; every value is the same search
on the coach's network (:mod:`magdagdon.ai.evaluation`: the expected final score of the
expert's play from the board, learned on the boards people make), and the value of a
position is the value of the expert's choice.

A *position* is the permanent board, the dice as they show (none after ACCEPT) and the
powers used (:class:`~magdagdon.ai.planner.Position`). A *choice* is either ending the turn
on a board (:class:`EndTurn`: the dice placed, or the ruin after ACCEPT) or using a power
(:class:`UsePower`). Values include the penalties of the powers used so far and, for a
power, its own.

How far to trust a value: ``scripts/bench_calibration.py`` measures the estimates against
the mean final score of expert playouts continued from the position on fair dice; the
figures are in docs/AI.md. :func:`loss_margin` turns those measurements into the margin a
review subtracts before it blames a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from magdagdon.engine import EMPTY, RUIN, Board, Difficulty, Game, Phase, score_total
from magdagdon.engine.actions import Adjust, Reroll

from .evaluation import load_evaluation
from .planner import Decision, Planner, Position
from .score_bounds import highest_final_score
from .turn_search import Cells


@dataclass(frozen=True)
class EndTurn:
    """End the turn on ``after``: the position's board with the dice placed, or with a ruin."""

    after: Cells


@dataclass(frozen=True)
class UsePower:
    power: Adjust | Reroll


Choice = EndTurn | UsePower


class Estimator:
    """E[final score | position, choice] for every difficulty (a cache per difficulty).

    The expert decides (``planners``: the search on the network it plays by, so the best
    choice named is the one the hint and the computer play); every value is the coach's
    (``coaches``: the same search on the coach's network). A planner given as both decides
    and values by one network."""

    def __init__(self, planners: dict[Difficulty, Planner] | None = None,
                 coaches: dict[Difficulty, Planner] | None = None) -> None:
        self._planners = planners if planners is not None else {}
        self._coaches = coaches if coaches is not None else {}

    def planner(self, difficulty: Difficulty) -> Planner:
        """The search that decides."""
        planner = self._planners.get(difficulty)
        if planner is None:
            planner = self._planners[difficulty] = Planner(difficulty)
        return planner

    def coach(self, difficulty: Difficulty) -> Planner:
        """The search that values."""
        coach = self._coaches.get(difficulty)
        if coach is None:
            coach = self._coaches[difficulty] = Planner(difficulty, evaluation=load_evaluation(difficulty, coach=True))
        return coach

    # --- positions ---------------------------------------------------------------------
    def best(self, position: Position) -> Decision:
        """The expert's choice for ``position``, with the coach's value of it."""
        decision = self.planner(position.difficulty).decide(position)
        if self.coach(position.difficulty) is self.planner(position.difficulty):
            return decision
        return replace(decision, value=self.value(position, self.decision_choice(position, decision)))

    def position_value(self, position: Position) -> float:
        """E[final score] from ``position`` with the expert's play."""
        return self.best(position).value

    def between_turns(self, difficulty: Difficulty, cells: Cells, powers_used: int) -> float:
        """E[final score] of a board between turns (before the next roll), penalties
        included: what :meth:`value` gives a turn that ends on it placing the dice required."""
        coach = self.coach(difficulty)
        return coach.board_value(cells, powers_used) - difficulty.penalty_for(powers_used)

    # --- choices -------------------------------------------------------------------------
    def value(self, position: Position, choice: Choice) -> float:
        """E[final score | position, choice]; the best choice's value is :meth:`position_value`."""
        coach = self.coach(position.difficulty)
        if isinstance(choice, EndTurn):
            return coach.end_value(position, choice.after)
        for power, value in coach.power_options(position, every=True):
            if power == choice.power:
                return value
        raise ValueError(f"{choice.power} cannot be used in this position")

    def decision_choice(self, position: Position, decision: Decision) -> Choice:
        """The :class:`Choice` a decision stands for."""
        if decision.power is not None:
            return UsePower(decision.power)
        return EndTurn(decision.after(position.cells))

    def loss(self, position: Position, choice: Choice) -> float:
        """Points the choice is expected to lose against the expert's: 0 for the expert's
        own choice, never below 0, and never more than the best play could still make
        from the position: neither its estimated value nor the proven highest final score
        (:func:`~magdagdon.ai.score_bounds.highest_final_score`) above the lowest final
        score the choice can reach."""
        best = self.best(position)
        if self.decision_choice(position, best) == choice:
            return 0.0
        raw = best.value - self.value(position, choice)
        highest = highest_final_score(position.difficulty, position.cells, position.powers_used)
        floor = lowest_final_score(position, choice)
        return min(max(0.0, raw), max(0.0, min(best.value, highest) - floor))


def lowest_final_score(position: Position, choice: Choice) -> float:
    """A proven floor on the final score after ``choice``: every empty cell still to come
    a ruin and every power left used (RULES.md §8: numbers only ever add)."""
    difficulty = position.difficulty
    cells = choice.after if isinstance(choice, EndTurn) else position.cells
    worst = tuple(RUIN if x == EMPTY else x for x in cells)
    return float(score_total(Board(worst), difficulty, difficulty.power_count))


def position_of(game: Game) -> Position:
    """The estimator's position for a game after a roll (or after ACCEPT)."""
    if game.phase not in (Phase.STAGING, Phase.MAGDAGDON, Phase.RUIN_PICK):
        raise ValueError(f"no decision in phase {game.phase.value}")
    return Position.of(game)


# The estimator's error on a turn's loss, by difficulty, for turns with many / few empty
# cells left (>= 8 / < 8): about the mean absolute error that scripts/bench_calibration.py
# measures for estimated losses against the playouts' difference (docs/AI.md). A review
# takes it off: a loss within the estimator's error is not blamed.
LOSS_MARGIN = {
    Difficulty.PEACEFUL: (27.0, 21.0),
    Difficulty.SURVIVAL: (21.0, 15.0),
    Difficulty.NIGHTMARE: (13.0, 9.0),
}


def loss_margin(difficulty: Difficulty, empties: int) -> float:
    early, late = LOSS_MARGIN[difficulty]
    return early if empties >= 8 else late


__all__ = ["Choice", "EndTurn", "Estimator", "UsePower", "loss_margin", "lowest_final_score", "position_of"]
