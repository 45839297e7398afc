"""Odd things where the data folder's files should be: a pipe (FIFO), a link (dangling or
out of the folder), a link where a subfolder should be. Only regular files are opened, a
pipe never hangs a read, nothing is written through a link out of the data folder, and a
notice names the odd file; the game goes on.

The reads that would hang on a pipe run in a child process with a time limit, so a
regression fails the test instead of hanging the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage.in_progress import IN_PROGRESS_FILE
from magdagdon.storage.lock import LOCK_NAME
from magdagdon.storage.party_file import PartyFiles
from magdagdon.storage.score_book import SCORES_FILE

from test_storage_support import NOW, finished_games, folder_with_games, play_game

ROOT = Path(__file__).resolve().parents[1]
GAMES = finished_games(2)
HANG_LIMIT = 60.0  # seconds: a read that waits for a writer never ends; a plain one takes well under 1 s

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes in the file system are POSIX")


def _in_child(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (storage calls) in a fresh interpreter; a hang fails with TimeoutExpired."""
    script = "import sys\nsys.path[:0] = [%r, %r]\n" % (str(ROOT), str(ROOT / "tests")) + textwrap.dedent(code)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=HANG_LIMIT,
                          cwd=ROOT)


def _kinds(store):
    return [n.kind for n in store.notices]


def test_a_pipe_as_the_lock_file_is_no_lock_and_nothing_is_saved(tmp_path):
    folder = folder_with_games(tmp_path / "data", GAMES[:1])
    lock = folder / LOCK_NAME
    lock.unlink()
    os.mkfifo(lock)
    done = _in_child(f"""
        from pathlib import Path
        from magdagdon.engine import Difficulty
        from magdagdon.storage import open_store
        from test_storage_support import NOW, play_game
        store = open_store(Path({str(folder)!r}), NOW, lock_timeout=0.2)
        outcome = store.record_result(play_game(5), NOW)
        print(outcome.saved, sorted({{n.kind.value for n in store.notices}}),
              len(store.high_scores(Difficulty.PEACEFUL)))
    """)
    assert done.returncode == 0, done.stderr
    saved, kinds, shown = done.stdout.split(" ", 1)[0], done.stdout, done.stdout.split()[-1]
    assert saved == "False"  # a pipe is not a lock: no write goes on without one
    assert "'not_regular'" in kinds
    assert shown == "2"  # the result is shown (held) all the same
    assert lock.is_fifo()  # left as it is, for a person to look at
    assert len(list((folder / "replays").iterdir())) == 1


def test_a_dangling_lock_link_creates_nothing_outside_the_data_folder(tmp_path):
    folder = folder_with_games(tmp_path / "data", GAMES[:1])
    victim = tmp_path / "elsewhere" / "victim"
    victim.parent.mkdir()
    lock = folder / LOCK_NAME
    lock.unlink()
    lock.symlink_to(victim)
    store = open_store(folder, NOW)
    assert not store.record_result(GAMES[1], NOW).saved
    assert not store.save_in_progress(play_game(9, stop_after_turns=2), NOW)
    assert not victim.exists() and list(victim.parent.iterdir()) == []
    assert NoticeKind.NOT_REGULAR in _kinds(store)
    assert len(store.high_scores(Difficulty.PEACEFUL)) == 2
    assert lock.is_symlink()


def test_a_lock_link_to_a_file_elsewhere_is_not_opened(tmp_path):
    folder = folder_with_games(tmp_path / "data", GAMES[:1])
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"someone else's")
    lock = folder / LOCK_NAME
    lock.unlink()
    lock.symlink_to(victim)
    store = open_store(folder, NOW)
    assert not store.record_result(GAMES[1], NOW).saved
    assert victim.read_bytes() == b"someone else's"
    assert NoticeKind.NOT_REGULAR in _kinds(store)


@pytest.mark.parametrize("name", [SCORES_FILE, IN_PROGRESS_FILE, "daily.json", "settings.json"])
def test_a_pipe_where_a_data_file_should_be_is_set_aside_without_hanging(tmp_path, name):
    folder = folder_with_games(tmp_path / "data", GAMES[:1])
    (folder / name).unlink(missing_ok=True)
    os.mkfifo(folder / name)
    done = _in_child(f"""
        from datetime import date
        from pathlib import Path
        from magdagdon.engine import Difficulty
        from magdagdon.storage import open_store
        from magdagdon.storage.settings import load_settings
        from test_storage_support import NOW, play_game
        folder = Path({str(folder)!r})
        store = open_store(folder, NOW)
        load_settings(folder)
        store.daily_table(date(2026, 11, 29), Difficulty.PEACEFUL, NOW)
        print(store.record_result(play_game(5), NOW).saved, len(store.high_scores(Difficulty.PEACEFUL)))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "2"]
    assert not (folder / name).exists() or (folder / name).is_file()
    assert [p for p in folder.iterdir() if p.name.startswith(name + ".corrupt-") and p.is_fifo()]


def test_a_replay_file_that_is_a_pipe_does_not_hang_the_replay_command(tmp_path):
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    done = subprocess.run([sys.executable, "-m", "magdagdon", "replay", str(pipe)], capture_output=True, text=True,
                          timeout=HANG_LIMIT, cwd=ROOT)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "not a regular file" in lines[0] and "Traceback" not in done.stderr


@pytest.mark.parametrize("subfolder", ["replays", "parties"])
def test_no_write_through_a_subfolder_linked_out_of_the_data_folder(tmp_path, subfolder):
    folder = tmp_path / "data"
    folder.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / subfolder).symlink_to(outside, target_is_directory=True)
    store = open_store(folder, NOW)
    if subfolder == "replays":
        assert not store.record_result(GAMES[0], NOW).saved
        assert NoticeKind.NOT_REGULAR in _kinds(store)
        assert len(store.high_scores(Difficulty.PEACEFUL)) == 1  # held, shown
    else:
        from magdagdon.party import Party
        from magdagdon.party.keeper import record_of

        files = PartyFiles(folder)
        party = Party.new(Difficulty.PEACEFUL, 7, [("Ada", False), ("Bo", False)])
        assert not files.save(record_of(party, "20261129T200000Z-abcdef", NOW, ()))
        assert NoticeKind.NOT_REGULAR in [n.kind for n in files.take_notices()]
    assert list(outside.iterdir()) == []
