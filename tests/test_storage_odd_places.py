"""Files and folders of the data folder that are not what they should be, and the lock:
the notice names the very file or folder at fault; a write's temporary file is made beside
its target, named so the clean-up after a crash finds it; a folder that cannot be synced
is no error but a failing disk is; files of other kinds in ``replays/`` are left alone;
the lock file is an ordinary file and a program waiting for it is told once."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage import atomic_file
from magdagdon.storage.atomic_file import is_temp_name, write_atomic
from magdagdon.storage.in_progress import IN_PROGRESS_FILE
from magdagdon.storage.notices import StorageNotice, notice_of_error
from magdagdon.storage.lock import LOCK_NAME, DataLock, LockTimeout
from magdagdon.storage.replay_archive import REPLAYS_FOLDER
from magdagdon.storage.score_book import SCORES_FILE

from test_storage_support import NOW, at, finished_games, folder_with_games, play_game

GAMES = finished_games(2)


def _notices(store):
    return [(n.kind, n.path) for n in store.take_notices()]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes in the file system are POSIX")
def test_a_write_onto_a_pipe_is_refused_naming_the_pipe(tmp_path):
    pipe = tmp_path / IN_PROGRESS_FILE
    os.mkfifo(pipe)
    with pytest.raises(atomic_file.NotRegular) as refused:
        write_atomic(pipe, b"{}")
    assert notice_of_error(refused.value, tmp_path) == StorageNotice(NoticeKind.NOT_REGULAR, str(pipe))
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)  # not replaced


def test_a_file_where_the_replays_folder_goes_is_the_place_named(tmp_path):
    store = open_store(tmp_path, NOW)
    (tmp_path / REPLAYS_FOLDER).write_text("not a folder")
    assert not store.record_result(GAMES[0], NOW).saved
    assert (NoticeKind.NOT_REGULAR, str(tmp_path / REPLAYS_FOLDER)) in _notices(store)
    assert (tmp_path / REPLAYS_FOLDER).read_text() == "not a folder"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_where_the_lock_file_goes_is_the_place_named(tmp_path):
    store = open_store(tmp_path, NOW)
    lock = tmp_path / LOCK_NAME
    lock.unlink()
    lock.symlink_to(tmp_path / "elsewhere")
    assert not store.record_result(GAMES[0], NOW).saved
    assert (NoticeKind.NOT_REGULAR, str(lock)) in _notices(store)


def test_a_writes_temporary_file_is_beside_its_target_and_named_for_the_clean_up(tmp_path, monkeypatch):
    replaced = []
    real = os.replace

    def watch(source, target):
        replaced.append((Path(source), Path(target)))
        real(source, target)

    monkeypatch.setattr(atomic_file.os, "replace", watch)
    write_atomic(tmp_path / SCORES_FILE, b"{}")
    [(source, target)] = replaced
    assert source.parent == target.parent == tmp_path  # a rename on one file system
    assert is_temp_name(source.name)  # a crash before the rename leaves a file the next start removes


def _failing_folder_sync(monkeypatch, error_number):
    real = os.fsync

    def fsync(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(error_number, os.strerror(error_number))
        real(fd)

    monkeypatch.setattr(atomic_file.os, "fsync", fsync)


def test_a_folder_that_cannot_be_synced_still_saves(tmp_path, monkeypatch):
    store = open_store(tmp_path, NOW)
    _failing_folder_sync(monkeypatch, errno.EINVAL)  # some file systems cannot sync a folder
    assert store.record_result(GAMES[0], NOW).saved
    assert _notices(store) == []


def test_a_disk_failing_as_its_folder_is_synced_is_said(tmp_path, monkeypatch):
    store = open_store(tmp_path, NOW)
    _failing_folder_sync(monkeypatch, errno.EIO)
    assert not store.record_result(GAMES[0], NOW).saved
    assert NoticeKind.WRITE_FAILED in [kind for kind, _ in _notices(store)]


def test_files_of_other_kinds_in_the_replays_folder_are_no_games_and_left_alone(tmp_path):
    folder = folder_with_games(tmp_path, GAMES[:1])
    replays = folder / REPLAYS_FOLDER
    (replays / "notes.json").write_text('{"mine": true}')
    [game_file] = [p for p in replays.iterdir() if p.name != "notes.json"]
    (replays / f"{game_file.stem}.txt").write_text("a copy of my own")
    (folder / SCORES_FILE).unlink()  # the tables are rebuilt from the archive
    store = open_store(folder, at(5))
    assert len(store.high_scores(GAMES[0].difficulty)) == 1
    assert sorted(p.name for p in replays.iterdir()) == sorted([game_file.name, "notes.json", f"{game_file.stem}.txt"])
    assert (replays / "notes.json").read_text() == '{"mine": true}'


def test_a_temporary_file_a_crash_left_in_the_replays_folder_is_cleaned_up(tmp_path):
    folder = folder_with_games(tmp_path, GAMES[:1])
    stray = folder / REPLAYS_FOLDER / ".0123456789abcdef01234567.json.x1y2.tmp"
    stray.write_text("half a game")
    assert open_store(folder, at(5)).record_result(GAMES[1], at(6)).saved
    assert not stray.exists()


def test_the_lock_file_is_an_ordinary_file(tmp_path):
    umask = os.umask(0o022)
    try:
        with DataLock(tmp_path):
            pass
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / LOCK_NAME).st_mode) == 0o644  # readable by all, run by none


def test_a_program_waiting_for_the_lock_is_told_once_how_long_it_may_wait(tmp_path):
    told = []
    with DataLock(tmp_path):
        with pytest.raises(LockTimeout):
            with DataLock(tmp_path, timeout=0.05, on_wait=lambda path, seconds: told.append((path, seconds))):
                pass
    assert told == [(tmp_path / LOCK_NAME, 0.05)]


def test_a_game_in_progress_file_damaged_since_the_start_is_set_aside_by_the_next_save(tmp_path):
    store = open_store(tmp_path, NOW)
    (tmp_path / IN_PROGRESS_FILE).write_text("{half a fi")
    game = play_game(9, stop_after_turns=2)
    assert store.save_in_progress(game, at(1))
    assert open_store(tmp_path, at(2)).load_in_progress(at(2)).log == game.log
    assert [p.read_text() for p in tmp_path.glob(f"{IN_PROGRESS_FILE}.corrupt-*")] == ["{half a fi"]


def test_a_file_given_as_the_data_folder_is_named_and_nothing_is_written(tmp_path):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("my notes")
    store = open_store(not_a_folder, NOW)
    assert _notices(store) == [(NoticeKind.NOT_A_FOLDER, str(not_a_folder))]
    assert store.read_only is True
    assert not store.record_result(GAMES[0], NOW).saved and not_a_folder.read_text() == "my notes"


def test_the_store_tells_its_caller_once_it_waits_for_the_lock(tmp_path):
    told = []
    store = open_store(tmp_path, NOW, lock_timeout=0.05, on_wait=lambda path, seconds: told.append((path, seconds)))
    with DataLock(tmp_path):
        assert not store.record_result(GAMES[0], NOW).saved
    assert told == [(tmp_path / LOCK_NAME, 0.05)]


def test_a_damaged_daily_file_met_while_recording_another_game_is_set_aside(tmp_path):
    from magdagdon.storage.daily_table import DAILY_FILE

    store = open_store(tmp_path, NOW)
    (tmp_path / DAILY_FILE).write_text("{not json")
    assert store.record_result(GAMES[0], NOW).saved  # not on Today's dice: only the clean-up reads daily.json
    assert not (tmp_path / DAILY_FILE).exists()
    assert [p.read_text() for p in tmp_path.glob(f"{DAILY_FILE}.corrupt-*")] == ["{not json"]


def test_the_notice_of_rebuilt_tables_names_the_scores_file(tmp_path):
    folder = folder_with_games(tmp_path, GAMES[:1])
    (folder / SCORES_FILE).unlink()
    store = open_store(folder, at(5))
    assert (NoticeKind.SCORES_REBUILT, str(folder / SCORES_FILE)) in _notices(store)


def test_a_busy_lock_is_said_naming_the_lock_file(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    store.take_notices()
    with DataLock(tmp_path):
        assert not store.record_result(GAMES[0], NOW).saved
    assert (NoticeKind.BUSY, str(tmp_path / LOCK_NAME)) in _notices(store)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes in the file system are POSIX")
def test_a_pipe_where_the_lock_file_goes_is_the_place_named(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    lock = tmp_path / LOCK_NAME
    lock.unlink()
    os.mkfifo(lock)
    assert not store.record_result(GAMES[0], NOW).saved
    assert (NoticeKind.NOT_REGULAR, str(lock)) in _notices(store)


def test_a_writer_waits_for_the_lock_and_takes_it_when_the_holder_lets_go(tmp_path):
    import threading

    holding, let_go = threading.Event(), threading.Event()

    def holder():
        with DataLock(tmp_path):
            holding.set()
            let_go.wait(30)

    thread = threading.Thread(target=holder)
    thread.start()
    holding.wait(30)
    try:
        # Told that it waits, the waiter has the holder let go: it must then get the lock.
        with DataLock(tmp_path, timeout=30, on_wait=lambda path, seconds: let_go.set()) as taken:
            assert taken is not None
    finally:
        let_go.set()
        thread.join()


def test_a_scores_file_that_cannot_be_read_is_named_kept_and_never_written_over(tmp_path, monkeypatch):
    folder = folder_with_games(tmp_path, GAMES[:1])
    before = (folder / SCORES_FILE).read_bytes()
    real_open = os.open

    def refuse_scores(path, flags, *args, **kwargs):
        if os.path.basename(path) == SCORES_FILE:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse_scores)
    store = open_store(folder, at(5))
    assert (NoticeKind.NOT_READABLE, str(folder / SCORES_FILE)) in _notices(store)
    assert store.read_only and not store.record_result(GAMES[1], at(6)).saved
    monkeypatch.undo()
    assert (folder / SCORES_FILE).read_bytes() == before


def test_a_scores_file_of_a_newer_version_is_named_and_kept(tmp_path):
    newer = b'{"kind": "magdagdon-scores", "version": 99, "data": {}}'
    (tmp_path / SCORES_FILE).write_bytes(newer)
    store = open_store(tmp_path, NOW)
    assert (NoticeKind.NEWER_VERSION, str(tmp_path / SCORES_FILE)) in _notices(store)
    assert not store.record_result(GAMES[0], NOW).saved and (tmp_path / SCORES_FILE).read_bytes() == newer
