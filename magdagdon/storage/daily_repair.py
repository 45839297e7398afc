"""Today's dice tables read with their damage repaired, never thrown away for one bad part.

``daily.json`` is an index of the archive, as the scores file is: each entry names an
archived game. So one day, table or entry that does not read (a hand edit, a bit flipped)
costs nothing genuine: the parts that read are kept, the file as found is set aside (renamed
``daily.json.corrupt-<time>``, its bytes unchanged), and the tables are rebuilt from the
archive — every archived game on a day's dice recorded within that day's window enters its
day's table again, as it did when it was recorded. A file that does not read at all is
set aside whole and rebuilt the same way. The entries then stand or not on their archived
replays as always (:func:`.verify.check_daily_entry`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..engine.challenge import daily_seed
from ..engine.difficulty import Difficulty
from ..engine.replay import ReplayError
from ..shown_value import shown
from .daily_table import DAILY_KIND, DailyFile, Days, day_of_dice, kept_days, named_entry, parse_day
from .document_file import PARSE_ERRORS, Loaded, load_document, set_aside
from .envelope import CorruptFile, NewerVersion
from .high_scores import TABLE_SIZE, ScoreEntry, insert
from .notices import NoticeKind, StorageNotice, notice_of_error
from .replay_archive import ReplayArchive


@dataclass(frozen=True)
class ReadDays:
    days: Days  # every part that reads
    damaged: tuple[str, ...]  # what did not: "day '20261130'", "an entry of 2026-11-30 PEACEFUL", ...


def read_days(raw: Any) -> ReadDays:
    """The days of ``daily.json``'s data, each part checked as strictly as ever, a part that
    fails left out and named; CorruptFile only when the data is not a map of days at all."""
    if not isinstance(raw, dict):
        raise CorruptFile("daily tables are a map of days")  # pragma: no mutate
    days: Days = {}
    damaged: list[str] = []
    for key, tables in raw.items():
        try:
            day = parse_day(key)
        except (CorruptFile, ValueError):
            damaged.append(f"day {shown(key)}")
            continue
        if not isinstance(tables, dict):
            damaged.append(f"the tables of {key}")
            continue
        for name, entries in tables.items():
            if not isinstance(name, str) or name not in Difficulty.__members__:
                damaged.append(f"table {shown(name)} of {key}")
                continue
            difficulty = Difficulty[name]
            table = _entries(entries, difficulty, daily_seed(day), f"{key} {name}", damaged)
            if table:
                days.setdefault(day, {})[difficulty] = table
    return ReadDays(days, tuple(damaged))


def _entries(raw: Any, difficulty: Difficulty, seed: int, where: str, damaged: list[str]) -> list[ScoreEntry]:
    if not isinstance(raw, list):
        damaged.append(f"the table {where}")
        return []
    table: list[ScoreEntry] = []
    for item in raw:
        try:
            entry = ScoreEntry.from_data(item)
        except PARSE_ERRORS:
            damaged.append(f"an entry of {where}")
            continue
        if entry.difficulty is not difficulty or entry.seed != seed or any(e.replay_id == entry.replay_id for e in table):
            damaged.append(f"an entry of {where}")
            continue
        table.append(entry)
    table.sort(key=lambda e: e.sort_key)
    if len(table) > TABLE_SIZE:
        damaged.append(f"entries beyond the top {TABLE_SIZE} of {where}")
    return table[:TABLE_SIZE]


def days_from_archive(archive: ReplayArchive, days: Days, now: datetime | None) -> Days:
    """``days`` with every archived game on a day's dice, recorded within its day's window,
    in its day's table (once; under the id its file carries)."""
    rebuilt = {day: {d: list(t) for d, t in tables.items()} for day, tables in days.items()}
    for replay_id in archive.stored_ids():
        try:
            recorded = archive.load(replay_id)
            entry = recorded.entry()
        except (OSError, NewerVersion, ReplayError, *PARSE_ERRORS):
            continue  # not a game a table can stand on (the score tables' rebuild says why)
        day = day_of_dice(recorded.replay.seed, recorded.when)
        if day is None:
            continue
        tables = rebuilt.setdefault(day, {})
        table = tables.get(entry.difficulty, [])
        if not any(recorded.known_as(e.replay_id) for e in table):
            tables[entry.difficulty], _ = insert(table, named_entry(entry, replay_id))
    return rebuilt if now is None else kept_days(rebuilt, now)


def load_daily(daily: DailyFile, archive: ReplayArchive, now: datetime | None, may_move: bool) -> Loaded[Days]:
    """``daily.json``'s days, repaired when damaged (``may_move``: the caller holds the data
    folder's lock, so the file may be set aside and the repaired tables written)."""
    loaded = load_document(daily.path, DAILY_KIND, read_days, now, may_move)
    if loaded.value is not None and not loaded.value.damaged:
        return Loaded(loaded.value.days)
    whole = loaded.value is None and loaded.notice is not None and loaded.notice.kind is NoticeKind.CORRUPT_MOVED_ASIDE
    if loaded.notice is not None and loaded.notice.kind is NoticeKind.NEWER_VERSION:
        # Only this file is left alone: the results are saved all the same, in the score tables.
        return Loaded(None, StorageNotice(NoticeKind.DAILY_NEWER, loaded.notice.path), blocks_writing=True)
    if loaded.value is None and not whole:
        return Loaded(None, loaded.notice, loaded.blocks_writing)  # missing, unreadable, or not movable
    rebuilt = days_from_archive(archive, {} if loaded.value is None else loaded.value.days, now)
    path = str(daily.path)
    if whole and loaded.notice is not None:
        if not rebuilt:
            return Loaded(None, loaded.notice)  # nothing to rebuild: set aside, as said
        moved_to = loaded.notice.moved_to
    else:
        moved = set_aside(daily.path, now) if may_move else None
        if moved is None:  # kept as it is, shown repaired; nothing is written over it
            return Loaded(rebuilt, StorageNotice(NoticeKind.CORRUPT_UNMOVABLE, path), blocks_writing=True)
        moved_to = str(moved)
    try:
        daily.write(rebuilt)
    except OSError as error:
        return Loaded(rebuilt, notice_of_error(error, daily.path))
    return Loaded(rebuilt, StorageNotice(NoticeKind.DAILY_REPAIRED, path, moved_to))
