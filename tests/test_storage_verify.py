"""``verify_store`` / ``scores --verify`` catch every kind of tampering and name it."""

from __future__ import annotations

import json

import pytest

from magdagdon.engine import Difficulty, Replay
from magdagdon.storage import MismatchKind, open_store, verify_store
from magdagdon.storage.score_book import SCORES_FILE

from test_storage_support import NOW, at, finished_games, play_game

GAMES = finished_games(5)


@pytest.fixture()
def folder(tmp_path):
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(GAMES):
        store.record_result(game, at(minute), name=f"P{minute}")
    assert verify_store(open_store(tmp_path, NOW)) == []
    return tmp_path


def _edit_top_entry(folder, field, value):
    path = folder / SCORES_FILE
    document = json.loads(path.read_text("utf-8"))
    entry = document["data"]["tables"]["PEACEFUL"][0]
    entry[field] = value(entry[field]) if callable(value) else value
    path.write_text(json.dumps(document), "utf-8")
    return entry["replay_id"]


def _kinds(folder):
    store = open_store(folder, NOW)
    assert store.notices == []  # tampered values load (types are right) and verify names them
    return [(m.kind, m.replay_id) for m in verify_store(store)]


@pytest.mark.parametrize("field, value, kind", [
    ("score", lambda s: s - 1, MismatchKind.SCORE),  # lowered: the table order and best stay plausible
    ("turns", lambda t: t + 1, MismatchKind.TURNS),
    ("powers_used", lambda p: (p + 1) % 4, MismatchKind.POWERS_USED),
    ("board", lambda b: ("1" if b[0] != "1" else "2") + b[1:], MismatchKind.BOARD),
    ("seed", lambda s: s + 1, MismatchKind.SEED),
    ("name", "Cheater", MismatchKind.NAME),
    ("when", lambda w: w.replace("2026", "2025"), MismatchKind.WHEN),
    ("assisted", lambda a: not a, MismatchKind.ASSISTED),
])
def test_each_edited_field_is_named(folder, field, value, kind):
    replay_id = _edit_top_entry(folder, field, value)
    assert (kind, replay_id) in _kinds(folder)


def test_raised_score_is_caught_with_the_statistics(folder):
    replay_id = _edit_top_entry(folder, "score", lambda s: s + 100)
    kinds = _kinds(folder)
    assert (MismatchKind.SCORE, replay_id) in kinds
    assert (MismatchKind.STATISTICS, None) in kinds  # best no longer matches the table


def test_edited_difficulty_is_caught(folder):
    path = folder / SCORES_FILE
    document = json.loads(path.read_text("utf-8"))
    entry = document["data"]["tables"]["PEACEFUL"].pop(0)
    entry["difficulty"] = "NIGHTMARE"
    entry["powers_used"] = 0
    document["data"]["tables"]["NIGHTMARE"].append(entry)
    path.write_text(json.dumps(document), "utf-8")
    kinds = [k for k, _ in _kinds(folder)]
    assert MismatchKind.DIFFICULTY in kinds


def _only_mismatch(folder):
    [mismatch] = verify_store(open_store(folder, NOW))
    return mismatch


def test_missing_replay(folder):
    top = open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)[0]
    path = folder / "replays" / f"{top.replay_id}.json"
    path.unlink()
    assert _kinds(folder) == [(MismatchKind.REPLAY_MISSING, top.replay_id)]
    assert (_only_mismatch(folder).stored, _only_mismatch(folder).actual) == (str(path), "")


def _edit_replay(folder, change):
    top = open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)[0]
    path = folder / "replays" / f"{top.replay_id}.json"
    document = json.loads(path.read_text("utf-8"))
    change(document["data"])
    path.write_text(json.dumps(document), "utf-8")
    return top.replay_id


def test_replay_claiming_a_false_result_is_caught(folder):
    def raise_claim(data):
        data["replay"]["result"]["score"] += 5

    replay_id = _edit_replay(folder, raise_claim)
    assert _kinds(folder) == [(MismatchKind.REPLAY_INVALID, replay_id)]
    mismatch = _only_mismatch(folder)
    assert mismatch.stored == str(folder / "replays" / f"{replay_id}.json") and "score" in mismatch.actual


def test_replay_swapped_for_another_game_is_caught_by_its_id(folder):
    other = Replay.of(play_game(321)).to_dict()

    def swap(data):
        data["replay"] = other

    replay_id = _edit_replay(folder, swap)
    assert _kinds(folder) == [(MismatchKind.REPLAY_TAMPERED, replay_id)]
    from magdagdon.storage import replay_id as identity_of

    assert (_only_mismatch(folder).stored, _only_mismatch(folder).actual) == (replay_id, identity_of(Replay.from_dict(other)))


