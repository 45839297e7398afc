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
from .decoding import Fields, Unfit, difficulty, value
from .document_file import Loaded, load_document
from .envelope import FileKind, encode
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


def calendar_day(raw: Any) -> date:
    """A day written YYYY-MM-DD, from the first day of Today's dice on."""
    rule = f"a day is written YYYY-MM-DD, from {FIRST_DAY.isoformat()} on"
    if not isinstance(raw, str) or not _DAY.fullmatch(raw):
        raise Unfit(rule)
    try:
        day = date.fromisoformat(raw)  # 2026-13-45 is no day
    except ValueError:
        raise Unfit(rule) from None
    if day < FIRST_DAY:
        raise Unfit(rule)
    return day


def parse_day(raw: Any) -> date:
    """A day of ``daily.json`` (:func:`calendar_day`); BadField otherwise."""
    return value(raw, calendar_day, DAILY_FILE, "a day")


def parse_days(raw: Any) -> Days:
    """Every day of ``daily.json``'s data, read whole or not at all."""
    document = Fields(raw, DAILY_FILE, what="daily tables")
    days: Days = {}
    for day, key in document.each(calendar_day):
        tables = document.object(key)
        days[day] = {}
        for difficulty_of_table, name in tables.each(difficulty):
            days[day][difficulty_of_table] = parse_table(tables, name, difficulty_of_table)
        if any(e.seed not in day_seeds(day, e.difficulty) for table in days[day].values() for e in table):
            raise document.bad(key, "holds a game that is not on that day's dice")  # pragma: no mutate
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
