"""Which days the board takes games for: one board per UTC date and difficulty.

A day opens at its midnight UTC and takes games until the end of the next day (a game
begun before midnight still counts for its day); after that it is closed. Its dice are
``day_seed`` (engine/challenge.py), computed the same way by the game and the server.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone
from enum import Enum

from ..storage.daily_table import FIRST_DAY

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class DayState(Enum):
    NOT_YET = "not_yet"  # its midnight UTC has not come
    OPEN = "open"  # today, or yesterday (until today ends)
    CLOSED = "closed"  # closed more than a day ago


def utc_day(now: datetime) -> date:
    return now.astimezone(timezone.utc).date()


def day_state(day: date, now: datetime) -> DayState:
    today = utc_day(now)
    if day > today:
        return DayState.NOT_YET
    return DayState.OPEN if day >= today - timedelta(days=1) else DayState.CLOSED


def open_days(now: datetime) -> tuple[date, date]:
    """(yesterday, today) in UTC: the days that take games at ``now``."""
    today = utc_day(now)
    return today - timedelta(days=1), today


def closes_at(day: date) -> datetime:
    """The moment ``day`` stops taking games: the end of the next day, UTC."""
    return datetime.combine(day + timedelta(days=2), time(0), timezone.utc)


def parse_day(text: str) -> date | None:
    """``YYYY-MM-DD`` from the game's first day on; None for anything else."""
    if not _DAY.fullmatch(text):
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None
    return day if day >= FIRST_DAY else None
