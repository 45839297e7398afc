"""Today's dice tables: for each calendar day, the best games played on that day's seed,
one top 20 per difficulty, in ``daily.json`` (the versioned envelope, written by the store
under the data folder lock with an atomic replace; a damaged file is repaired by
:mod:`.daily_repair` — what reads kept, the tables rebuilt from the archive — and a newer
one is left alone).

The tables are held to the rule of the score tables: each entry names a recorded game of
the archive (``replays/``), and it stands only when that archived replay verifies, is on
the day's own dice, matches what the entry claims (:func:`.verify.check_entry`) and was
recorded by this installation within the day's window (see :func:`day_window`) and not
after now. The file is read strictly: a day that is not written ``YYYY-MM-DD``, or a
difficulty not written as the game writes it, makes it a damaged file. Days are kept from
``KEEP_DAYS`` days before the recording time up to that time; older days and days still
to come (written under a clock that ran ahead) are dropped at the next write.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

from ..engine.challenge import day_seeds
from ..engine.difficulty import Difficulty
from .atomic_file import write_atomic
from .document_file import Loaded, load_document
from .envelope import CorruptFile, FileKind, encode
from .high_scores import ScoreEntry, insert, parse_table, rank_of

DAILY_FILE = "daily.json"
DAILY_KIND = FileKind("magdagdon-daily", 1, max_bytes=4 * 1024 * 1024)
KEEP_DAYS = 60
FIRST_DAY = date(2020, 1, 1)  # no Today's dice before the game existed
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# A calendar day begins first at UTC+14 and ends last at UTC-12; a game begun before
# midnight still counts for its day, so a result may be recorded until the next day ends.
_EARLIEST_ZONE = timezone(timedelta(hours=14))
_LATEST_ZONE = timezone(timedelta(hours=-12))

Days = dict[date, dict[Difficulty, list[ScoreEntry]]]


def day_window(day: date) -> tuple[datetime, datetime]:
    """From the day's first moment anywhere to the end of the next day anywhere: when a
    result of the day's dice may be recorded, whatever the player's time zone."""
    start = datetime.combine(day, time(0), _EARLIEST_ZONE)
    return start, datetime.combine(day + timedelta(days=2), time(0), _LATEST_ZONE)


def in_window(when: datetime, day: date) -> bool:
    start, end = day_window(day)
    return start <= when < end


def day_of_dice(seed: int, when: datetime, difficulty: Difficulty | None = None) -> date | None:
    """The day whose dice ``seed`` is (in ``difficulty``, when given), if a result recorded
    at ``when`` counts for it."""
    utc = when.astimezone(timezone.utc).date()
    for day in (utc + timedelta(days=offset) for offset in (1, 0, -1, -2)):
        if FIRST_DAY <= day and seed in day_seeds(day, difficulty) and in_window(when, day):
            return day
    return None


def kept_days(days: Days, now: datetime) -> Days:
    """The days a write keeps: begun by ``now`` and not older than ``KEEP_DAYS`` days."""
    oldest = now - timedelta(days=KEEP_DAYS)
    return {day: tables for day, tables in days.items() if day_window(day)[0] <= now and day_window(day)[1] > oldest}


def parse_day(raw: Any) -> date:
    if not isinstance(raw, str) or not _DAY.fullmatch(raw):
        raise CorruptFile(f"a day is written YYYY-MM-DD, not {raw!r}")  # pragma: no mutate
    day = date.fromisoformat(raw)  # ValueError (a corrupt file) for 2026-13-45
    if day < FIRST_DAY:
        raise CorruptFile(f"no Today's dice on {raw}")  # pragma: no mutate
    return day


def _difficulty(raw: Any) -> Difficulty:
    if not isinstance(raw, str) or raw not in Difficulty.__members__:
        raise CorruptFile(f"bad difficulty {raw!r}")  # pragma: no mutate
    return Difficulty[raw]


def parse_days(raw: Any) -> Days:
    if not isinstance(raw, dict):
        raise CorruptFile("daily tables are a map of days")  # pragma: no mutate
    days: Days = {}
    for key, tables in raw.items():
        day = parse_day(key)
        if not isinstance(tables, dict):
            raise CorruptFile(f"the tables of {key} are not a map")  # pragma: no mutate
        days[day] = {}
        for name, entries in tables.items():
            difficulty = _difficulty(name)
            days[day][difficulty] = parse_table(entries, difficulty)
        if any(e.seed not in day_seeds(day, e.difficulty) for table in days[day].values() for e in table):
            raise CorruptFile(f"a game in the tables of {key} is not on that day's dice")  # pragma: no mutate
    return days


def to_data(days: Days) -> dict[str, Any]:
    return {day.isoformat(): {d.name: [e.to_data() for e in table] for d, table in tables.items() if table}
            for day, tables in sorted(days.items())}


def entries_of(days: Days) -> Iterator[tuple[date, Difficulty, int, ScoreEntry]]:
    """Every entry as (day, difficulty, rank, entry), newest day first."""
    for day in sorted(days, reverse=True):
        for difficulty in Difficulty:
            for rank, entry in enumerate(days[day].get(difficulty, []), start=1):
                yield day, difficulty, rank, entry


def add_entry(days: Days, day: date, entry: ScoreEntry, now: datetime) -> tuple[Days, int | None]:
    """``days`` with ``entry`` in ``day``'s table (once), the kept days only, and its rank."""
    tables = days.setdefault(day, {})
    table = tables.get(entry.difficulty, [])
    if rank_of(table, entry.replay_id) is None:
        table, _ = insert(table, entry)
        tables[entry.difficulty] = table
    return kept_days(days, now), rank_of(table, entry.replay_id)


class DailyFile:
    """``daily.json`` of a data folder: read and written by the store, under its lock."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / DAILY_FILE

    def load(self, now: datetime | None, may_move: bool) -> Loaded[Days]:
        """Read strictly, whole or nothing (the store reads through :func:`.daily_repair.load_daily`)."""
        return load_document(self.path, DAILY_KIND, parse_days, now, may_move)

    def write(self, days: Days) -> None:
        write_atomic(self.path, encode(DAILY_KIND, to_data(days)))


def named_entry(entry: ScoreEntry, replay_id: str) -> ScoreEntry:
    """The entry under the id its archived file carries (an earlier version's content id)."""
    return entry if entry.replay_id == replay_id else replace(entry, replay_id=replay_id)
