"""The expert's value of a position, by letting it play on: Monte-Carlo playouts with a
control variate.

A playout continues the game from a position with the expert's own decisions
(:meth:`~magdagdon.ai.planner.Planner.decide`) on seeded fair dice until the board is full;
its final score is one sample of E[final score | position] with the expert's play, the very
quantity the estimator promises, so the mean of many is unbiased on any board, the boards
no training game produced included.

*Control variate.* Most of a playout's spread is the luck of its rolls. For each roll the
expert faces, ``luck = f(roll) − E[f]`` is subtracted from the final score, where ``f`` is
how well that roll could be played by the network's one-turn reckoning (the best board the
dice reach, or the best single ±1 first when a power is left, or the best ruin when the roll
is MAGDAGDON) and ``E[f]`` its mean over every roll on fair dice. Whatever ``f`` is, the luck
of a fresh fair roll has mean 0 given the board it is thrown on, so the corrected samples
keep the playouts' mean and lose much of their spread; the same holds for the dice a
re-roll throws (their ``f``: the best turn with the new dice). ``weight`` scales the
correction (any weight keeps the mean; the shipped ones were measured to leave the least
spread).

*Common dice.* Playout ``k`` from a position draws the same dice, turn by turn and re-roll by
re-roll, whichever choice starts it (``roll_dice`` on a seed made from the estimator's seed,
the position and ``k``), so the difference between two choices' values is not drowned in
their luck.

Everything is a function of the position and the seed: no clock, no hidden randomness.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Callable

from magdagdon.engine import DICE_PER_ROLL, EMPTY, Board, Difficulty, roll_dice, score_total, seed_from_text
from magdagdon.engine.actions import Adjust, Reroll

from .planner import Planner, Position
from .turn_search import ROLL_OUTCOMES, Cells, Dice, roll_value


@dataclass(frozen=True)
class Estimate:
    """The mean of ``samples`` (one per playout) and its standard error."""

    samples: tuple[float, ...]

    @property
    def mean(self) -> float:
        return math.fsum(self.samples) / len(self.samples)

    @property
    def stderr(self) -> float:
        if len(self.samples) < 2:
            return 0.0
        return statistics.stdev(self.samples) / math.sqrt(len(self.samples))

    def minus(self, other: "Estimate") -> "Estimate":
        """Playout by playout (the same dice): the difference of two choices' values."""
        return Estimate(tuple(a - b for a, b in zip(self.samples, other.samples, strict=True)))