def test_garbled_replay_file(folder):
    top = open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)[0]
    (folder / "replays" / f"{top.replay_id}.json").write_bytes(b"\x00garbage")
    assert _kinds(folder) == [(MismatchKind.REPLAY_UNREADABLE, top.replay_id)]
    mismatch = _only_mismatch(folder)
    assert mismatch.stored == str(folder / "replays" / f"{top.replay_id}.json") and "not JSON" in mismatch.actual


def test_statistics_edits_are_named(folder):
    path = folder / SCORES_FILE
    document = json.loads(path.read_text("utf-8"))
    document["data"]["statistics"]["PEACEFUL"]["games"] += 3
    path.write_text(json.dumps(document), "utf-8")
    assert [k for k, _ in _kinds(folder)] == [MismatchKind.STATISTICS]
    mismatch = _only_mismatch(folder)
    assert mismatch.stored.startswith("PEACEFUL statistics") and mismatch.actual == ""


def test_verify_of_many_entries_in_every_table(tmp_path):
    store = open_store(tmp_path, NOW)
    for difficulty in Difficulty:
        for game in finished_games(8, difficulty, first_seed=100):
            store.record_result(game, NOW)
    assert verify_store(open_store(tmp_path, NOW)) == []


def _mismatches_of_rewritten_top_replay(folder, rewrite):
    top = open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)[0]
    path = folder / "replays" / f"{top.replay_id}.json"
    path.write_text(rewrite(path.read_text("utf-8")), "utf-8")
    return top.replay_id, verify_store(open_store(folder, NOW))


def test_a_replay_written_by_a_newer_version_is_named_with_that_version(folder):
    def newer(text):
        document = json.loads(text)
        document["version"] = 9
        return json.dumps(document)

    replay_id, [mismatch] = _mismatches_of_rewritten_top_replay(folder, newer)
    assert (mismatch.kind, mismatch.replay_id) == (MismatchKind.REPLAY_NEWER, replay_id)
    assert mismatch.stored == str(folder / "replays" / f"{replay_id}.json")
    assert "version 9 is newer" in mismatch.actual


def test_a_replay_holding_a_number_json_does_not_have_says_which(folder):
    def not_a_number(text):
        document = json.loads(text)
        return text.replace(f'"seed":{document["data"]["replay"]["seed"]}', '"seed":NaN', 1)

    replay_id, [mismatch] = _mismatches_of_rewritten_top_replay(folder, not_a_number)
    assert (mismatch.kind, mismatch.replay_id) == (MismatchKind.REPLAY_UNREADABLE, replay_id)
    assert "NaN is not allowed" in mismatch.actual


def test_statistics_that_do_not_fit_the_tables_are_named_with_both_numbers(folder):
    from dataclasses import replace

    from magdagdon.storage.score_book import RECENT_GAMES, inconsistencies

    book = open_store(folder, NOW).score_book()
    stats, table = book.statistics[Difficulty.PEACEFUL], book.tables[Difficulty.PEACEFUL]
    assert inconsistencies(book) == []

    def with_stats(**changes):
        return replace(book, statistics={**book.statistics, Difficulty.PEACEFUL: replace(stats, **changes)})

    assert f"PEACEFUL statistics: {len(table) - 1} games but {len(table)} table entries" in inconsistencies(
        with_stats(games=len(table) - 1))
    assert inconsistencies(with_stats(best=stats.best - 1)) == [
        f"PEACEFUL statistics: best {stats.best - 1} but the table's top score is {table[0].score}"]
    ids = [f"{n:064x}" for n in range(RECENT_GAMES + 1)]
    assert inconsistencies(replace(book, recent=ids[:RECENT_GAMES])) == []  # as many as are kept: fine
    assert inconsistencies(replace(book, recent=ids)) == [
        f"{RECENT_GAMES + 1} recent games listed, at most {RECENT_GAMES} expected"]


def test_an_unfinished_game_under_an_entry_is_named_with_the_turn_it_stops_at(folder, capsys):
    # An entry of an earlier version (named by its replay's content hash) whose archived
    # replay stops before the end: scores --verify says so, and where it stops.
    from magdagdon.cli import main
    from magdagdon.storage.envelope import encode
    from magdagdon.storage.recorded_game import RecordedGame, content_id
    from magdagdon.storage.replay_archive import ARCHIVE_KIND

    cut = Replay.of(play_game(0, stop_after_turns=4))
    old_id = content_id(cut)
    document = json.loads((folder / SCORES_FILE).read_text("utf-8"))
    entry = document["data"]["tables"]["PEACEFUL"][0]
    entry["replay_id"] = old_id
    (folder / SCORES_FILE).write_text(json.dumps(document), "utf-8")
    recorded = RecordedGame(cut, entry["name"], NOW, entry["assisted"])
    (folder / "replays" / f"{old_id}.json").write_bytes(encode(ARCHIVE_KIND, recorded.to_data()))
    assert main(["scores", "--verify", "--data-dir", str(folder)]) == 1
    assert f"MISMATCH PEACEFUL #1 (replay {old_id}): its replay is not a finished game (stops at turn {cut.play().turn})" \
        in capsys.readouterr().out.splitlines()


