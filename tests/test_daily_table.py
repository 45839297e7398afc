"""Today's dice tables: only the day's own dice, each game once, top 20 per difficulty,
corrupt files set aside; and a game on today's dice ranks in it through the loop."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone

import pygame
import pytest

from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Game, Replay
from magdagdon.engine.challenge import daily_day_of, daily_seed
from magdagdon.storage.daily_table import DAILY_FILE, DailyTables
from magdagdon.storage.outcomes import RecordRefused

from support.player import Player

DAY = date(2026, 11, 30)
NOW = datetime(2026, 11, 30, 21, 0, tzinfo=timezone.utc)


def finished(seed: int, policy: str = "greedy", salt: int = 0) -> Replay:
    game = Game(Difficulty.PEACEFUL, seed)
    chooser = make_policy(policy, random.Random(salt))
    while not game.is_over:
        game.play(chooser.choose(game))
    return Replay.of(game)


def test_games_on_the_days_dice_rank_once(tmp_path) -> None:
    tables = DailyTables(tmp_path)
    good = finished(daily_seed(DAY))
    other = finished(daily_seed(DAY), "random", 3)
    assert tables.record(DAY, good, NOW, "ANA") in (1, 2)
    assert tables.record(DAY, good, NOW, "ANA") is not None  # the same game again: still once
    tables.record(DAY, other, NOW, "BO")
    table = DailyTables(tmp_path).table(DAY, Difficulty.PEACEFUL)
    assert len(table) == 2 and table[0].score >= table[1].score
    assert DailyTables(tmp_path).table(DAY + timedelta(days=1), Difficulty.PEACEFUL) == []
    assert DailyTables(tmp_path).table(DAY, Difficulty.NIGHTMARE) == []


def test_other_dice_or_unfinished_games_are_refused(tmp_path) -> None:
    tables = DailyTables(tmp_path)
    with pytest.raises(RecordRefused):
        tables.record(DAY, finished(daily_seed(DAY) + 1), NOW)
    with pytest.raises(RecordRefused):
        tables.record(DAY, Replay.of(Game(Difficulty.PEACEFUL, daily_seed(DAY))), NOW)
    assert not (tmp_path / DAILY_FILE).exists()


def test_a_corrupt_daily_file_is_set_aside(tmp_path) -> None:
    (tmp_path / DAILY_FILE).write_text("{not json")
    tables = DailyTables(tmp_path)
    assert tables.table(DAY, Difficulty.PEACEFUL) == []
    assert [n.kind.value for n in tables.take_notices()] == ["corrupt_moved_aside"]
    assert tables.record(DAY, finished(daily_seed(DAY)), NOW) == 1


def test_a_game_begun_before_midnight_counts_for_its_day() -> None:
    assert daily_day_of(daily_seed(DAY), DAY) == DAY
    assert daily_day_of(daily_seed(DAY), DAY + timedelta(days=1)) == DAY
    assert daily_day_of(daily_seed(DAY), DAY + timedelta(days=2)) is None
    assert daily_day_of(12345, DAY) is None


def test_todays_game_ranks_in_todays_table_through_the_loop(tmp_path) -> None:
    player = Player(tmp_path, seed=daily_seed(date.today()), scene="game_over")
    try:
        player.wait(2.0)
        session = player.table.session
        assert session.daily_day == date.today() and session.daily_rank == 1
        assert any(text.startswith("#1 in Today's dice · code ") for text, _ in player.look())
        player.key(pygame.K_ESCAPE)
        player.choose("high_scores")
        player.choose("period:daily")
        assert player.top.daily_view and [e.score for e in player.top.load()[0]] == [session.game.score().total]
    finally:
        player.close()
