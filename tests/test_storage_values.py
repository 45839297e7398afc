"""The storage's small values and rules, each on its own: kiosk settings, today's results,
statistics, names, times, ids, the notice an operating-system error becomes, the names of
files set aside and of temporary files."""

from __future__ import annotations

import errno
import json
import os
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage.atomic_file import NotRegular, free_name, is_temp_name, remove_stray_temp_files
from magdagdon.storage.data_dir import ENVIRONMENT_VARIABLE, resolve_data_dir
from magdagdon.storage.document_file import corrupt_stamp
from magdagdon.storage.envelope import CorruptFile
from magdagdon.storage.high_scores import (
    DEFAULT_NAME, EARLIEST, LATEST, MAX_NAME_LENGTH, check_aware, check_replay_id, clean_name, parse_when,
)
from magdagdon.storage.kiosk_config import KIOSK_FILE, SECONDS_RANGES, KioskConfig, load_kiosk_config
from magdagdon.storage.lock import LockTimeout
from magdagdon.storage.notices import StorageNotice, notice_of_error
from magdagdon.storage.statistics import HISTOGRAM_BUCKET, Statistics, bucket_of
from magdagdon.storage.today import best_of_day, local_day, todays_table

from test_storage_support import NOW, at, finished_games

UTC = timezone.utc


# --- kiosk.json ---------------------------------------------------------------------------

def test_a_missing_kiosk_file_is_written_as_a_template_of_the_defaults(tmp_path):
    loaded = load_kiosk_config(tmp_path, NOW)
    assert loaded.config == KioskConfig() and loaded.notice is None
    document = json.loads((tmp_path / KIOSK_FILE).read_text("utf-8"))
    assert document["kind"] == "magdagdon-kiosk" and document["version"] == 1
    assert document["data"] == KioskConfig().to_data()
    assert document["data"]["difficulties"] == ["PEACEFUL", "SURVIVAL", "NIGHTMARE"]
    assert (tmp_path / KIOSK_FILE).read_text("utf-8").startswith('{\n  "kind"')  # indented, to edit
    again = load_kiosk_config(tmp_path, NOW)
    assert again.config == KioskConfig() and again.notice is None  # the template reads as it is


