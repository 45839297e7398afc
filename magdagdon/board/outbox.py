"""The games waiting to go to the world board: ``board_outbox.json`` in the data folder,
so a game finished offline is sent when the board can be reached again — in this run or
the next. Read and written under the data folder's lock, atomically, like every data file;
a damaged file is set aside (its games are then not sent: the local tables keep them).

A game stays until the board takes it or refuses it, or its day closes (the board would
refuse it then). Each failed try waits longer before the next (``RETRY_SECONDS`` doubling,
up to ``MAX_WAIT_SECONDS``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from ..engine.replay import Replay
from ..storage.atomic_file import write_atomic
from ..storage.document_file import load_document
from ..storage.envelope import CorruptFile, FileKind, encode, is_int
from ..storage.game_identity import game_identity
from ..storage.high_scores import clean_name, parse_when
from ..storage.lock import DataLock
from .days import DayState, day_state

OUTBOX_FILE = "board_outbox.json"
OUTBOX_KIND = FileKind("magdagdon-board-outbox", 1, max_bytes=1024 * 1024)
MAX_WAITING = 24  # a day or two of every difficulty, played often: older ones give way
RETRY_SECONDS = 30.0
MAX_WAIT_SECONDS = 30 * 60.0


@dataclass(frozen=True)
class Waiting:
    """A finished game of a day's dice, to send."""

    replay: Replay
    name: str
    assisted: bool
    day: date
    tries: int = 0
    next_try: datetime | None = None  # None: at once

    @property
    def replay_id(self) -> str:
        return game_identity(self.replay)

    def to_data(self) -> dict[str, Any]:
        return {"replay": self.replay.to_dict(), "name": self.name, "assisted": self.assisted,
                "day": self.day.isoformat(), "tries": self.tries,
                "next_try": None if self.next_try is None else self.next_try.isoformat()}

    @classmethod
    def from_data(cls, raw: Any) -> "Waiting":
        if not isinstance(raw, dict):
            raise CorruptFile("a waiting game is an object")
        replay = Replay.from_dict(raw["replay"])
        name, assisted, tries = raw["name"], raw["assisted"], raw["tries"]
        if not isinstance(name, str) or clean_name(name) != name or not isinstance(assisted, bool) \
                or not is_int(tries) or tries < 0:
            raise CorruptFile("a waiting game's name, assisted or tries")
        next_try = None if raw["next_try"] is None else parse_when(raw["next_try"])
        return cls(replay, name, assisted, date.fromisoformat(raw["day"]), tries, next_try)

    def later(self, now: datetime, at_least: float | None = None) -> "Waiting":
        wait = min(MAX_WAIT_SECONDS, RETRY_SECONDS * 2 ** min(self.tries, 10))
        return replace(self, tries=self.tries + 1, next_try=now + timedelta(seconds=max(wait, at_least or 0)))


def _parse(raw: Any) -> list[Waiting]:
    if not isinstance(raw, list) or len(raw) > MAX_WAITING:
        raise CorruptFile("the outbox is a list of waiting games")
    return [Waiting.from_data(item) for item in raw]


class Outbox:
    def __init__(self, data_dir: Path, lock_timeout: float = 5.0) -> None:
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / OUTBOX_FILE
        self.lock_timeout = lock_timeout

    def lock(self) -> DataLock:
        return DataLock(self.data_dir, self.lock_timeout)

    def read(self, now: datetime | None) -> list[Waiting]:
        """The waiting games (hold the lock); none when the file is missing or damaged."""
        loaded = load_document(self.path, OUTBOX_KIND, _parse, now)
        return loaded.value or []

    def write(self, waiting: list[Waiting], now: datetime) -> None:
        """Keep the games whose day is still open, the newest ``MAX_WAITING`` (hold the lock)."""
        kept = [w for w in waiting if day_state(w.day, now) is DayState.OPEN][-MAX_WAITING:]
        write_atomic(self.path, encode(OUTBOX_KIND, [w.to_data() for w in kept]))

    def add(self, game: Waiting, now: datetime) -> None:
        with self.lock():
            waiting = [w for w in self.read(now) if w.replay_id != game.replay_id]
            self.write([*waiting, game], now)
