"""The three difficulties and their numbers (RULES.md §2)."""

from __future__ import annotations

import enum


class Difficulty(enum.Enum):
    """Value = (minimum dice per turn, power penalties in order of use)."""

    PEACEFUL = (2, (10, 20, 40))
    SURVIVAL = (2, (70,))
    NIGHTMARE = (3, ())

    def __init__(self, min_dice: int, penalties: tuple[int, ...]) -> None:
        self.min_dice = min_dice
        self.penalties = penalties

    @property
    def power_count(self) -> int:
        return len(self.penalties)

    def required_dice(self, empty_cells: int) -> int:
        """Dice a turn must place with ``empty_cells`` left: min(minimum, empty cells) (RULES.md §2)."""
        return min(self.min_dice, empty_cells)

    def penalty_for(self, powers_used: int) -> int:
        """Total penalty after ``powers_used`` uses (RULES.md §2 schedule)."""
        if not 0 <= powers_used <= self.power_count:
            raise ValueError(
                f"{self.name} allows {self.power_count} powers, not {powers_used}"
            )
        return sum(self.penalties[:powers_used])

    @classmethod
    def from_name(cls, name: object) -> "Difficulty":
        """Case-insensitive lookup with a clear error (for command lines and files)."""
        try:
            return cls[str(name).strip().upper()]
        except KeyError:
            names = ", ".join(d.name for d in cls)
            raise ValueError(f"unknown difficulty {name!r}; choose one of {names}") from None
