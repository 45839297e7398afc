"""The app for tests, headless, driven through the loop players run (``support.player``):
the layout, drag-and-drop, wording and real-window tests speak of frames, taps, keys and
drags, and read the layout, text, fonts and the state on top. Each "frame" is one fixed
step of fake time handed to ``Control.loop``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from magdagdon.app.shell.control import FRAME_SECONDS
from magdagdon.app.text.fonts import FontBook
from magdagdon.app.text.i18n import Catalog
from magdagdon.app.table.layout import Layout
from magdagdon.app.table.session import GameSession
from magdagdon.app.services.store_access import SavedGame
from magdagdon.engine import Game

from support.player import Player

SETTLE_SECONDS = 0.5  # after a drag, the die glides home


class Driver(Player):
    def __init__(self, data_dir: Path, size: tuple[int, int] = (800, 600), **options: Any) -> None:
        super().__init__(data_dir, size, **options)
        self.wait_for(lambda: self.control.frames >= 3)  # start-up done: the menus are built by the third frame

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

    # --- what the tests read ------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        return self.control.viewport.layout

    @property
    def text(self) -> Catalog:
        return self.control.text

    @property
    def fonts(self) -> FontBook:
        return self.table.fonts

    @property
    def window_size(self) -> tuple[int, int]:
        return self.control.window.surface.get_size()

    @property
    def surface(self) -> pygame.Surface:
        return self.control.window.surface

    def menu_buttons(self) -> dict[str, pygame.Rect]:
        return self.menu_button_rects()

    def resume(self, game: Game) -> GameSession:
        """A game session for ``game`` (not shown: for what a session says)."""
        return self.control.games.resume_session(game)

    def offer_saved_game(self, game: Game) -> None:
        """As if ``game`` had been found in progress at start."""
        self.control.games.saved = SavedGame(game, assisted=False)
