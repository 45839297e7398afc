"""One estimator of E[final score | position, choice]: the expert's own play, played on.

The review and the replay viewer read their numbers here. The best choice is the one the
expert's search (:class:`~magdagdon.ai.planner.Planner`) makes, so it is the choice the hint
names and the computer plays; every value, that choice's included, is the mean final score of
games the same expert plays on from the position after the choice, on seeded fair dice
(:mod:`magdagdon.ai.playouts`: the luck of each roll taken off by a control variate, the same
dice for every choice of one position). Its network only decides and steadies the playouts;
no value rests on what the network makes of a board it never learned, so the estimates hold
on the boards people make as on the expert's own.

A *position* is the permanent board, the dice as they show (none after ACCEPT) and the
powers used (:class:`~magdagdon.ai.planner.Position`). A *choice* is either ending the turn
on a board (:class:`EndTurn`: the dice placed, or the ruin after ACCEPT) or using a power
(:class:`UsePower`). Values include the penalties of the powers used so far and, for a
power, its own.

How far to trust a value: ``scripts/bench_calibration.py`` measures the estimates against
the mean final score of 100 expert playouts continued from the position on other fair dice;
the figures are in docs/AI.md. :func:`loss_margin` turns those measurements into the margin
a review subtracts before it blames a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from magdagdon.engine import EMPTY, RUIN, Board, Difficulty, Game, Phase, score_total
from magdagdon.engine.actions import Adjust, Reroll

from .planner import Decision, Planner, Position
from .playouts import Estimate, Playouts, position_key
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

    The expert (``planners``: its search on the network it plays by) decides, so the best
    choice named is the one the hint and the computer play, and it values: every value is
    the mean final score of ``playouts`` games it plays on from the position after the
    choice (:class:`~magdagdon.ai.playouts.Playouts`), on dice seeded by ``seed`` and the
    position, the same dice for every choice of one position."""

    def __init__(self, planners: dict[Difficulty, Planner] | None = None, playouts: int | None = None,
                 seed: int = 0) -> None:
        self._planners = planners if planners is not None else {}
        self._count = playouts
        self.seed = seed
        self._playouts: dict[Difficulty, Playouts] = {}
        self._estimates: dict[tuple[Position, Choice], Estimate] = {}

    def planner(self, difficulty: Difficulty) -> Planner:
        """The search that decides."""
        planner = self._planners.get(difficulty)
        if planner is None:
            planner = self._planners[difficulty] = Planner(difficulty)
        return planner

    def playouts(self, difficulty: Difficulty) -> Playouts:
        """The playouts that value."""
        playouts = self._playouts.get(difficulty)
        if playouts is None:
            planner = self.planner(difficulty)
            count = self._count if self._count is not None else PLAYOUTS[difficulty]
            playouts = self._playouts[difficulty] = Playouts(planner, planner, count, self.seed,
                                                             CONTROL_WEIGHT[difficulty])
        return playouts

    # --- positions ---------------------------------------------------------------------
    def best(self, position: Position) -> Decision:
        """The expert's choice for ``position``, valued by its playouts."""
        decision = self.planner(position.difficulty).decide(position)
        return replace(decision, value=self.value(position, self.decision_choice(position, decision)))

    def position_value(self, position: Position) -> float:
        """E[final score] from ``position`` with the expert's play."""
        return self.best(position).value

    def between_turns(self, difficulty: Difficulty, cells: Cells, powers_used: int) -> float:
        """E[final score] of a board between turns (before the next roll), penalties included."""
        key = position_key(difficulty, cells, (), powers_used)
        return self.playouts(difficulty).after_turn(cells, powers_used, key).mean

    # --- choices -------------------------------------------------------------------------
    def value(self, position: Position, choice: Choice) -> float:
        """E[final score | position, choice]; the best choice's value is :meth:`position_value`."""
        return self.estimate(position, choice).mean

    def estimate(self, position: Position, choice: Choice) -> Estimate:
        """:meth:`value` with its playouts, one sample each (the same dice for every choice)."""
        known = self._estimates.get((position, choice))
        if known is not None:
            return known
        playouts = self.playouts(position.difficulty)
        key = position_key(position.difficulty, position.cells, position.dice, position.powers_used)
        if isinstance(choice, EndTurn):
            estimate = playouts.after_turn(choice.after, position.powers_used, key)
        else:
            if not _usable(position, choice.power):
                raise ValueError(f"{choice.power} cannot be used in this position")
            estimate = playouts.after_power(position, choice.power, key)
        if len(self._estimates) > 1024:
            self._estimates.clear()
        self._estimates[(position, choice)] = estimate
        return estimate

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
        decision = self.planner(position.difficulty).decide(position)
        expert = self.decision_choice(position, decision)
        if expert == choice:
            return 0.0
        best = self.value(position, expert)
        raw = best - self.value(position, choice)
        highest = highest_final_score(position.difficulty, position.cells, position.powers_used)
        floor = lowest_final_score(position, choice)
        return min(max(0.0, raw), max(0.0, min(best, highest) - floor))


def _usable(position: Position, power: Adjust | Reroll) -> bool:
    """RULES.md §6: a power left, dice in play, and a change that keeps a die from 1 to 6."""
    dice = position.dice
    if position.powers_used >= position.difficulty.power_count or not dice:
        return False
    if isinstance(power, Adjust):
        return 0 <= power.die < len(dice) and 1 <= dice[power.die] + power.delta <= 6
    return bool(power.dice) and len(set(power.dice)) == len(power.dice) and all(0 <= d < len(dice) for d in power.dice)


# How many playouts value a choice, and how much of each roll's luck they take off (the
# control variate's weight): measured by scripts/measure_playouts.py (docs/AI.md).
PLAYOUTS = {Difficulty.PEACEFUL: 16, Difficulty.SURVIVAL: 16, Difficulty.NIGHTMARE: 24}
CONTROL_WEIGHT = {Difficulty.PEACEFUL: 0.75, Difficulty.SURVIVAL: 0.85, Difficulty.NIGHTMARE: 0.93}


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
# measures for estimated losses against the playouts' difference (docs/AI.md; rounded up
# where it fell between two points). A review takes it off: a loss within the estimator's
# error is not blamed.
LOSS_MARGIN = {
    Difficulty.PEACEFUL: (11.0, 5.0),
    Difficulty.SURVIVAL: (10.0, 3.0),
    Difficulty.NIGHTMARE: (7.0, 3.0),
}


def loss_margin(difficulty: Difficulty, empties: int) -> float:
    early, late = LOSS_MARGIN[difficulty]
    return early if empties >= 8 else late


__all__ = ["Choice", "EndTurn", "Estimator", "UsePower", "loss_margin", "lowest_final_score", "position_of"]
