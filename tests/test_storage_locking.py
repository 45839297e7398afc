"""No write without the data folder lock: when the lock cannot be taken, the write is
refused and a notice says so."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage import document_file, replay_archive, store as store_module
from magdagdon.storage.in_progress import IN_PROGRESS_FILE
from magdagdon.storage.lock import DataLock
from magdagdon.storage.score_book import SCORES_FILE

from test_storage_support import NOW, at, finished_games, play_game

GAMES = finished_games(3)


def _refuse_lock_file(monkeypatch, folder):
    (folder / "magdagdon.lock").unlink(missing_ok=True)
    real_open = os.open

    def refuse_creation(path, flags, *args, **kwargs):
        if flags & os.O_CREAT and os.path.basename(path) == "magdagdon.lock":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse_creation)


def test_save_in_progress_without_the_lock_writes_nothing(tmp_path, monkeypatch):
    store = open_store(tmp_path, NOW)  # the lock worked when the store was opened
    _refuse_lock_file(monkeypatch, tmp_path)
    assert store.save_in_progress(play_game(9, stop_after_turns=2), NOW) is False
    assert not (tmp_path / IN_PROGRESS_FILE).exists()
    assert NoticeKind.NOT_WRITABLE in [n.kind for n in store.notices]


def test_record_without_the_lock_writes_nothing(tmp_path, monkeypatch):
    store = open_store(tmp_path, NOW)
    _refuse_lock_file(monkeypatch, tmp_path)
    outcome = store.record_result(GAMES[0], NOW)
    assert not outcome.saved and not outcome.duplicate
    assert not (tmp_path / SCORES_FILE).exists() and not (tmp_path / "replays").exists()


def test_busy_lock_refuses_every_write(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    store.record_result(GAMES[0], NOW)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    with DataLock(tmp_path):
        assert store.save_in_progress(play_game(9, stop_after_turns=2), NOW) is False
        assert not store.record_result(GAMES[1], NOW).saved
        store.clear_in_progress()
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    assert NoticeKind.BUSY in [n.kind for n in store.notices]


@pytest.fixture()
def lock_watch(monkeypatch):
    """Fails the test if any file is written, renamed or removed while the lock is not held."""
    held = [0]
    real_enter, real_exit = DataLock.__enter__, DataLock.__exit__

    def enter(self):
        result = real_enter(self)
        held[0] += 1
        return result

    def exit_(self, *info):
        held[0] -= 1
        return real_exit(self, *info)

    monkeypatch.setattr(DataLock, "__enter__", enter)
    monkeypatch.setattr(DataLock, "__exit__", exit_)
    writes = []

    def guarded(module, name):
        real = getattr(module, name)

        def call(*args, **kwargs):
            writes.append(name)
            assert held[0] > 0, f"{name} without the lock"
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, call)

    for module, name in ((store_module, "write_atomic"), (store_module, "remove_durably"),
                         (replay_archive, "write_atomic"), (document_file, "move_aside")):
        guarded(module, name)
    return writes


def test_every_change_on_disk_happens_under_the_lock(tmp_path, lock_watch):
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(GAMES):
        store.record_result(game, at(minute))
    store.save_in_progress(play_game(9, stop_after_turns=2), NOW)
    store.clear_in_progress()
    store.save_in_progress(play_game(9), NOW)  # finished but unrecorded: recovered at the next open
    (tmp_path / SCORES_FILE).write_bytes(b"garbage")  # set aside and rebuilt at the next open
    reopened = open_store(tmp_path, at(10))
    assert reopened.statistics(Difficulty.PEACEFUL).games == 4
    assert {"write_atomic", "remove_durably", "move_aside"} <= set(lock_watch)


def test_every_notice_has_words_in_the_game_and_on_the_command_line():
    from magdagdon.cli.notices import describe_notice
    from magdagdon.storage import StorageNotice

    catalog = json.loads((Path(__file__).resolve().parents[1] / "assets" / "i18n" / "en.json").read_text("utf-8"))
    for kind in NoticeKind:
        assert f"notice.{kind.value}" in catalog
        assert "_" not in describe_notice(StorageNotice(kind, "/data/scores.json", "/data/x"))
        assert "None" not in describe_notice(StorageNotice(kind, "/data/scores.json"))
