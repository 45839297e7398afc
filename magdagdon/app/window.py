"""The game's window: opened windowed or fullscreen, presented whole each drawn frame."""

from __future__ import annotations

import io
import warnings

import pygame

from .options import MINIMUM_WINDOW

DEFAULT_WINDOW = (1280, 800)


class Window:
    def __init__(self, fullscreen: bool, size: tuple[int, int] | None) -> None:
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

    def png(self) -> bytes:
        """The frame last presented, as the bytes of a PNG (written by the caller, atomically)."""
        buffer = io.BytesIO()
        pygame.image.save(self.surface, buffer, "frame.png")
        return buffer.getvalue()