def _kiosk(tmp_path, **data):
    (tmp_path / KIOSK_FILE).write_text(json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": data}))
    return load_kiosk_config(tmp_path, NOW)


def test_kiosk_values_at_the_edges_of_their_ranges(tmp_path):
    for name, (low, high) in SECONDS_RANGES.items():
        assert getattr(_kiosk(tmp_path, **{name: low}).config, name) == low
        assert getattr(_kiosk(tmp_path, **{name: high}).config, name) == high
        for bad in (low - 1, high + 1, True, 1.5, str(low)):
            loaded = _kiosk(tmp_path, **{name: bad})
            assert loaded.config == KioskConfig() and loaded.notice.kind is NoticeKind.CORRUPT_MOVED_ASIDE, (name, bad)


def test_kiosk_choices(tmp_path):
    config = _kiosk(tmp_path, difficulties=["NIGHTMARE", "PEACEFUL"], language="it", attract_steps=["title"],
                    coach_every_game=False, phones=True, extra="ignored").config
    assert config.difficulties == (Difficulty.PEACEFUL, Difficulty.NIGHTMARE)  # in the game's order
    assert config.language == "it" and config.attract_steps == ("title",) and config.coach_every_game is False
    assert config.phones is True and KioskConfig().phones is False  # a room only when the operator says so
    assert _kiosk(tmp_path, language=None).config.language is None
    for bad in ({"difficulties": []}, {"difficulties": ["peaceful"]}, {"difficulties": "PEACEFUL"},
                {"language": "e n"}, {"language": "español"}, {"language": "abcdefghi"}, {"language": 5},
                {"attract_steps": []}, {"attract_steps": ["dance"]}, {"coach_every_game": "yes"},
                {"phones": 1}, {"phones": "true"}):
        loaded = _kiosk(tmp_path, **bad)
        assert loaded.config == KioskConfig() and loaded.notice is not None, bad
    assert _kiosk(tmp_path, language="abcdefgh").config.language == "abcdefgh"
    with pytest.raises(CorruptFile):
        KioskConfig.from_data([])


def test_a_damaged_kiosk_file_names_the_field_its_value_and_what_it_must_be(tmp_path):
    # The operator's log line (docs/KIOSK.md): the field, its value as the file wrote it, the rule.
    assert _kiosk(tmp_path, idle_seconds=-5).problem == "idle_seconds is -5: it must be a whole number from 5 to 3600"
    assert _kiosk(tmp_path, exit_hold_seconds=31).problem == (
        "exit_hold_seconds is 31: it must be a whole number from 1 to 30")
    every_difficulty = ", ".join(d.name for d in Difficulty)
    assert _kiosk(tmp_path, difficulties=["peaceful"]).problem == (
        f'difficulties is ["peaceful"]: it must list some of {every_difficulty}')
    assert _kiosk(tmp_path, language="español").problem == (
        'language is "español": it must be a language code such as en, or null')
    assert _kiosk(tmp_path, attract_steps=["dance"]).problem == (
        'attract_steps is ["dance"]: it must list some of title, scores, best_today, how_to_play, expert_demo')
    assert _kiosk(tmp_path, coach_every_game="yes").problem == 'coach_every_game is "yes": it must be true or false'
    long = _kiosk(tmp_path, language="x" * 100).problem
    assert long == "language is " + ('"' + "x" * 56 + "...") + ": it must be a language code such as en, or null"
    (tmp_path / KIOSK_FILE).write_text(json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": [1]}))
    assert load_kiosk_config(tmp_path, NOW).problem == "kiosk settings must be an object"
    assert _kiosk(tmp_path, idle_seconds=30).problem == ""  # a good file: nothing to say


def test_a_kiosk_value_is_shown_whole_up_to_sixty_characters(tmp_path):
    rule = ": it must be a language code such as en, or null"
    sixty = "x" * 58  # 60 characters as JSON, with its quotes
    assert _kiosk(tmp_path, language=sixty).problem == f'language is "{sixty}"' + rule
    sixty_one = "x" * 59
    assert _kiosk(tmp_path, language=sixty_one).problem == 'language is "' + "x" * 56 + "..." + rule


def test_a_kiosk_file_from_a_newer_version_is_kept(tmp_path):
    newer = json.dumps({"kind": "magdagdon-kiosk", "version": 9, "data": {}})
    (tmp_path / KIOSK_FILE).write_text(newer)
    loaded = load_kiosk_config(tmp_path, NOW)
    assert loaded.config == KioskConfig() and loaded.notice.kind is NoticeKind.NEWER_VERSION
    assert loaded.problem == ""  # nothing wrong with it: it is only newer (the notice says so)
    assert (tmp_path / KIOSK_FILE).read_text() == newer


def test_a_kiosk_folder_that_cannot_be_used(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert load_kiosk_config(blocker / "data", NOW).config == KioskConfig()


# --- today's results ----------------------------------------------------------------------

def test_todays_table_holds_the_games_recorded_on_the_local_date(tmp_path):
    store = open_store(tmp_path, NOW)
    games = finished_games(4)
    times = [NOW - timedelta(days=1), NOW, NOW + timedelta(minutes=5), NOW + timedelta(days=1)]
    for index, (game, when) in enumerate(zip(games, times)):
        store.record_result(game, when, name=f"P{index}")
    table = todays_table(store, Difficulty.PEACEFUL, NOW.date(), UTC)
    assert sorted(e.name for e in table) == ["P1", "P2"]
    assert table == sorted(table, key=lambda e: e.sort_key)
    assert todays_table(store, Difficulty.NIGHTMARE, NOW.date(), UTC) == []
    best = best_of_day(store, NOW.date(), zone=UTC)
    assert best is not None and best.name == table[0].name
    assert best_of_day(store, NOW.date() + timedelta(days=5), zone=UTC) is None
    assert local_day(datetime(2026, 11, 29, 23, 30, tzinfo=UTC), timezone(timedelta(hours=2))) == date(2026, 11, 30)


FAR_EAST = timezone(timedelta(hours=14))  # NOW (20:00 UTC) is already the next morning there


def _off_the_table(tmp_path, monkeypatch, games):
    """A store whose table holds one game: ``games`` recorded a minute apart, P0 first."""
    from magdagdon.storage import high_scores

    monkeypatch.setattr(high_scores, "TABLE_SIZE", 1)
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(games):
        store.record_result(game, at(minute), name=f"P{minute}")
    return store


def test_todays_table_counts_days_in_the_zone_asked_for(tmp_path, monkeypatch):
    store = _off_the_table(tmp_path, monkeypatch, finished_games(3, first_seed=40))
    there = local_day(NOW, FAR_EAST)
    assert there == NOW.date() + timedelta(days=1)
    table = todays_table(store, Difficulty.PEACEFUL, there, FAR_EAST)
    assert sorted(e.name for e in table) == ["P0", "P1", "P2"]  # on the table and off it
    assert todays_table(store, Difficulty.PEACEFUL, NOW.date(), FAR_EAST) == []
    best = best_of_day(store, there, zone=FAR_EAST)
    assert best is not None and best.name == table[0].name
    assert best_of_day(store, NOW.date(), zone=FAR_EAST) is None


def test_todays_table_reads_past_a_newer_game_already_on_the_table(tmp_path, monkeypatch):
    games = sorted(finished_games(3, first_seed=40), key=lambda g: g.score().total)  # the newest is the best
    store = _off_the_table(tmp_path, monkeypatch, games)
    assert [e.name for e in store.high_scores(Difficulty.PEACEFUL)] == ["P2"]
    assert sorted(e.name for e in todays_table(store, Difficulty.PEACEFUL, NOW.date(), UTC)) == ["P0", "P1", "P2"]


def test_todays_table_reads_past_a_newer_game_of_another_difficulty(tmp_path, monkeypatch):
    games = [*finished_games(2, first_seed=40), *finished_games(1, Difficulty.SURVIVAL, first_seed=50)]
    store = _off_the_table(tmp_path, monkeypatch, games)
    assert sorted(e.name for e in todays_table(store, Difficulty.PEACEFUL, NOW.date(), UTC)) == ["P0", "P1"]
    assert [e.name for e in todays_table(store, Difficulty.SURVIVAL, NOW.date(), UTC)] == ["P2"]


def test_the_best_of_the_day_is_one_whose_replay_still_plays_back(tmp_path):
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(finished_games(3, first_seed=40)):
        store.record_result(game, at(minute), name=f"P{minute}")
    first, second = todays_table(store, Difficulty.PEACEFUL, NOW.date(), UTC)[:2]
    path = store.archive.path_of(first.replay_id)
    document = json.loads(path.read_text("utf-8"))
    document["data"]["replay"]["result"]["score"] += 10  # a claim its moves do not make
    path.write_text(json.dumps(document), "utf-8")
    best = best_of_day(store, NOW.date(), zone=UTC)
    assert best is not None and best.replay_id == second.replay_id


def test_todays_table_reads_the_newest_games_off_the_table(tmp_path, monkeypatch):
    from magdagdon.storage import high_scores

    monkeypatch.setattr(high_scores, "TABLE_SIZE", 1)
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(finished_games(3, first_seed=40)):
        store.record_result(game, at(minute), name=f"P{minute}")
    assert len(store.high_scores(Difficulty.PEACEFUL)) == 1
    assert sorted(e.name for e in todays_table(store, Difficulty.PEACEFUL, NOW.date(), UTC)) == ["P0", "P1", "P2"]
    assert todays_table(store, Difficulty.SURVIVAL, NOW.date(), UTC) == []
    for path in (tmp_path / "replays").iterdir():  # an unreadable archive loses those games, never a crash
        path.write_bytes(b"{")
    assert len(todays_table(store, Difficulty.PEACEFUL, NOW.date(), UTC)) == 1
    assert best_of_day(store, NOW.date(), zone=UTC) is None  # nothing left to play back


# --- statistics ---------------------------------------------------------------------------

def test_statistics_add_up():
    stats = Statistics()
    assert stats.average is None and stats.best is None and stats.inconsistencies() == []
    step = HISTOGRAM_BUCKET
    for score in (10, step + 5, -5, step + 5):
        stats = stats.add(score)
    assert (stats.games, stats.total, stats.best) == (4, 2 * step + 15, step + 5)
    assert stats.average == (2 * step + 15) / 4
    assert stats.histogram == {-step: 1, 0: 1, step: 2} and list(stats.histogram) == [-step, 0, step]
    assert bucket_of(0) == 0 and bucket_of(HISTOGRAM_BUCKET - 1) == 0 and bucket_of(HISTOGRAM_BUCKET) == HISTOGRAM_BUCKET
    assert bucket_of(-1) == -HISTOGRAM_BUCKET
    assert Statistics.from_data(stats.to_data()) == stats
    assert stats.to_data()["histogram"] == [[-step, 1], [0, 1], [step, 2]]


def test_statistics_that_do_not_add_up_are_named():
    assert Statistics(2, 30, 20, {0: 1}).inconsistencies() == ["histogram holds 1 games, not 2"]
    assert Statistics(1, 10**6, 20, {0: 1}).inconsistencies() == ["total 1000000 is impossible for 1 games"]
    assert Statistics(1, -400, 20, {0: 1}).inconsistencies() == ["total -400 is impossible for 1 games"]
    assert Statistics(0, 0, 5, {}).inconsistencies() == ["best 5 does not fit 0 games"]
    assert Statistics(1, 5, None, {0: 1}).inconsistencies() == ["best None does not fit 1 games"]
    assert Statistics(1, 544, 544, {bucket_of(544): 1}).inconsistencies() == []
    assert Statistics(1, -310, -310, {bucket_of(-310): 1}).inconsistencies() == []



def test_statistics_at_the_edges_of_what_a_table_can_hold_load():
    from magdagdon.storage.high_scores import MAX_SCORE, MIN_SCORE
    from magdagdon.storage.statistics import MAX_GAMES, MAX_TOTAL

    most = {"games": MAX_GAMES, "total": MAX_TOTAL, "best": MAX_SCORE, "histogram": [[bucket_of(MAX_SCORE), MAX_GAMES]]}
    assert Statistics.from_data(most).to_data() == most
    worst = {"games": 1, "total": MIN_SCORE, "best": MIN_SCORE, "histogram": [[bucket_of(MIN_SCORE), 1]]}
    assert Statistics.from_data(worst).to_data() == worst
    buckets = range(bucket_of(MIN_SCORE), MAX_SCORE + 1, HISTOGRAM_BUCKET)  # a game in every bar
    spread = {"games": len(buckets), "total": sum(buckets), "best": max(buckets),
              "histogram": [[bucket, 1] for bucket in buckets]}
    assert Statistics.from_data(spread).to_data() == spread


def test_a_histogram_bar_that_counts_with_true_is_damage():
    from magdagdon.storage.envelope import CorruptFile

    with pytest.raises(CorruptFile):
        Statistics.from_data({"games": 1, "total": 10, "best": 10, "histogram": [[0, True]]})

# --- names, times, ids ----------------------------------------------------------------------

def test_names_are_cleaned_for_display():
    assert clean_name("  Ada   Lovelace ") == "Ada Lovelace"
    assert clean_name("new\nline\x1b[31m") == "new line [31m"
    assert clean_name("x" * 30) == "x" * MAX_NAME_LENGTH
    assert clean_name("a" * 23 + " b") == "a" * 23  # cut, then trimmed
    assert clean_name("\t\n") == DEFAULT_NAME and clean_name(5) == DEFAULT_NAME and clean_name("") == DEFAULT_NAME


def test_times_are_read_strictly():
    assert parse_when("2026-11-29T20:00:00+00:00") == NOW
    for bad in (5, "x" * 41, "yesterday", "2026-11-29T20:00:00", "1969-12-31T00:00:00+00:00",
                "9999-12-31T23:59:59-14:00"):
        with pytest.raises(CorruptFile):
            parse_when(bad)
    assert parse_when(EARLIEST.isoformat()) == EARLIEST and parse_when(LATEST.isoformat()) == LATEST
    assert check_aware(NOW) is NOW
    assert check_aware(EARLIEST) is EARLIEST and check_aware(LATEST) is LATEST  # the range is inclusive
    for bad in (datetime(2026, 1, 1), "now", EARLIEST - timedelta(seconds=1), LATEST + timedelta(seconds=1)):
        with pytest.raises(ValueError):
            check_aware(bad)  # type: ignore[arg-type]


def test_replay_ids_are_24_hex_digits():
    assert check_replay_id("ab" * 12) == "ab" * 12
    for bad in ("AB" * 12, "ab" * 11, "ab" * 13, 5, "g" * 24):
        with pytest.raises(CorruptFile):
            check_replay_id(bad)


# --- notices, set-aside names, temporary files ----------------------------------------------

@pytest.mark.parametrize("error, kind", [
    (OSError(errno.ENOSPC, "full"), NoticeKind.DISK_FULL),
    (OSError(getattr(errno, "EDQUOT", errno.ENOSPC), "quota"), NoticeKind.DISK_FULL),
    (OSError(errno.EACCES, "denied"), NoticeKind.NOT_WRITABLE),
    (OSError(errno.EPERM, "denied"), NoticeKind.NOT_WRITABLE),
    (OSError(errno.EROFS, "read-only"), NoticeKind.NOT_WRITABLE),
    (PermissionError("denied"), NoticeKind.NOT_WRITABLE),
    (OSError(errno.ENOTDIR, "not a folder"), NoticeKind.NOT_A_FOLDER),
    (NotADirectoryError("not a folder"), NoticeKind.NOT_A_FOLDER),
    (LockTimeout(errno.EAGAIN, "held"), NoticeKind.BUSY),
    (NotRegular("/d/magdagdon.lock"), NoticeKind.NOT_REGULAR),
    (OSError(errno.EIO, "i/o"), NoticeKind.WRITE_FAILED),
])
def test_each_error_becomes_its_notice(error, kind):
    assert notice_of_error(error, "/data").kind is kind


def test_a_notice_names_the_file_the_player_knows():
    assert notice_of_error(OSError(errno.ENOSPC, "full", "/d/scores.json"), "/d") == \
        StorageNotice(NoticeKind.DISK_FULL, "/d/scores.json")
    assert notice_of_error(OSError(errno.ENOSPC, "full", "/d/.scores.json.abc.tmp"), "/x").path == "/d"
    assert notice_of_error(OSError(errno.ENOSPC, "full"), "/fallback").path == "/fallback"


def test_a_pipe_or_a_link_in_our_place_is_named_in_its_notice(tmp_path):
    where = tmp_path / "replays"
    notice = notice_of_error(NotRegular(where, "not a folder of the data folder"), tmp_path)
    assert notice == StorageNotice(NoticeKind.NOT_REGULAR, str(where))
    assert notice_of_error(NotRegular(str(where)), tmp_path).path == str(where)


def test_set_aside_names(tmp_path):
    path = tmp_path / "scores.json"
    assert free_name(path, ".corrupt-x") == tmp_path / "scores.json.corrupt-x"
    (tmp_path / "scores.json.corrupt-x").write_text("")
    assert free_name(path, ".corrupt-x") == tmp_path / "scores.json.corrupt-x-2"
    (tmp_path / "scores.json.corrupt-x-2").write_text("")
    assert free_name(path, ".corrupt-x") == tmp_path / "scores.json.corrupt-x-3"
    assert corrupt_stamp(path, datetime(2026, 11, 29, 21, 5, 7, tzinfo=timezone(timedelta(hours=1)))) == "20261129T200507Z"
    path.write_text("{")
    os.utime(path, (0, 86400 * 365))
    assert corrupt_stamp(path, None) == "unknown"  # no time given: never the time it was last written


def test_only_our_temporary_files_are_stray(tmp_path):
    assert is_temp_name(".scores.json.abc.tmp") and is_temp_name(".x.json.1.tmp")
    for name in ("scores.json.abc.tmp", ".scores.json", ".scores.tmp", ".notes.txt.abc.tmp"):
        assert not is_temp_name(name), name
    for name in (".a.json.1.tmp", ".b.json.2.tmp", "keep.json"):
        (tmp_path / name).write_text("")
    (tmp_path / ".c.json.3.tmp").mkdir()  # named like one, but a folder: cannot be removed
    assert remove_stray_temp_files(tmp_path) == 2  # counts only what it removed
    assert sorted(p.name for p in tmp_path.iterdir()) == [".c.json.3.tmp", "keep.json"]
    assert remove_stray_temp_files(tmp_path / "missing") == 0


def test_the_data_folder_is_chosen_in_order(tmp_path):
    assert resolve_data_dir(tmp_path / "a", {ENVIRONMENT_VARIABLE: str(tmp_path / "b")}) == tmp_path / "a"
    assert resolve_data_dir("", {ENVIRONMENT_VARIABLE: str(tmp_path / "b")}) == tmp_path / "b"
    assert resolve_data_dir(None, {ENVIRONMENT_VARIABLE: "  "}).name == "magdagdon"
    assert resolve_data_dir("~/x", {}) == Path.home() / "x"


# --- the data folder's other files: set aside under the time given, made where missing ----------

def test_damaged_settings_kiosk_and_party_files_are_set_aside_under_the_time_given(tmp_path):
    from magdagdon.storage.party_file import PARTY_FOLDER, PartyFiles
    from magdagdon.storage.settings import SETTINGS_FILE, load_settings

    when = datetime(2027, 3, 4, 5, 6, 7, tzinfo=UTC)
    stamp = "20270304T050607Z"
    (tmp_path / SETTINGS_FILE).write_text("{")
    assert load_settings(tmp_path, when).notice.moved_to == str(tmp_path / f"{SETTINGS_FILE}.corrupt-{stamp}")
    (tmp_path / KIOSK_FILE).write_text("{")
    assert load_kiosk_config(tmp_path, when).notice.moved_to == str(tmp_path / f"{KIOSK_FILE}.corrupt-{stamp}")
    party = tmp_path / PARTY_FOLDER / "20261129T200000Z-00abcd.json"
    party.parent.mkdir()
    party.write_text("{")
    files = PartyFiles(tmp_path)
    assert files.unfinished(when) is None
    assert [n.moved_to for n in files.take_notices()] == [str(party) + f".corrupt-{stamp}"]


def test_the_kiosk_template_is_written_into_a_data_folder_not_made_yet(tmp_path):
    folder = tmp_path / "new" / "nested"
    assert load_kiosk_config(folder, NOW).notice is None
    assert (folder / KIOSK_FILE).is_file()
    assert load_kiosk_config(folder, NOW).notice is None  # and reads back as written


def test_a_damaged_file_that_may_not_be_moved_stays_and_blocks_writing(tmp_path):
    from magdagdon.storage.document_file import Loaded, load_document
    from magdagdon.storage.settings import SETTINGS_KIND, Settings

    path = tmp_path / "settings.json"
    path.write_text("{")
    loaded = load_document(path, SETTINGS_KIND, Settings.from_data, NOW, may_move=False)
    assert loaded == Loaded(None, StorageNotice(NoticeKind.CORRUPT_UNMOVABLE, str(path)), blocks_writing=True)
    assert path.read_text() == "{" and list(tmp_path.iterdir()) == [path]


def test_the_set_aside_stamp_is_utc_whatever_the_computers_zone(tmp_path, monkeypatch):
    import time

    monkeypatch.setenv("TZ", "Pacific/Kiritimati")  # UTC+14
    time.tzset()
    try:
        assert corrupt_stamp(tmp_path / "x.json", datetime(2026, 11, 29, 21, 5, 7, tzinfo=UTC)) == "20261129T210507Z"
        assert corrupt_stamp(tmp_path / "x.json", datetime(2026, 11, 29, 23, 5, 7, tzinfo=timezone(timedelta(hours=14)))) \
            == "20261129T090507Z"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
