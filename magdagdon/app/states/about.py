"""About (RULES.md §11): a CUBIRI ORIGINAL for Majduška, with a heart."""

from __future__ import annotations

import pygame

from magdagdon import __version__

from ..render.hud import draw_heart
from ..ui_theme import ui_scale
from .menu import Item, MenuState


class About(MenuState):
    title_key = "about.title"
    wide = True

    def body_html(self) -> str:
        return self.text("about.body", version=__version__)

    def items(self) -> list[Item]:
        return [Item("back", self.text("button.back"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.active and self.title_label is not None:  # a heart on each side of the title
            label = self.title_label.rect
            title_size = round(40 * ui_scale(self.kit.viewport.size))  # the theme's "#title" size
            width = self.title_label.ink_width
            size = max(16, int(title_size * 0.8))
            for side in (-1, 1):
                draw_heart(surface, (label.centerx + side * (width // 2 + size), label.centery + size // 8), size)
