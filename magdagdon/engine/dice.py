"""Seeded dice (RULES.md §10).

Roll ``k`` of turn ``t`` (k = 0 the initial roll, k >= 1 the k-th re-roll) is a pure
function of (seed, t, k): BLAKE2b over that triple, read as unbiased D6 values by
rejection sampling. The same on every platform and Python version, and independent of
anything the player did before, so everyone who plays one seed sees the same rolls.
"""

from __future__ import annotations

import hashlib

DICE_PER_ROLL = 4
MAX_SEED = 2**63 - 1
_UNBIASED_LIMIT = 252  # the largest multiple of 6 not above 256


def check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def seed_from_text(text: str) -> int:
    """A seed from any text, e.g. a date for the daily game or a party's name."""
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8, person=b"magdagdon-seed").digest()
    return int.from_bytes(digest, "big") & MAX_SEED


def roll_dice(seed: int, turn: int, roll_index: int = 0, count: int = DICE_PER_ROLL) -> tuple[int, ...]:
    """``count`` D6 values for roll ``roll_index`` of ``turn`` in the game seeded ``seed``."""
    values: list[int] = []
    block = 0
    while len(values) < count:
        message = f"{seed}:{turn}:{roll_index}:{block}".encode("ascii")
        for byte in hashlib.blake2b(message, digest_size=32, person=b"magdagdon-dice").digest():
            if byte < _UNBIASED_LIMIT:
                values.append(byte % 6 + 1)
                if len(values) == count:
                    break
        block += 1
    return tuple(values)
