"""What the board stores and answers, as values shared by the server and its stores."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from enum import Enum

from ..engine.difficulty import Difficulty


def to_micros(when: datetime) -> int:
    """A moment as whole microseconds since 1970 UTC: how the stores keep and sort times."""
    delta = when.astimezone(timezone.utc) - datetime(1970, 1, 1, tzinfo=timezone.utc)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_micros(micros: int) -> datetime:
    return datetime.fromtimestamp(micros // 1_000_000, timezone.utc).replace(microsecond=micros % 1_000_000)


def iso_time(micros: int) -> str:
    """``2026-12-06T10:15:02.123456Z``."""
    return from_micros(micros).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class VerifiedGame:
    """A finished game on a day's dice, as the engine rebuilt it from its replay."""

    replay_id: str  # the game's identity: the same for every replay of this game
    score: int
    turns: int
    powers_used: int
    board: str  # the final board in the rule book's notation
    replay_json: str  # the canonical replay, as GET /v1/replays/{id} gives it


@dataclass(frozen=True)
class StoredReplay:
    """A game the board holds: its canonical replay and the name it was sent under."""

    replay_json: str
    name: str


@dataclass(frozen=True)
class NewGame:
    """A verified game to put on a day's board for an installation."""

    day: date
    difficulty: Difficulty
    install_hash: str
    name: str
    assisted: bool
    at: int  # microseconds since 1970 UTC: when the board received it
    game: VerifiedGame


class Outcome(Enum):
    NEW = "new"  # stored now
    REPEAT = "repeat"  # this installation sent this game before: the same answer, nothing written
    COPIED = "copied"  # the game is on the board from another installation: refused, nothing written


@dataclass(frozen=True)
class Standing:
    """Where an installation stands on a day's board after a game was sent."""

    outcome: Outcome
    rank: int | None  # its entry's rank (its best game of the day); None when copied
    counted: bool  # the game sent is its entry (its best)
    score: int  # the game sent's score
    total: int  # entries on the board of that day and difficulty


@dataclass(frozen=True)
class BoardEntry:
    rank: int
    name: str
    score: int
    at: int  # microseconds since 1970 UTC
    replay_id: str
    assisted: bool
    turns: int
    powers_used: int
    board: str

    def to_json(self) -> dict[str, object]:
        return {"rank": self.rank, "name": self.name, "score": self.score, "at": iso_time(self.at),
                "replay_id": self.replay_id, "assisted": self.assisted, "turns": self.turns,
                "powers_used": self.powers_used, "board": self.board}
