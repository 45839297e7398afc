"""The coach: decisions made by the values the review shows.

The expert's search (:mod:`magdagdon.ai.planner`) decides in milliseconds by its network,
which is right on the boards the expert makes and less so elsewhere; the estimator's playouts
(:mod:`magdagdon.ai.estimate`) are what the review promises. The coach decides by the
playouts wherever the search could be wrong: when the search's best choices are close, or
a power is in play, the strongest candidates (:mod:`magdagdon.ai.candidates`: placements,
each ±1 with the boards after it, each re-roll, the cells to ruin) race on common dice, the
control variate steadying each, and the clearly weaker drop out round by round; the best
mean at the last round wins. A ±1 is valued as a placement is, by the board the turn ends
on after it; a re-roll by the rest of the turn played on the dice it throws. Where the turn
must fill the board, every candidate's value is exact (:mod:`magdagdon.ai.endgame`) and the
best is the best.

The hint, the review's best move and the expert's line in the replay viewer all ask
:meth:`Coach.analyse`; the computer player and the demo keep the fast search. Everything
is a function of the position and the estimator's seed: the same position gets the same
advice on every machine, and the budget is counted in playouts, not seconds (docs/AI.md
gives what it costs).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from magdagdon.engine.actions import Adjust, Reroll

from .candidates import LATE, WIDE, Breadth, Candidate, adjusted, candidates_of, expert_candidate, same_choice
from .estimate import EndTurn, Estimator, UsePower
from .planner import Decision, Position
from .playouts import Estimate


@dataclass(frozen=True)
class Budget:
    """How hard the coach looks at a position of one stage, in playouts per candidate as
    shares of the estimator's count for a value (16 / 16 / 24: docs/AI.md)."""

    screen: tuple[tuple[float, int], ...]  # quick rounds: (playouts, candidates kept after it)
    rounds: tuple[float, ...]  # full rounds: playouts a finalist has after each (the survivors go on)
    breadth: Breadth = WIDE  # the candidates weighed
    field: int | None = None  # at most this many of them by the search's reckoning (None: all)

    def screen_rounds(self, base: int) -> tuple[tuple[int, int], ...]:
        return tuple((max(1, round(share * base)), kept) for share, kept in self.screen)

    def round_counts(self, base: int) -> tuple[int, ...]:
        return tuple(max(1, round(share * base)) for share in self.rounds)


# By the empty cells of the position. A playout plays the whole game out, so one from an open
# board costs tens of times one from a late board; and there two candidates' playouts hardly
# go together even on common dice (their difference spreads 55-80 points), so telling 10
# points apart takes a hundred playouts or more a candidate. The quick playouts (the search
# without its look-ahead, no control variate) cost a quarter to a sixth of the estimator's
# there and tell candidates apart about twice as well per second, so on an open board they
# decide alone: the field is halved and halved again, each round keeping the search's choice
# and those still within two standard errors of the leader, and the best mean of the last
# round wins (OPEN: 4, 12, 32 and 64 playouts a candidate at 16 a value). From 9 empty cells
# the finalists race on the estimator's own playouts, and late every board goes in. On the
# first turn the search's choice stands: any roll starts the board about as well, and its
# choices differ by less than a hint's budget can tell.
OPEN = ((0.25, 6), (0.75, 3), (2.0, 2), (4.0, 1))
FEW = Budget(screen=(), rounds=(), field=1)  # the search's choice
BUDGETS = (
    (16, FEW),
    (13, Budget(screen=OPEN, rounds=(), field=16)),
    (10, Budget(screen=OPEN, rounds=())),
    (7, Budget(screen=((0.125, 12), (0.25, 5)), rounds=(0.5, 1.0, 2.0), breadth=LATE)),
    (0, Budget(screen=((0.125, 16),), rounds=(0.5, 1.0, 2.0, 4.0), breadth=LATE)),
)
# With fewer playouts a value than this, no race can tell candidates apart: the search's
# choice stands (the tests' reviews, which value by 2; the race is tested at the shipped counts).
SCREENED_FROM = 8
SURVIVE_Z = 2.0  # a candidate stays while the leader is not this many standard errors ahead


def budget_for(empties: int, base: int = SCREENED_FROM) -> Budget:
    if base < SCREENED_FROM:
        return FEW
    return next(budget for least, budget in BUDGETS if empties >= least)


