"""What a state hands the screen it opens (a payload) and what a dialog hands back when it
closes (an answer): one small frozen value per kind, so the screen reads typed fields
rather than keys of a shared dict. The play itself (the game, the party) is not passed
this way: it is in the machine's :class:`~.play_context.PlayContext`."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from magdagdon.engine import Difficulty, Replay

from ..text.i18n import Catalog


class Payload:
    """What a push, switch or reset hands the state it starts."""


class Answer:
    """What a dialog hands back to the state below it when it pops."""


# --- the yes/no dialog ---------------------------------------------------------------------
@dataclass(frozen=True)
class Question:
    """A question in catalog terms, worded in the language shown whenever it is drawn."""

    key: str
    values: dict[str, object] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)  # values that are catalog keys themselves

    def words(self, text: Catalog) -> str:
        return text(self.key, **self.values, **{name: text(key) for name, key in self.terms.items()})


class Leave(enum.Enum):
    """What a yes goes on to do, leaving the game in progress (or the party) behind."""

    NEW_GAME = "new_game"
    DAILY = "daily"
    PLAY_CODE = "play_code"
    PARTY = "party"
    DEMO = "demo"
    QUIT = "quit"
    PHONES = "phones"  # open the phones' room
    CLOSE_ROOM = "close_room"  # close the phones' room (its file lets it be continued)


@dataclass(frozen=True)
class ChangeDifficulty:
    """A yes starts a new game in ``difficulty`` (chosen in Settings over a game in progress)."""

    difficulty: Difficulty


ConfirmAction = Leave | ChangeDifficulty


@dataclass(frozen=True)
class Confirm(Payload):
    question: Question
    action: ConfirmAction | None  # None: a yes does nothing (the dialog shown for its own sake)


@dataclass(frozen=True)
class Confirmed(Answer):
    """The player said yes to ``action``."""

    action: ConfirmAction


# --- the name entry ------------------------------------------------------------------------
@dataclass(frozen=True)
class NameAsked(Payload):
    start: str | None = None  # the field's first words ("" for a party seat: no name offered)
    timeout_seconds: float | None = None  # without input this long, the default name (kiosk)


@dataclass(frozen=True)
class NameGiven(Answer):
    name: str  # cleaned; the default name when the field was left empty


# --- the hint's warning --------------------------------------------------------------------
@dataclass(frozen=True)
class HintWanted(Answer):
    """The player was told a hint marks the game, and wants it."""


# --- other screens -------------------------------------------------------------------------
@dataclass(frozen=True)
class ReplayToView(Payload):
    replay: Replay | None  # None: the record could not be read (the viewer says so)
    open_turn: int | None = None  # open on this turn


@dataclass(frozen=True)
class ScoresOf(Payload):
    difficulty: Difficulty  # the table shown first


@dataclass(frozen=True)
class Countdown(Payload):
    seconds: float  # "Still playing?" counts down this long


class Card(str, enum.Enum):
    """The attract loop's still cards (named as ``kiosk.json`` names its steps)."""

    TITLE = "title"
    SCORES = "scores"
    BEST_TODAY = "best_today"
    HOW_TO_PLAY = "how_to_play"


@dataclass(frozen=True)
class TitleOnTop(Payload):
    """The table opens with the title menu over it (back to the title from a full screen)."""


@dataclass(frozen=True)
class CardToShow(Payload):
    card: Card
