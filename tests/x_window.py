"""A private X server, the game in a real window on it, real X input and the window's pixels
as the X server holds them (never the game's own screenshot).

Needs Xvfb, xdotool, ImageMagick's ``import`` and ``xwininfo``; ``.ci/run`` installs them."""

from __future__ import annotations

import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

TOOLS = ("Xvfb", "xdotool", "import", "xwininfo")
# Limits, not waits: every wait below ends as soon as what it waits for is there. They are
# generous for a CI machine loaded by other work.
SERVER_TIMEOUT = 60  # seconds for Xvfb to accept connections
WINDOW_TIMEOUT = 120  # for Python, pygame and SDL to start and open the window
SCREEN_TIMEOUT = 30  # for a screen to show what a test waits for
X_TOOL_TIMEOUT = 60  # for one xdotool, xwininfo or import call
POLL_SECONDS = 0.05
CAPTURE_SECONDS = 0.15  # between two captures of the window (each one a process)
# a line of ``xwininfo -root -tree``:  0x200008 "MAGDAGDON": (...)  1024x768+288+216  +288+216
WINDOW_LINE = re.compile(r'"MAGDAGDON": .*?\s(\d+)x(\d+)\+-?\d+\+-?\d+\s+\+(-?\d+)\+(-?\d+)')


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


# The ending signals at their defaults, then the command: as a terminal or systemd starts
# it. A test run started in the background of a script hands SIGINT on ignored, and an
# ignored signal stays ignored across exec. (A ``preexec_fn`` would do it in the forked
# child, but forking a process that runs threads can deadlock the child.)
_DEFAULT_SIGNALS = ("import os, signal, sys\n"
                    "for name in ('SIGINT', 'SIGTERM', 'SIGHUP'):\n"
                    "    signal.signal(getattr(signal, name), signal.SIG_DFL)\n"
                    "os.execv(sys.argv[1], sys.argv[1:])\n")


def as_from_a_terminal(command: list[str]) -> list[str]:
    """``command`` started with SIGINT, SIGTERM and SIGHUP at their defaults (same pid)."""
    return [sys.executable, "-c", _DEFAULT_SIGNALS, *command]


def wait_until(condition: Callable[[], bool], what: str, timeout: float) -> None:
    """Poll ``condition`` until it holds; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout:.0f} s")
        time.sleep(POLL_SECONDS)


class XServer:
    """Xvfb on a display number it chooses itself among the free ones (``-displayfd``: it
    writes the number once it accepts connections, so nothing guesses when it is ready,
    and no other X server on the machine can be taken for it).

    ``-noreset``: by default Xvfb resets itself whenever its last client leaves, and a game
    connecting during that reset cannot open the display; SDL then falls back to its
    offscreen driver without a word (measured: 2 of 30 starts under load; 0 of 30 with
    ``-noreset``)."""

    def __init__(self, width: int = 1600, height: int = 1200) -> None:
        self._errors = tempfile.TemporaryFile()  # never a pipe: Xvfb would block once it filled
        read_end, write_end = os.pipe()
        try:
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp",
                 "-noreset"], pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=self._errors)
        finally:
            os.close(write_end)
        try:
            number = self._read_display(read_end)
        except BaseException:
            self.stop()
            raise
        finally:
            os.close(read_end)
        self.display = f":{number}"

    def _read_display(self, read_end: int) -> int:
        written = b""
        deadline = time.monotonic() + SERVER_TIMEOUT
        # A selector, not select(): late in a long test run the pipe's number can pass 1023,
        # which select() refuses.
        with selectors.DefaultSelector() as waiting:
            waiting.register(read_end, selectors.EVENT_READ)
            while not written.endswith(b"\n"):
                left = deadline - time.monotonic()
                ready = waiting.select(max(0.0, left))
                chunk = os.read(read_end, 64) if ready else b""
                if not chunk:  # Xvfb exited (the pipe closed) or the time is up
                    self._errors.seek(0)
                    errors = self._errors.read().decode(errors="replace")
                    raise RuntimeError(f"Xvfb did not start within {SERVER_TIMEOUT} s (exit status "
                                       f"{self.process.poll()}):\n{errors}")
                written += chunk
        return int(written)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._errors.close()


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
        self.process = subprocess.Popen(as_from_a_terminal([sys.executable, "-m", "magdagdon", *args]), cwd=cwd,
                                        env=env, stdout=self._log_file, stderr=subprocess.STDOUT)
        try:
            self.left, self.top, self.width, self.height = self._find_window()
        except BaseException:
            self.close()  # never leave a game running behind a failed start
            raise

    # --- X tools ------------------------------------------------------------------------
    def _x(self, *args: str, timeout: float = X_TOOL_TIMEOUT) -> str:
        result = subprocess.run(args, env=dict(os.environ, DISPLAY=self.display), capture_output=True,
                                timeout=timeout, check=True)
        return result.stdout.decode()

    def _find_window(self) -> tuple[int, int, int, int]:
        """The game window's place on the screen, from the X server's window tree (there is
        no window manager to ask), as soon as it is there. A game that cannot open the
        display exits at once and says so (its output is in the error)."""
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
            time.sleep(POLL_SECONDS)
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
                              env=dict(os.environ, DISPLAY=self.display), capture_output=True, timeout=X_TOOL_TIMEOUT,
                              check=True).stdout
        assert len(data) == self.width * self.height * 3, "import returned a capture of the wrong size"
        return Frame(self.width, self.height, data)

    def wait_for(self, condition, what: str, timeout: float = SCREEN_TIMEOUT, save_to: Path | None = None) -> Frame:
        """Capture until ``condition(frame)`` holds; fail naming ``what`` (and keep the last
        capture as ``save_to``) if it does not within ``timeout`` seconds. Nothing moves
        the pointer meanwhile: the screen must update on its own."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self.capture()
            if condition(frame):
                return frame
            exited = self.process.poll()
            if time.monotonic() > deadline or exited is not None:
                if save_to is not None:
                    frame.save(save_to)
                when = f"after {timeout:.0f} s" if exited is None else f"the game exited with {exited}:"
                raise AssertionError(f"{when} the window does not show {what}"
                                     + (f" (capture: {save_to})" if save_to else "") + f"\ngame output:\n{self.output()}")
            time.sleep(CAPTURE_SECONDS)

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
