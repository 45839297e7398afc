"""How to play, in plain words (the rule book is RULES.md)."""

from __future__ import annotations

from .menu import Item, MenuState


class Rules(MenuState):
    title_key = "rules.title"
    wide = True

    def body_html(self) -> str:
        return self.text("rules.body")

    def items(self) -> list[Item]:
        return [Item("back", self.text("button.back"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.pop()
