"""Today's dice tables: only the day's own dice, each game once, top 20 per difficulty; an
entry stands only on its archived replay, recorded within its day by this installation;
a damaged part is set aside, the rest kept and the tables rebuilt from the archive, a newer
file left alone without hiding the rest; old and
future days go at the next write; and a game on today's dice ranks in it through the loop."""

from __future__ import annotations

import json
import os
import random
from datetime import date, datetime, timedelta, timezone

import pygame
import pytest

from magdagdon.ai import make_policy
from magdagdon.cli import main
from magdagdon.engine import Difficulty, Game, Replay
from magdagdon.engine.challenge import daily_day_of, daily_seed
from magdagdon.storage import MismatchKind, NoticeKind, open_store, verify_store
from magdagdon.storage.verify import Mismatch
from magdagdon.storage.daily_table import DAILY_FILE, KEEP_DAYS, day_of_dice, day_window
from magdagdon.storage.lock import DataLock

from support.player import Player

DAY = date(2026, 11, 30)
NOW = datetime(2026, 11, 30, 21, 0, tzinfo=timezone.utc)


def finished(seed: int, policy: str = "greedy", salt: int = 0, difficulty: Difficulty = Difficulty.PEACEFUL) -> Game:
    game = Game(difficulty, seed)
    chooser = make_policy(policy, random.Random(salt))
    while not game.is_over:
        game.play(chooser.choose(game))
    return game


def _document(folder):
    return json.loads((folder / DAILY_FILE).read_text("utf-8"))


def _write(folder, document):
    (folder / DAILY_FILE).write_text(json.dumps(document), "utf-8")


def _scores(store, day=DAY, difficulty=Difficulty.PEACEFUL, now=NOW):
    return [e.score for e in store.daily_table(day, difficulty, now)]


def test_games_on_the_days_dice_rank_once(tmp_path) -> None:
    store = open_store(tmp_path, NOW)
    good, other = finished(daily_seed(DAY)), finished(daily_seed(DAY), "random", 3)
    first = store.record_result(good, NOW, "ANA")
    assert first.daily_rank in (1, 2)
    assert store.record_result(good, NOW, "ANA").daily_rank == first.daily_rank  # the same game again: once
    store.record_result(other, NOW + timedelta(minutes=1), "BO")
    table = open_store(tmp_path, NOW).daily_table(DAY, Difficulty.PEACEFUL, NOW + timedelta(minutes=1))
    assert len(table) == 2 and table[0].score >= table[1].score
    assert {e.name for e in table} == {"ANA", "BO"}
    assert store.daily_table(DAY + timedelta(days=1), Difficulty.PEACEFUL, NOW) == []
    assert store.daily_table(DAY, Difficulty.NIGHTMARE, NOW) == []


def test_other_dice_or_a_game_recorded_outside_its_day_stay_out(tmp_path) -> None:
    store = open_store(tmp_path, NOW)
    assert store.record_result(finished(daily_seed(DAY) + 1), NOW).daily_rank is None
    late = NOW + timedelta(days=3)  # recorded long after the day: no longer that day's result
    assert store.record_result(finished(daily_seed(DAY), "random", 5), late).daily_rank is None
    assert not (tmp_path / DAILY_FILE).exists()
    assert store.statistics(Difficulty.PEACEFUL).games == 2  # in the score tables all the same


def test_the_days_window_covers_every_time_zone_and_the_next_day() -> None:
    start, end = day_window(DAY)
    assert start == datetime(2026, 11, 29, 10, 0, tzinfo=timezone.utc)  # midnight at UTC+14
    assert end == datetime(2026, 12, 2, 12, 0, tzinfo=timezone.utc)  # the next day's end at UTC-12
    assert day_of_dice(daily_seed(DAY), NOW) == DAY
    assert day_of_dice(daily_seed(DAY), end) is None and day_of_dice(daily_seed(DAY), start) == DAY


