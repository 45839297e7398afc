"""The window on a bare X server (no window manager, as a kiosk runs): a size the screen
cannot hold is made to fit, and Settings → Display, fullscreen and back, leaves the window on
the screen every time — on a small screen and on a huge one.

The game runs in its own process with a real X window (SDL's x11 driver on Xvfb) and is
driven through its own loop by scripted taps on the menu buttons; where the window lies is
read from the X server's window tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from x_window import XServer, missing_tools

ROOT = Path(__file__).resolve().parent.parent

# Opens the game as asked, then taps Settings -> Display three times; prints where the
# window lies on the screen after each step, as the X server has it.
STEPS = r"""
import json, os, subprocess, sys
sys.path[:0] = ["tests", "."]
import pygame
from support.player import Player
from x_window import WINDOW_LINE

def place():
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    for line in tree.splitlines():
        match = WINDOW_LINE.search(line)
        if match:
            width, height, left, top = (int(v) for v in match.groups())
            return [left, top, width, height]

options = json.loads(sys.argv[1])
size = tuple(options.pop("size")) if options.get("size") else None
player = Player(options.pop("data"), size=size, **options)
player.wait(0.5)
places = [place()]
if player.top_key != "title":
    player.key(pygame.K_ESCAPE)
player.choose("settings")
for _ in range(3):
    player.choose("display", then=0.6)
    places.append(place())
player.close()
root = subprocess.run(["xwininfo", "-root"], capture_output=True, text=True).stdout
found = dict(line.strip().split(": ", 1) for line in root.splitlines() if ": " in line)
print(json.dumps({"screen": [int(found["Width"]), int(found["Height"])], "places": places}))
"""


def places(display: str, data: Path, **options) -> tuple[tuple[int, int], list[list[int]]]:
    """(the screen's size, where the window lay after each step)."""
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, "-c", STEPS, json.dumps({"data": str(data), **options})], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    return tuple(found["screen"]), found["places"]


@pytest.fixture
def x_tools():
    missing = missing_tools()
    if missing:
        reason = f"needs {', '.join(missing)} (apt-get install -y xvfb xdotool imagemagick x11-utils)"
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the real-window tests: " + reason)
        pytest.skip(reason)


@pytest.mark.parametrize("screen, options", [
    ((1280, 720), {"windowed": True, "size": [2200, 2200]}),  # asked larger than the screen
    ((2400, 2400), {"windowed": True, "size": [2200, 2200]}),  # a huge screen
    ((1280, 720), {"windowed": False}),  # started fullscreen, then a window
], ids=["too-large-for-the-screen", "huge-screen", "from-fullscreen"])
def test_the_window_stays_on_the_screen_through_display_toggles(tmp_path, x_tools, screen, options):
    server = XServer(*screen)
    try:
        (width, height), seen = places(server.display, tmp_path, **options)
        fullscreen = not options["windowed"]
        for step, (left, top, w, h) in enumerate(seen):
            assert left >= 0 and top >= 0 and left + w <= width and top + h <= height, \
                (step, seen, (width, height))
            if fullscreen:
                assert (left, top, w, h) == (0, 0, width, height), (step, seen)
            else:
                assert (w, h) != (width, height) or options.get("size") == [width, height], (step, seen)
            fullscreen = not fullscreen  # each tap on Display switches
    finally:
        server.stop()