def _set(field, value):
    def change(data):
        if value is None:
            del data[field]
        else:
            data[field] = value
    return change


WHEN_RULE = "it must be an ISO date and time with its time zone, from 1970 to 9998"


@pytest.mark.parametrize("change, reason", [
    (_set("assisted", None), "a recorded game needs name, when, assisted and replay (and a seat or none)"),
    (_set("name", "two\nlines"),
     'name is "two\\nlines": it must be a name of at most 24 characters, without controls or doubled spaces'),
    (_set("assisted", "yes"), 'assisted is "yes": it must be true or false'),
    (_set("when", 20261129), f"when is 20261129: {WHEN_RULE}"),
    (_set("when", "2026-11-29T20:00:00+00:00" + " " * 40),
     'when is "2026-11-29T20:00:00+00:00' + " " * 31 + f'...: {WHEN_RULE}'),
    (_set("when", "yesterday"), f'when is "yesterday": {WHEN_RULE}'),
    (_set("when", "2026-11-29T20:00:00"), f'when is "2026-11-29T20:00:00": {WHEN_RULE}'),
    (_set("when", "1969-07-20T20:17:00+00:00"), f'when is "1969-07-20T20:17:00+00:00": {WHEN_RULE}'),
], ids=["field missing", "name", "assisted", "when not text", "when too long", "when not a date", "no time zone",
        "before 1970"])
def test_an_archived_game_that_does_not_read_is_named_with_the_reason(folder, change, reason):
    replay_id = _edit_replay(folder, change)
    mismatch = _only_mismatch(folder)
    assert (mismatch.kind, mismatch.replay_id) == (MismatchKind.REPLAY_UNREADABLE, replay_id)
    assert mismatch.actual == reason  # what scores --verify prints after "is unreadable: "


@pytest.mark.parametrize("content, reason", [
    ('{"kind": "magdagdon-recorded-game", "data": {}}', "not a MAGDAGDON envelope"),
    ("[1, 2]", "not a MAGDAGDON envelope"),
    ('{"kind": "magdagdon-scores", "version": 1, "data": {}}', "kind 'magdagdon-scores', expected 'magdagdon-recorded-game'"),
    ('{"kind": "magdagdon-recorded-game", "version": "one", "data": {}}', "bad version 'one'"),
    ('{"kind": "magdagdon-recorded-game", "version": 0, "data": {}}', "bad version 0"),
], ids=["no version", "a list", "another kind", "version in words", "version 0"])
def test_an_archived_file_that_is_no_envelope_of_a_game_is_named_with_the_reason(folder, content, reason):
    top = open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)[0]
    (folder / "replays" / f"{top.replay_id}.json").write_text(content, "utf-8")
    mismatch = _only_mismatch(folder)
    assert (mismatch.kind, mismatch.replay_id, mismatch.actual) == (MismatchKind.REPLAY_UNREADABLE, top.replay_id, reason)


def test_an_archived_file_too_large_for_any_game_is_named_with_its_size(folder):
    from magdagdon.storage.replay_archive import ARCHIVE_KIND

    top = open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)[0]
    path = folder / "replays" / f"{top.replay_id}.json"
    path.write_bytes(b" " * (ARCHIVE_KIND.max_bytes + 1))
    mismatch = _only_mismatch(folder)
    assert (mismatch.kind, mismatch.actual) == (MismatchKind.REPLAY_UNREADABLE,
                                                f"{path} is larger than {ARCHIVE_KIND.max_bytes} bytes")


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="pipes in the file system are POSIX")
def test_a_pipe_in_an_archived_games_place_is_named_without_waiting_for_a_writer(folder):
    import os

    top = open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)[0]
    path = folder / "replays" / f"{top.replay_id}.json"
    path.unlink()
    os.mkfifo(path)
    mismatch = _only_mismatch(folder)
    assert (mismatch.kind, mismatch.stored) == (MismatchKind.REPLAY_UNREADABLE, str(path))
    assert "not a regular file" in mismatch.actual
