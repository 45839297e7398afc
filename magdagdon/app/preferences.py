"""Settings kept between runs (difficulty, sound, fullscreen, language).

The saved values fill in what the command line left open; what it gave wins for that run
only. A change made in the Settings menu saves just that one field, so a command-line
override is never written back. Storage problems (corrupt file, read-only folder) never
stop the game: the defaults apply and nothing is saved.
"""

from __future__ import annotations

from dataclasses import replace

from magdagdon.engine import Difficulty

from .i18n import system_language
from .options import Options


class Preferences:
    def __init__(self, data_dir=None) -> None:
        from magdagdon.storage.settings import Settings, load_settings

        self.data_dir = data_dir
        try:
            loaded = load_settings(data_dir)
            self.saved, self.writable, self.notice = loaded.settings, loaded.writable, loaded.notice
        except Exception:  # never a reason not to start
            self.saved, self.writable, self.notice = Settings(), False, None

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

    def remember(self, **changes) -> bool:
        """Save the changed fields (``difficulty``, ``sound``, ``fullscreen``, ``language``);
        True if written."""
        if not self.writable:
            return False
        from magdagdon.storage.settings import save_settings

        updated = self.saved.with_changes(**changes)
        if updated == self.saved:
            return True
        try:
            written = save_settings(updated, self.data_dir)
        except Exception:
            written = False
        if written:
            self.saved = updated
        return written
