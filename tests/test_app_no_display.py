"""No window, no game: with ``DISPLAY`` naming an X server that is not there (a service
started before X is up), SDL falls back to a driver that shows nothing; the game then says
so in one line and exits with status 1, so that ``Restart=always`` starts it again. A
driver that shows nothing still runs the game when it is asked for (tests, screenshots)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays")


def absent_display() -> str:
    """A display number no X server on this machine holds (no socket, no lock file)."""
    try:
        sockets = Path("/proc/net/unix").read_text()
    except OSError:
        sockets = ""
    for number in range(977, 1999):
        socket = f"/tmp/.X11-unix/X{number}"
        if not Path(socket).exists() and not Path(f"/tmp/.X{number}-lock").exists() and socket not in sockets:
            return f":{number}"
    raise AssertionError("every display number from 977 to 1998 is taken")


def run_game(tmp_path: Path, args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    runtime = tmp_path / "runtime"  # a session's own folder, as a logged-in service has
    runtime.mkdir(mode=0o700, exist_ok=True)
    environment = dict(os.environ, DISPLAY=absent_display(), XDG_RUNTIME_DIR=str(runtime), SDL_AUDIODRIVER="dummy",
                       PYGAME_HIDE_SUPPORT_PROMPT="1")
    for name in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY"):
        environment.pop(name, None)
    environment.update(env)
    return subprocess.run([sys.executable, "-m", "magdagdon", "--mute", "--data-dir", str(tmp_path / "data"), *args],
                          cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [["--windowed"], ["--kiosk"]], ids=["game", "kiosk"])
def test_no_display_is_said_in_one_line_and_ends_the_game(tmp_path, args):
    result = run_game(tmp_path, args)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("magdagdon: no display to show the game on: DISPLAY=:"), lines
    assert "SDL_VIDEODRIVER=offscreen" in lines[0]  # what to set to run without a window
    assert result.stdout == ""


def test_a_driver_that_shows_nothing_runs_the_game_when_asked_for(tmp_path):
    result = run_game(tmp_path, ["--windowed", "--frames", "3"], SDL_VIDEODRIVER="offscreen")
    assert (result.returncode, result.stderr) == (0, "")
