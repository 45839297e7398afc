"""The world board's address, typed in Settings (on a keyboard, or on the keys under the
field: a kiosk has no keyboard). ``board.example.org`` is read as ``https://board.example.org``;
a text that is no web address gets one line saying why, and the entry stays. Saved, it is
``board_url`` in settings.json; saved empty, the game has no board again (docs/BOARD.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magdagdon.board.address import MAX_ADDRESS_CHARACTERS, BadAddress, typed_board_address

from ..input.keyboard import ADDRESS_LETTERS
from ..services.preferences import Preferences
from ..ui.menu import Item, MenuKit
from ..ui.text_entry import TextEntry

if TYPE_CHECKING:
    from ..shell.screens import Services

EXAMPLE_HOST = "board.example.org"  # a name reserved for examples: no real board answers there

class BoardAddressEntry(TextEntry):
    title_key = "address.title"
    keys_layout = ADDRESS_LETTERS
    max_typed = MAX_ADDRESS_CHARACTERS
    field_letters = 22  # letters at a readable size; a longer address shows its end

    def __init__(self, kit: MenuKit, preferences: Preferences) -> None:
        super().__init__(kit, typed=preferences.current.board_url or "")
        self.preferences = preferences

    @property
    def subtitle(self) -> str:
        return self.text("address.prompt", example="https://" + EXAMPLE_HOST)

    def items(self) -> list[Item]:
        return [Item("save", self.text("address.save"), "#primary", row=0),
                Item("clear", self.text("address.clear"), row=0),
                Item("back", self.text("button.back"), row=0)]

    def submit(self) -> None:
        self.on_choice("save")

    def on_choice(self, ident: str) -> None:
        if ident == "back":
            self.pop()
        elif ident == "clear":
            self.edit("")
        elif ident == "save":
            if not self.typed.strip():
                self.preferences.change(board_url=None)  # no board: nothing is sent or read
                self.pop()
                return
            try:
                address = typed_board_address(self.typed)
            except BadAddress as bad:
                self.show_problem(self.text(f"address.bad.{bad.problem.value}", https="https://", http="http://",
                                            example=EXAMPLE_HOST))
                return
            self.preferences.change(board_url=address)
            self.pop()


def screen(services: Services) -> BoardAddressEntry:
    return BoardAddressEntry(services.menu, services.preferences)