class Playouts:
    """Values from ``count`` playouts of the expert (``planner``), corrected by the luck of
    each roll as ``control`` (a search on some network) reckons it, times ``weight``."""

    def __init__(self, planner: Planner, control: Planner, count: int, seed: int = 0, weight: float = 1.0) -> None:
        if count < 1:
            raise ValueError(f"at least one playout, not {count}")
        self.planner = planner
        self.control = control
        self.difficulty = planner.difficulty
        self.count = count
        self.seed = seed
        self.weight = weight
        self._rolls: dict[tuple[Cells, int], tuple[dict[Dice, float], float]] = {}

    # --- where a playout starts ----------------------------------------------------------
    def after_turn(self, cells: Cells, powers_used: int, key: str) -> Estimate:
        """The turn has ended on ``cells``: the game goes on from the next roll."""
        return Estimate(self.turn_end_samples(cells, powers_used, key, range(self.count)))

    def turn_end_samples(self, cells: Cells, powers_used: int, key: str, playouts: range) -> tuple[float, ...]:
        """Playouts number ``playouts`` of :meth:`after_turn` (more of them extend a value)."""
        return tuple(self._corrected(self.play(key, k, cells, powers_used)) for k in playouts)

    def play(self, key: str, k: int, cells: Cells, powers_used: int) -> tuple[int, float]:
        """Playout ``k`` of the position ``key`` from a turn's end on ``cells``: its final
        score and the luck of its rolls (uncorrected, for measuring the control variate)."""
        return self._play(self._stream(key, k), cells, (), powers_used, 0.0)

    def after_power(self, position: Position, power: Adjust | Reroll, key: str) -> Estimate:
        """``power`` is used in ``position``; the expert plays the rest of the turn, and on."""
        return Estimate(self.power_samples(position, power, key, range(self.count)))

    def power_samples(self, position: Position, power: Adjust | Reroll, key: str, playouts: range) -> tuple[float, ...]:
        """Playouts number ``playouts`` of :meth:`after_power`."""
        samples = []
        for k in playouts:
            stream = self._stream(key, k)
            dice, luck = self._use(position.cells, position.dice, position.powers_used, power, stream, 0, 1)
            samples.append(self._corrected(self._play(stream, position.cells, dice, position.powers_used + 1, luck, rerolls=1)))
        return tuple(samples)

    # --- one playout ----------------------------------------------------------------------
    def _corrected(self, played: tuple[int, float]) -> float:
        score, luck = played
        return score - self.weight * luck

    def _stream(self, key: str, k: int) -> Callable[[int, int, int], tuple[int, ...]]:
        seed = seed_from_text(f"playouts {self.seed} {key} {k}")
        return lambda turn, index, count: roll_dice(seed, turn, index, count)

    def _play(self, stream: Callable[[int, int, int], tuple[int, ...]], cells: Cells, dice: Dice, used: int,
              luck: float, rerolls: int = 0) -> tuple[int, float]:
        """The final score of one game from ``cells`` (with ``dice`` still to play in the
        turn under way, or () at a turn's end) and the luck of its rolls."""
        difficulty, planner = self.difficulty, self.planner
        steadied = self.weight != 0.0  # weight 0: no correction, and none of its tables walked
        turn = 0
        while EMPTY in cells:
            if not dice:
                turn, rerolls = turn + 1, 0
                dice = stream(turn, 0, DICE_PER_ROLL)
                if steadied:
                    table, mean = self._roll_table(cells, used)
                    luck += table[tuple(sorted(dice))] - mean
            decision = planner.decide(Position(difficulty, cells, dice, used))
            if decision.power is not None:
                rerolls += isinstance(decision.power, Reroll)
                dice, extra = self._use(cells, dice, used, decision.power, stream, turn, rerolls)
                luck += extra
                used += 1
                continue
            cells, dice = decision.after(cells), ()
        return score_total(Board(cells), difficulty, used), luck

    def _use(self, cells: Cells, dice: Dice, used: int, power: Adjust | Reroll,
             stream: Callable[[int, int, int], tuple[int, ...]], turn: int, index: int) -> tuple[Dice, float]:
        """The dice after ``power`` and the luck of what a re-roll threw."""
        if isinstance(power, Adjust):
            return dice[: power.die] + (dice[power.die] + power.delta,) + dice[power.die + 1 :], 0.0
        fresh = stream(turn, index, len(power.dice))
        out = list(dice)
        for die, value in zip(power.dice, fresh):
            out[die] = value
        if self.weight == 0.0:
            return tuple(out), 0.0
        kept = tuple(dice[d] for d in range(len(dice)) if d not in power.dice)
        value_of = self._turn_value(cells, used + 1)
        mean = math.fsum(weight * value_of(kept + outcome) for outcome, weight in ROLL_OUTCOMES[len(power.dice)])
        return tuple(out), value_of(tuple(out)) - mean

    # --- the control variate ------------------------------------------------------------
    def _turn_value(self, cells: Cells, used: int) -> Callable[[Dice], float]:
        """The control network's value of the best turn with some dice (the best ruin when
        none can be placed), no power used."""
        control = self.control
        need = self.difficulty.required_dice(cells.count(EMPTY))
        table = control.best_by_placed(cells, used)
        ruin = control.search.best_ruin(cells, used)[0]

        def value_of(dice: Dice) -> float:
            value = roll_value(table, dice, need)
            return ruin if value is None else value

        return value_of

    def _roll_table(self, cells: Cells, used: int) -> tuple[dict[Dice, float], float]:
        """``f`` for every roll of four dice on ``cells`` (sorted values -> f), and its mean."""
        known = self._rolls.get((cells, used))
        if known is not None:
            return known
        difficulty = self.difficulty
        plain = self._turn_value(cells, used)
        table = {values: plain(values) for values, _ in ROLL_OUTCOMES[DICE_PER_ROLL]}
        if used < difficulty.power_count and any(1 <= x <= 6 for x in cells):
            # a single -1 or +1 first, at its penalty: the best neighbouring roll's value
            powered = self._turn_value(cells, used + 1)
            cost = difficulty.penalty_for(used + 1) - difficulty.penalty_for(used)
            after = {values: powered(values) - cost for values in table}
            table = {values: max(f, *(after[other] for other in ADJUSTED[values])) for values, f in table.items()}
        mean = math.fsum(weight * table[values] for values, weight in ROLL_OUTCOMES[DICE_PER_ROLL])
        if len(self._rolls) > 512:  # some 5 kB each; a review revisits few boards
            self._rolls.clear()
        known = self._rolls[(cells, used)] = (table, mean)
        return known


def _adjusted(values: Dice) -> tuple[Dice, ...]:
    """The sorted rolls one -1 or +1 on one die makes of ``values``."""
    out = set()
    for die, value in enumerate(values):
        for changed in (value - 1, value + 1):
            if 1 <= changed <= 6:
                out.add(tuple(sorted(values[:die] + (changed,) + values[die + 1 :])))
    return tuple(sorted(out))


ADJUSTED = {values: _adjusted(values) for values, _ in ROLL_OUTCOMES[DICE_PER_ROLL]}


def position_key(difficulty: Difficulty, cells: Cells, dice: Dice, powers_used: int) -> str:
    """The text a position's dice streams are seeded by."""
    return f"{difficulty.name} {Board(cells)} {''.join(map(str, dice))} {powers_used}"


__all__ = ["Estimate", "Playouts", "position_key"]
