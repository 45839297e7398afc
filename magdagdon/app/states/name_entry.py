"""A player's name for a party seat: typed, then handed back to the setup screen.
(A plain entry; a shared name entry with an on-screen keyboard can take its place.)"""

from __future__ import annotations

from magdagdon.party.model import MAX_NAME

from .menu import Item
from .text_entry import TextEntry


class NameEntry(TextEntry):
    title_key = "party.name_title"
    max_typed = MAX_NAME

    @property
    def subtitle(self) -> str:
        return self.text("party.name_prompt")

    def items(self) -> list[Item]:
        return [Item("ok", self.text("party.name_ok"), "#primary", row=0),
                Item("back", self.text("button.back"), row=0)]

    def submit(self) -> None:
        self.on_choice("ok")

    def on_choice(self, ident: str) -> None:
        if ident == "back":
            self.pop()
        elif not self.typed.strip():
            self.show_problem(self.text("party.name_empty"))
        else:
            self.pop(party_name=self.typed.strip())
