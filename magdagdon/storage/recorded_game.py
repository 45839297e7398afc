"""A finished (or in-progress) game as stored: the engine replay plus who played it and when.

The replay is the evidence (RULES.md §10: seed and actions rebuild the game exactly); the
name, time and assistance flag are what the replay cannot know.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..engine import Replay
from .envelope import CorruptFile
from .high_scores import ScoreEntry, clean_name, parse_when


def replay_id(replay: Replay) -> str:
    """Content hash of the canonical replay JSON: one game recorded twice gets one id."""
    digest = hashlib.blake2b(replay.to_json().encode("utf-8"), digest_size=12, person=b"magdagdon-game")
    return digest.hexdigest()


@dataclass(frozen=True)
class RecordedGame:
    replay: Replay
    name: str
    when: datetime
    assisted: bool = False

    @property
    def replay_id(self) -> str:
        return replay_id(self.replay)

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
            raise CorruptFile(f"bad player name {name!r}")
        if not isinstance(assisted, bool):
            raise CorruptFile(f"bad assisted {assisted!r}")
        return cls(Replay.from_dict(raw["replay"]), name, parse_when(raw["when"]), assisted)
