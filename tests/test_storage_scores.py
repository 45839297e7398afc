"""Recording results: tables, ranks, statistics, duplicates, refusals and pruning."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest

from magdagdon.engine import Difficulty, Replay, ReplayError, ReplayResult
from magdagdon.storage import (
    RECENT_GAMES,
    NoticeKind,
    TABLE_SIZE,
    RecordRefused,
    RefusalReason,
    open_store,
    replay_id,
)
from magdagdon.storage.high_scores import clean_name
from magdagdon.storage.score_book import SCORES_FILE
from magdagdon.storage.statistics import bucket_of

from test_storage_support import NOW, at, finished_games, play_game

GAMES = finished_games(30)
SCORES = [g.score().total for g in GAMES]


def _files(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_empty_folder_means_empty_tables(tmp_path):
    store = open_store(tmp_path / "new" / "folder", NOW)
    assert store.notices == []
    for difficulty in Difficulty:
        assert store.high_scores(difficulty) == []
        assert store.statistics(difficulty).games == 0
        assert store.statistics(difficulty).average is None


def test_entry_fields_and_rank(tmp_path):
    store = open_store(tmp_path, NOW)
    game = GAMES[0]
    outcome = store.record_result(game, NOW, name="Majduška", assisted=True)
    assert (outcome.rank, outcome.saved, outcome.duplicate) == (1, True, False)
    [entry] = store.high_scores(Difficulty.PEACEFUL)
    assert (entry.name, entry.score, entry.when, entry.turns, entry.powers_used, entry.seed, entry.assisted) == (
        "Majduška", game.score().total, NOW, game.turn, game.powers_used, game.seed, True)
    assert entry.board == str(game.board)
    assert entry.replay_id == outcome.replay_id == replay_id(Replay.of(game))
    assert store.high_scores(Difficulty.SURVIVAL) == []


def test_table_keeps_top_20_sorted_and_statistics_count_all(tmp_path):
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(GAMES):
        outcome = store.record_result(game, at(minute))
        table = store.high_scores(Difficulty.PEACEFUL)
        assert outcome.rank is None or table[outcome.rank - 1].replay_id == outcome.replay_id
    table = store.high_scores(Difficulty.PEACEFUL)
    assert len(table) == TABLE_SIZE
    assert [e.score for e in table] == sorted(SCORES, reverse=True)[:TABLE_SIZE]
    stats = store.statistics(Difficulty.PEACEFUL)
    assert (stats.games, stats.best, stats.average) == (30, max(SCORES), sum(SCORES) / 30)
    histogram = {}
    for score in SCORES:
        histogram[bucket_of(score)] = histogram.get(bucket_of(score), 0) + 1
    assert stats.histogram == dict(sorted(histogram.items()))
    # a fresh instance reads back exactly the same
    again = open_store(tmp_path, NOW)
    assert again.high_scores(Difficulty.PEACEFUL) == table and again.statistics(Difficulty.PEACEFUL) == stats


def test_ties_rank_the_earlier_result_first(tmp_path):
    by_score = {}
    for game in GAMES:
        by_score.setdefault(game.score().total, []).append(game)
    first, second = next(games for games in by_score.values() if len(games) > 1)[:2]
    store = open_store(tmp_path, NOW)
    store.record_result(second, at(2))
    assert store.record_result(first, at(1)).rank == 1  # recorded later, but played earlier
    assert [e.seed for e in store.high_scores(Difficulty.PEACEFUL)] == [first.seed, second.seed]


def test_same_game_twice_is_a_duplicate_not_doubled(tmp_path):
    store = open_store(tmp_path, NOW)
    first = store.record_result(GAMES[3], NOW)
    before = _files(tmp_path)
    second = store.record_replay(Replay.from_json(Replay.of(GAMES[3]).to_json()), at(60), name="Other kiosk")
    assert second.duplicate and second.saved and second.rank == first.rank
    assert second.replay_id == first.replay_id
    assert _files(tmp_path) == before
    assert store.statistics(Difficulty.PEACEFUL).games == 1


def test_record_replay_without_claimed_result_records_the_true_result(tmp_path):
    game = GAMES[4]
    bare = replace(Replay.of(game), result=None)
    outcome = open_store(tmp_path, NOW).record_replay(bare, NOW)
    assert outcome.replay_id == replay_id(Replay.of(game))  # canonical id, with the result


def _refused(store, replay, reason):
    with pytest.raises(RecordRefused) as caught:
        store.record_replay(replay, NOW)
    assert caught.value.reason is reason
    return caught.value


def test_invalid_replays_are_refused_and_change_nothing(tmp_path):
    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], NOW)
    before = _files(tmp_path)
    good = Replay.of(GAMES[1])
    false_claim = replace(good, result=replace(good.result, score=good.result.score + 10))
    _refused(store, false_claim, RefusalReason.INVALID_REPLAY)
    wrong_board = replace(good, result=ReplayResult("6666/6666/6666/6666", 512, good.result.turns, 0))
    _refused(store, wrong_board, RefusalReason.INVALID_REPLAY)
    cut = replace(good, actions=good.actions[:-1], result=None)
    _refused(store, cut, RefusalReason.NOT_FINISHED)
    other_seed = replace(good, seed=good.seed + 1000)
    _refused(store, other_seed, RefusalReason.INVALID_REPLAY)
    with pytest.raises(RecordRefused):
        store.record_result(play_game(5, stop_after_turns=2), NOW)
    assert _files(tmp_path) == before
    assert store.statistics(Difficulty.PEACEFUL).games == 1


def test_a_refusal_says_what_is_wrong_with_the_replay(tmp_path):
    # The replay command prints the detail: the engine's own reason, or where the game stops.
    store = open_store(tmp_path, NOW)
    good = Replay.of(GAMES[1])
    false_claim = replace(good, result=replace(good.result, score=good.result.score + 10))
    with pytest.raises(ReplayError) as engine_says:
        false_claim.verify()
    refusal = _refused(store, false_claim, RefusalReason.INVALID_REPLAY)
    assert refusal.detail == str(engine_says.value) != ""
    assert str(refusal) == f"{RefusalReason.INVALID_REPLAY.value}: {refusal.detail}"
    cut = replace(good, actions=good.actions[:-1], result=None)
    stops_at = cut.verify().turn
    refusal = _refused(store, cut, RefusalReason.NOT_FINISHED)
    assert f"turn {stops_at}" in refusal.detail
    assert str(refusal) == f"{RefusalReason.NOT_FINISHED.value}: {refusal.detail}"


def test_now_must_be_timezone_aware(tmp_path):
    store = open_store(tmp_path, NOW)
    with pytest.raises(ValueError):
        store.record_result(GAMES[0], datetime(2026, 11, 29, 20, 0))
    with pytest.raises(ValueError):
        store.save_in_progress(GAMES[0], datetime(2026, 11, 29, 20, 0))
    with pytest.raises(ValueError):
        open_store(tmp_path, datetime(2026, 11, 29))


def test_time_zone_is_kept(tmp_path):
    prague = timezone(timedelta(hours=1))
    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], NOW.astimezone(prague))
    [entry] = open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)
    assert entry.when == NOW and entry.when.utcoffset() == timedelta(hours=1)


@pytest.mark.parametrize("raw, clean", [
    ("  Majduška  ", "Majduška"), ("", "Player"), ("\x00\x1b[31m", "[31m"), ("a\nb\tc", "a b c"),
    ("x" * 40, "x" * 24), (None, "Player"), ("   ", "Player"), ("Jo  Jo", "Jo Jo"),
])
def test_names_are_cleaned(raw, clean):
    assert clean_name(raw) == clean


def test_tables_are_kept_per_difficulty(tmp_path):
    store = open_store(tmp_path, NOW)
    for difficulty in Difficulty:
        store.record_result(play_game(1, difficulty), NOW)
    for difficulty in Difficulty:
        [entry] = store.high_scores(difficulty)
        assert entry.difficulty is difficulty


def test_pruning_keeps_table_entries_and_newest_games(tmp_path, monkeypatch):
    from magdagdon.storage import high_scores, score_book

    assert (RECENT_GAMES, TABLE_SIZE) == (200, 20)
    monkeypatch.setattr(score_book, "RECENT_GAMES", 5)  # same code paths, far fewer games to play
    monkeypatch.setattr(high_scores, "TABLE_SIZE", 5)
    store = open_store(tmp_path, NOW)
    games = [g for d in Difficulty for g in finished_games(12, d, first_seed=1000)]  # 36 games
    ids = [store.record_result(g, at(i)).replay_id for i, g in enumerate(games)]
    book = store.score_book()
    kept = {e.replay_id for d in Difficulty for e in store.high_scores(d)} | set(ids[-5:])
    stored = {p.stem for p in (tmp_path / "replays").iterdir()}
    assert stored == kept == book.kept_replays()
    assert len(kept) < len(ids)  # games off the tables and not among the newest were pruned
    assert book.recent == ids[-5:]
    assert len(book.seen) == len(games)  # but still recognised as duplicates
    pruned = next(i for i in ids if i not in kept)
    assert store.record_result(games[ids.index(pruned)], NOW).duplicate
    assert sum(store.statistics(d).games for d in Difficulty) == 36


def test_temp_files_are_cleaned_and_unknown_archive_files_kept(tmp_path):
    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], NOW)
    unknown = tmp_path / "replays" / ("ab" * 12 + ".json")
    unknown.write_bytes(b"{}")
    stray = tmp_path / ".scores.json.x1y2.tmp"
    stray.write_bytes(b"half")
    store.record_result(GAMES[1], NOW)
    assert not stray.exists()
    assert unknown.read_bytes() == b"{}"  # not the table's to delete: only a rebuild judges it


def test_files_are_versioned_envelopes(tmp_path):
    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], NOW)
    store.save_in_progress(play_game(3, stop_after_turns=2), NOW)
    paths = [tmp_path / SCORES_FILE, tmp_path / "in_progress.json", *(tmp_path / "replays").iterdir()]
    for path in paths:
        document = json.loads(path.read_text("utf-8"))
        assert set(document) == {"kind", "version", "data"} and document["version"] == 1
    assert {p.name for p in tmp_path.iterdir()} == {SCORES_FILE, "in_progress.json", "replays", "magdagdon.lock",
                                                   "magdagdon.reserve"}  # the space set aside for a full disk
    assert os.path.getsize(tmp_path / SCORES_FILE) < 10_000


def test_a_game_given_no_name_nor_help_is_the_default_player_unassisted(tmp_path):
    from magdagdon.storage import DEFAULT_NAME

    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], at(0))
    store.record_replay(Replay.of(GAMES[1]), at(1))
    store.save_in_progress(GAMES[2], at(2))  # finished but not recorded: the next start records it
    assert open_store(tmp_path, at(3)).load_in_progress(at(3)) is None
    entries = open_store(tmp_path, at(4)).high_scores(Difficulty.PEACEFUL)
    assert len(entries) == 3
    assert {(e.name, e.assisted) for e in entries} == {(DEFAULT_NAME, False)}


def test_a_tie_with_the_last_of_a_full_table_does_not_make_it():
    """The one tie rule: what the name entry asks for (makes_the_table) is what insert keeps."""
    from magdagdon.storage.high_scores import ScoreEntry, insert, makes_the_table

    def entry(score: int, minute: int) -> ScoreEntry:
        return ScoreEntry("A", score, NOW + timedelta(minutes=minute), 12, 0, 1, f"{minute:064x}", False,
                          Difficulty.PEACEFUL, "..../..../..../....")

    table = [entry(300 - index, index) for index in range(TABLE_SIZE)]
    assert makes_the_table(table[:-1], 0) and insert(table[:-1], entry(0, 99))[1] == TABLE_SIZE
    last = table[-1].score
    for score, makes in ((last - 1, False), (last, False), (last + 1, True)):
        assert makes_the_table(table, score) is makes
        assert (insert(table, entry(score, 99))[1] is not None) is makes


def test_a_game_a_hand_edit_dropped_from_seen_stays_known_through_later_writes(tmp_path):
    store = open_store(tmp_path, NOW)
    assert store.record_result(GAMES[0], NOW).saved
    scores = tmp_path / SCORES_FILE
    document = json.loads(scores.read_text("utf-8"))
    document["data"]["seen"] = []
    scores.write_text(json.dumps(document), "utf-8")
    again = open_store(tmp_path, at(1))
    assert again.record_result(GAMES[1], at(2)).saved
    later = open_store(tmp_path, at(3))
    assert later.notices == []  # the table written back reads
    assert later.record_result(GAMES[0], at(4)).duplicate


@pytest.mark.parametrize("edit", [
    lambda data: data["tables"]["PEACEFUL"][0].update(extra=1),  # a field no entry has
    lambda data: data["statistics"]["PEACEFUL"].update(extra=1),
    lambda data: data["tables"].update(EXTRA=[]),  # a difficulty that does not exist
    lambda data: data["statistics"].update(EXTRA=data["statistics"]["PEACEFUL"]),
], ids=["entry field", "statistics field", "table", "statistics"])
def test_a_scores_file_with_anything_more_than_the_game_writes_is_set_aside(tmp_path, edit):
    assert open_store(tmp_path, NOW).record_result(GAMES[0], NOW).saved
    scores = tmp_path / SCORES_FILE
    document = json.loads(scores.read_text("utf-8"))
    edit(document["data"])
    scores.write_text(json.dumps(document), "utf-8")
    store = open_store(tmp_path, at(1))
    assert [n.kind for n in store.notices if n.path == str(scores)][:1] == [NoticeKind.CORRUPT_MOVED_ASIDE]
    assert len(store.high_scores(Difficulty.PEACEFUL)) == 1  # rebuilt from the archive
