"""Ending the game from outside, as real processes: SIGTERM (``systemctl stop``, a
shutdown), SIGINT (Ctrl+C) and SIGHUP (a closed terminal, a logout) save the game in
progress, staged dice included, and end it with status 0 and nothing on the console; Ctrl+C
in a command-line tool ends it with one line and status 130, workers and all.

Every moment a signal is sent at is one the process shows it has reached (its window
showing the staged die, pygame's library loaded, a line printed, worker processes started,
CPU time spent), never a guessed delay."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from magdagdon.app.table.layout import compute_layout
from magdagdon.app.shell.termination import Termination
from magdagdon.engine import Replay
from magdagdon.storage import open_store
from magdagdon.storage.lock import DataLock

from support.player import Player
from test_real_window import SEED, SIZE, Box, die_in, empty, is_mint, settled, turn_one_moves
from test_storage_support import finished_games
from x_window import GameWindow, as_from_a_terminal, wait_until

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
ENDING = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]


def game_env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def start(args: list[str], **popen) -> subprocess.Popen:
    return subprocess.Popen(as_from_a_terminal([sys.executable, "-m", "magdagdon", *args]), cwd=ROOT,
                            env=game_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)


def finish(process: subprocess.Popen, timeout: float = 60) -> tuple[int, str]:
    try:
        _out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_with_what_it_started(process)
        try:
            _out, err = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:  # a process it left behind holds its output open
            err = "(its output held open by a process it left behind)"
        raise AssertionError(f"still running {timeout:.0f} s after the signal; stderr:\n{err}") from None
    return process.returncode, err


def _kill_with_what_it_started(process: subprocess.Popen) -> None:
    """A process that did not end: it, and its session's processes if it leads one (so the
    run goes on rather than wait for ever on pipes a worker left behind keeps open)."""
    try:
        if os.getpgid(process.pid) == process.pid:
            os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass
    process.kill()


def mapped(pid: int, library: str) -> bool:
    try:
        return library in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return found


def alive(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


# --- the game ----------------------------------------------------------------------------------
@pytest.mark.parametrize("ending", ENDING, ids=lambda number: signal.Signals(number).name)
def test_a_signal_mid_game_saves_the_staged_die_and_ends_cleanly(x_display, tmp_path, ending):
    layout = compute_layout(*SIZE)
    (die, cell), _ = turn_one_moves()
    primary = Box.of(layout.primary)
    data = tmp_path / "data"
    args = ["--windowed", "--size", f"{SIZE[0]}x{SIZE[1]}", "--mute", "--difficulty", "PEACEFUL",
            "--data-dir", str(data), "--seed", str(SEED)]
    game = GameWindow(x_display, args, tmp_path / "game.log", cwd=ROOT)
    try:
        game.wait_for(lambda f: is_mint(f, primary) and all(empty(f, s) for s in layout.tray_slots), "ROLL ready")
        game.click(primary.center)
        game.wait_for(lambda f: all(die_in(f, s) for s in layout.tray_slots) and settled(game, f), "dice at rest")
        game.click(layout.tray_slots[die].center)
        game.click(layout.cells[cell].center)
        game.wait_for(lambda f: die_in(f, layout.cells[cell]) and empty(f, layout.tray_slots[die]), "the die staged",
                      save_to=tmp_path / "staged.ppm")
        game.process.send_signal(ending)
        assert game.wait_exit() == 0
        output = game.output()
    finally:
        game.close()
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output

    again = Player(data)  # started again: the title offers to continue the game
    again.wait(1.0)
    assert "continue" in again.menu_button_rects()
    again.choose("continue")
    assert again.top_key == "staging"
    assert tuple(again.table.session.game.staged) == ((die, cell),)
    pygame.display.quit()


def test_ctrl_c_while_the_game_starts_ends_it_cleanly(tmp_path):
    game = start(["--windowed", "--size", "800x600", "--mute", "--data-dir", str(tmp_path)])
    try:
        wait_until(lambda: mapped(game.pid, "libSDL2") or game.poll() is not None, "pygame loading", timeout=60)
    finally:
        game.send_signal(signal.SIGINT)
    status, err = finish(game)
    assert (status, err) == (0, "")


def test_an_ignored_signal_stays_ignored():
    """``nohup`` (SIGHUP) and a script's background job (SIGINT) start the game with the
    signal ignored: their starter wants it to go on."""
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        termination = Termination()
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) == termination._on_signal
        termination.release()
        assert signal.getsignal(signal.SIGTERM) != termination._on_signal
    finally:
        signal.signal(signal.SIGHUP, before)


# --- the command-line tools --------------------------------------------------------------------
def test_ctrl_c_in_simulate_ends_it_with_one_line(tmp_path):
    tool = start(["simulate", "--games", "1000000"])
    try:
        wait_until(lambda: tool.poll() is not None or cpu_seconds(tool.pid) >= 1.0, "simulate playing", timeout=60)
    finally:
        tool.send_signal(signal.SIGINT)
    assert finish(tool) == (130, "magdagdon simulate: interrupted\n")


def test_ctrl_c_in_simulate_stops_its_workers_too(tmp_path):
    """A terminal sends Ctrl+C to the whole process group: the workers leave it to the parent."""
    tool = start(["simulate", "--games", "1000000", "--jobs", "2"], start_new_session=True)
    try:
        wait_until(lambda: tool.poll() is not None or len(children(tool.pid)) >= 2, "the workers", timeout=60)
        workers = children(tool.pid)
    finally:
        os.killpg(tool.pid, signal.SIGINT)
    assert finish(tool, timeout=30) == (130, "magdagdon simulate: interrupted\n")
    wait_until(lambda: not any(alive(pid) for pid in workers), "the workers gone", timeout=30)


def test_ctrl_c_in_replay_record_ends_it_with_one_line_and_records_nothing(tmp_path):
    replay = tmp_path / "game.json"
    replay.write_text(Replay.of(finished_games(1)[0]).to_json(), encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    with DataLock(data):  # another MAGDAGDON holds the folder: the tool waits, and says so
        tool = start(["replay", str(replay), "--record", "--data-dir", str(data)])
        try:
            assert tool.stderr is not None
            waiting = tool.stderr.readline()
            assert waiting.startswith("waiting up to"), waiting
        finally:
            tool.send_signal(signal.SIGINT)
        assert finish(tool) == (130, "magdagdon replay: interrupted\n")
    assert open_store(data).high_scores(finished_games(1)[0].difficulty) == []

