"""The title menu (also the pause menu over a game in progress)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..table.dice_faces import draw_die_motif
from ..table.games import Games
from ..services.notices import Notices
from ..shell.payloads import Answer, Confirmed, Leave, Question
from ..services.store_access import SavedGame
from ..ui.menu import Item, MenuKit, MenuState
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services


MOTIF_VALUES = (5, 6)  # the dice beside the title: before it, after it


class Title(MenuState):
    title_key = "app.title"

    def __init__(self, kit: MenuKit, games: Games, notices: Notices) -> None:
        super().__init__(kit)
        self.games, self.notices_shown = games, notices

    @property
    def subtitle(self) -> str:
        text = self.text
        return f"{text('app.tagline')} · {text('difficulty.' + self.games.difficulty.name)}"

    def notices(self) -> list[str]:
        return self.notices_shown.latest(2)

    def motif_rects(self) -> list[pygame.Rect]:
        """Where a die stands on each side of the title, tilted by nothing and sized to its
        capitals; none where the panel has no room for them beside the title's ink."""
        label, panel = self.title_label, self.panel
        if label is None or panel is None:
            return []
        ink = label.rect.copy()
        ink.width = label.ink_width
        ink.centerx = label.rect.centerx
        size = max(12, int(label.rect.height * 0.55))
        gap = size // 2
        rects = [pygame.Rect(ink.left - gap - size, 0, size, size), pygame.Rect(ink.right + gap, 0, size, size)]
        for rect in rects:
            rect.centery = label.rect.centery
        inner = panel.inflate(-2 * max(6, size // 3), 0)
        return rects if all(inner.contains(rect) for rect in rects) else []

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.active:  # the board's dice beside the title
            for rect, value in zip(self.motif_rects(), MOTIF_VALUES):
                draw_die_motif(surface, rect, value)

    def items(self) -> list[Item]:
        text, saved = self.text, self.games.saved
        # Only choices that differ: "New game" beside Resume or Continue; with neither,
        # Play (or Play again after a finished game) is the new game.
        items = []
        if self.game_in_progress() or self.party_on():
            items.append(Item("resume", text("menu.resume"), "#primary"))
        elif saved is not None:
            items.append(Item("continue", text("menu.continue"), "#primary"))
        else:
            over = self.session is not None and self.session.game.is_over
            items.append(Item("play", text("menu.play_again" if over else "menu.play"), "#primary"))
        if items[0].ident != "play":
            items.append(Item("new_game", text("menu.new_game")))
        items += [
            Item("rules", text("menu.rules"), row=1), Item("high_scores", text("menu.high_scores"), row=1),
            Item("daily", text("menu.daily"), row=4), Item("play_code", text("menu.play_code"), row=4),
            Item("party", text("menu.party"), row=5),
            Item("settings", text("menu.settings"), row=2), Item("about", text("menu.about"), row=2),
            Item("demo", text("menu.demo"), row=3),
        ]
        if self.kit.phones:  # a kiosk only when its operator chose it (docs/KIOSK.md)
            items.insert(-3, Item("phones", text("menu.phones"), row=5))
        if not self.kit.locked:
            items.append(Item("quit", text("menu.quit"), row=3))
        return items

    def on_choice(self, ident: str) -> None:
        if ident in ("resume", "play"):
            if not self.party_on() and self.session is not None and self.session.game.is_over:
                self.start_new_game(self.games)
            else:
                self.pop()
        elif ident == "continue":
            session = self.games.take_saved()
            if session is not None:
                self.begin_game(session)
        elif ident == "new_game":
            if self.party_on():
                self.ask(Question("confirm.leave_party"), Leave.NEW_GAME)
            elif self.game_in_progress():
                difficulty = "difficulty." + self.games.difficulty.name
                self.ask(Question("confirm.new_game", terms={"difficulty": difficulty}), Leave.NEW_GAME)
            else:
                self.start_new_game(self.games)
        elif ident == "daily":
            self.push(ScreenKey.DAILY_INTRO)  # says what they are; asks before leaving a game for them
        elif ident == "party":
            self.confirm_or_start(Leave.PARTY)
        elif ident == "phones":
            self.confirm_or_start(Leave.PHONES)
        elif ident == "play_code":
            self.push(ScreenKey.CODE_ENTRY)  # asks before a code's game replaces the one in progress
        elif ident in ("rules", "high_scores", "settings", "about"):
            self.push(ScreenKey(ident))  # these items are named after the screens they open
        elif ident == "demo":
            self.confirm_or_start(Leave.DEMO)
        elif ident == "quit" and not self.kit.locked:
            if self.session is not None:
                self.session.save_in_progress()
            if self.games.storage.unsaved_results and not self.games.storage.retry_unsaved():
                # A finished game's result is held unsaved (a full disk): say so before it goes.
                self.ask(Question("confirm.quit_unsaved"), Leave.QUIT)
            else:
                self.quit()

    def on_back(self) -> None:
        self.pop()  # back to the table (a finished game shows its result again)

    def on_answer(self, answer: Answer) -> None:
        if isinstance(answer, Confirmed) and isinstance(answer.action, Leave):
            self.leave_for(answer.action)

    def leave_for(self, action: Leave) -> None:
        """Do ``action`` now (asked first, or nothing was in progress)."""
        if action is Leave.NEW_GAME:
            self.start_new_game(self.games)
        elif action is Leave.PARTY:
            self.push(ScreenKey.PARTY_SETUP)
        elif action is Leave.PHONES:
            self.push(ScreenKey.PHONES_LOBBY)
        elif action is Leave.QUIT:
            self.quit()  # the control object tries once more to write the held result
        elif action is Leave.DEMO:
            self.start_demo()

    def confirm_or_start(self, action: Leave) -> None:
        if self.party_on():
            if action is Leave.PARTY:
                self.leave_for(action)  # the set-up offers to continue this party
            else:
                self.ask(Question("confirm.leave_party"), action)
        elif self.game_in_progress():
            self.ask(Question("confirm.demo" if action is Leave.DEMO else "confirm.leave_game"), action)
        else:
            self.leave_for(action)

    def start_demo(self) -> None:
        """The expert plays through the screens; a game in progress stays saved (the demo
        never saves over it) and the title offers it with Continue once a player is back."""
        session = self.session
        if session is not None and self.game_in_progress():
            session.save_in_progress()
            self.games.saved = SavedGame(session.game, session.assisted)
        self.begin_game(self.games.demo_session())



def screen(services: Services) -> Title:
    return Title(services.menu, services.games, services.notices)
