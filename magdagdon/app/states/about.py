"""About (RULES.md §11): a CUBIRI ORIGINAL for Majduška, with a heart."""

from __future__ import annotations

from magdagdon import __version__

from ..render.hud import draw_heart
from .menu import Item, MenuState


class About(MenuState):
    title_key = "about.title"

    def body_html(self) -> str:
        return self.ctx.text("about.body", version=__version__)

    def items(self) -> list[Item]:
        return [Item("back", self.ctx.text("button.back"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.pop()

    def draw(self, surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.elements:
            box = self.elements[-2].rect if len(self.elements) > 1 else self.panel
            size = max(24, box.height // 5)
            draw_heart(surface, (box.centerx, box.bottom - size), size)
