"""A finished (or in-progress) game as stored: the engine replay plus who played it and when.

The replay is the evidence (RULES.md §10: seed and actions rebuild the game exactly); the
name, time and assistance flag are what the replay cannot know. A game's id is its
identity (:mod:`.game_identity`), so any replay of a recorded game gets the recorded id. A
game played in a party's or a phones room's seat also names the seat, and its id is the
seated identity: guests who played the same moves at one party are each recorded.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from ..engine.replay import Replay
from .envelope import CorruptFile
from .game_identity import game_identity, is_seat_label, seated_identity
from ..shown_value import shown
from .high_scores import ScoreEntry, clean_name, parse_when


def replay_id(replay: Replay, seat: str | None = None) -> str:
    """The id a game is recorded under: its identity, the same for every replay of it (and,
    for a game played in a party's or a room's seat, for every replay of it in that seat)."""
    return game_identity(replay) if seat is None else seated_identity(replay, seat)


def content_id(replay: Replay) -> str:
    """The id games recorded by earlier versions carry: a hash of the replay's JSON text."""
    digest = hashlib.blake2b(replay.to_json().encode("utf-8"), digest_size=12, person=b"magdagdon-game")
    return digest.hexdigest()


@dataclass(frozen=True)
class RecordedGame:
    replay: Replay
    name: str
    when: datetime
    assisted: bool = False
    seat: str | None = None  # the party's or room's seat it was played in (game_identity.seat_label)

    @cached_property
    def replay_id(self) -> str:
        return replay_id(self.replay, self.seat)

    @cached_property
    def game_id(self) -> str:
        """The game's identity whatever seat it was played in: a replay of it recorded on
        its own is the same game ("already recorded")."""
        return game_identity(self.replay)

    def known_as(self, an_id: str) -> bool:
        """True when ``an_id`` names this game: its identity, or the older content id (a
        seated game is of this version: it has no older id)."""
        return an_id == self.replay_id or (self.seat is None and an_id == content_id(self.replay))

    def entry(self) -> ScoreEntry:
        """The high-score entry of a finished game (its replay carries the true result)."""
        result = self.replay.result
        if result is None:
            raise ValueError("only a finished game's replay carries a result")
        return ScoreEntry(
            self.name, result.score, self.when, result.turns, result.powers_used, self.replay.seed,
            self.replay_id, self.assisted, self.replay.difficulty, result.board,
        )

    def to_data(self) -> dict[str, Any]:
        data = {
            "name": self.name,
            "when": self.when.isoformat(),
            "assisted": self.assisted,
            "replay": self.replay.to_dict(),
        }
        if self.seat is not None:  # only then: a game played alone is written as before
            data["seat"] = self.seat
        return data

    @classmethod
    def from_data(cls, raw: Any) -> "RecordedGame":
        if not isinstance(raw, dict) or set(raw) - {"seat"} != _FIELDS or not _FIELDS <= set(raw):
            raise CorruptFile("a recorded game needs name, when, assisted and replay")
        name, assisted, seat = raw["name"], raw["assisted"], raw.get("seat")
        if not isinstance(name, str) or clean_name(name) != name:
            raise CorruptFile(f"bad player name {shown(name)}")
        if not isinstance(assisted, bool):
            raise CorruptFile(f"bad assisted {shown(assisted)}")
        if "seat" in raw and not is_seat_label(seat):
            raise CorruptFile(f"bad seat {shown(seat)}")
        return cls(Replay.from_dict(raw["replay"]), name, parse_when(raw["when"]), assisted, seat)


_FIELDS = frozenset(("name", "when", "assisted", "replay"))
