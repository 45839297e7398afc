"""The storage keeps every time in UTC whatever the machine's time zone: a kiosk far east or
far west of Greenwich ranks Today's games on the right day, and names a set-aside file and a
party by the UTC time they say they are in."""

from __future__ import annotations

import time
from datetime import date, datetime, timezone

import pytest

from magdagdon.engine.challenge import daily_seed
from magdagdon.storage.daily_table import day_of_dice
from magdagdon.storage.document_file import set_aside
from magdagdon.storage.party_file import new_party_id

DAY = date(2026, 11, 30)


@pytest.fixture(params=["<+14>-14", "<-12>+12"], ids=["UTC+14", "UTC-12"])
def far_zone(request, monkeypatch):
    """The process's local time zone set to one of the two furthest from UTC (POSIX TZ syntax)."""
    monkeypatch.setenv("TZ", request.param)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("when", [
    datetime(2026, 11, 29, 11, 0, tzinfo=timezone.utc),  # the day has begun at UTC+14
    datetime(2026, 12, 2, 11, 0, tzinfo=timezone.utc),  # the next day still lasts at UTC-12
], ids=["first hours", "last hours"])
def test_todays_dice_count_for_their_day_whatever_the_local_time_zone(far_zone, when) -> None:
    assert day_of_dice(daily_seed(DAY), when) == DAY


def test_a_set_aside_file_is_named_by_the_utc_time(far_zone, tmp_path) -> None:
    damaged = tmp_path / "scores.json"
    damaged.write_text("{not json")
    moved = set_aside(damaged, datetime(2026, 11, 30, 21, 0, tzinfo=timezone.utc))
    assert moved is not None and moved.name == "scores.json.corrupt-20261130T210000Z"


def test_a_party_is_named_by_the_utc_time_it_started(far_zone) -> None:
    assert new_party_id(datetime(2026, 11, 30, 21, 0, tzinfo=timezone.utc), 0xABC) == "20261130T210000Z-000abc"
