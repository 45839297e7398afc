"""A game finished on a full disk is never lost: its result is held and shown, the game-over
screen says so with a Retry, it is written again every few seconds and by every save, the
moment space returns; quitting with it unsaved asks first and writes it if it can; and the
next start records whatever was last written of it, once.

The full disk is the storage's own failure seam (the temporary file of an atomic write
cannot be created: ENOSPC), as in tests/test_storage_readonly.py; ``Disk`` turns it on and
off in the middle of a game through the real loop.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage import atomic_file, space_reserve
from magdagdon.storage.in_progress import IN_PROGRESS_FILE

from support.player import RETRY_SECONDS, Player
from test_storage_support import NOW

HELD = "Scores cannot be saved: the disk is full. Your score is kept and saved as soon as it can be."


class Disk:
    """Full for the writes whose file name ``refuses`` (all of them by default), until freed;
    no space can be set aside while it is full."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.refuses = lambda name: True
        real = atomic_file.tempfile.mkstemp
        real_allocate = space_reserve.allocate

        def mkstemp(*args, **kwargs):
            prefix = kwargs.get("prefix", "")
            if self.full and self.refuses(prefix):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(kwargs.get("dir", "")))
            return real(*args, **kwargs)

        def allocate(fd: int, size: int) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_allocate(fd, size)

        monkeypatch.setattr(atomic_file.tempfile, "mkstemp", mkstemp)
        monkeypatch.setattr(space_reserve, "allocate", allocate)


@pytest.fixture
def disk(monkeypatch):
    return Disk(monkeypatch)


def _over_on_a_full_disk(tmp_path: Path, disk: Disk) -> Player:
    disk.full = True
    player = Player(tmp_path, seed=7, scene="game_over")
    player.wait(2.0)
    assert player.top_key == "game_over"
    return player


def _lines(player: Player) -> str:
    """The words on screen, the lines a sentence wraps to joined again."""
    return " ".join(text for text, _ in player.look())


def _table(tmp_path: Path) -> list[str]:
    """The names in the table on disk (not the results a store holds in memory)."""
    return [e.name for e in open_store(tmp_path, NOW).score_book().tables[Difficulty.PEACEFUL]]


def test_the_held_result_is_said_plainly_and_saved_the_moment_space_returns(tmp_path, disk):
    player = _over_on_a_full_disk(tmp_path, disk)
    try:
        assert HELD in _lines(player)
        assert "retry_save" in {b.ident for b in player.top.buttons()}
        assert player.unsaved_results == 1
        player.wait(RETRY_SECONDS + 1)  # retried while still full: still held, still said
        assert HELD in _lines(player) and _table(tmp_path) == []
        disk.full = False
        player.wait(RETRY_SECONDS + 1)  # the next retry writes it, unasked
        assert _table(tmp_path) == ["Player"]
        said = _lines(player)
        assert HELD not in said and "Player: #1 in the PEACEFUL table" in said
        assert "retry_save" not in {b.ident for b in player.top.buttons()}
    finally:
        player.close()


@pytest.mark.fine_frames  # times what happens inside 0.1 s
def test_retry_writes_it_at_once(tmp_path, disk):
    player = _over_on_a_full_disk(tmp_path, disk)
    try:
        retry = next(b for b in player.top.buttons() if b.ident == "retry_save")
        player.tap(retry.rect.center)  # still full: still held
        assert HELD in _lines(player)
        disk.full = False
        retry = next(b for b in player.top.buttons() if b.ident == "retry_save")
        player.tap(retry.rect.center, then=0.1)
        assert _table(tmp_path) == ["Player"] and "Player: #1 in the PEACEFUL table" in _lines(player)
    finally:
        player.close()


def test_quitting_with_the_result_unsaved_asks_first(tmp_path, disk):
    player = _over_on_a_full_disk(tmp_path, disk)
    try:
        player.key(pygame.K_ESCAPE)
        player.choose("quit")
        assert player.top_key == "confirm"
        assert "Your last score is not saved yet" in player.top.body_html()
        player.choose("no")
        assert player.top_key == "title" and not player.quit_requested
        disk.full = False  # space freed: quitting now writes it without asking
        player.choose("quit")
        assert player.quit_requested
        assert _table(tmp_path) == ["Player"]
    finally:
        player.close()


