"""The settings as one observable service: what is saved between runs, what this run uses,
and who follows a change.

``saved`` is what ``settings.json`` holds (:class:`~magdagdon.storage.settings.Settings`);
``current`` is this run's: the saved values with what the command line gave for this run
only. A change made in the Settings menu (``change``) becomes current at once, reaches
every follower (``follow``: the sound, the fonts' scale, the table's motion …) and saves
just the fields it changed, so a command-line override is never written back. Storage
problems (corrupt file, read-only folder) never stop the game: the defaults apply and
nothing is saved (storage reports, never raises).

In a kiosk (``for_guests``) the settings a guest picks (difficulty, language, sound, volume,
large text, reduce motion, automatic roll) are that guest's only: never written, and put back
to the kiosk's own when the next guest comes (``next_guest``). What belongs to the
installation (the coach's tips seen, the last name entered) is still kept.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind
from magdagdon.storage.settings import Settings, load_settings, save_settings

from ..text.i18n import system_language
from .wall_clock import now as wall_now
from ..shell.options import Options


# What a guest at a kiosk may pick for themselves in Settings.
GUEST_CHOICES = ("difficulty", "language", "sound", "volume", "large_text", "reduce_motion", "auto_roll", "fullscreen")


class Preferences:
    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir
        loaded = load_settings(data_dir, wall_now())  # a damaged file is named by when it was set aside
        self.saved, self.writable, self.notice = loaded.settings, loaded.writable, loaded.notice
        self.dropped = loaded.dropped  # the values that did not read (for the log line)
        self.current: Settings = self.saved  # this run's: see ``apply``
        self.evening: Settings | None = None  # a kiosk's own settings, which every guest starts from
        self._followers: list[Callable[[Settings], None]] = []

    @property
    def file_was_set_aside(self) -> bool:
        """The settings file, or a value in it, was unreadable and set aside (the player is told)."""
        return self.notice is not None and self.notice.kind in (NoticeKind.CORRUPT_MOVED_ASIDE,
                                                                NoticeKind.SETTING_DROPPED)

    def log_line(self) -> str:
        """The line for standard error that says what was set aside and what applies now."""
        if self.notice is None:
            return ""
        if self.notice.kind is NoticeKind.SETTING_DROPPED:
            return (f"magdagdon: {self.notice.path}: {'; '.join(self.dropped)}: dropped, the other settings are kept"
                    f" (the file as found is {self.notice.moved_to or 'left in place'})")
        return f"magdagdon: {self.notice.path} was damaged and set aside as {self.notice.moved_to}; the defaults apply"

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
        self.current = replace(saved, difficulty=difficulty, sound=sound, fullscreen=not windowed, language=locale)
        return replace(options, difficulty=difficulty, sound=sound, windowed=windowed, locale=locale)

    def for_guests(self, options: Options) -> None:
        """A kiosk runs with ``options``: they are its own settings, every guest's start."""
        self.current = replace(self.current, difficulty=options.difficulty, language=options.locale,
                               fullscreen=not options.windowed)
        self.evening = self.current

    def next_guest(self) -> None:
        """A kiosk's next guest: the kiosk's own settings again (the followers are told)."""
        if self.evening is None:
            return
        own = replace(self.current, **{name: getattr(self.evening, name) for name in GUEST_CHOICES})
        if own != self.current:
            self.current = own
            for apply in self._followers:
                apply(self.current)

    def follow(self, apply: Callable[[Settings], None]) -> None:
        """Call ``apply`` with the current settings now and after every change."""
        self._followers.append(apply)
        apply(self.current)

    def change(self, **changes: Any) -> None:
        """Make ``changes`` (fields of :class:`Settings`) current, tell the followers, save them."""
        self.current = replace(self.current, **changes)
        for apply in self._followers:
            apply(self.current)
        self.remember(**changes)

    def remember(self, **changes: Any) -> bool:
        """Save the changed fields (any of :class:`Settings`); True if written."""
        self.current = replace(self.current, **changes)
        if self.evening is not None:  # a kiosk: a guest's own choices are never the kiosk's default
            changes = {name: value for name, value in changes.items() if name not in GUEST_CHOICES}
        if not self.writable:
            return False
        updated = self.saved.with_changes(**changes)
        if updated == self.saved:
            return True
        written = save_settings(updated, self.data_dir)
        if written:
            self.saved = updated
        return written
