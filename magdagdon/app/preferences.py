"""Settings kept between runs (difficulty, sound, fullscreen, language, the last name entered).

The saved values fill in what the command line left open; what it gave wins for that run
only. A change made in the Settings menu saves just that one field, so a command-line
override is never written back. Storage problems (corrupt file, read-only folder) never
stop the game: the defaults apply and nothing is saved (storage reports, never raises).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind
from magdagdon.storage.settings import load_settings, save_settings

from .i18n import system_language
from .options import Options


class Preferences:
    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir
        loaded = load_settings(data_dir)
        self.saved, self.writable, self.notice = loaded.settings, loaded.writable, loaded.notice

    @property
    def file_was_set_aside(self) -> bool:
        """The settings file was unreadable and renamed aside (the player is told)."""
        return self.notice is not None and self.notice.kind is NoticeKind.CORRUPT_MOVED_ASIDE

    def apply(self, options: Options) -> Options:
        """``options`` with every field the command line left as None taken from the saved
        settings, else from the defaults."""
        saved = self.saved
        difficulty = options.difficulty or saved.difficulty or Difficulty.PEACEFUL
        sound = options.sound if options.sound is not None else (saved.sound if saved.sound is not None else True)
        if options.windowed is not None:
            windowed = options.windowed
        else:
            windowed = saved.fullscreen is False
        locale = options.locale or saved.language or system_language()
        return replace(options, difficulty=difficulty, sound=sound, windowed=windowed, locale=locale)

    def remember(self, **changes: Any) -> bool:
        """Save the changed fields (``difficulty``, ``sound``, ``fullscreen``, ``language``,
        ``name``); True if written."""
        if not self.writable:
            return False
        updated = self.saved.with_changes(**changes)
        if updated == self.saved:
            return True
        written = save_settings(updated, self.data_dir)
        if written:
            self.saved = updated
        return written
