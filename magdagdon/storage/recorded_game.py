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
from .decoding import BadField, Fields, Unfit, date_time, flag
from .game_identity import game_identity, is_seat_label, seated_identity
from .high_scores import ScoreEntry, player_name


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
    def from_data(cls, raw: Any, document: str = "a recorded game") -> "RecordedGame":
        """Strict reading of a recorded game's file (``document``: its name, for errors)."""
        game = Fields(raw, document, what="a recorded game")
        if not _FIELDS <= set(game.raw) <= _FIELDS | {"seat"}:
            raise BadField(document, "a recorded game", "needs name, when, assisted and replay (and a seat or none)")
        return cls(game.get("replay", stored_replay), game.get("name", player_name), game.get("when", date_time),
                   game.get("assisted", flag), game.get("seat", seat_label) if "seat" in game else None)


_FIELDS = frozenset(("name", "when", "assisted", "replay"))


def stored_replay(raw: Any) -> Replay:
    """An engine replay as :meth:`Replay.to_dict` writes it (not played here)."""
    try:
        return Replay.from_dict(raw)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
        raise Unfit(f"it must be a replay: {error}") from None


def seat_label(raw: Any) -> str:
    if not is_seat_label(raw):
        raise Unfit("it must be a seat's label")
    return str(raw)
