"""The game's window: opened windowed or fullscreen, presented whole each drawn frame."""

from __future__ import annotations

from pathlib import Path

import pygame

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
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.surface = self._open()

    def refresh(self) -> None:
        """Pick up the surface of a size the window manager gave the window."""
        current = pygame.display.get_surface()
        if current is not None:
            self.surface = current

    def present(self) -> None:
        pygame.display.flip()
        self.presented += 1

    def save(self, path: Path) -> None:
        """The frame last presented, as a PNG."""
        pygame.image.save(self.surface, str(path))
