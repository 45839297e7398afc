"""Play a code: the player types a challenge code (on a keyboard, or on the keys under the
field: a kiosk has no keyboard) and plays its dice with the current difficulty. A code that
names no seed gets one line saying why, and the entry stays."""

from __future__ import annotations

from magdagdon.engine.challenge import CODE_LENGTH, BadCode, seed_for_code

from ..games import Games
from ..input.keyboard import CODE_LETTERS
from .menu import Item, MenuKit
from .text_entry import TextEntry


class CodeEntry(TextEntry):
    title_key = "code.title"
    upper = True
    keys_layout = CODE_LETTERS  # the characters a code is made of

    def __init__(self, kit: MenuKit, games: Games) -> None:
        super().__init__(kit)
        self.games = games

    @property
    def subtitle(self) -> str:
        return self.text("code.prompt", length=CODE_LENGTH)

    def items(self) -> list[Item]:
        return [Item("play", self.text("code.play"), "#primary", row=0),
                Item("back", self.text("button.back"), row=0)]

    def submit(self) -> None:
        self.on_choice("play")

    def on_choice(self, ident: str) -> None:
        if ident == "back":
            self.pop()
            return
        try:
            seed = seed_for_code(self.typed)
        except BadCode as bad:
            self.show_problem(self.text(f"code.bad.{bad.reason}", length=CODE_LENGTH))
            return
        self.begin_game(self.games.new_session(seed=seed))
