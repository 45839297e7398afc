"""A private X server, the game in a real window on it, real X input and the window's pixels
as the X server holds them (never the game's own screenshot).

Needs Xvfb, xdotool, ImageMagick's ``import`` and ``xwininfo``; ``.ci/run`` installs them."""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

TOOLS = ("Xvfb", "xdotool", "import", "xwininfo")
WINDOW_TIMEOUT = 30  # seconds; a loaded CI machine can be slow to start Python and SDL
# a line of ``xwininfo -root -tree``:  0x200008 "MAGDAGDON": (...)  1024x768+288+216  +288+216
WINDOW_LINE = re.compile(r'"MAGDAGDON": .*?\s(\d+)x(\d+)\+-?\d+\+-?\d+\s+\+(-?\d+)\+(-?\d+)')


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


class XServer:
    """Xvfb on a random display number above 100, checked to be the server that answers
    there: several people's X servers may share a machine, and a display socket another
    server already holds would send the game's window to that one."""

    def __init__(self, width: int = 1600, height: int = 1200) -> None:
        chooser = random.Random()  # which display only; nothing the test checks depends on it
        for _ in range(20):
            number = chooser.randrange(100, 1000)
            size = (width, height + number % 97)  # a screen size only this server has
            self.display = f":{number}"
            self.process = subprocess.Popen(
                ["Xvfb", self.display, "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if self._answers(size):
                return
            self.stop()
        raise RuntimeError("no free X display found for Xvfb in 20 tries")

    def _answers(self, size: tuple[int, int]) -> bool:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and self.process.poll() is None:
            result = subprocess.run(["xwininfo", "-root", "-display", self.display], capture_output=True, text=True)
            if result.returncode == 0:
                found = dict(line.strip().split(": ", 1) for line in result.stdout.splitlines() if ": " in line)
                return (found.get("Width"), found.get("Height")) == (str(size[0]), str(size[1]))
            time.sleep(0.1)
        return False

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass(frozen=True)
class Box:
    """A rectangle in window pixels (the test does not need pygame's Rect for this)."""
    left: int
    top: int
    width: int
    height: int

    @classmethod
    def of(cls, rect) -> "Box":
        return cls(int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3]))

    @property
    def center(self) -> tuple[int, int]:
        return self.left + self.width // 2, self.top + self.height // 2

    def shrunk(self, share: float) -> "Box":
        """The middle part of the box, ``share`` of each side cut away."""
        dx, dy = int(self.width * share), int(self.height * share)
        return Box(self.left + dx, self.top + dy, max(1, self.width - 2 * dx), max(1, self.height - 2 * dy))


class Frame:
    """One capture of the window: RGB bytes, row after row."""

    def __init__(self, width: int, height: int, data: bytes) -> None:
        self.width, self.height, self.data = width, height, data

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        i = 3 * (y * self.width + x)
        return self.data[i], self.data[i + 1], self.data[i + 2]

    def pixels(self, box: Box, step: int = 2):
        for y in range(max(0, box.top), min(self.height, box.top + box.height), step):
            for x in range(max(0, box.left), min(self.width, box.left + box.width), step):
                yield self.pixel(x, y)

    def share(self, box: Box, test) -> float:
        values = list(self.pixels(box))
        return sum(1 for p in values if test(p)) / max(1, len(values))

    def save(self, path: Path) -> None:
        """Binary PPM: any image viewer opens it; no pygame needed."""
        path.write_bytes(b"P6\n%d %d\n255\n" % (self.width, self.height) + self.data)


