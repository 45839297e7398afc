"""Atomic writes: a crash at any point leaves the old file or the new one, never a broken one."""

from __future__ import annotations

import os

import pytest

from magdagdon.storage import atomic_file
from magdagdon.storage.atomic_file import read_limited, remove_stray_temp_files, write_atomic, FileTooLarge

OLD, NEW = b'{"old": true}', b'{"new": true, "padding": "' + b"x" * 5000 + b'"}'


class SimulatedCrash(BaseException):
    """Raised at a fault point; a BaseException so no storage code can swallow it."""


def _crash(*args, **kwargs):
    raise SimulatedCrash()


@pytest.mark.parametrize("point", ["write", "fsync", "replace"])
def test_fault_between_write_and_replace_keeps_old_file(tmp_path, monkeypatch, point):
    target = tmp_path / "scores.json"
    target.write_bytes(OLD)
    if point == "write":
        monkeypatch.setattr(os, "fdopen", lambda *a, **k: _crash())
    else:
        monkeypatch.setattr(os, point, _crash)
    with pytest.raises(SimulatedCrash):
        write_atomic(target, NEW)
    monkeypatch.undo()
    assert target.read_bytes() == OLD
    assert os.listdir(tmp_path) == ["scores.json"]  # the temp file was cleaned up


def test_fault_after_replace_leaves_new_file(tmp_path, monkeypatch):
    target = tmp_path / "scores.json"
    target.write_bytes(OLD)
    monkeypatch.setattr(atomic_file, "fsync_folder", _crash)
    with pytest.raises(SimulatedCrash):
        write_atomic(target, NEW)
    monkeypatch.undo()
    assert target.read_bytes() == NEW


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to kill a writer mid-write")
@pytest.mark.parametrize("point", ["fsync", "replace", "fsync_folder", "none"])
def test_process_killed_mid_write_leaves_old_or_new(tmp_path, point):
    """A child process dies with os._exit (no cleanup, like kill -9) at each point."""
    target = tmp_path / "scores.json"
    target.write_bytes(OLD)
    pid = os.fork()
    if pid == 0:  # child
        try:
            if point == "fsync_folder":
                atomic_file.fsync_folder = lambda folder: os._exit(3)
            elif point != "none":
                setattr(os, point, lambda *a, **k: os._exit(3))
            write_atomic(target, NEW)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status)
    content = target.read_bytes()
    expected = OLD if point in ("fsync", "replace") else NEW
    assert content == expected
    # A stray temp file may remain after a real crash; the next locked write removes it.
    remove_stray_temp_files(tmp_path)
    assert os.listdir(tmp_path) == ["scores.json"]


def test_write_creates_and_replaces(tmp_path):
    target = tmp_path / "a.json"
    write_atomic(target, OLD)
    write_atomic(target, NEW)
    assert target.read_bytes() == NEW


def test_read_limited_refuses_huge_files(tmp_path):
    target = tmp_path / "big.json"
    target.write_bytes(b" " * 1001)
    with pytest.raises(FileTooLarge):
        read_limited(target, 1000)
    assert read_limited(target, 1001) == b" " * 1001


def test_only_our_temp_files_are_cleaned(tmp_path):
    ours = tmp_path / ".scores.json.k2j3h4.tmp"
    theirs = tmp_path / ".notes.tmp"
    for path in (ours, theirs):
        path.write_bytes(b"x")
    assert remove_stray_temp_files(tmp_path) == 1
    assert theirs.exists() and not ours.exists()


def _folder_syncs(monkeypatch):
    """The inodes of the folders ``os.fsync`` is called on from now on."""
    import stat

    synced: list[int] = []
    real = os.fsync

    def spy(fd):
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            synced.append(info.st_ino)
        return real(fd)

    monkeypatch.setattr(atomic_file.os, "fsync", spy)
    return synced


@pytest.mark.skipif(os.name == "nt", reason="Windows cannot open a folder; NTFS journals renames itself")
def test_a_replace_a_removal_and_a_rename_aside_are_made_durable_by_syncing_their_folder(tmp_path, monkeypatch):
    """A rename lives in its folder: without the folder's fsync a power cut may undo it."""
    folder = tmp_path / "data"
    folder.mkdir()
    synced = _folder_syncs(monkeypatch)
    write_atomic(folder / "a.json", b"{}")
    assert synced == [folder.stat().st_ino]
    atomic_file.move_aside(folder / "a.json", ".corrupt")
    atomic_file.remove_durably(folder / "a.json.corrupt")
    assert synced == [folder.stat().st_ino] * 3


@pytest.mark.skipif(os.name == "nt", reason="Windows cannot open a folder; NTFS journals renames itself")
def test_recording_a_result_syncs_the_folders_it_renames_in(tmp_path, monkeypatch):
    from magdagdon.storage import open_store

    from test_storage_support import NOW, play_game

    store = open_store(tmp_path, NOW)
    synced = _folder_syncs(monkeypatch)
    assert store.record_result(play_game(3), NOW).saved
    assert {tmp_path.stat().st_ino, (tmp_path / "replays").stat().st_ino} <= set(synced)
