"""The game in a real X window sends a game of Today's dice to a world board on 127.0.0.1.

The game runs in its own process on Xvfb (SDL's x11 driver) with the real clock and its
real worker threads; the finished game is put on the table at game over, the player's name
is typed with xdotool into the window, and the game sends it on its worker to a board that
takes 1.5 s to answer. The board receives it under that name; the window shows the world
rank; no frame waited for the board: while the board held the game, the loop went on
finishing frames (a frame that waited would span the whole hold). The clocks compared are
the machine's monotonic clock, the same in both processes, so the check does not depend on
how busy the machine is. Without the X tools it skips, except in CI, where it fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from magdagdon.engine import Difficulty, Replay
from support.board_fixtures import finished_game
from support.board_server import LoopbackBoard

ROOT = Path(__file__).resolve().parent.parent
DELAY = 1.5

STEPS = r"""
import json, subprocess, sys, time
sys.path[:0] = ["tests", "."]
from magdagdon.app.shell.control import Control
from magdagdon.app.shell.options import Options
from magdagdon.app.shell.play_context import PlayContext
from magdagdon.engine import Difficulty, Replay

data, url, replay = sys.argv[1], sys.argv[2], Replay.from_json(sys.argv[3])
control = Control(Options(difficulty=Difficulty.PEACEFUL, windowed=True, size=(1024, 768), data_dir=data,
                          sound=False))
control.preferences.change(world_board=True, board_url=url)
frames_ended = []
real_frame = control._frame
def timed_frame():
    real_frame()
    frames_ended.append(time.monotonic())
control._frame = timed_frame
def run_until(stop, limit):
    end = time.monotonic() + limit
    control.loop(lambda: stop() or time.monotonic() > end)
run_until(lambda: False, 1.0)  # started: the saved game looked for, the title up
control.machine.restart("game_over", PlayContext(control.games.resume_session(replay.play())))
run_until(lambda: control.machine.top_key == "name_entry", 20)
tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True, timeout=30).stdout
window = next(line.split()[0] for line in tree.splitlines() if '"MAGDAGDON"' in line)
subprocess.run(["xdotool", "windowfocus", window], timeout=30)
for _ in range(16):
    subprocess.run(["xdotool", "key", "--window", window, "BackSpace"], timeout=30)
    run_until(lambda: False, 0.03)
subprocess.run(["xdotool", "type", "--window", window, "--delay", "60", "Ana"], timeout=30)
run_until(lambda: False, 0.3)
subprocess.run(["xdotool", "key", "--window", window, "Return"], timeout=30)
session = control.machine.context.session
run_until(lambda: session.world_send is not None and not session.world_send.waiting, 30)
run_until(lambda: False, 0.5)
words = []
fonts = control.fonts
real_render = fonts.render
def spy(text, size, colour, bold=False):
    words.append(text)
    return real_render(text, size, colour, bold)
fonts.render = spy
control.dirty = True
run_until(lambda: False, 0.3)
control.close()
print(json.dumps({"name": session.player_name, "frames_ended": frames_ended, "words": words}))
"""


class SlowDoor(BaseHTTPRequestHandler):
    """The board, 1.5 s away: every request waits, then goes on to it. Each game sent is
    noted with when the door took it and when it answered (``time.monotonic``)."""

    board = ""
    held: list[tuple[float, float]] = []

    def _forward(self) -> None:
        arrived = time.monotonic()
        time.sleep(DELAY)
        length = int(self.headers.get("Content-Length") or 0)
        request = urllib.request.Request(self.board + self.path, data=self.rfile.read(length) if length else None,
                                         method=self.command, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, body = answer.status, answer.read()
        except urllib.error.HTTPError as refused:
            status, body = refused.code, refused.read()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        if self.command == "POST":
            SlowDoor.held.append((arrived, time.monotonic()))

    do_GET = do_POST = _forward

    def log_message(self, *args: object) -> None:
        pass


def test_the_game_in_a_real_window_sends_todays_dice_to_a_board_on_loopback(x_display, tmp_path, board_verifiers):
    from datetime import datetime, timezone

    today = datetime.now(timezone.utc).date()
    game = finished_game(today, Difficulty.PEACEFUL, 77)
    with LoopbackBoard(f"sqlite:{tmp_path / 'board.sqlite3'}", tmp_path, board_verifiers) as board:
        SlowDoor.board = board.url
        door = ThreadingHTTPServer(("127.0.0.1", 0), SlowDoor)
        threading.Thread(target=door.serve_forever, daemon=True).start()
        try:
            env = dict(os.environ, DISPLAY=x_display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                       PYGAME_HIDE_SUPPORT_PROMPT="1")
            run = subprocess.run([sys.executable, "-c", STEPS, str(tmp_path / "data"),
                                  f"http://127.0.0.1:{door.server_port}", Replay.of(game).to_json()],
                                 cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
        finally:
            door.shutdown()
        assert run.returncode == 0, run.stderr[-3000:]
        seen = json.loads(run.stdout.strip().splitlines()[-1])
        page = board.call("GET", f"/v1/days/{today.isoformat()}/PEACEFUL").json
    assert [(e["name"], e["score"]) for e in page["entries"]] == [("Ana", game.score().total)]
    assert seen["name"] == "Ana"
    [(arrived, answered)] = SlowDoor.held  # the one game, held the board's time ...
    assert answered - arrived >= DELAY
    during = [ended for ended in seen["frames_ended"] if arrived < ended < answered]
    assert len(during) >= 3, (len(during), len(seen["frames_ended"]))  # ... while the loop went on
    assert any("World: #1 of 1 in Today's dice" in words for words in seen["words"])
