"""How to play, in plain words (the rule book is RULES.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ui.menu import Item, MenuState

if TYPE_CHECKING:
    from ..shell.screens import Services


class Rules(MenuState):
    title_key = "rules.title"
    wide = True

    def body_html(self) -> str:
        return self.text("rules.body")

    def items(self) -> list[Item]:
        return [Item("back", self.text("button.back"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.pop()


def screen(services: Services) -> Rules:
    return Rules(services.menu)