def test_a_corrupt_daily_file_is_set_aside(tmp_path) -> None:
    (tmp_path / DAILY_FILE).write_text("{not json")
    store = open_store(tmp_path, NOW)
    assert store.daily_table(DAY, Difficulty.PEACEFUL, NOW) == []
    assert [n.kind for n in store.take_notices()] == [NoticeKind.CORRUPT_MOVED_ASIDE]
    assert store.record_result(finished(daily_seed(DAY)), NOW).daily_rank == 1


def _recorded_folder(tmp_path):
    store = open_store(tmp_path, NOW)
    game = finished(daily_seed(DAY))
    assert store.record_result(game, NOW, "ANA").daily_rank == 1
    return store, game


def test_a_forged_score_is_not_shown_and_verify_names_it(tmp_path, capsys) -> None:
    store, game = _recorded_folder(tmp_path)
    document = _document(tmp_path)
    document["data"]["2026-11-30"]["PEACEFUL"][0]["score"] = 544
    _write(tmp_path, document)
    assert _scores(open_store(tmp_path, NOW)) == []  # stands only on its replay
    kinds = [(m.kind, m.day) for m in verify_store(open_store(tmp_path, NOW), NOW)]
    assert (MismatchKind.SCORE, DAY) in kinds
    assert main(["scores", "--verify", "--data-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "Today's dice 2026-11-30 PEACEFUL #1" in out and "score is 544" in out


def test_an_entry_without_its_archived_replay_does_not_stand(tmp_path) -> None:
    store, game = _recorded_folder(tmp_path)
    entry = _document(tmp_path)["data"]["2026-11-30"]["PEACEFUL"][0]
    (tmp_path / "replays" / f"{entry['replay_id']}.json").unlink()
    assert _scores(open_store(tmp_path, NOW)) == []


@pytest.mark.parametrize("key", ["20261130", "2026-W48-1", "0001-01-01", "2026-11-30T00:00", " 2026-11-30"])
def test_a_day_written_otherwise_is_set_aside_and_its_table_rebuilt_from_the_archive(tmp_path, key) -> None:
    _, game = _recorded_folder(tmp_path)
    document = _document(tmp_path)
    document["data"][key] = document["data"].pop("2026-11-30")
    _write(tmp_path, document)
    store = open_store(tmp_path, NOW)
    assert _scores(store) == [game.score().total]  # the genuine result, from its archived replay
    [notice] = store.take_notices()
    assert notice.kind is NoticeKind.DAILY_REPAIRED and key in json.loads(open(notice.moved_to).read())["data"]
    assert list(_document(tmp_path)["data"]) == ["2026-11-30"]


@pytest.mark.parametrize("name", ["peaceful", "Peaceful", " PEACEFUL"])
def test_a_difficulty_written_otherwise_is_set_aside_and_its_table_rebuilt(tmp_path, name) -> None:
    _, game = _recorded_folder(tmp_path)
    document = _document(tmp_path)
    tables = document["data"]["2026-11-30"]
    tables[name] = tables.pop("PEACEFUL")
    _write(tmp_path, document)
    store = open_store(tmp_path, NOW)
    assert _scores(store) == [game.score().total]
    assert [n.kind for n in store.take_notices()] == [NoticeKind.DAILY_REPAIRED]


def test_one_damaged_entry_is_set_aside_the_rest_kept_and_the_day_rebuilt(tmp_path) -> None:
    store = open_store(tmp_path, NOW)
    games = {name: finished(daily_seed(DAY), "random", salt) for salt, name in enumerate(["ANA", "BO", "CHIARA"])}
    for minute, (name, game) in enumerate(games.items()):
        assert store.record_result(game, NOW + timedelta(minutes=minute), name).daily_rank is not None
    later = NOW + timedelta(minutes=5)
    document = _document(tmp_path)
    table = document["data"]["2026-11-30"]["PEACEFUL"]
    bo = next(entry for entry in table if entry["name"] == "BO")
    bo["turns"] = "many"  # BO's entry no longer reads
    chiara = next(entry for entry in table if entry["name"] == "CHIARA")
    (tmp_path / "replays" / f"{chiara['replay_id']}.json").unlink()  # CHIARA's stays in the file only
    _write(tmp_path, document)
    found = (tmp_path / DAILY_FILE).read_bytes()
    store = open_store(tmp_path, later)
    standing = store.daily_table(DAY, Difficulty.PEACEFUL, later)
    assert sorted(e.name for e in standing) == ["ANA", "BO"]  # BO's back from the archive
    kept = store.daily_days(later)[DAY][Difficulty.PEACEFUL]
    assert sorted(e.name for e in kept) == ["ANA", "BO", "CHIARA"]  # CHIARA's entry kept, though it does not stand
    [notice] = store.take_notices()
    assert notice.kind is NoticeKind.DAILY_REPAIRED and open(notice.moved_to, "rb").read() == found
    again = open_store(tmp_path, later)
    assert len(again.daily_table(DAY, Difficulty.PEACEFUL, later)) == 2 and again.take_notices() == []


def test_a_daily_file_that_does_not_read_at_all_is_rebuilt_from_the_archive(tmp_path) -> None:
    _, game = _recorded_folder(tmp_path)
    (tmp_path / DAILY_FILE).write_text("{not json")
    store = open_store(tmp_path, NOW)
    assert _scores(store) == [game.score().total]
    assert [n.kind for n in store.take_notices()] == [NoticeKind.DAILY_REPAIRED]


@pytest.mark.parametrize("when", ["2026-12-05T10:00:00+00:00", "2026-11-28T10:00:00+00:00", "2026-11-30T22:00:00+00:00"])
def test_an_entry_dated_outside_its_day_or_after_now_does_not_stand(tmp_path, when) -> None:
    """Outside the day's window, or after now (a clock that ran ahead), even with the
    archived copy edited to agree."""
    _recorded_folder(tmp_path)
    document = _document(tmp_path)
    entry = document["data"]["2026-11-30"]["PEACEFUL"][0]
    entry["when"] = when
    _write(tmp_path, document)
    archived = tmp_path / "replays" / f"{entry['replay_id']}.json"
    record = json.loads(archived.read_text("utf-8"))
    record["data"]["when"] = when
    archived.write_text(json.dumps(record), "utf-8")
    assert _scores(open_store(tmp_path, NOW)) == []
    [named] = [m for m in verify_store(open_store(tmp_path, NOW), NOW) if m.kind is MismatchKind.DAY]
    assert named == Mismatch(MismatchKind.DAY, Difficulty.PEACEFUL, 1, entry["replay_id"], when, "2026-11-30", DAY)


def test_future_days_are_dropped_and_do_not_push_today_out(tmp_path) -> None:
    store, _ = _recorded_folder(tmp_path)
    document = _document(tmp_path)
    today = document["data"]["2026-11-30"]
    for ahead in range(2, KEEP_DAYS + 2):  # a clock that ran two months ahead wrote these (the day after
        # today has begun in the east: kept); each holds a game, as a day with no table is left out on reading
        future = DAY + timedelta(days=ahead)
        document["data"][future.isoformat()] = {"PEACEFUL": [{**today["PEACEFUL"][0], "seed": daily_seed(future)}]}
    document["data"]["2026-11-30"] = today
    _write(tmp_path, document)
    store = open_store(tmp_path, NOW)
    assert store.record_result(finished(daily_seed(DAY), "random", 7), NOW + timedelta(minutes=1), "BO").daily_rank
    assert sorted(_document(tmp_path)["data"]) == ["2026-11-30"]
    assert len(_scores(store, now=NOW + timedelta(minutes=1))) == 2


def test_old_days_are_dropped_at_the_next_write(tmp_path) -> None:
    store, _ = _recorded_folder(tmp_path)
    later = NOW + timedelta(days=KEEP_DAYS + 2)  # the day's window ended more than KEEP_DAYS days ago
    day = later.date()
    assert open_store(tmp_path, later).record_result(finished(daily_seed(day)), later).daily_rank == 1
    assert sorted(_document(tmp_path)["data"]) == [day.isoformat()]


def test_the_days_kept_are_the_last_sixty(tmp_path) -> None:
    """Writing never drops a day younger than KEEP_DAYS; the next day past it goes."""
    store, _ = _recorded_folder(tmp_path)
    edge = NOW + timedelta(days=KEEP_DAYS - 1)
    assert open_store(tmp_path, edge).record_result(finished(daily_seed(edge.date())), edge).daily_rank == 1
    assert sorted(_document(tmp_path)["data"]) == ["2026-11-30", edge.date().isoformat()]


def test_a_newer_daily_file_is_left_alone_and_hides_nothing_else(tmp_path, capsys) -> None:
    newer = json.dumps({"kind": "magdagdon-daily", "version": 99, "data": {"anything": 1}})
    (tmp_path / DAILY_FILE).write_text(newer)
    store = open_store(tmp_path, NOW)
    outcome = store.record_result(finished(daily_seed(DAY)), NOW, "ANA")
    assert outcome.saved and outcome.rank == 1 and outcome.daily_rank == 1  # held for this session's view
    assert NoticeKind.DAILY_NEWER in [n.kind for n in store.take_notices()]
    assert (tmp_path / DAILY_FILE).read_text() == newer
    fresh = open_store(tmp_path, NOW)
    assert [e.name for e in fresh.high_scores(Difficulty.PEACEFUL)] == ["ANA"]
    assert fresh.daily_table(DAY, Difficulty.PEACEFUL, NOW) == []
    assert [n.kind for n in fresh.take_notices()] == [NoticeKind.DAILY_NEWER]
    assert main(["scores", "--verify", "--data-dir", str(tmp_path)]) == 1  # cannot check it: says so
    assert "daily.json" in capsys.readouterr().err


def test_replay_record_beside_a_newer_daily_file_says_one_true_thing(tmp_path, capsys) -> None:
    """It said "nothing will be saved", then "recorded … rank 1": the score tables take the
    result, only Today's dice cannot."""
    newer = json.dumps({"kind": "magdagdon-daily", "version": 99, "data": {}})
    (tmp_path / DAILY_FILE).write_text(newer)
    replay = tmp_path / "today.json"
    today = datetime.now(timezone.utc).date()
    replay.write_text(Replay.of(finished(daily_seed(today))).to_json(), "utf-8")
    assert main(["replay", str(replay), "--record", "--name", "Ana", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "recorded for Ana: rank 1" in out
    assert "nothing will be saved" not in err and "results go to the score tables, not to Today's dice" in err
    assert (tmp_path / DAILY_FILE).read_text() == newer


def test_scores_verify_reads_the_daily_tables(tmp_path, capsys) -> None:
    _recorded_folder(tmp_path)
    assert main(["scores", "--verify", "--data-dir", str(tmp_path)]) == 0
    assert "all 2 entries match" in capsys.readouterr().out  # the score table's and today's


def test_daily_tables_are_written_under_the_folder_lock(tmp_path) -> None:
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    with DataLock(tmp_path):
        outcome = store.record_result(finished(daily_seed(DAY)), NOW)
        assert not (tmp_path / DAILY_FILE).exists()  # nothing written while another holds the lock
    assert not outcome.saved and outcome.daily_rank == 1  # held, and shown
    assert store.retry_unsaved(NOW + timedelta(minutes=1))
    assert _scores(open_store(tmp_path, NOW)) == [outcome_score(store)]


def test_a_held_result_shows_in_its_own_days_table_only_and_once(tmp_path) -> None:
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    written = store.record_result(finished(daily_seed(DAY), "random", 3), NOW, "ANA")
    with DataLock(tmp_path):
        held = store.record_result(finished(daily_seed(DAY)), NOW + timedelta(minutes=1), "BO")
    assert written.saved and not held.saved
    later = NOW + timedelta(minutes=2)
    assert sorted(e.name for e in store.daily_table(DAY, Difficulty.PEACEFUL, later)) == ["ANA", "BO"]
    assert store.daily_table(DAY + timedelta(days=1), Difficulty.PEACEFUL, later) == []
    assert store.daily_table(DAY, Difficulty.NIGHTMARE, later) == []
    assert store.retry_unsaved(later)
    assert sorted(e.name for e in store.daily_table(DAY, Difficulty.PEACEFUL, later)) == ["ANA", "BO"]


def outcome_score(store) -> int:
    return store.high_scores(Difficulty.PEACEFUL)[0].score


def test_pruning_keeps_the_replays_todays_tables_name(tmp_path, monkeypatch) -> None:
    from magdagdon.storage import high_scores, score_book

    monkeypatch.setattr(score_book, "RECENT_GAMES", 1)
    monkeypatch.setattr(high_scores, "TABLE_SIZE", 1)
    store = open_store(tmp_path, NOW)
    low = finished(daily_seed(DAY), "random", 1)
    store.record_result(low, NOW, "LOW")
    for minute, seed in enumerate(range(500, 504), start=1):  # better games push it off the table
        store.record_result(finished(seed), NOW + timedelta(minutes=minute))
    assert [e.name for e in open_store(tmp_path, NOW).daily_table(DAY, Difficulty.PEACEFUL, NOW)] == ["LOW"]


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


def test_the_high_scores_screen_says_why_todays_table_is_empty(tmp_path) -> None:
    (tmp_path / DAILY_FILE).write_text(json.dumps({"kind": "magdagdon-daily", "version": 99, "data": {}}))
    player = Player(tmp_path)
    try:
        player.wait(1.0)
        player.choose("high_scores")
        player.choose("period:daily")
        notice = "daily.json is from a newer MAGDAGDON: Today's dice not saved there."  # the scores are
        assert notice in [label.text for label in player.top.labels]  # on the screen, above the table
        player.choose("period:all")
        assert notice not in [label.text for label in player.top.labels]
    finally:
        player.close()



def test_a_day_is_kept_from_its_first_moment_until_it_is_sixty_days_past() -> None:
    from magdagdon.storage.daily_table import kept_days

    start, end = day_window(DAY)
    days = {DAY: {}}
    assert kept_days(days, start) == days  # begun this very moment
    assert kept_days(days, start - timedelta(microseconds=1)) == {}  # not begun anywhere yet
    assert kept_days(days, end + timedelta(days=KEEP_DAYS) - timedelta(microseconds=1)) == days
    assert kept_days(days, end + timedelta(days=KEEP_DAYS)) == {}  # its window closed sixty days ago


def test_the_first_day_of_todays_dice_is_a_day_and_the_one_before_is_not() -> None:
    from magdagdon.storage.daily_table import FIRST_DAY, parse_day
    from magdagdon.storage.envelope import CorruptFile

    assert parse_day(FIRST_DAY.isoformat()) == FIRST_DAY
    with pytest.raises(CorruptFile):
        parse_day((FIRST_DAY - timedelta(days=1)).isoformat())


@pytest.mark.parametrize("when", [
    datetime(2026, 11, 29, 11, 0, tzinfo=timezone.utc),  # the day before in UTC: already the day at UTC+14
    datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc),
    datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc),  # the next day: a game begun before midnight
    datetime(2026, 12, 2, 11, 0, tzinfo=timezone.utc),  # two days on in UTC: still the next day at UTC-12
], ids=["day before", "day", "day after", "two days after"])
def test_a_game_on_the_days_dice_counts_for_it_whenever_the_day_lasts_somewhere(when) -> None:
    assert day_of_dice(daily_seed(DAY), when) == DAY


def test_the_first_day_of_todays_dice_has_a_table() -> None:
    from magdagdon.storage.daily_table import FIRST_DAY

    assert day_of_dice(daily_seed(FIRST_DAY), datetime.combine(FIRST_DAY, datetime.min.time(), timezone.utc)) == FIRST_DAY



def test_a_daily_file_damaged_since_the_last_read_is_set_aside_when_written(tmp_path) -> None:
    store = open_store(tmp_path, NOW)
    (tmp_path / DAILY_FILE).write_text("{not json")  # damaged by something else after the store opened
    os.utime(tmp_path / DAILY_FILE, (0, 0))
    game = finished(daily_seed(DAY))
    assert store.record_result(game, NOW, "ANA").saved
    assert [e.name for e in open_store(tmp_path, NOW).daily_table(DAY, Difficulty.PEACEFUL, NOW)] == ["ANA"]
    assert (tmp_path / f"{DAILY_FILE}.corrupt-20261130T210000Z").read_text() == "{not json"  # named when it was found


def test_a_held_result_ranks_among_the_entries_another_program_wrote_since(tmp_path, monkeypatch) -> None:
    from magdagdon.storage import atomic_file

    store = open_store(tmp_path, NOW)
    other = open_store(tmp_path, NOW)  # another kiosk on the same folder
    for salt, name in ((0, "ANA"), (3, "BO")):
        other.record_result(finished(daily_seed(DAY), "greedy" if salt == 0 else "random", salt), NOW, name)
    real = atomic_file.tempfile.mkstemp

    def daily_refused(*args, **kwargs):  # the disk is full for daily.json: its entry is held
        if kwargs["prefix"] == f".{DAILY_FILE}.":
            raise OSError(28, "No space left on device", str(kwargs["dir"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", daily_refused)
    held = store.record_result(finished(daily_seed(DAY), "random", 9), NOW + timedelta(minutes=1), "CY")
    assert store.unsaved_results == 1
    monkeypatch.undo()
    assert store.retry_unsaved(NOW + timedelta(minutes=2))
    table = open_store(tmp_path, NOW).daily_table(DAY, Difficulty.PEACEFUL, NOW + timedelta(minutes=2))
    assert [e.name for e in table].index("CY") + 1 == held.daily_rank == 3  # shown while held as it is written


def test_a_result_below_a_full_days_table_has_no_rank_in_it(tmp_path, monkeypatch) -> None:
    from magdagdon.storage import high_scores

    monkeypatch.setattr(high_scores, "TABLE_SIZE", 1)
    store = open_store(tmp_path, NOW)
    best = finished(daily_seed(DAY))
    worse = finished(daily_seed(DAY), "random", 9)
    assert best.score().total > worse.score().total
    assert store.record_result(best, NOW).daily_rank == 1
    assert store.record_result(worse, NOW + timedelta(minutes=1)).daily_rank is None


def test_a_game_an_earlier_version_recorded_enters_todays_table_under_its_archived_name(tmp_path) -> None:
    # Recorded before Today's tables and before ids named identities: scores.json and the
    # archive know it by its content hash. Recorded again, its day's entry names that file.
    from magdagdon.storage.recorded_game import content_id
    from magdagdon.storage.score_book import SCORES_FILE

    game = finished(daily_seed(DAY))
    first = open_store(tmp_path, NOW).record_result(game, NOW, "ANA")
    old_id = content_id(Replay.of(game))
    replays = tmp_path / "replays"
    (replays / f"{first.replay_id}.json").rename(replays / f"{old_id}.json")
    scores = tmp_path / SCORES_FILE
    scores.write_text(scores.read_text("utf-8").replace(first.replay_id, old_id), "utf-8")
    (tmp_path / DAILY_FILE).unlink()
    assert open_store(tmp_path, NOW).record_result(game, NOW + timedelta(minutes=1), "ANA").duplicate
    table = open_store(tmp_path, NOW).daily_table(DAY, Difficulty.PEACEFUL, NOW + timedelta(minutes=1))
    assert [(e.replay_id, e.name) for e in table] == [(old_id, "ANA")]


def test_scores_verify_lists_todays_tables_newest_day_first(tmp_path) -> None:
    store = open_store(tmp_path, NOW)
    for day in (DAY - timedelta(days=1), DAY):
        assert store.record_result(finished(daily_seed(day)), datetime.combine(day, datetime.min.time(), timezone.utc)
                                   + timedelta(hours=12)).daily_rank == 1
    document = _document(tmp_path)
    for tables in document["data"].values():
        tables["PEACEFUL"][0]["name"] = "FORGED"
    _write(tmp_path, document)
    days = [m.day for m in verify_store(open_store(tmp_path, NOW), NOW) if m.day is not None]
    assert days == [DAY, DAY - timedelta(days=1)]
