"""A finished (or in-progress) game as stored: the engine replay plus who played it and when.

The replay is the evidence (RULES.md §10: seed and actions rebuild the game exactly); the
name, time and assistance flag are what the replay cannot know. A game's id is its
identity (:mod:`.game_identity`), so any replay of a recorded game gets the recorded id.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from ..engine.replay import Replay
from .envelope import CorruptFile
from .game_identity import game_identity
from ..shown_value import shown
from .high_scores import ScoreEntry, clean_name, parse_when


def replay_id(replay: Replay) -> str:
    """The id a game is recorded under: its identity, the same for every replay of it."""
    return game_identity(replay)


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

    @cached_property
    def replay_id(self) -> str:
        return replay_id(self.replay)

    def known_as(self, an_id: str) -> bool:
        """True when ``an_id`` names this game: its identity, or the older content id."""
        return an_id == self.replay_id or an_id == content_id(self.replay)

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
        return {
            "name": self.name,
            "when": self.when.isoformat(),
            "assisted": self.assisted,
            "replay": self.replay.to_dict(),
        }

    @classmethod
    def from_data(cls, raw: Any) -> "RecordedGame":
        if not isinstance(raw, dict) or set(raw) != {"name", "when", "assisted", "replay"}:
            raise CorruptFile("a recorded game needs name, when, assisted and replay")
        name, assisted = raw["name"], raw["assisted"]
        if not isinstance(name, str) or clean_name(name) != name:
            raise CorruptFile(f"bad player name {shown(name)}")
        if not isinstance(assisted, bool):
            raise CorruptFile(f"bad assisted {shown(assisted)}")
        return cls(Replay.from_dict(raw["replay"]), name, parse_when(raw["when"]), assisted)
