"""Before a game's first hint: the hint marks the game "played with hints" (its result is
flagged in the tables), so the player is told first and may keep the game unassisted.

Pops with ``HintWanted`` when the player asks for the hint; Cancel (or Esc) pops with
nothing, and the game stays unmarked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..shell.payloads import HintWanted
from ..ui.menu import Item, MenuState

if TYPE_CHECKING:
    from ..shell.screens import Services


class HintWarning(MenuState):
    title_key = "hint_warning.title"
    compact_body = True

    def body_html(self) -> str:
        return self.text("hint_warning.body")

    def items(self) -> list[Item]:
        text = self.text
        return [Item("cancel", text("button.cancel"), "", row=0),
                Item("show_hint", text("hint_warning.show"), "#primary", row=0)]

    def on_choice(self, ident: str) -> None:
        if ident == "show_hint":
            self.pop(HintWanted())
        else:
            self.pop()


def screen(services: Services) -> HintWarning:
    return HintWarning(services.menu)
