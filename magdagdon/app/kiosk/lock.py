"""Kiosk mode's lock: guests cannot leave the game; the system and the operator can.

- SDL hints, set before the display starts: the window's close button and Alt+F4 send only
  WINDOWCLOSE (never QUIT), the keyboard is grabbed (Alt+Tab, Alt+F4 arrive as keys), and
  Alt+Tab does not minimise a grabbed fullscreen window. A QUIT that still arrives is the
  system ending the game (SIGTERM, logout): the game saves and ends.
- SIGTERM, SIGINT and SIGHUP are handled by the game itself (see :mod:`.termination`):
  ``systemctl stop`` ends the game within a frame, the game in progress saved.
- The operator leaves by holding Ctrl+Shift+Q for ``exit_hold_seconds``; while it is held
  the screen counts the seconds left (letting go stays).
- One kiosk per data folder: a second one started on it says the folder is in use and does
  not start (``kiosk.lock``, held while the kiosk runs; the operating system lets it go when
  the process ends, however it ends).
- The screen saver stays off; the pointer is hidden while input comes from a finger or a
  game controller, and shown again when a real mouse moves.
"""

from __future__ import annotations

import math
import os
import warnings
from pathlib import Path

import pygame

from magdagdon.storage.data_dir import resolve_data_dir
from magdagdon.storage.lock import DataLock, LockTimeout



KIOSK_LOCK = "kiosk.lock"

LOCK_HINTS = {
    "SDL_QUIT_ON_LAST_WINDOW_CLOSE": "0",  # the close button: WINDOWCLOSE only
    "SDL_WINDOWS_NO_CLOSE_ON_ALT_F4": "1",
    "SDL_ALLOW_ALT_TAB_WHILE_GRABBED": "0",
    "SDL_GRAB_KEYBOARD": "1",
    "SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS": "1",
}
TOUCH_OR_PAD = (pygame.FINGERDOWN, pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION,
                pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION)


def set_lock_hints() -> None:
    """Before ``pygame.display.init``: SDL reads these hints when it starts."""
    for name, value in LOCK_HINTS.items():
        os.environ[name] = value


class OperatorChord:
    """Ctrl+Shift+Q held for ``hold_seconds``: key repeat does not restart it; letting go of
    any of the three does."""

    def __init__(self, hold_seconds: float) -> None:
        self.hold_seconds = hold_seconds
        self.since: float | None = None

    def note(self, event: pygame.event.Event, now: float) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
            mods = getattr(event, "mod", 0)
            if mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT:
                if self.since is None:
                    self.since = now
            else:
                self.since = None
        elif event.type == pygame.KEYUP and event.key in (pygame.K_q, pygame.K_LCTRL, pygame.K_RCTRL,
                                                           pygame.K_LSHIFT, pygame.K_RSHIFT):
            self.since = None
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.since = None

    def held(self, now: float) -> bool:
        return self.since is not None and now - self.since >= self.hold_seconds

    def seconds_left(self, now: float) -> int | None:
        """Whole seconds until the game ends while the chord is held; None when it is not."""
        if self.since is None:
            return None
        return max(1, math.ceil(self.hold_seconds - (now - self.since)))


class FolderInUse(OSError):
    """Another kiosk runs on this data folder."""


class KioskClaim:
    """This kiosk's hold on its data folder, for as long as it runs."""

    def __init__(self, data_dir: Path | None) -> None:
        self.folder = resolve_data_dir(data_dir)
        self.lock: DataLock | None = DataLock(self.folder, timeout=0.0, name=KIOSK_LOCK)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.lock.__enter__()
        except LockTimeout:
            raise FolderInUse(f"the data folder {self.folder} is in use by another kiosk: this one does not start") \
                from None
        except OSError:  # a folder that cannot hold the claim: the game goes on (storage says what it can)
            self.lock = None

    def release(self) -> None:
        lock, self.lock = self.lock, None
        if lock is not None:
            lock.__exit__(None, None, None)


class KioskLock:
    def __init__(self, hold_seconds: float) -> None:
        self.chord = OperatorChord(hold_seconds)
        self.cursor_shown = True

    def lock_window(self) -> None:
        """After the window opens: grab the keyboard, keep the screen saver off."""
        pygame.display.set_allow_screensaver(False)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.grab_keyboard = True  # takes effect whenever the window has focus
            self.window = window  # kept: the grab is the window object's
        except (pygame.error, AttributeError):  # a video driver without windows (dummy)
            pass

    def note(self, event: pygame.event.Event) -> None:
        """Show the pointer only while a real mouse is used."""
        kind = event.type
        if kind in TOUCH_OR_PAD or (kind == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False)):
            self._show_cursor(False)
        elif kind == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self._show_cursor(True)

    def _show_cursor(self, shown: bool) -> None:
        if shown != self.cursor_shown:
            self.cursor_shown = shown
            pygame.mouse.set_visible(shown)
