"""What the party's own screens (the hand-over, the results) share: they fill the window
at the bottom of the stack, draw their body themselves, and show the party in play."""

from __future__ import annotations

import pygame

from .play import PartyPlay
from ..ui.background import draw_background
from ..ui.menu import MenuState


class PartyScreen(MenuState):
    overlay = False  # the bottom of the stack: it paints the whole window
    drawn_body = True
    wide = True
    body_share = 1.0  # the whole window is this screen's

    @property
    def play(self) -> PartyPlay:
        play = self.context.party
        if play is None:
            raise LookupError("no party in play")
        return play

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.active:
            draw_background(surface, self.kit.viewport.size)
        super().draw(surface, alpha)
