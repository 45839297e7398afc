"""The game's window: opened windowed or fullscreen, presented whole each drawn frame.

No window, no game: when SDL finds no display (``DISPLAY`` names an X server that is not
there, as for a service started before X) it falls back to a driver that shows nothing,
without a word, and a kiosk would run unseen for ever. Unless such a driver was asked for
(``SDL_VIDEODRIVER=offscreen`` or ``dummy``: tests, screenshots), the game says so and
exits with status 1, so that a service manager starts it again.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pygame

from .options import MINIMUM_WINDOW

DEFAULT_WINDOW = (1280, 800)
HEADLESS_DRIVERS = ("offscreen", "dummy", "evdev")  # SDL's video drivers that show nothing


class NoDisplay(RuntimeError):
    """SDL started without a display that was asked for; the message says what is missing."""


def require_display() -> None:
    """After ``pygame.display.init``: raise ``NoDisplay`` if the driver SDL settled on shows
    nothing and was not asked for."""
    driver = pygame.display.get_driver()
    asked = {name.strip().lower() for name in os.environ.get("SDL_VIDEODRIVER", "").split(",")}
    if driver not in HEADLESS_DRIVERS or driver in asked:
        return
    places = [f"{name}={os.environ[name]}" for name in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(name)]
    missing = (" and ".join(places) + " did not answer") if places else "neither DISPLAY nor WAYLAND_DISPLAY is set"
    raise NoDisplay(f"no display to show the game on: {missing} (SDL fell back to its {driver} driver); "
                    "to run without a window, set SDL_VIDEODRIVER=offscreen")


class Window:
    def __init__(self, fullscreen: bool, size: tuple[int, int] | None) -> None:
        require_display()
        self.fullscreen = fullscreen
        self.size = size  # asked for on the command line; None: a default that fits the desktop
        self.surface = self._open()
        self.presented = 0

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = self.size or DEFAULT_WINDOW
        if self.size is None:
            desktops = pygame.display.get_desktop_sizes()
            if desktops:
                dw, dh = desktops[0]
                size = (min(size[0], int(dw * 0.9)), min(size[1], int(dh * 0.9)))
        size = (max(size[0], MINIMUM_WINDOW[0]), max(size[1], MINIMUM_WINDOW[1]))
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        with warnings.catch_warnings():  # pygame-ce flags Window.from_display_module as future-deprecated
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MINIMUM_WINDOW  # the window manager keeps it
        return surface

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.surface = self._open()

    def refresh(self) -> None:
        """Pick up the surface of a size the window manager gave the window."""
        current = pygame.display.get_surface()
        if current is None:
            return
        width, height = current.get_size()
        if not self.fullscreen and (width < MINIMUM_WINDOW[0] or height < MINIMUM_WINDOW[1]):
            # a window manager that ignores the minimum: grow back rather than overlap rows
            current = pygame.display.set_mode((max(width, MINIMUM_WINDOW[0]), max(height, MINIMUM_WINDOW[1])),
                                              pygame.RESIZABLE)
        self.surface = current

    def present(self) -> None:
        pygame.display.flip()
        self.presented += 1

    def save(self, path: Path) -> None:
        """The frame last presented, as a PNG."""
        pygame.image.save(self.surface, str(path))
