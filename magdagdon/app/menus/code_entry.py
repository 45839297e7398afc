"""Play a code: the player types a challenge code (on a keyboard, or on the keys under the
field: a kiosk has no keyboard) and plays its game, its dice in its difficulty (a
first-version code, which names none, in the current one). A code that names no game gets
one line saying why, and the entry stays. Over a game in progress (or a party) the player
is asked only then, when a good code is about to replace it: opening the entry, typing and
going back lose nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magdagdon.engine.challenge import CODE_LENGTH, BadCode, Challenge, read_code

from ..table.games import Games
from ..input.keyboard import CODE_LETTERS
from ..shell.payloads import Answer, Confirmed, Leave, Question
from ..ui.menu import Item, MenuKit
from ..ui.text_entry import TextEntry

if TYPE_CHECKING:
    from ..shell.screens import Services


class CodeEntry(TextEntry):
    title_key = "code.title"
    upper = True
    keys_layout = CODE_LETTERS  # the characters a code is made of

    def __init__(self, kit: MenuKit, games: Games) -> None:
        super().__init__(kit)
        self.games = games
        self.asked: Challenge | None = None  # the code the yes/no dialog is asking about

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
            challenge = read_code(self.typed)
        except BadCode as bad:
            self.show_problem(self.text(f"code.bad.{bad.reason}", length=CODE_LENGTH))
            return
        if challenge.difficulty is not None and challenge.difficulty not in self.games.difficulties:
            name = self.text(f"difficulty.{challenge.difficulty.name}")
            self.show_problem(self.text("code.bad.difficulty", difficulty=name))  # a kiosk that offers fewer
            return
        if self.party_on():
            self.ask_to_leave_for(challenge, Question("confirm.leave_party"))
        elif self.game_in_progress():
            self.ask_to_leave_for(challenge, Question("confirm.play_code", {"code": self.typed.strip()}))
        else:
            self.play(challenge)

    def ask_to_leave_for(self, challenge: Challenge, question: Question) -> None:
        self.asked = challenge
        self.ask(question, Leave.PLAY_CODE)

    def on_answer(self, answer: Answer) -> None:
        asked, self.asked = self.asked, None
        if isinstance(answer, Confirmed) and answer.action is Leave.PLAY_CODE and asked is not None:
            self.play(asked)

    def play(self, challenge: Challenge) -> None:
        self.begin_game(self.games.new_session(challenge.difficulty, seed=challenge.seed))


def screen(services: Services) -> CodeEntry:
    return CodeEntry(services.menu, services.games)
