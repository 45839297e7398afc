"""A yes/no dialog; pops with ``confirmed=<action>`` when the player says yes."""

from __future__ import annotations

from .menu import Item, MenuState


class ConfirmDialog(MenuState):
    title_key = "confirm.title"
    compact_body = True

    def body_html(self) -> str:
        return str(self.persist.get("confirm_text", ""))

    def items(self) -> list[Item]:
        text = self.text
        return [Item("no", text("confirm.no"), "", row=0), Item("yes", text("confirm.yes"), "#danger", row=0)]

    def on_choice(self, ident: str) -> None:
        action = self.persist.pop("confirm_action", "")
        self.persist.pop("confirm_text", None)
        if ident == "yes":
            self.pop(confirmed=action)
        else:
            self.pop()

    def on_back(self) -> None:
        self.on_choice("no")
