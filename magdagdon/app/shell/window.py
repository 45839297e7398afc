"""The game's window: opened windowed or fullscreen, presented whole each drawn frame.

A window always fits the screen it is on: a size asked for that the screen cannot hold is
scaled down (its shape kept), and a window switched back from fullscreen gets its own size
back, centred. Without a window manager (a kiosk's bare X server) nobody else would do
either: SDL keeps a window where it was when it goes fullscreen (so the fullscreen picture
starts off the screen's corner), and keeps the fullscreen size when it comes back.

No window, no game: when SDL finds no display (``DISPLAY`` names an X server that is not
there, as for a service started before X) it falls back to a driver that shows nothing,
without a word, and a kiosk would run unseen for ever. Unless such a driver was asked for
(``SDL_VIDEODRIVER=offscreen`` or ``dummy``: tests, screenshots), the game says so and
exits with status 1, so that a service manager starts it again.
"""

from __future__ import annotations

import io
import os
import warnings

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


NO_SCREEN_DRIVERS = ("dummy", "offscreen")  # they draw to memory: there is no screen to fit


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen a window must fit; None when the game draws to no screen."""
    if pygame.display.get_driver() in NO_SCREEN_DRIVERS:
        return None
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else None


def windowed_size(asked: tuple[int, int] | None, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size: the one asked for, scaled down to fit ``desktop`` (its shape
    kept); without one, the default, no larger than 90 % of the desktop."""
    size = asked or DEFAULT_WINDOW
    if desktop is not None:
        width, height = desktop
        if asked is None:
            size = (min(size[0], int(width * 0.9)), min(size[1], int(height * 0.9)))
        elif size[0] > width or size[1] > height:
            scale = min(width / size[0], height / size[1])
            size = (int(size[0] * scale), int(size[1] * scale))
    return max(size[0], MINIMUM_WINDOW[0]), max(size[1], MINIMUM_WINDOW[1])


def _sdl_window() -> pygame.Window:
    with warnings.catch_warnings():  # pygame-ce flags Window.from_display_module as future-deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


class Window:
    def __init__(self, fullscreen: bool, size: tuple[int, int] | None) -> None:
        require_display()
        self.fullscreen = fullscreen
        self.size = size  # asked for on the command line; None: a default that fits the desktop
        self.surface = self._open()
        self.presented = 0

    def _open(self) -> pygame.Surface:
        desktop = desktop_size()
        if self.fullscreen:
            if desktop is not None and pygame.display.get_surface() is not None:
                _sdl_window().position = (0, 0)  # fullscreen stays where the window was
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = windowed_size(self.size, desktop)
        with warnings.catch_warnings():  # back from fullscreen SDL may keep its size: set right below
            warnings.simplefilter("ignore", RuntimeWarning)
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        window = _sdl_window()
        window.minimum_size = MINIMUM_WINDOW  # the window manager keeps it
        if desktop is not None:
            if surface.get_size() != size:
                window.size = size
                surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            window.position = ((desktop[0] - size[0]) // 2, (desktop[1] - size[1]) // 2)
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

    def png(self) -> bytes:
        """The frame last presented, as the bytes of a PNG (written by the caller, atomically)."""
        buffer = io.BytesIO()
        pygame.image.save(self.surface, buffer, "frame.png")
        return buffer.getvalue()
