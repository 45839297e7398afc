"""What the command line asked for (see :mod:`magdagdon.cli.play`), and the checks of each
option's value. A checker raises ``argparse.ArgumentTypeError`` with a plain sentence, so the
command line prints one line naming the option and exits with status 2 (usage)."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

from magdagdon.engine import Difficulty
from magdagdon.engine.challenge import CODE_LENGTH, BadCode, Challenge, read_code
from magdagdon.engine.dice import MAX_SEED
from magdagdon.shown_value import shown

MAX_FRAMES = 10**9  # about a year at 30 frames per second


@dataclass
class Options:
    # None: not given on the command line; the saved setting (or the default) applies.
    difficulty: Difficulty | None = None
    seed: int | None = None
    data_dir: Path | None = None
    demo: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    windowed: bool | None = None
    size: tuple[int, int] | None = None
    scene: str | None = None
    locale: str | None = None  # a catalog name ("en", "it", "ur", "hi"); None: saved or system language
    sound: bool | None = None
    coach: bool | None = None  # None: coach the first turn of a fresh install's first game
    kiosk: bool = False  # locked fullscreen, idle/attract, names (see docs/KIOSK.md)


MINIMUM_WINDOW = (800, 600)  # the smallest the table is laid out for without rows overlapping
MAXIMUM_SIDE = 16384  # larger than any screen; a window this big would only fail to open


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"size must look like 1280x720, not {shown(text)}") from None
    if w < MINIMUM_WINDOW[0] or h < MINIMUM_WINDOW[1] or w > MAXIMUM_SIDE or h > MAXIMUM_SIDE:
        raise ValueError(f"size {shown(text)} is out of range (from 800x600 to {MAXIMUM_SIDE} per side)")
    return w, h


def size_option(text: str) -> tuple[int, int]:
    """A strict size (benchmarks): anything outside the range is a usage error."""
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


@dataclass(frozen=True)
class WindowSize:
    """The game's ``--size``: an odd value opens the nearest window that works, and ``note`` says which."""

    size: tuple[int, int] | None  # None: the default window, fitted to the desktop
    note: str | None = None


def window_size(text: str) -> WindowSize:
    try:
        w, h = (int(part) for part in text.strip().lower().split("x"))
    except ValueError:
        return WindowSize(None, f"--size {shown(text)} is not a size like 1280x720; it is ignored")
    if w > MAXIMUM_SIDE or h > MAXIMUM_SIDE:
        return WindowSize(None, f"--size {shown(text)} is larger than any screen; it is ignored")
    low_w, low_h = MINIMUM_WINDOW
    if w < low_w or h < low_h:
        grown = (max(w, low_w), max(h, low_h))
        return WindowSize(grown, f"--size {shown(text)} is smaller than the minimum window, {low_w}x{low_h}; "
                                 f"opening {grown[0]}x{grown[1]}")
    return WindowSize((w, h))


def difficulty_option(text: str) -> Difficulty:
    try:
        return Difficulty[text.strip().upper()]
    except KeyError:
        names = ", ".join(d.name for d in Difficulty)
        raise argparse.ArgumentTypeError(f"unknown difficulty {shown(text)}; choose one of {names}") from None


def whole_number(text: str, low: int, high: int) -> int:
    """``text`` as an int in ``low..high``; only ASCII digits count (no "٣" or "1_000")."""
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] in "+-" else stripped
    if not digits.isascii() or not digits.isdigit() or len(digits) > 40 or not low <= int(stripped) <= high:
        raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, not {shown(text)}")
    return int(stripped)


def seed_option(text: str) -> int:
    return whole_number(text, 0, MAX_SEED)


def code_option(text: str) -> Challenge:
    """A challenge code, as the game it names (its seed and difficulty)."""
    try:
        return read_code(text)
    except BadCode as bad:
        reasons = {"empty": "is empty", "wrong_length": f"must have {CODE_LENGTH} characters",
                   "wrong_characters": "may hold only letters and digits (no U)",
                   "unknown": "names no game: a character is mistyped"}
        raise argparse.ArgumentTypeError(f"the code {shown(text)} {reasons[bad.reason]}") from None


def frames_option(text: str) -> int:
    return whole_number(text, 1, MAX_FRAMES)


def data_dir_option(text: str) -> Path:
    """A folder the data can live in: empty would be the current folder (leave the option
    out for the usual one); a name the system refuses (a part over 255 bytes) is said."""
    if not text.strip():
        raise argparse.ArgumentTypeError("is empty: name a folder, or leave --data-dir out for the usual one")
    path = Path(text).expanduser()
    try:
        not_a_folder = path.exists() and not path.is_dir()
    except OSError as error:  # a name too long, a loop of links: the system says why
        raise argparse.ArgumentTypeError(f"{shown(str(path), 80)} cannot be a folder: "
                                         f"{error.strerror or error}") from None
    if not_a_folder:
        raise argparse.ArgumentTypeError(f"{shown(str(path), 80)} is not a folder")
    return path


def screenshot_option(text: str) -> Path:
    """Checked before any frame runs: the folder must exist and accept a file."""
    path = Path(text).expanduser()
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{shown(str(path), 80)} is a folder; give a file name such as shot.png")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {shown(str(folder), 80)} does not exist")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {shown(str(folder), 80)} cannot be written")
    return path


def language_option(text: str) -> str:
    """A shipped catalog's name, any case ("UR" is Urdu)."""
    from ..text.i18n import available_locales

    locales = available_locales()
    code = text.strip().lower()
    if code not in locales:
        raise argparse.ArgumentTypeError(f"unknown language {shown(text)}; choose one of {', '.join(locales)}")
    return code
