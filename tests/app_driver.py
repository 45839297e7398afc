"""The app for tests, headless, driven through the loop players run (``support.player``):
the layout, drag-and-drop, wording and real-window tests speak of frames, taps, keys and
drags, and read the layout, text, fonts and the state on top. Each "frame" is one fixed
step of fake time handed to the loop. Everything else is the test player's: this adds the
frames, a window resized from outside, and a start that waits until the menus are built."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from support.player import FRAME_SECONDS, Player

SETTLE_SECONDS = 0.5  # after a drag, the die glides home


class Driver(Player):
    def __init__(self, data_dir: Path, size: tuple[int, int] = (800, 600), **options: Any) -> None:
        super().__init__(data_dir, size, **options)
        self.wait_for(lambda: self.frames_drawn >= 3)  # start-up done: the menus are built by the third frame

    # --- input, in frames ---------------------------------------------------------------
    def frame(self, *events: pygame.event.Event) -> None:
        """The ``events`` now, then one frame's time of the loop (it draws what changed)."""
        for event in events:
            self.events.at(self.now, event)
        self.wait(FRAME_SECONDS)

    def frames(self, count: int) -> None:
        self.wait(count * FRAME_SECONDS)

    def drag(self, start: tuple[int, int], end: tuple[int, int], then: float = SETTLE_SECONDS) -> None:
        super().drag(start, end, then)

    def resize(self, size: tuple[int, int]) -> None:
        """The window made ``size`` from outside, as a window manager would."""
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
