"""What the command line asked for (see :mod:`magdagdon.cli.play`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from magdagdon.engine import Difficulty


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


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"size must look like 1280x720, not {text!r}") from None
    if w < 320 or h < 320 or w > 16384 or h > 16384:
        raise ValueError(f"size {text!r} is out of range (320..16384 per side)")
    return w, h


def parse_language(text: str) -> str:
    from .i18n import available_locales

    locales = available_locales()
    code = text.strip().lower()
    if code not in locales:
        raise ValueError(f"unknown language {text!r}; one of {', '.join(locales)}")
    return code
