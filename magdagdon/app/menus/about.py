"""About (RULES.md §11): the game's story (a CUBIRI ORIGINAL made for Majduška's 20th
birthday, with a heart by the title), its credits and where its licences are (Licences)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon import __version__

from ..table.hud import draw_heart
from ..ui.ui_theme import ui_scale
from ..ui.menu import Item, MenuState
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services


class About(MenuState):
    title_key = "about.title"
    wide = True

    def body_html(self) -> str:
        return self.text("about.body", version=__version__, licences=self.text("about.licences"))

    def items(self) -> list[Item]:
        return [Item("licences", self.text("about.licences")), Item("back", self.text("button.back"), "#primary")]

    def on_choice(self, ident: str) -> None:
        if ident == "licences":
            self.push(ScreenKey.LICENCES)
        else:
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


def screen(services: Services) -> About:
    return About(services.menu)
