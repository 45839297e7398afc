"""One estimator of E[final score | position, choice]: the expert's own play, played on.

Every number the review, the replay viewer, the coach's decisions and the analysis command
show is read here. A value is the mean final score of games the expert plays on from the
position after the choice, on seeded fair dice (:mod:`magdagdon.ai.playouts`: the luck of
each roll taken off by a control variate). Every board a turn can end on is valued on the
same dice — whichever decision point of the turn asks, so a ±1 and the board after it are
valued as that board is — and a re-roll's playouts throw the same dice too; where at most
one turn's worth of cells is left, the value is exact (:mod:`magdagdon.ai.endgame`). The
network only decides the playouts' moves and steadies them; no value rests on what it makes
of a board it never learned, so the estimates hold on the boards people make as on the
expert's own. Which choice is best is the coach's question (:mod:`magdagdon.ai.coach`).

A *position* is the permanent board, the dice as they show (none after ACCEPT) and the
powers used (:class:`~magdagdon.ai.planner.Position`). A *choice* is either ending the turn
on a board (:class:`EndTurn`: the dice placed, or the ruin after ACCEPT) or using a power
(:class:`UsePower`). Values include the penalties of the powers used so far and, for a
power, its own.

How far to trust a value: ``scripts/bench_calibration.py`` measures the estimates against
the mean final score of 100 expert playouts continued from the position on other fair dice;
the figures are in docs/AI.md. Each value carries its samples, so a screen can say how sure
it is (the standard error of a difference on the same dice).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from magdagdon.engine import Board, Difficulty, Game, Phase
from magdagdon.engine.actions import Adjust, Reroll

from .endgame import Endgame
from .planner import Decision, Planner, Position
from .playouts import Estimate, Playouts, position_key
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

    Every value is the mean final score of playouts of the expert (``planners``: its search
    on the network it plays by) from the position after the choice
    (:class:`~magdagdon.ai.playouts.Playouts`), ``playouts`` of them unless more are asked
    for, on dice seeded by ``seed`` and the position: every board a turn can end on is
    valued on the same dice, whichever decision point of the turn asks (so a ±1 and the
    board after it are valued as that board is); a re-roll's playouts throw the same dice
    for every choice of one position. Where at most one turn's worth of cells is left, the
    value is exact (:class:`~magdagdon.ai.endgame.Endgame`: the best play, counted over
    every roll). Samples are kept, so asking for more playouts only plays the new ones."""

    def __init__(self, planners: dict[Difficulty, Planner] | None = None, playouts: int | None = None,
                 seed: int = 0) -> None:
        self._planners = planners if planners is not None else {}
        self._count = playouts
        self.seed = seed
        self._playouts: dict[Difficulty, Playouts] = {}
        self._endgames: dict[Difficulty, Endgame] = {}
        self._samples: dict[tuple[object, ...], tuple[float, ...]] = {}
        self._quick: dict[Difficulty, Playouts] = {}

    def planner(self, difficulty: Difficulty) -> Planner:
        """The search that plays the playouts (and decides, on the fast path)."""
        planner = self._planners.get(difficulty)
        if planner is None:
            planner = self._planners[difficulty] = Planner(difficulty)
        return planner

    def count(self, difficulty: Difficulty) -> int:
        """How many playouts a value takes unless more are asked for."""
        return self._count if self._count is not None else PLAYOUTS[difficulty]

    def playouts(self, difficulty: Difficulty) -> Playouts:
        """The playouts that value."""
        playouts = self._playouts.get(difficulty)
        if playouts is None:
            planner = self.planner(difficulty)
            playouts = self._playouts[difficulty] = Playouts(planner, planner, self.count(difficulty), self.seed,
                                                             CONTROL_WEIGHT[difficulty])
        return playouts

    def endgame(self, difficulty: Difficulty) -> Endgame:
        """The exact values of the game's last turns."""
        endgame = self._endgames.get(difficulty)
        if endgame is None:
            endgame = self._endgames[difficulty] = Endgame(difficulty)
        return endgame

    def between_turns(self, difficulty: Difficulty, cells: Cells, powers_used: int) -> float:
        """E[final score] of a board between turns (before the next roll), penalties included."""
        endgame = self.endgame(difficulty)
        if endgame.covers(cells):
            return endgame.between_turns(cells, powers_used)
        key = position_key(difficulty, cells, (), powers_used)
        return self.playouts(difficulty).after_turn(cells, powers_used, key).mean

    # --- choices -------------------------------------------------------------------------
    def value(self, position: Position, choice: Choice, count: int | None = None) -> float:
        """E[final score | position, choice]."""
        return self.estimate(position, choice, count).mean

    def estimate(self, position: Position, choice: Choice, count: int | None = None) -> Estimate:
        """:meth:`value` with its samples: one per playout (the first ``count`` of them), or
        the exact value as many times over."""
        difficulty = position.difficulty
        count = count or self.count(difficulty)
        endgame = self.endgame(difficulty)
        if isinstance(choice, EndTurn):
            if endgame.covers(choice.after):
                return Estimate((endgame.board_value(choice.after, position.powers_used),) * count)
            key: tuple[object, ...] = ("end", difficulty, choice.after, position.powers_used, position.cells)
            return self._extended(key, count, lambda playouts, wanted: playouts.turn_end_samples(
                choice.after, position.powers_used, turn_key(difficulty, position.cells), wanted), difficulty)
        if not _usable(position, choice.power):
            raise ValueError(f"{choice.power} cannot be used in this position")
        if endgame.turn_is_last(position.cells):
            exact = endgame.power_value(position.cells, position.dice, position.powers_used, choice.power)
            return Estimate((exact,) * count)
        stream = turn_key(difficulty, position.cells)
        return self._extended(("power", position, choice.power), count, lambda playouts, wanted: playouts.power_samples(
            position, choice.power, stream, wanted), difficulty)

    def _extended(self, key: tuple[object, ...], count: int, play: Callable[[Playouts, range], tuple[float, ...]],
                  difficulty: Difficulty, playouts: Playouts | None = None) -> Estimate:
        """The first ``count`` samples of ``key``, playing only those not played yet."""
        known = self._samples.get(key, ())
        if len(known) < count:
            known = known + play(playouts or self.playouts(difficulty), range(len(known), count))
            if len(self._samples) > 4096:
                self._samples.clear()
            self._samples[key] = known
        return Estimate(known[:count])

    def screen(self, position: Position, choice: Choice, count: int) -> Estimate:
        """A quick reckoning of a choice, to rank candidates before valuing the best: the
        mean of ``count`` playouts of the search without its look-ahead and without the
        control variate, on the dice the values use. Never a value to show: that player is
        weaker than the expert, so its means run low."""
        difficulty = position.difficulty
        endgame = self.endgame(difficulty)
        if isinstance(choice, EndTurn):
            if endgame.covers(choice.after):
                return Estimate((endgame.board_value(choice.after, position.powers_used),) * count)
            key: tuple[object, ...] = ("quick end", difficulty, choice.after, position.powers_used, position.cells)
            return self._extended(key, count, lambda playouts, wanted: playouts.turn_end_samples(
                choice.after, position.powers_used, turn_key(difficulty, position.cells), wanted), difficulty,
                self.quick_playouts(difficulty))
        if endgame.turn_is_last(position.cells):
            return Estimate((endgame.power_value(position.cells, position.dice, position.powers_used, choice.power),) * count)
        stream = turn_key(difficulty, position.cells)
        return self._extended(("quick power", position, choice.power), count, lambda playouts, wanted:
                              playouts.power_samples(position, choice.power, stream, wanted), difficulty,
                              self.quick_playouts(difficulty))

    def quick_playouts(self, difficulty: Difficulty) -> Playouts:
        """The screening's playouts: the search without look-ahead, no control variate."""
        quick = self._quick.get(difficulty)
        if quick is None:
            planner = self.planner(difficulty)
            fast = Planner(difficulty, replace(planner.settings, lookahead=False), planner.search.evaluation)
            quick = self._quick[difficulty] = Playouts(fast, fast, self.count(difficulty), self.seed, 0.0)
        return quick

    def decision_choice(self, position: Position, decision: Decision) -> Choice:
        """The :class:`Choice` a decision stands for."""
        if decision.power is not None:
            return UsePower(decision.power)
        return EndTurn(decision.after(position.cells))


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


def turn_key(difficulty: Difficulty, cells: Cells) -> str:
    """The text the dice of every end-of-turn value of a turn are seeded by: its board."""
    return f"{difficulty.name} turn {Board(cells)}"


def position_of(game: Game) -> Position:
    """The estimator's position for a game after a roll (or after ACCEPT)."""
    if game.phase not in (Phase.STAGING, Phase.MAGDAGDON, Phase.RUIN_PICK):
        raise ValueError(f"no decision in phase {game.phase.value}")
    return Position.of(game)


__all__ = ["Choice", "EndTurn", "Estimator", "UsePower", "position_of", "turn_key"]
