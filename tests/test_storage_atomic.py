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
