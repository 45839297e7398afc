"""The one pygame_gui manager the menus share, built (and pygame_gui imported, ~0.1 s) on
first use, after the first frame is on screen.

pygame_gui draws from a list of visible elements it rebuilds only in ``update``: new
elements draw nothing before it, killed ones go on drawing until it. The control object
therefore calls ``update`` on every frame, before ``draw``, and draws a frame after any
change here (``changed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from pygame_gui import UIManager


class MenuUI:
    def __init__(self, size: tuple[int, int], script: str) -> None:
        self.size = size
        self.script = script
        self.ready = False  # the control object sets it once the first frame is shown
        self.changed = False  # elements were made or killed since the last drawn frame
        self._manager: UIManager | None = None

    @property
    def manager(self) -> "UIManager":
        if self._manager is None:
            from .ui_theme import make_ui_manager

            self._manager = make_ui_manager(self.size, self.script)
        return self._manager

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: a new manager, themed for it, when a menu next needs one."""
        self.size = size
        if self._manager is not None:
            self._manager.clear_and_reset()
        self._manager = None
        self.changed = True

    def set_script(self, script: str) -> None:
        """Menus in another language's script: a new manager, themed for it."""
        self.script = script
        self.resize(self.size)

    def note_change(self) -> None:
        self.changed = True

    def process(self, event: pygame.event.Event) -> None:
        if self._manager is not None:
            self._manager.process_events(event)

    def update(self, seconds: float) -> None:
        if self._manager is not None:
            self._manager.update(seconds)

    def draw(self, surface: pygame.Surface) -> None:
        if self._manager is not None:
            self._manager.draw_ui(surface)
