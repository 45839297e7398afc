"""Read-only folder or full disk: the game stays playable and says scores cannot be saved."""

from __future__ import annotations

import errno
import os
from datetime import timedelta

import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage import atomic_file

from test_storage_support import NOW, finished_games, play_game

GAMES = finished_games(4)


def _failing(error_number):
    def fail(*args, **kwargs):
        raise OSError(error_number, os.strerror(error_number), str(args[0]) if args else None)
    return fail


def _nameless(error_number):
    def fail(*args, **kwargs):
        raise OSError(error_number, os.strerror(error_number))
    return fail


@pytest.mark.parametrize("error_number, kind", [
    (errno.ENOSPC, NoticeKind.DISK_FULL),
    (errno.EACCES, NoticeKind.NOT_WRITABLE),
    (errno.EROFS, NoticeKind.NOT_WRITABLE),
    (errno.EIO, NoticeKind.WRITE_FAILED),
])
def test_failed_writes_keep_the_game_playable(tmp_path, monkeypatch, error_number, kind):
    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], NOW)
    before = (tmp_path / "scores.json").read_bytes()
    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", _failing(error_number))
    outcome = store.record_result(GAMES[1], NOW)
    assert not outcome.saved and outcome.rank is not None
    assert kind in [n.kind for n in store.notices]
    assert len(store.high_scores(Difficulty.PEACEFUL)) == 2  # shown for this session
    assert store.statistics(Difficulty.PEACEFUL).games == 2
    assert not store.save_in_progress(play_game(9, stop_after_turns=2), NOW)
    assert (tmp_path / "scores.json").read_bytes() == before  # old file intact
    monkeypatch.undo()  # space freed: the next save writes the held result too
    assert store.record_result(GAMES[2], NOW).saved
    fresh = open_store(tmp_path, NOW)
    assert fresh.statistics(Difficulty.PEACEFUL).games == 3


def test_replace_failing_with_disk_full_leaves_no_temp_file(tmp_path, monkeypatch):
    store = open_store(tmp_path, NOW)
    monkeypatch.setattr(os, "replace", _failing(errno.ENOSPC))
    assert not store.record_result(GAMES[0], NOW).saved
    monkeypatch.undo()
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_folder_that_cannot_be_created(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_bytes(b"")
    store = open_store(blocker / "data", NOW)  # a folder inside a file: cannot exist
    assert store.notices and store.read_only
    outcome = store.record_result(GAMES[0], NOW)
    assert not outcome.saved and outcome.rank == 1
    assert store.load_in_progress() is None


def test_lock_file_refused_means_read_only(tmp_path, monkeypatch):
    """Simulates a read-only folder (works as root too): creating the lock file is refused."""
    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], NOW)
    (tmp_path / "magdagdon.lock").unlink()
    real_open = os.open

    def refuse_creation(path, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "read-only", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse_creation)
    store = open_store(tmp_path, NOW)
    assert store.read_only and [n.kind for n in store.notices] == [NoticeKind.NOT_WRITABLE]
    assert len(store.high_scores(Difficulty.PEACEFUL)) == 1  # reading still works
    assert not store.record_result(GAMES[1], NOW).saved
    assert not store.save_in_progress(play_game(9, stop_after_turns=2), NOW)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root ignores folder permissions, so chmod cannot make a folder read-only; "
                           "the monkeypatched variants above cover this case")
def test_really_read_only_folder(tmp_path):
    store = open_store(tmp_path, NOW)
    store.record_result(GAMES[0], NOW)
    os.chmod(tmp_path, 0o555)
    try:
        store = open_store(tmp_path, NOW)
        outcome = store.record_result(GAMES[1], NOW)
        assert not outcome.saved
        assert NoticeKind.NOT_WRITABLE in [n.kind for n in store.notices]
        assert len(store.high_scores(Difficulty.PEACEFUL)) == 2
    finally:
        os.chmod(tmp_path, 0o755)


def test_in_progress_of_an_unsaved_result_survives_clear(tmp_path, monkeypatch):
    """Disk full at the last turn: the result is held in memory and its saved game kept."""
    store = open_store(tmp_path, NOW)
    game = play_game(8, stop_after_turns=3)
    store.save_in_progress(game, NOW)
    finished = play_game(8)
    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", _failing(errno.ENOSPC))
    assert not store.record_result(finished, NOW).saved
    store.clear_in_progress()
    monkeypatch.undo()
    assert open_store(tmp_path, NOW).load_in_progress().log == game.log


def test_a_held_result_is_written_when_the_folder_is_free_again(tmp_path):
    # A game on ordinary dice (no Today's table to write): held while another instance has
    # the lock, written by the next retry.
    from magdagdon.storage.lock import DataLock

    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    with DataLock(tmp_path):
        outcome = store.record_result(GAMES[0], NOW)
    assert not outcome.saved and store.unsaved_results
    assert store.holds(outcome.replay_id) and not store.holds(store.record_result(GAMES[1], NOW).replay_id)
    assert store.retry_unsaved(NOW)
    assert not store.holds(outcome.replay_id)
    scores = sorted((g.score().total for g in GAMES[:2]), reverse=True)
    assert [e.score for e in open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)] == scores


def test_results_that_still_cannot_be_written_leave_the_newest_in_the_in_progress_file(tmp_path, monkeypatch):
    """Only the scores refuse writes: the newest held game waits in the in-progress file,
    so the next start records it even if this one never can."""
    store = open_store(tmp_path, NOW)
    real_mkstemp = atomic_file.tempfile.mkstemp

    def only_the_in_progress_file(*args, **kwargs):
        if not kwargs["prefix"].startswith(f".{store.in_progress_path.name}."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(kwargs["dir"]))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", only_the_in_progress_file)
    for minute, game in enumerate(GAMES[:3]):
        assert not store.record_result(game, NOW + timedelta(minutes=minute)).saved
    assert not store.retry_unsaved(NOW + timedelta(minutes=5))
    monkeypatch.undo()
    next_start = open_store(tmp_path, NOW + timedelta(minutes=10))
    assert next_start.load_in_progress(NOW + timedelta(minutes=10)) is None  # finished: recorded, not resumed
    assert [e.score for e in next_start.high_scores(Difficulty.PEACEFUL)] == [GAMES[2].score().total]


def test_an_in_progress_file_that_cannot_be_written_or_removed_is_the_file_named(tmp_path, monkeypatch):
    # The error names no file (as some systems leave it): the notice still names the in-progress file.
    store = open_store(tmp_path, NOW)
    game = play_game(8, stop_after_turns=3)
    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", _nameless(errno.ENOSPC))
    assert not store.save_in_progress(game, NOW)
    assert [(n.kind, n.path) for n in store.take_notices()] == [(NoticeKind.DISK_FULL, str(store.in_progress_path))]
    monkeypatch.undo()
    assert store.save_in_progress(game, NOW)
    monkeypatch.setattr(atomic_file.os, "remove", _nameless(errno.EACCES))
    store.clear_in_progress()
    assert [(n.kind, n.path) for n in store.take_notices()] == [(NoticeKind.NOT_WRITABLE, str(store.in_progress_path))]
