"""Damaged files: moved aside as <name>.corrupt-<timestamp>, a notice, and the game goes on."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage.envelope import CorruptFile, FileKind, NewerVersion, decode, encode
from magdagdon.storage.in_progress import IN_PROGRESS_FILE
from magdagdon.storage.recorded_game import content_id
from magdagdon.storage.replay_archive import ReplayArchive
from magdagdon.storage.score_book import SCORES_FILE, SCORES_KIND

from test_storage_support import NOW, at, play_game

STAMP = "20261129T200000Z"  # NOW in UTC


def _recorded_store(tmp_path, games=3):
    store = open_store(tmp_path, NOW)
    for seed in range(games):
        assert store.record_result(play_game(seed), at(seed)).saved
    return store


def _envelope(tmp_path):
    return json.loads((tmp_path / SCORES_FILE).read_text("utf-8"))


def _wrong_types(tmp_path):
    document = _envelope(tmp_path)
    document["data"]["tables"]["PEACEFUL"][0]["score"] = "lots"
    return json.dumps(document).encode()


def _wrong_shape(tmp_path):
    document = _envelope(tmp_path)
    document["data"]["tables"] = []
    return json.dumps(document).encode()


DAMAGE = {
    "truncated": lambda p: (p / SCORES_FILE).read_bytes()[:-40],
    "empty": lambda p: b"",
    "garbage": lambda p: b"\x00\xff\xfe garbage \x81",
    "not an envelope": lambda p: b'{"scores": []}',
    "wrong kind": lambda p: (p / SCORES_FILE).read_bytes().replace(b"magdagdon-scores", b"magdagdon-other"),
    "wrong types": _wrong_types,
    "wrong shape": _wrong_shape,
    "NaN": lambda p: (p / SCORES_FILE).read_bytes().replace(b'"total":', b'"total":NaN,"x":', 1),
    "deep nesting": lambda p: b"[" * 100_000 + b"]" * 100_000,
    "huge": lambda p: b" " * (SCORES_KIND.max_bytes + 1),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_corrupt_scores_file_is_moved_aside_and_rebuilt_from_replays(tmp_path, damage):
    before = _recorded_store(tmp_path).high_scores(Difficulty.PEACEFUL)
    bad = DAMAGE[damage](tmp_path)
    (tmp_path / SCORES_FILE).write_bytes(bad)
    store = open_store(tmp_path, NOW)
    aside = tmp_path / f"{SCORES_FILE}.corrupt-{STAMP}"
    assert [(n.kind, n.moved_to) for n in store.notices] == [
        (NoticeKind.CORRUPT_MOVED_ASIDE, str(aside)), (NoticeKind.SCORES_REBUILT, None)]
    assert aside.read_bytes() == bad  # kept for a human to look at
    assert store.high_scores(Difficulty.PEACEFUL) == before  # names and times come back too
    assert store.statistics(Difficulty.PEACEFUL).games == 3
    outcome = store.record_result(play_game(10), at(10))  # the game goes on and saves again
    assert outcome.saved
    assert open_store(tmp_path, NOW).notices == []


def test_corrupt_scores_file_without_replays_starts_empty(tmp_path):
    _recorded_store(tmp_path)
    for path in (tmp_path / "replays").iterdir():
        path.unlink()
    (tmp_path / SCORES_FILE).write_bytes(b"garbage")
    store = open_store(tmp_path, NOW)
    assert [n.kind for n in store.notices] == [NoticeKind.CORRUPT_MOVED_ASIDE, NoticeKind.SCORES_REBUILT]
    assert store.high_scores(Difficulty.PEACEFUL) == []
    assert (tmp_path / SCORES_FILE).exists()  # a rebuild always leaves a table
    assert store.record_result(play_game(10), at(10)).rank == 1


def test_second_corruption_at_same_time_gets_a_free_name(tmp_path):
    for expected in (f"{SCORES_FILE}.corrupt-{STAMP}", f"{SCORES_FILE}.corrupt-{STAMP}-2"):
        (tmp_path / SCORES_FILE).write_bytes(b"garbage")
        store = open_store(tmp_path, NOW)
        assert store.notices[0].moved_to == str(tmp_path / expected)


def test_a_file_set_aside_without_a_time_given_is_named_when_it_was_set_aside(tmp_path):
    import os
    from datetime import datetime, timezone

    from magdagdon.cli import main

    (tmp_path / SCORES_FILE).write_bytes(b"garbage")
    os.utime(tmp_path / SCORES_FILE, (NOW.timestamp(), NOW.timestamp()))  # damaged long before it is found
    before = datetime.now(timezone.utc).replace(microsecond=0)
    assert main(["scores", "--data-dir", str(tmp_path)]) == 0
    after = datetime.now(timezone.utc)
    [moved] = tmp_path.glob(SCORES_FILE + ".corrupt-*")
    stamp = moved.name.rsplit(".corrupt-", 1)[1]
    assert before <= datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc) <= after
    (tmp_path / SCORES_FILE).write_bytes(b"garbage")  # a store given its caller's clock names it so too
    store = open_store(tmp_path, clock=lambda: NOW.replace(year=2027))
    assert store.notices[0].moved_to.endswith(".corrupt-" + STAMP.replace("2026", "2027", 1))


def test_future_version_is_left_untouched_and_store_is_read_only(tmp_path):
    _recorded_store(tmp_path)
    document = _envelope(tmp_path)
    document["version"] = 99
    document["data"] = {"something": "new"}
    future = json.dumps(document).encode()
    (tmp_path / SCORES_FILE).write_bytes(future)
    store = open_store(tmp_path, NOW)
    assert [n.kind for n in store.notices] == [NoticeKind.NEWER_VERSION]
    assert store.read_only
    outcome = store.record_result(play_game(10), at(10))
    assert not outcome.saved and outcome.rank == 1  # shown for this session only
    assert store.high_scores(Difficulty.PEACEFUL)[0].replay_id == outcome.replay_id
    assert not store.save_in_progress(play_game(11, stop_after_turns=2), NOW)
    assert (tmp_path / SCORES_FILE).read_bytes() == future
    assert not (tmp_path / IN_PROGRESS_FILE).exists()



def test_an_invalid_game_in_progress_is_left_in_place_while_a_newer_file_blocks_writing(tmp_path):
    """Setting a file aside is a write: a store that must not write (a newer version's
    scores) says the saved game cannot be resumed and leaves it where it is."""
    store = _recorded_store(tmp_path)
    store.save_in_progress(play_game(1, stop_after_turns=3), NOW)
    path = tmp_path / IN_PROGRESS_FILE
    document = json.loads(path.read_text("utf-8"))
    document["data"]["replay"]["actions"][1] = "stage 0 99"
    path.write_text(json.dumps(document), "utf-8")
    invalid = path.read_bytes()
    scores = _envelope(tmp_path)
    scores["version"] = 99
    (tmp_path / SCORES_FILE).write_text(json.dumps(scores), "utf-8")
    store = open_store(tmp_path, NOW)
    assert store.read_only and store.load_in_progress() is None
    resume = [n for n in store.notices if n.kind is NoticeKind.RESUME_INVALID]
    assert len(resume) == 1 and resume[0].moved_to is None
    assert path.read_bytes() == invalid and not list(tmp_path.glob(IN_PROGRESS_FILE + ".corrupt-*"))

@pytest.mark.parametrize("damage", ["garbage", "truncated", "wrong kind"])
def test_corrupt_in_progress_file_is_moved_aside(tmp_path, damage):
    store = open_store(tmp_path, NOW)
    store.save_in_progress(play_game(1, stop_after_turns=3), NOW)
    path = tmp_path / IN_PROGRESS_FILE
    raw = path.read_bytes()
    path.write_bytes({"garbage": b"{{{", "truncated": raw[: len(raw) // 2],
                      "wrong kind": raw.replace(b"in-progress", b"in-regress")}[damage])
    store = open_store(tmp_path, NOW)
    assert [n.kind for n in store.notices] == [NoticeKind.CORRUPT_MOVED_ASIDE]
    assert store.load_in_progress() is None
    assert not path.exists()


def test_in_progress_with_illegal_actions_is_set_aside(tmp_path):
    store = open_store(tmp_path, NOW)
    store.save_in_progress(play_game(1, stop_after_turns=3), NOW)
    path = tmp_path / IN_PROGRESS_FILE
    document = json.loads(path.read_text("utf-8"))
    document["data"]["replay"]["actions"][1] = "stage 0 99"
    path.write_text(json.dumps(document), "utf-8")
    store = open_store(tmp_path, NOW)
    assert store.load_in_progress() is None
    assert [n.kind for n in store.notices] == [NoticeKind.RESUME_INVALID]
    assert not path.exists()


def test_corrupt_replay_file_does_not_break_the_store(tmp_path):
    store = _recorded_store(tmp_path)
    for path in (tmp_path / "replays").iterdir():
        path.write_bytes(b"garbage")
    store = open_store(tmp_path, NOW)
    assert store.notices == []
    assert len(store.high_scores(Difficulty.PEACEFUL)) == 3
    assert store.record_result(play_game(20), at(20)).saved


# --- the envelope itself -----------------------------------------------------------------
KIND_V3 = FileKind("test-kind", 3, 10_000, {1: lambda d: {"items": d}, 2: lambda d: {**d, "count": len(d["items"])}})


def test_migrate_step_per_version():
    v1 = json.dumps({"kind": "test-kind", "version": 1, "data": [1, 2]}).encode()
    assert decode(KIND_V3, v1) == {"items": [1, 2], "count": 2}
    assert decode(KIND_V3, encode(KIND_V3, {"x": 1})) == {"x": 1}


def test_newer_and_broken_migrations():
    with pytest.raises(NewerVersion):
        decode(KIND_V3, b'{"kind":"test-kind","version":4,"data":null}')
    with pytest.raises(CorruptFile):
        decode(KIND_V3, b'{"kind":"test-kind","version":2,"data":null}')  # migration raises TypeError
    for bad in (b'{"kind":"test-kind","version":true,"data":1}', b'{"kind":"test-kind","version":0,"data":1}',
                b'{"kind":"test-kind","version":3}', b'[1]'):
        with pytest.raises(CorruptFile):
            decode(KIND_V3, bad)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=300), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
).map(lambda value: json.dumps({"kind": "magdagdon-scores", "version": 1, "data": value}).encode())))
def test_any_bytes_load_or_are_moved_aside(tmp_path_factory, raw):
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / SCORES_FILE).write_bytes(raw)
    store = open_store(folder, NOW)
    kinds = [n.kind for n in store.notices]
    assert kinds in ([], [NoticeKind.CORRUPT_MOVED_ASIDE, NoticeKind.SCORES_REBUILT])
    assert (folder / SCORES_FILE).exists()  # loaded as is, or moved aside and rebuilt
    [aside] = folder.glob(SCORES_FILE + ".corrupt-*") if kinds else [None]
    assert aside is None or aside.read_bytes() == raw
    assert all(store.high_scores(d) == [] for d in Difficulty)  # random data holds no entries
    assert not store.read_only


def test_rebuild_ignores_tampered_replays(tmp_path):
    _recorded_store(tmp_path)
    victim = sorted((tmp_path / "replays").iterdir())[0]
    document = json.loads(victim.read_text("utf-8"))
    document["data"]["replay"]["result"]["score"] += 100
    victim.write_text(json.dumps(document), "utf-8")
    (tmp_path / SCORES_FILE).write_bytes(b"garbage")
    store = open_store(tmp_path, NOW)
    table = store.high_scores(Difficulty.PEACEFUL)
    assert len(table) == 2 and victim.stem not in {e.replay_id for e in table}


def test_a_game_archived_twice_is_ranked_once_by_the_rebuild(tmp_path):
    _recorded_store(tmp_path)
    # The same game under the content id an earlier version named its file by, beside the
    # file this version wrote (an upgrade that copied rather than moved): both read.
    original = sorted((tmp_path / "replays").iterdir())[0]
    recorded = ReplayArchive(tmp_path).load(original.stem)
    original.with_name(content_id(recorded.replay) + ".json").write_bytes(original.read_bytes())
    (tmp_path / SCORES_FILE).write_bytes(b"garbage")
    table = open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)
    assert len(table) == 3 and len({(e.score, e.when) for e in table}) == 3


def test_an_archived_game_that_claims_no_result_is_set_aside_by_the_rebuild(tmp_path):
    _recorded_store(tmp_path)
    victim = sorted((tmp_path / "replays").iterdir())[0]
    document = json.loads(victim.read_text("utf-8"))
    del document["data"]["replay"]["result"]  # the game writes every finished game with its result
    victim.write_text(json.dumps(document), "utf-8")
    (tmp_path / SCORES_FILE).write_bytes(b"garbage")
    store = open_store(tmp_path, NOW)
    table = store.high_scores(Difficulty.PEACEFUL)
    assert len(table) == 2 and victim.stem not in {e.replay_id for e in table}
    assert not victim.exists() and list(victim.parent.glob(victim.name + ".corrupt-*"))
