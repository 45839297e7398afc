"""Between two players: "ANA's turn — same dice", in ANA's colour, with everyone's
board and score; the next player starts their turn when ready. A computer player's turn
starts by itself after a moment. Once every board is full, the results follow."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .play import strip_entries
from ..audit.draw_log import Role, as_role
from .strip import draw_party_strip
from ..text.fit import fitted_line, min_text_px
from ..shell.payloads import Payload
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..ui.menu import Item, MenuKit
from .screen import PartyScreen
from ..table.table_state import PHASE_STATE
from ..shell.loop import ticks
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services

COMPUTER_START_TICKS = ticks(1.0)  # a computer player's turn begins after a second on this screen


class PartyHandover(PartyScreen):
    title_key = "party.handover_title"

    def __init__(self, kit: MenuKit) -> None:
        super().__init__(kit)
        self.ticks = 0

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.ticks = 0
        if context.party_in_play() is None:  # the results follow at once: no menu to build for them
            State.enter(self, context, payload)
            self.switch(ScreenKey.PARTY_RESULTS)
            return
        super().enter(context, payload)

    @property
    def subtitle(self) -> str:
        return self.text("party.turn_of", turn=self.play.party.turn)

    def items(self) -> list[Item]:
        current = self.play.party.current
        key = "party.watch" if current is not None and current.computer else "party.start_turn"
        return [Item("go", self.text(key), "#primary", row=0), Item("menu", self.text("button.menu"), row=0)]

    def on_choice(self, ident: str) -> None:
        if ident == "go":
            session = self.play.hand_over()
            if session is None:
                self.switch(ScreenKey.PARTY_RESULTS)
                return
            self.context.session = session
            self.reset(PHASE_STATE[session.game.phase])
        elif ident == "menu":
            self.push(ScreenKey.TITLE)

    def on_back(self) -> None:
        self.push(ScreenKey.TITLE)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.active:
            return
        self.ticks += 1
        current = self.play.party.current
        if current is not None and current.computer and self.ticks >= COMPUTER_START_TICKS:
            self.on_choice("go")

    def is_animating(self) -> bool:
        current = self.play.party.current
        return self.active and current is not None and current.computer and self.ticks < COMPUTER_START_TICKS

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        play, fonts, text = self.play, self.fonts, self.text
        seat = play.party.current_index
        if seat is None:
            return
        name_h = rect.height // 4
        line = text("party.handover", name=play.players[seat].name)
        image = fitted_line(fonts, line, int(name_h * 0.8), (rect.width, name_h), play.colour(seat), True,
                            min_text_px(surface.get_size()), by_ink=False)
        with as_role(surface, Role.SUBTITLE):
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.top)))
        strip = pygame.Rect(rect.left, rect.top + name_h + 4, rect.width, rect.height - name_h - 4)
        entries = strip_entries(play, text)
        if len(entries) > 4 and not self.kit.viewport.layout.portrait:
            half = (len(entries) + 1) // 2
            top = pygame.Rect(strip.left, strip.top, strip.width, strip.height // 2 - 2)
            draw_party_strip(surface, fonts, top, entries[:half], across=True)
            draw_party_strip(surface, fonts, top.move(0, strip.height // 2), entries[half:], across=True)
        else:
            draw_party_strip(surface, fonts, strip, entries, across=not self.kit.viewport.layout.portrait)


def screen(services: Services) -> PartyHandover:
    return PartyHandover(services.menu)
