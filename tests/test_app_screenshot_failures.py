"""``--screenshot`` that cannot be written: the game in progress is saved first, then one
line on stderr says why, the exit status is 1, and no empty or cut PNG is left behind.

The full disk of a real process is its file-size limit (RLIMIT_FSIZE, which needs no
privileges): a write past it fails as a write on a full disk does, part way.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import open_store
from magdagdon.storage.in_progress import IN_PROGRESS_FILE

from support.player import Player
from test_storage_support import NOW, play_game

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 8192  # bytes: more than the data files of a fresh folder, less than an 800x600 PNG


def _game(*args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def small_disk() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "magdagdon", "--windowed", "--size", "800x600", "--mute", *args],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, env=env,
                          preexec_fn=small_disk if limit is not None else None)


def _said(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if line.startswith("magdagdon:")]


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_screenshot_onto_a_full_disk_says_so_and_leaves_no_picture(tmp_path):
    shot = tmp_path / "shot.png"
    done = _game("--seed", "7", "--frames", "2", "--screenshot", str(shot), "--data-dir", str(tmp_path / "data"),
                 limit=LIMIT)
    assert done.returncode == 1, done.stderr
    [line] = _said(done)
    assert str(shot) in line and "not saved" in line and "Traceback" not in done.stderr
    assert not shot.exists()  # neither a 0-byte nor a cut PNG
    assert [p.name for p in tmp_path.iterdir() if p.name != "data"] == []  # no temporary file left either


def test_a_screenshot_into_proc_says_so_without_a_traceback(tmp_path):
    done = _game("--seed", "7", "--frames", "2", "--screenshot", "/proc/x.png", "--data-dir", str(tmp_path))
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    [line] = _said(done)
    assert "/proc" in line


def test_a_screenshot_onto_a_device_is_refused(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    before = os.stat("/dev/full")
    done = _game("--seed", "7", "--frames", "2", "--screenshot", "/dev/full", "--data-dir", str(tmp_path))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert len(_said(done)) == 1
    after = os.stat("/dev/full")
    assert (after.st_rdev, after.st_ino) == (before.st_rdev, before.st_ino)  # the device is still there


def test_the_game_in_progress_is_saved_before_the_screenshot_fails(tmp_path, capsys):
    store = open_store(tmp_path, NOW)
    assert store.save_in_progress(play_game(8, stop_after_turns=2), NOW)
    player = Player(tmp_path, screenshot=Path("/proc/x.png"))
    try:
        player.wait(1.0)
        player.choose("continue")
        player.key(pygame.K_r)  # roll: the game in progress moves on
        rolled = list(player.table.session.game.log)
        assert player.run(player.frames_drawn + 1) == 1
    finally:
        player.close()
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("magdagdon: the screenshot /proc/x.png was not saved")
    again = open_store(tmp_path, NOW).load_in_progress()
    assert again is not None and list(again.log) == rolled
    assert (tmp_path / IN_PROGRESS_FILE).exists() and again.difficulty is Difficulty.PEACEFUL
