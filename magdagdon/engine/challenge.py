"""Challenge codes and Today's dice (RULES.md §10: the dice are a pure function of the seed).

Today's dice are one seed per UTC date and difficulty (:func:`day_seed`); the first version
dealt one seed per date to every difficulty (:func:`daily_seed`), and the games played on it
still count for their day.

A challenge code names a game to play again: its seed and its difficulty, so a friend's
NIGHTMARE code is played in NIGHTMARE and its score lands in the same table. It is seven
characters, short enough to read aloud or type on a phone, in Crockford's base 32 (digits
and capitals without I, L, O, U): 35 bits, which hold the seed (30 bits: every seed a new
game draws, below 10**9, and every day's dice), the difficulty (2 bits) and a check of
both (3 bits), so a code with a character mistyped is refused far more often than it names
another game. The value is mixed before it is written (multiplications by odd numbers and
shifts, all invertible modulo 2**35), so neighbouring seeds get codes that look unrelated.

The codes of the first version had six characters and named the seed alone; they are still
read as they were, the seed with no difficulty: the game then plays it at the difficulty
chosen in Settings. Reading forgives what people confuse: case, spaces and dashes, O for 0,
I and L for 1; only ASCII letters and digits are read.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from .dice import seed_from_text
from .difficulty import Difficulty

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 7
SEED_ONLY_LENGTH = 6  # the first version's codes: the seed alone
SEED_BITS = 30
CODE_SPACE = 1 << SEED_BITS  # seeds 0 .. CODE_SPACE - 1 have a code
_SEED_MASK = CODE_SPACE - 1
_DIFFICULTIES = (Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE)  # their order in a code: fixed
_BITS = 5 * CODE_LENGTH
_MASK = (1 << _BITS) - 1
_MULTIPLIERS = (0x2545F491 | 1, 0x6C8E9CF5 & _MASK | 1)  # odd: invertible modulo 2**35
_INVERSES = tuple(pow(m, -1, 1 << _BITS) for m in _MULTIPLIERS)
_SHIFT = 18  # at least half the width: x ^ (x >> 18) is its own inverse
_SALT = 0x3A5C7E91B & _MASK
# The first version's six-character mixing (seeds only), kept to read its codes.
_OLD_MASK = (1 << 30) - 1
_OLD_INVERSE = pow(0x2545F491 & _OLD_MASK | 1, -1, 1 << 30)
_OLD_SALT = 0x15A4E35 & _OLD_MASK
_VALUE = {char: index for index, char in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})
_IGNORED = " -_\t"


@dataclass(frozen=True)
class Challenge:
    """What a code names: the seed of the dice, and the difficulty to play them in (None for
    a first-version code, which named none)."""

    seed: int
    difficulty: Difficulty | None


class BadCode(ValueError):
    """Text that is not a challenge code; ``reason`` is a key for the player's message:
    ``empty``, ``wrong_characters``, ``wrong_length`` or ``unknown`` (the right length and
    letters, but no game: a character mistyped)."""

    def __init__(self, text: str, reason: str) -> None:
        self.text, self.reason = text, reason
        super().__init__(f"{text!r} is not a challenge code: {reason.replace('_', ' ')}")


def has_code(seed: int) -> bool:
    return isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < CODE_SPACE


def _check(seed: int, difficulty: int) -> int:
    """Three bits that depend on every bit of the seed and on the difficulty."""
    value = seed * 4 + difficulty
    folded = 0
    while value:
        folded ^= value & 0b111
        value >>= 3
    return (folded + difficulty) & 0b111


def code_for(seed: int, difficulty: Difficulty) -> str:
    """The seven-character code of ``seed`` played in ``difficulty`` (0 <= seed < CODE_SPACE)."""
    if not has_code(seed):
        raise ValueError(f"only seeds 0 to {CODE_SPACE - 1} have a challenge code, not {seed!r}")
    index = _DIFFICULTIES.index(difficulty)
    value = _check(seed, index) << (SEED_BITS + 2) | index << SEED_BITS | seed
    for multiplier in _MULTIPLIERS:  # every bit of the value reaches every character
        value = (value * multiplier) & _MASK
        value ^= value >> _SHIFT
    mixed = value ^ _SALT
    return "".join(ALPHABET[(mixed >> shift) & 31] for shift in range(_BITS - 5, -1, -5))


def read_code(text: str) -> Challenge:
    """The game a code names; :class:`BadCode` for anything else."""
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
    if len(cleaned) not in (CODE_LENGTH, SEED_ONLY_LENGTH):
        raise BadCode(text, "wrong_length")
    mixed = 0
    for char in cleaned:
        mixed = mixed << 5 | _VALUE[char]
    if len(cleaned) == SEED_ONLY_LENGTH:
        return Challenge(((mixed ^ _OLD_SALT) * _OLD_INVERSE) & _OLD_MASK, None)
    value = mixed ^ _SALT
    for inverse in reversed(_INVERSES):
        value ^= value >> _SHIFT
        value = (value * inverse) & _MASK
    seed, index, check = value & _SEED_MASK, value >> SEED_BITS & 0b11, value >> (SEED_BITS + 2)
    if index >= len(_DIFFICULTIES) or check != _check(seed, index):
        raise BadCode(text, "unknown")
    return Challenge(seed, _DIFFICULTIES[index])


def day_seed(day: date, difficulty: Difficulty) -> int:
    """Today's dice: one seed per UTC date and difficulty, the same for everyone, with a
    code. The game's Today's dice and the world board compute it here, and nowhere else."""
    return seed_from_text(f"day:{day.isoformat()}:{difficulty.name}") & _SEED_MASK


def daily_seed(day: date) -> int:
    """The first version's Today's dice: one seed per calendar day for every difficulty.
    No new game is dealt it; the local tables still hold games played on it."""
    return seed_from_text(f"daily:{day.isoformat()}") & _SEED_MASK


def day_seeds(day: date, difficulty: Difficulty | None = None) -> tuple[int, ...]:
    """Every seed that is ``day``'s dice: in ``difficulty``, its own and the first version's
    (None: the first version's and each difficulty's)."""
    difficulties = tuple(Difficulty) if difficulty is None else (difficulty,)
    return (*(day_seed(day, d) for d in difficulties), daily_seed(day))


def daily_day_of(seed: int, today: date, difficulty: Difficulty | None = None) -> date | None:
    """The day whose dice ``seed`` is (in ``difficulty``, when given), if it is today's or
    yesterday's (a game begun before midnight still counts for its day); None otherwise."""
    for day in (today, today - timedelta(days=1)):
        if seed in day_seeds(day, difficulty):
            return day
    return None
