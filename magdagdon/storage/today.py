"""Today's results beside the all-time tables: the games recorded on one local date.

Built from what storage keeps: every table entry, and the archived replays of the newest
games (``RECENT_GAMES``), read back for their name, time and score. A party's evening fits
in those; an archived game that cannot be read is left out, never a crash.
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo

from ..engine.difficulty import Difficulty
from .document_file import PARSE_ERRORS
from .envelope import NewerVersion
from .high_scores import TABLE_SIZE, ScoreEntry
from .recorded_game import RecordedGame
from .store import Store


def local_day(when: datetime, zone: tzinfo | None = None) -> date:
    """The date ``when`` falls on in ``zone`` (None: the computer's local time zone)."""
    return when.astimezone(zone).date()


def todays_table(store: Store, difficulty: Difficulty, day: date, zone: tzinfo | None = None) -> list[ScoreEntry]:
    """The top 20 of ``difficulty`` among the games recorded on ``day`` (local date)."""
    found: dict[str, ScoreEntry] = {}
    for entry in store.high_scores(difficulty):
        if local_day(entry.when, zone) == day:
            found[entry.replay_id] = entry
    for replay_id in reversed(store.score_book().recent):
        if replay_id in found:
            continue
        recorded = read_recorded(store, replay_id)
        if recorded is None or recorded.replay.difficulty is not difficulty or recorded.replay.result is None:
            continue
        if local_day(recorded.when, zone) == day:
            found[replay_id] = recorded.entry()
    return sorted(found.values(), key=lambda e: e.sort_key)[:TABLE_SIZE]


def read_recorded(store: Store, replay_id: str, verified: bool = False) -> RecordedGame | None:
    """An archived game, or None when it is missing or unreadable."""
    try:
        return store.archive.load(replay_id) if verified else store.archive.read(replay_id)
    except (OSError, NewerVersion, *PARSE_ERRORS):
        return None


def best_of_day(store: Store, day: date, difficulties: tuple[Difficulty, ...] = tuple(Difficulty),
                zone: tzinfo | None = None) -> RecordedGame | None:
    """Today's best game (highest score of any difficulty), its replay verified; None if
    no game of ``day`` can be played back."""
    candidates = [entry for d in difficulties for entry in todays_table(store, d, day, zone)]
    for entry in sorted(candidates, key=lambda e: e.sort_key):
        recorded = read_recorded(store, entry.replay_id, verified=True)
        if recorded is not None:
            return recorded
    return None