class GameWindow:
    """``python -m magdagdon ARGS`` on ``display``; its output goes to ``log``."""

    def __init__(self, display: str, args: list[str], log: Path, cwd: Path) -> None:
        env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   PYTHONFAULTHANDLER="1")
        env.pop("SDL_VIDEODRIVER", None)  # the test run's "dummy" would hide the window
        self.display = display
        self.log = log
        self._log_file = log.open("wb")
        self.process = subprocess.Popen([sys.executable, "-m", "magdagdon", *args], cwd=cwd, env=env,
                                        stdout=self._log_file, stderr=subprocess.STDOUT)
        try:
            self.left, self.top, self.width, self.height = self._find_window()
        except BaseException:
            self.close()  # never leave a game running behind a failed start
            raise

    # --- X tools ------------------------------------------------------------------------
    def _x(self, *args: str, timeout: float = 10) -> str:
        result = subprocess.run(args, env=dict(os.environ, DISPLAY=self.display), capture_output=True,
                                timeout=timeout, check=True)
        return result.stdout.decode()

    def _find_window(self) -> tuple[int, int, int, int]:
        """The game window's place on the screen, from the X server's window tree (there is
        no window manager to ask)."""
        deadline = time.monotonic() + WINDOW_TIMEOUT
        tree = ""
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the game exited with {self.process.returncode} before its window showed:\n{self.output()}")
            tree = self._x("xwininfo", "-root", "-tree")
            for line in tree.splitlines():
                match = WINDOW_LINE.search(line)
                if match:
                    width, height, left, top = (int(v) for v in match.groups())
                    return left, top, width, height
            time.sleep(0.1)
        self.process.send_signal(signal.SIGABRT)  # faulthandler prints where the game is stuck
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            pass
        raise RuntimeError(f"no MAGDAGDON window within {WINDOW_TIMEOUT} s; the X server's windows:\n{tree}\n"
                           f"game output:\n{self.output()}")

    # --- looking ----------------------------------------------------------------------------
    def capture(self) -> Frame:
        """The window's pixels from the X server's screen (what a player sees)."""
        crop = f"{self.width}x{self.height}+{self.left}+{self.top}"
        data = subprocess.run(["import", "-silent", "-window", "root", "-crop", crop, "+repage", "-depth", "8", "rgb:-"],
                              env=dict(os.environ, DISPLAY=self.display), capture_output=True, timeout=20, check=True).stdout
        assert len(data) == self.width * self.height * 3, "import returned a capture of the wrong size"
        return Frame(self.width, self.height, data)

    def wait_for(self, condition, what: str, timeout: float = 6.0, save_to: Path | None = None) -> Frame:
        """Capture until ``condition(frame)`` holds; fail naming ``what`` (and keep the last
        capture as ``save_to``) if it does not within ``timeout`` seconds. Nothing moves
        the pointer meanwhile: the screen must update on its own."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self.capture()
            if condition(frame):
                return frame
            if time.monotonic() > deadline or self.process.poll() is not None:
                if save_to is not None:
                    frame.save(save_to)
                raise AssertionError(f"after {timeout:.0f} s the window does not show {what}"
                                     + (f" (capture: {save_to})" if save_to else "") + f"\ngame output:\n{self.output()}")
            time.sleep(0.15)

    # --- input ------------------------------------------------------------------------------
    def move(self, pos: tuple[int, int]) -> None:
        """To ``pos`` in window pixels."""
        self._x("xdotool", "mousemove", str(self.left + int(pos[0])), str(self.top + int(pos[1])))

    def click(self, pos: tuple[int, int]) -> None:
        self.move(pos)
        time.sleep(0.05)
        self._x("xdotool", "click", "1")

    def press(self) -> None:
        self._x("xdotool", "mousedown", "1")

    def release(self) -> None:
        self._x("xdotool", "mouseup", "1")

    def key(self, name: str) -> None:
        """A key press; without a window manager the window under the pointer has the focus."""
        self._x("xdotool", "key", name)

    def type_text(self, text: str) -> None:
        """Typed on the keyboard, a key at a time (SDL turns the keys into text input)."""
        self._x("xdotool", "type", "--delay", "60", text)

    # --- ending -----------------------------------------------------------------------------
    def wait_exit(self, timeout: float = 10) -> int:
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the game did not exit within {timeout:.0f} s:\n{self.output()}") from None

    def output(self) -> str:
        self._log_file.flush()
        return self.log.read_text(errors="replace")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._log_file.close()
