"""Player actions as small immutable values (RULES.md §3, §6, §7).

Each action has a compact text form used in replays and logs, e.g. ``stage 2 9``
(die 2 on cell 9) or ``reroll 0 3``. Dice are named by their index 0..3 in the roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union


class ActionParseError(ValueError):
    """Text that is not an action."""


@dataclass(frozen=True, slots=True)
class Roll:
    keyword: ClassVar[str] = "roll"

    def to_text(self) -> str:
        return self.keyword


@dataclass(frozen=True, slots=True)
class Stage:
    die: int
    cell: int
    keyword: ClassVar[str] = "stage"

    def to_text(self) -> str:
        return f"{self.keyword} {self.die} {self.cell}"


@dataclass(frozen=True, slots=True)
class TakeBack:
    die: int
    keyword: ClassVar[str] = "back"

    def to_text(self) -> str:
        return f"{self.keyword} {self.die}"


@dataclass(frozen=True, slots=True)
class TakeBackAll:
    keyword: ClassVar[str] = "backall"

    def to_text(self) -> str:
        return self.keyword


@dataclass(frozen=True, slots=True)
class Adjust:
    """The −1 / +1 Majda Powers (RULES.md §6); ``delta`` is −1 or +1."""

    die: int
    delta: int
    keyword: ClassVar[str] = "adjust"

    def to_text(self) -> str:
        return f"{'plus' if self.delta > 0 else 'minus'} {self.die}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """The re-roll Majda Power on one or more tray dice, ascending indices."""

    dice: tuple[int, ...]
    keyword: ClassVar[str] = "reroll"

    def to_text(self) -> str:
        return " ".join([self.keyword, *map(str, self.dice)])


@dataclass(frozen=True, slots=True)
class Confirm:
    keyword: ClassVar[str] = "confirm"

    def to_text(self) -> str:
        return self.keyword


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept MAGDAGDON (RULES.md §7)."""

    keyword: ClassVar[str] = "accept"

    def to_text(self) -> str:
        return self.keyword


@dataclass(frozen=True, slots=True)
class PlaceRuin:
    cell: int
    keyword: ClassVar[str] = "ruin"

    def to_text(self) -> str:
        return f"{self.keyword} {self.cell}"


Action = Union[Roll, Stage, TakeBack, TakeBackAll, Adjust, Reroll, Confirm, Accept, PlaceRuin]
ACTION_TYPES = (Roll, Stage, TakeBack, TakeBackAll, Adjust, Reroll, Confirm, Accept, PlaceRuin)

_NO_ARGUMENT: dict[str, Action] = {"roll": Roll(), "backall": TakeBackAll(), "confirm": Confirm(), "accept": Accept()}


def parse_action(text: str) -> Action:
    """Read the text form of an action; a clear :class:`ActionParseError` otherwise."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action is text, not {text!r}")
    words = text.split()
    if not words:
        raise ActionParseError("empty action")
    keyword, args = words[0].lower(), words[1:]
    # Indices are plain ASCII digits: int() would also take "٣", "+1" and "1_0".
    if not all(a.isascii() and a.isdigit() and len(a) <= 3 for a in args):
        raise ActionParseError(f"bad action {_shown(text)}: arguments must be whole numbers 0..15")
    numbers = [int(a) for a in args]
    expected = {"stage": 2, "back": 1, "plus": 1, "minus": 1, "ruin": 1}
    if keyword in _NO_ARGUMENT and not numbers:
        return _NO_ARGUMENT[keyword]
    if keyword in expected and len(numbers) == expected[keyword]:
        if keyword == "stage":
            return Stage(numbers[0], numbers[1])
        if keyword == "back":
            return TakeBack(numbers[0])
        if keyword == "ruin":
            return PlaceRuin(numbers[0])
        return Adjust(numbers[0], 1 if keyword == "plus" else -1)
    if keyword == "reroll" and 1 <= len(numbers) <= 4:
        return Reroll(tuple(numbers))
    raise ActionParseError(f"bad action {_shown(text)}")


def _shown(text: str) -> str:
    quoted = repr(text)
    return quoted if len(quoted) <= 40 else quoted[:39] + "…"
