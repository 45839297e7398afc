"""The power advice for a MAGDAGDON roll, in the player's language, for the panel and the
hint alike: the −1/+1 that saves the roll (which die, which way), or the re-roll that might
and its chance, or that none can.

The analysis is :func:`magdagdon.ai.rescue.rescue` (exact counts over fair dice, by the
engine's own legality); this module only puts it into words.

A chance is said simply, and never as more than it is by over a twelfth: to the nearest
sixth from 1 in 6 up ("2 times in 6"), at most 5 in 6 unless every outcome saves the roll
("always"); below 1 in 6 as "1 time in N", N the nearest whole number to 1 / chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING

from magdagdon.engine import Game

from ..text.i18n import Catalog

if TYPE_CHECKING:
    from magdagdon.ai.rescue import Rescue


def chance_words(text: Catalog, chance: Fraction) -> str:
    """``chance`` (0 < chance ≤ 1) as a player says it: "always", "2 times in 6", "1 time in 20"."""
    if chance >= 1:
        return text("rescue.chance.always")
    if chance >= Fraction(1, 6):
        sixths = min(5, floor(chance * 6 + Fraction(1, 2)))
        return text.plural("rescue.chance.sixths", sixths)
    return text("rescue.chance.rare", count=floor(1 / chance + Fraction(1, 2)))


@dataclass(frozen=True)
class RollInHand:
    """What the advice says of the game: the dice as they show, the powers left and what
    the next one costs."""

    dice: tuple[int, ...]
    powers_left: int
    next_penalty: int | None  # None once no power is left

    @classmethod
    def of(cls, game: Game) -> "RollInHand":
        return cls(tuple(game.dice), game.powers_left, game.next_penalty)


def advice_line(text: Catalog, game: Game, rescue: Rescue) -> str:
    """The panel's sentence about the powers for a MAGDAGDON roll of ``game``."""
    return rescue_line(text, RollInHand.of(game), rescue)


def rescue_line(text: Catalog, roll: RollInHand, rescue: Rescue) -> str:
    """The sentence about the powers for a MAGDAGDON ``roll``: the first ±1 that saves it,
    else the likeliest re-roll and its chance, else that none can."""
    if not roll.powers_left:
        return text("banner.magdagdon_no_powers")
    if not rescue.can_save:
        return text("banner.magdagdon_beyond_powers")
    costs = {"left": roll.powers_left, "penalty": roll.next_penalty}
    if rescue.adjusts:
        adjust = rescue.adjusts[0]
        power = text("power.plus" if adjust.delta > 0 else "power.minus")
        return text("banner.magdagdon_adjust_saves", power=power, value=roll.dice[adjust.die], **costs)
    best = rescue.best_reroll
    assert best is not None  # a roll some power can save can be saved by throwing every die again
    dice = " ".join(str(roll.dice[die]) for die in best.reroll.dice)
    return text("banner.magdagdon_reroll_chance", dice=dice, chance=chance_words(text, best.chance), **costs)
