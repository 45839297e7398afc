"""Can a Majda Power save a MAGDAGDON roll? (RULES.md §5, §6)

:func:`rescue` answers for the MAGDAGDON panel and the hint: which single −1/+1 saves the
roll for sure, the chance that a re-roll of which dice saves it, and the chance with every
power still in hand used as well as possible (one after another, each chosen after seeing
what the last one did). Chances are over FAIR fresh dice, counted exactly: the seeded dice
the game will really show are never looked at, so the advice reveals nothing of them.
Whether a roll is saved is the engine's own test (:func:`magdagdon.engine.can_place`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from typing import Callable

from magdagdon.engine import Board, Difficulty, Game, Phase, can_place
from magdagdon.engine.actions import Adjust, Reroll

from .turn_search import ROLL_OUTCOMES

Placeable = Callable[[tuple[int, ...]], bool]


@dataclass(frozen=True)
class RerollChance:
    """A re-roll and how often fresh dice save the roll: ``saves`` of ``outcomes`` equally
    likely results (6 ** dice re-rolled)."""

    reroll: Reroll
    saves: int
    outcomes: int

    @property
    def chance(self) -> Fraction:
        return Fraction(self.saves, self.outcomes)


@dataclass(frozen=True)
class Rescue:
    """What the powers in hand can do for a MAGDAGDON roll."""

    adjusts: tuple[Adjust, ...]  # every single ±1 that saves the roll for sure
    rerolls: tuple[RerollChance, ...]  # every re-roll that might, likeliest first (fewer dice first among equals)
    chance: float  # saved with every power left, used one after another as well as possible
    first: Adjust | Reroll | None  # the power to use first for that chance (None: none can)
    powers_left: int

    @property
    def can_save(self) -> bool:
        """Some use of the powers left can save the roll (otherwise only ACCEPT is left)."""
        return self.chance > 0

    @property
    def best_reroll(self) -> RerollChance | None:
        return self.rerolls[0] if self.rerolls else None


def rescue(board: Board, dice: tuple[int, ...], difficulty: Difficulty, powers_used: int) -> Rescue:
    """The rescue analysis of a roll of ``dice`` that cannot be placed on ``board``.

    Raises ``ValueError`` when the roll can be placed (it is not MAGDAGDON)."""
    need = difficulty.required_dice(board.empty_count)
    if can_place(board, dice, need):
        raise ValueError(f"dice {list(dice)} can be placed on {board}: the roll is not MAGDAGDON")
    left = difficulty.power_count - powers_used
    if left <= 0:
        return Rescue((), (), 0.0, None, 0)
    placeable = _placeable_test(board, need)
    adjusts = tuple(power for power, after in _adjusted(dice) if placeable(after))
    rerolls = []
    for chosen in _subsets(len(dice)):
        saves = sum(placeable(_with(dice, chosen, fresh)) for fresh in product(range(1, 7), repeat=len(chosen)))
        if saves:
            rerolls.append(RerollChance(Reroll(chosen), saves, 6 ** len(chosen)))
    rerolls.sort(key=lambda r: (-r.chance, len(r.reroll.dice), r.reroll.dice))
    chance, first = _best(placeable, tuple(dice), left)
    return Rescue(adjusts, tuple(rerolls), chance, first, left)


def rescue_for(game: Game) -> Rescue:
    """:func:`rescue` for a game in its MAGDAGDON phase."""
    if game.phase is not Phase.MAGDAGDON:
        raise ValueError(f"the game is in phase {game.phase.value}, not MAGDAGDON")
    return rescue(game.board, game.dice, game.difficulty, game.powers_used)


def _placeable_test(board: Board, need: int) -> Placeable:
    @lru_cache(maxsize=None)
    def placeable_sorted(values: tuple[int, ...]) -> bool:
        return can_place(board, values, need)

    def placeable(values: tuple[int, ...]) -> bool:
        return placeable_sorted(tuple(sorted(values)))

    return placeable


def _adjusted(dice: tuple[int, ...]) -> list[tuple[Adjust, tuple[int, ...]]]:
    out = []
    for die, value in enumerate(dice):
        for delta in (-1, 1):
            if 1 <= value + delta <= 6:
                out.append((Adjust(die, delta), dice[:die] + (value + delta,) + dice[die + 1 :]))
    return out


def _subsets(count: int) -> list[tuple[int, ...]]:
    return [chosen for size in range(1, count + 1) for chosen in combinations(range(count), size)]


def _with(dice: tuple[int, ...], chosen: tuple[int, ...], fresh: tuple[int, ...]) -> tuple[int, ...]:
    out = list(dice)
    for die, value in zip(chosen, fresh):
        out[die] = value
    return tuple(out)


def _best(placeable: Placeable, dice: tuple[int, ...], left: int) -> tuple[float, Adjust | Reroll | None]:
    """The best chance with ``left`` powers from ``dice`` (not placeable) and the first power
    of a strategy reaching it. Among equal chances the power likeliest to save the roll by
    itself comes first, so a sure ±1 is named before a ±1 that needs more powers after it
    or a gamble; among sure ±1s the first of :attr:`Rescue.adjusts` (the panel's), then fewer
    dice re-rolled."""

    @lru_cache(maxsize=None)
    def chance(values: tuple[int, ...], powers: int) -> float:  # values sorted
        if placeable(values):
            return 1.0
        if not powers:
            return 0.0
        return max(option(values, power, powers) for power in options(values))

    def options(values: tuple[int, ...]) -> list[Adjust | Reroll]:
        return [a for a, _ in _adjusted(values)] + [Reroll(c) for c in _subsets(len(values))]

    def option(values: tuple[int, ...], power: Adjust | Reroll, powers: int) -> float:
        if isinstance(power, Adjust):
            changed = list(values)
            changed[power.die] += power.delta
            return chance(tuple(sorted(changed)), powers - 1)
        kept = tuple(v for d, v in enumerate(values) if d not in power.dice)
        return min(1.0, sum(weight * chance(tuple(sorted(kept + fresh)), powers - 1)
                            for fresh, weight in ROLL_OUTCOMES[len(power.dice)]))

    best: tuple[float, float, Adjust | Reroll | None] = (0.0, 0.0, None)
    for power in options(dice):  # ±1 first (die by die, −1 before +1), then fewer dice
        value = option(dice, power, left)
        if value < best[0] - 1e-12 or value <= 0.0:
            continue
        alone = option(dice, power, 1)  # the chance this power saves the roll with no other after it
        if value > best[0] + 1e-12 or alone > best[1] + 1e-12:
            best = (value, alone, power)
    return best[0], best[2]


__all__ = ["RerollChance", "Rescue", "rescue", "rescue_for"]