def test_space_freed_then_the_window_closed_writes_it_at_quit(tmp_path, disk):
    """The freed disk, then a quit before the next retry: the quit writes it."""
    player = _over_on_a_full_disk(tmp_path, disk)
    disk.full = False
    player.post(pygame.QUIT)
    player.wait(0.2)
    player.close()
    assert player.quit_requested
    assert _table(tmp_path) == ["Player"]


def test_the_next_start_records_what_the_quit_could_write_once(tmp_path, disk):
    """Only the game in progress fits (the archive and the table do not): the quit puts the
    finished game there, and the next start records it, once."""
    player = _over_on_a_full_disk(tmp_path, disk)
    disk.refuses = lambda prefix: not prefix.startswith(f".{IN_PROGRESS_FILE}.")
    player.post(pygame.QUIT)
    player.wait(0.2)
    player.close()
    assert _table(tmp_path) == [] and (tmp_path / IN_PROGRESS_FILE).exists()
    disk.full = False
    for _ in range(2):  # two starts: recorded at the first, not again at the second
        again = Player(tmp_path)
        again.wait(1.0)
        again.close()
    store = open_store(tmp_path, NOW)
    assert [e.name for e in store.high_scores(Difficulty.PEACEFUL)] == ["Player"]
    assert store.statistics(Difficulty.PEACEFUL).games == 1
    assert not (tmp_path / IN_PROGRESS_FILE).exists()


def test_a_disk_still_full_at_quit_gives_back_the_space_set_aside_for_the_finished_game(tmp_path, disk):
    """The disk fills before the game ends and is still full when the player quits: the
    space the data folder set aside takes the finished game (here only the in-progress file
    fits in it), and the next start with room records it, once, and sets space aside again."""
    open_store(tmp_path, NOW)  # the data folder, made while there was room
    reserve = tmp_path / space_reserve.RESERVE_FILE
    assert reserve.stat().st_size == space_reserve.RESERVE_BYTES
    # Full: nothing is written until the reserve is given back, then only the small file fits.
    disk.refuses = lambda prefix: reserve.exists() or not prefix.startswith(f".{IN_PROGRESS_FILE}.")
    player = _over_on_a_full_disk(tmp_path, disk)
    player.post(pygame.QUIT)
    player.wait(0.2)
    player.close()
    assert _table(tmp_path) == [] and not reserve.exists()
    disk.full = False
    store = open_store(tmp_path, NOW)
    assert [e.name for e in store.high_scores(Difficulty.PEACEFUL)] == ["Player"]
    assert [n.kind for n in store.notices] == [NoticeKind.RECOVERED_RESULT]
    assert reserve.exists() and not (tmp_path / IN_PROGRESS_FILE).exists()


def test_a_new_game_does_not_overwrite_the_held_games_saved_copy(tmp_path, disk):
    """While a result is held, the in-progress file keeps the finished game; a new game's
    saves do not replace it (they fail alike on a full disk; here only the table is full)."""
    player = _over_on_a_full_disk(tmp_path, disk)
    try:
        disk.refuses = lambda prefix: not prefix.startswith(f".{IN_PROGRESS_FILE}.")
        player.retry_unsaved()  # the held game goes to the in-progress file
        saved = (tmp_path / IN_PROGRESS_FILE).read_bytes()
        store = player.store
        from test_storage_support import play_game

        assert not store.save_in_progress(play_game(3, stop_after_turns=2), NOW)
        assert (tmp_path / IN_PROGRESS_FILE).read_bytes() == saved
        disk.full = False
        assert store.save_in_progress(play_game(3, stop_after_turns=2), NOW)  # writes the held one first
        assert _table(tmp_path) == ["Player"]
    finally:
        player.close()


def test_recovered_result_notice_at_the_next_start(tmp_path, disk):
    player = _over_on_a_full_disk(tmp_path, disk)
    disk.refuses = lambda prefix: not prefix.startswith(f".{IN_PROGRESS_FILE}.")
    player.post(pygame.QUIT)
    player.wait(0.2)
    player.close()
    disk.full = False
    store = open_store(tmp_path, NOW)
    assert [n.kind for n in store.notices] == [NoticeKind.RECOVERED_RESULT]
