"""Today's dice are one seed per UTC date and difficulty, computed in one place for the game
and the board; the local tables keep counting the first version's seed (one per date for
every difficulty), so tables written before still stand; which days the board takes; the
game's side reads a board's answers strictly; kiosk.json and settings.json name a board."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone

import pytest

from magdagdon.board.days import DayState, closes_at, day_state, parse_day
from magdagdon.board.names import board_name
from magdagdon.board.refusals import Refused
from magdagdon.engine import Difficulty
from magdagdon.engine.challenge import code_for, daily_day_of, daily_seed, day_seed, read_code
from magdagdon.storage import open_store
from magdagdon.storage.daily_table import day_of_dice
from magdagdon.storage.kiosk_config import KioskConfig
from magdagdon.storage.settings import Settings
from magdagdon.storage.envelope import CorruptFile
from support.board_fixtures import finished_game

DAY = date(2026, 12, 6)
NOW = datetime(2026, 12, 6, 12, 0, tzinfo=timezone.utc)


def test_each_date_and_difficulty_has_its_own_seed_with_a_code_the_same_on_every_machine():
    seeds = {(DAY + timedelta(days=n), d): day_seed(DAY + timedelta(days=n), d) for n in range(60) for d in Difficulty}
    assert len(set(seeds.values())) == len(seeds)
    assert day_seed(DAY, Difficulty.PEACEFUL) == 1063054205  # golden: the game and every board agree on it
    for (day, difficulty), seed in list(seeds.items())[:9]:
        assert read_code(code_for(seed, difficulty)).seed == seed
        assert seed != daily_seed(day)


def test_a_game_on_its_days_dice_enters_that_days_table_in_its_own_difficulty_only(tmp_path):
    store = open_store(tmp_path, NOW)
    assert day_of_dice(day_seed(DAY, Difficulty.NIGHTMARE), NOW, Difficulty.NIGHTMARE) == DAY
    assert day_of_dice(day_seed(DAY, Difficulty.NIGHTMARE), NOW, Difficulty.PEACEFUL) is None
    assert store.record_result(finished_game(DAY, Difficulty.PEACEFUL, 1), NOW).daily_rank == 1
    assert daily_day_of(day_seed(DAY, Difficulty.PEACEFUL), DAY + timedelta(days=1), Difficulty.PEACEFUL) == DAY


def test_tables_written_on_the_first_versions_seed_still_stand(tmp_path):
    from magdagdon.engine import Game
    from magdagdon.ai import make_policy
    import random

    old = Game(Difficulty.SURVIVAL, daily_seed(DAY))  # what the first version dealt for that date
    chooser = make_policy("random", random.Random(3))
    while not old.is_over:
        old.play(chooser.choose(old))
    store = open_store(tmp_path, NOW)
    assert store.record_result(old, NOW, "ANA").daily_rank == 1
    new = finished_game(DAY, Difficulty.SURVIVAL, 4)
    store.record_result(new, NOW + timedelta(minutes=1), "BO")
    again = open_store(tmp_path, NOW + timedelta(hours=1))  # read back from daily.json
    names = {e.name for e in again.daily_table(DAY, Difficulty.SURVIVAL, NOW + timedelta(hours=1))}
    assert names == {"ANA", "BO"}


def test_which_days_the_board_takes():
    assert parse_day("2026-12-06") == DAY
    for bad in ("2026-12-6", "2026-02-30", "2019-12-31", "today", "2026-12-06x"):
        assert parse_day(bad) is None
    assert day_state(DAY, NOW) is DayState.OPEN
    assert day_state(DAY - timedelta(days=1), NOW) is DayState.OPEN  # closes at the end of today
    assert day_state(DAY - timedelta(days=2), NOW) is DayState.CLOSED
    assert day_state(DAY + timedelta(days=1), NOW) is DayState.NOT_YET
    last = closes_at(DAY) - timedelta(microseconds=1)
    assert day_state(DAY, last) is DayState.OPEN and day_state(DAY, closes_at(DAY)) is DayState.CLOSED


@pytest.mark.parametrize("raw, kept", [
    ("Ana", "Ana"), ("  Anna   Maria  Lovelace ", "Anna Maria L"), (None, "Player"), ("   ", "Player"),
    ("عائشہ", "عائشہ"), ("नम\u200dस्ते", "नम\u200dस्ते"),
])
def test_a_name_as_the_board_keeps_it(raw, kept):
    assert board_name(raw) == kept


@pytest.mark.parametrize("raw", ["A\nB", "A\x1b[31m", "\u202eAna", "A\u2067B\u2069", "A\u200fB", "A\u2028B", "\ud800"])
def test_a_name_that_would_change_its_surroundings_is_refused(raw):
    with pytest.raises(Refused) as refused:
        board_name(raw)
    assert refused.value.refusal.code == "bad_name"


def test_kiosk_json_and_settings_name_a_board_and_refuse_what_is_not_an_address():
    config = KioskConfig.from_data({"world_board": True, "board_url": "https://Board.example.org/"})
    assert config.world_board and config.board_url == "https://board.example.org"  # as the game keeps it
    for bad in ({"world_board": "yes"}, {"board_url": "ftp://x"}, {"board_url": "http://x y"}, {"board_url": 7}):
        with pytest.raises(CorruptFile):
            KioskConfig.from_data(bad)
    assert Settings.from_data({"world_board": True, "board_url": "http://127.0.0.1:8766"}).board_url
    with pytest.raises(CorruptFile):
        Settings.from_data({"board_url": "javascript:alert(1)"})
    assert json.loads(json.dumps(KioskConfig().to_data()))["world_board"] is False
