"""Today's dice tables: for each calendar day, the best games played on that day's seed,
one top 20 per difficulty, in ``daily.json`` (the folder lock, an atomic replace, the
versioned envelope; a corrupt file is set aside and the tables start again).

Only a finished game on the day's own seed gets in, rebuilt from its replay; the same
game twice counts once. The newest ``KEEP_DAYS`` days are kept.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

from ..engine.challenge import daily_seed
from ..engine.difficulty import Difficulty
from ..engine.replay import Replay
from .atomic_file import write_atomic
from .document_file import load_document
from .envelope import CorruptFile, FileKind, encode
from .high_scores import ScoreEntry, check_aware, clean_name, insert, parse_table, rank_of
from .lock import DEFAULT_TIMEOUT, DataLock
from .notices import NoticeKind, StorageNotice
from .outcomes import RecordRefused, RefusalReason, finished_game
from .recorded_game import RecordedGame

DAILY_FILE = "daily.json"
DAILY_KIND = FileKind("magdagdon-daily", 1, max_bytes=4 * 1024 * 1024)
KEEP_DAYS = 60

Days = dict[str, dict[Difficulty, list[ScoreEntry]]]


def parse_days(raw: Any) -> Days:
    if not isinstance(raw, dict) or len(raw) > KEEP_DAYS:
        raise CorruptFile(f"daily tables are a map of at most {KEEP_DAYS} days")
    days: Days = {}
    for day, tables in raw.items():
        date.fromisoformat(day)  # ValueError: set aside as corrupt
        if not isinstance(tables, dict):
            raise CorruptFile(f"the tables of {day} are not a map")
        days[day] = {Difficulty.from_name(name): parse_table(entries, Difficulty.from_name(name))
                     for name, entries in tables.items()}
        seed = daily_seed(date.fromisoformat(day))
        if any(e.seed != seed for table in days[day].values() for e in table):
            raise CorruptFile(f"a game in the tables of {day} is not on that day's dice")
    return days


def _to_data(days: Days) -> dict[str, Any]:
    return {day: {d.name: [e.to_data() for e in table] for d, table in tables.items()}
            for day, tables in days.items()}


class DailyTables:
    def __init__(self, data_dir: Path, lock_timeout: float = DEFAULT_TIMEOUT) -> None:
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / DAILY_FILE
        self.lock_timeout = lock_timeout
        self.notices: list[StorageNotice] = []

    def table(self, day: date, difficulty: Difficulty) -> list[ScoreEntry]:
        try:
            with DataLock(self.data_dir, self.lock_timeout):
                days = self._read()
        except OSError:
            self.notices.append(StorageNotice(NoticeKind.WRITE_FAILED, str(self.path)))
            return []
        return list(days.get(day.isoformat(), {}).get(difficulty, []))

    def record(self, day: date, replay: Replay, now: datetime, name: str = "Player", assisted: bool = False) -> int | None:
        """Add a finished game of ``day``'s dice; its rank in that day's table (None: off it).

        RecordRefused when the replay does not verify, is unfinished or on other dice."""
        check_aware(now)
        game = finished_game(replay)
        if game.seed != daily_seed(day):
            raise RecordRefused(RefusalReason.INVALID_REPLAY, f"seed {game.seed} is not the dice of {day.isoformat()}")
        entry = RecordedGame(Replay.of(game), clean_name(name), now, bool(assisted)).entry()
        key = day.isoformat()
        try:
            with DataLock(self.data_dir, self.lock_timeout):
                days = self._read()
                tables = days.setdefault(key, {})
                table = tables.get(entry.difficulty, [])
                if rank_of(table, entry.replay_id) is None:
                    table, _ = insert(table, entry)
                    tables[entry.difficulty] = table
                    kept = dict(sorted(days.items(), reverse=True)[:KEEP_DAYS])
                    write_atomic(self.path, encode(DAILY_KIND, _to_data(kept)))
                return rank_of(table, entry.replay_id)
        except OSError:
            self.notices.append(StorageNotice(NoticeKind.WRITE_FAILED, str(self.path)))
            return None

    def _read(self) -> Days:
        loaded = load_document(self.path, DAILY_KIND, parse_days, None)
        if loaded.notice is not None:
            self.notices.append(loaded.notice)
        if loaded.blocks_writing:
            raise PermissionError(str(self.path))
        return loaded.value or {}

    def take_notices(self) -> list[StorageNotice]:
        notices, self.notices = self.notices, []
        return notices