@dataclass(frozen=True)
class Valued:
    """A candidate and its value (one sample per playout, or the exact value)."""

    candidate: Candidate
    estimate: Estimate

    @property
    def value(self) -> float:
        return self.estimate.mean

    @property
    def stderr(self) -> float:
        return self.estimate.stderr

    @property
    def playouts(self) -> int:
        return len(self.estimate.samples)


@dataclass(frozen=True)
class Analysis:
    """A position's candidates as the coach weighed them, best first."""

    position: Position
    ranked: tuple[Valued, ...]
    raced: bool  # playouts decided between candidates (else the search's choice stood alone)
    exact: bool = False  # every value is exact (the turn fills the board)

    @property
    def best(self) -> Valued:
        return self.ranked[0]

    @property
    def value(self) -> float:
        """E[final score] from the position with the coach's play."""
        return self.best.value

    def decision(self) -> Decision:
        """The first step of the best candidate, as the expert's search would name it."""
        return self.best.candidate.decision(self.position, self.best.value)

    def find(self, candidate: Candidate) -> Valued | None:
        key = same_choice(self.position, candidate)
        return next((v for v in self.ranked if same_choice(self.position, v.candidate) == key), None)


class Coach:
    """Decides by playouts where the search's choice is in doubt (cached by position)."""

    def __init__(self, estimator: Estimator | None = None) -> None:
        self.estimator = estimator if estimator is not None else Estimator()
        self._chosen: dict[Position, tuple[Candidate, dict[Candidate, Estimate], bool]] = {}
        self._analyses: dict[Position, Analysis] = {}

    def choose(self, position: Position) -> Candidate:
        """The coach's choice: what the hint names and the coach plays."""
        return self._choice(position)[0]

    def decide(self, position: Position) -> Decision:
        """The first step of :meth:`choose`, as the expert's search would name it."""
        return self.choose(position).decision(position, 0.0)

    def analyse(self, position: Position) -> Analysis:
        """The coach's choice valued by the estimator, first, then the candidates that raced
        it with their values (those a screening left behind are not valued)."""
        known = self._analyses.get(position)
        if known is None:
            best, raced, exact = self._choice(position)
            base = self.estimator.count(position.difficulty)
            valued = {c: Valued(c, e) for c, e in raced.items()}
            if best not in valued or valued[best].playouts < base:  # as precise as any other value
                valued[best] = Valued(best, self.value_of(position, best, base))
            others = _ranked([v for c, v in valued.items() if c != best])
            known = Analysis(position, (valued[best],) + others, raced=len(valued) > 1, exact=exact)
            if len(self._analyses) > 512:
                self._analyses.clear()
            self._analyses[position] = known
        return known

    def value_of(self, position: Position, candidate: Candidate, count: int | None = None) -> Estimate:
        """A candidate's value from ``position`` (its first ``count`` playouts)."""
        after = candidate.after(position.cells)
        start = _start(position, candidate)
        if after is not None:
            return self.estimator.estimate(start, EndTurn(after), count)
        reroll = candidate.powers[-1]
        assert isinstance(reroll, Reroll)
        return self.estimator.estimate(start, UsePower(reroll), count)

    def weigh(self, position: Position, candidates: list[Candidate], count: int) -> Analysis:
        """Every candidate valued by ``count`` playouts (the analysis command), best first."""
        valued = [Valued(c, self.value_of(position, c, count)) for c in candidates]
        return Analysis(position, _ranked(valued), raced=len(valued) > 1)

    # --- choosing ------------------------------------------------------------------------
    def _choice(self, position: Position) -> tuple[Candidate, dict[Candidate, Estimate], bool]:
        known = self._chosen.get(position)
        if known is None:
            known = self._chosen_now(position)
            if len(self._chosen) > 512:
                self._chosen.clear()
            self._chosen[position] = known
            chosen, _, exact = known
            if chosen.powers and isinstance(chosen.powers[0], Adjust):
                # the plan goes on after its ±1: the position it leads to gets the rest of it
                # (the same board, valued on the same dice), not a second race
                self._chosen.setdefault(adjusted(position, chosen.powers[0]), (chosen.rest(), {}, exact))
        return known

    def _chosen_now(self, position: Position) -> tuple[Candidate, dict[Candidate, Estimate], bool]:
        """(the choice, the full estimates the race made, whether every value is exact)."""
        estimator = self.estimator
        difficulty = position.difficulty
        planner = estimator.planner(difficulty)
        base = estimator.count(difficulty)
        if estimator.endgame(difficulty).turn_is_last(position.cells):
            exact = {c: self.value_of(position, c, base) for c in candidates_of(planner, position, wide=True)}
            return max(exact, key=lambda c: exact[c].mean), exact, True
        expert = expert_candidate(planner, position)
        budget = budget_for(position.empties, base)
        if budget.field == 1:
            return expert, {}, False
        candidates = candidates_of(planner, position, breadth=budget.breadth)
        magdagdon = not any(not c.powers and c.ruin is None for c in candidates)
        field = [expert] + [c for c in candidates if _worth_screening(position, c, magdagdon)
                            and same_choice(position, c) != same_choice(position, expert)]
        if budget.field is not None:
            field = field[: budget.field]  # candidates_of ranks by the search's reckoning
        field = self._screened(position, field, budget, base)
        if not budget.rounds:
            return field[0], {}, False
        return self._raced(position, field, budget.round_counts(base))

    def _screened(self, position: Position, field: list[Candidate], budget: Budget, base: int) -> list[Candidate]:
        """The field cut round by round on quick playouts: a round keeps the search's choice
        (``field[0]``: the quick player has blind spots the search has not) and, best first,
        the candidates the leader is not SURVIVE_Z standard errors ahead of, at most so many
        in all; a last round keeping one decides alone, by the best mean."""
        expert = field[0]
        for count, kept in budget.screen_rounds(base):
            if len(field) <= kept and kept > 1:
                continue
            quick = {c: self._quick(position, c, count) for c in field}
            ranked = sorted(field, key=lambda c: -quick[c].mean)
            leader = ranked[0]
            if kept == 1:
                return [leader]
            close = [c for c in ranked if c != expert and _close(quick[leader], quick[c])]
            field = [expert] + close[: kept - 1]
        return field

    def _raced(self, position: Position, field: list[Candidate],
               counts: tuple[int, ...]) -> tuple[Candidate, dict[Candidate, Estimate], bool]:
        """The finalists on the estimator's playouts, the clearly weaker dropped each round."""
        alive = field
        estimates: dict[Candidate, Estimate] = {}
        for count in counts:
            for candidate in alive:
                estimates[candidate] = self.value_of(position, candidate, count)
            leader = max(alive, key=lambda c: estimates[c].mean)
            alive = [c for c in alive if c == leader or _close(estimates[leader], estimates[c])]
            alive.sort(key=lambda c: -estimates[c].mean)
            if len(alive) > 2:  # halve the field each round: the playouts go where the doubt is
                alive = alive[: max(2, math.ceil(len(alive) / 2))]
            if len(alive) == 1:
                break
        return max(alive, key=lambda c: estimates[c].mean), estimates, False

    def _quick(self, position: Position, candidate: Candidate, count: int) -> Estimate:
        """The quick screening's value of a candidate (to rank, never shown)."""
        after = candidate.after(position.cells)
        start = _start(position, candidate)
        if after is not None:
            return self.estimator.screen(start, EndTurn(after), count)
        reroll = candidate.powers[-1]
        assert isinstance(reroll, Reroll)
        return self.estimator.screen(start, UsePower(reroll), count)


def _start(position: Position, candidate: Candidate) -> Position:
    """The position once a candidate's ±1s are used."""
    return Position(position.difficulty, position.cells, candidate.dice_after(position.dice),
                    position.powers_used + len(candidate.adjusts()))


def _worth_screening(position: Position, candidate: Candidate, magdagdon: bool) -> bool:
    """Re-rolls are weighed where the search weighs them: once the board is past its opening
    (fewer than 12 empty cells), or when the roll cannot be placed; on an open board a
    re-roll only spends a power."""
    return not candidate.rerolls or magdagdon or position.empties < 12


def _close(leader: Estimate, other: Estimate) -> bool:
    """``other`` may still be as good as ``leader``: within SURVIVE_Z standard errors of
    their difference, playout by playout (the same dice)."""
    count = min(len(leader.samples), len(other.samples))
    gap = Estimate(leader.samples[:count]).minus(Estimate(other.samples[:count]))
    return gap.mean <= SURVIVE_Z * gap.stderr + 1e-9


def _ranked(valued: list[Valued]) -> tuple[Valued, ...]:
    return tuple(sorted(valued, key=lambda v: -v.value))


__all__ = ["Analysis", "BUDGETS", "Budget", "Coach", "Valued", "budget_for"]
