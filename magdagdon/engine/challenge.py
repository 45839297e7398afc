"""Challenge codes and Today's dice (RULES.md §10: the dice are a pure function of the seed).

A challenge code is six characters naming a seed, short enough to read aloud or type on a
phone. The alphabet is Crockford's base 32 (digits and capitals without I, L, O, U), so
32**6 = 2**30 codes name exactly the seeds 0 .. 2**30 - 1 — every seed a new game draws
(below 10**9) has one, and no two seeds share one. The seed is mixed before it is written
(an odd multiplier and a mask, both invertible modulo 2**30) so neighbouring seeds get
codes that look unrelated. Reading forgives what people confuse: case, spaces and dashes,
O for 0, I and L for 1; only ASCII letters and digits are read.
"""

from __future__ import annotations

from datetime import date, timedelta

from .dice import seed_from_text

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 6
CODE_BITS = 5 * CODE_LENGTH
CODE_SPACE = 1 << CODE_BITS  # seeds 0 .. CODE_SPACE - 1 have a code
_MASK = CODE_SPACE - 1
_MULTIPLIER = 0x2545F491 & _MASK | 1  # odd: invertible modulo 2**30
_INVERSE = pow(_MULTIPLIER, -1, CODE_SPACE)
_SALT = 0x15A4E35 & _MASK
_VALUE = {char: index for index, char in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})
_IGNORED = " -_\t"


class BadCode(ValueError):
    """Text that is not a challenge code; ``reason`` is a key for the player's message."""

    def __init__(self, text: str, reason: str) -> None:
        self.text, self.reason = text, reason
        super().__init__(f"{text!r} is not a challenge code: {reason.replace('_', ' ')}")


def has_code(seed: int) -> bool:
    return isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < CODE_SPACE


def code_for_seed(seed: int) -> str:
    """The six-character code of ``seed`` (0 <= seed < CODE_SPACE)."""
    if not has_code(seed):
        raise ValueError(f"only seeds 0 to {CODE_SPACE - 1} have a challenge code, not {seed!r}")
    mixed = ((seed * _MULTIPLIER) & _MASK) ^ _SALT
    return "".join(ALPHABET[(mixed >> shift) & 31] for shift in range(CODE_BITS - 5, -1, -5))


def seed_for_code(text: str) -> int:
    """The seed a code names; :class:`BadCode` for anything else."""
    if not isinstance(text, str):
        raise BadCode(repr(text), "wrong_characters")
    kept = "".join(char for char in text if char not in _IGNORED)
    if not kept:
        raise BadCode(text, "empty")
    # Only ASCII is upper-cased: Unicode rules would read "ß" as "SS" and "ı" as "I".
    if not kept.isascii():
        raise BadCode(text, "wrong_characters")
    cleaned = kept.upper()
    if any(char not in _VALUE for char in cleaned):
        raise BadCode(text, "wrong_characters")
    if len(cleaned) != CODE_LENGTH:
        raise BadCode(text, "wrong_length")
    mixed = 0
    for char in cleaned:
        mixed = mixed << 5 | _VALUE[char]
    return (((mixed ^ _SALT) * _INVERSE) & _MASK)


def daily_seed(day: date) -> int:
    """Today's dice: one seed per calendar day, the same for everyone, with a code."""
    return seed_from_text(f"daily:{day.isoformat()}") & _MASK


def daily_day_of(seed: int, today: date) -> date | None:
    """The day whose dice ``seed`` is, if it is today's or yesterday's (a game begun
    before midnight still counts for its day); None otherwise."""
    for day in (today, today - timedelta(days=1)):
        if daily_seed(day) == seed:
            return day
    return None
