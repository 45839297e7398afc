"""How strongly the computer plays a party seat: the names of the AI's players it can be
(``magdagdon.ai.make_policy``), as a party's file keeps them (docs/PARTY.md)."""

from __future__ import annotations

import enum


class ComputerStrength(enum.Enum):
    BEGINNER = "beginner"  # as a first-time guest plays
    REGULAR = "regular"  # as a practised player plays
    EXPERT = "expert"  # the game's own best play

    @property
    def policy_name(self) -> str:
        return self.value


__all__ = ["ComputerStrength"]
