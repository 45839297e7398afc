"""Between two players: "ANA's turn — same dice", in ANA's colour, with everyone's
board and score; the next player starts their turn when ready. A computer player's turn
starts by itself after a moment. Once every board is full, the results follow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .play import strip_entries
from ..audit.draw_log import Role
from .strip import StripEntry, StripTile, draw_party_strip, plan_party_strip
from ..text.fit import fitted_size, min_text_px
from ..text.fonts import FontBook
from ..text.line_block import PlacedLine, draw_lines
from ..ui.body_inputs import BodyInputs, body_inputs
from ..ui.palette import Colour
from ..ui.placed import Placed, element, pieces, placed_lines
from ..ui.presenter import Presenter
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
        self.plans: Presenter[BodyInputs[HandoverModel], HandoverPlan] = Presenter(
            lambda inputs: plan_handover(self.fonts, inputs))
        self.plan: HandoverPlan | None = None  # what draw reads

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
        self.present()
        self.ticks += 1
        current = self.play.party.current
        if current is not None and current.computer and self.ticks >= COMPUTER_START_TICKS:
            self.on_choice("go")

    def is_animating(self) -> bool:
        current = self.play.party.current
        return self.active and current is not None and current.computer and self.ticks < COMPUTER_START_TICKS

    # --- the plan -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.present()

    def present(self) -> None:
        """The plan for the player to move and everyone's board, kept while the body, the
        window, the language, the text scale and what the players show stay the same."""
        play, body = self.context.party, self.body_rect
        seat = play.party.current_index if play is not None else None
        if play is None or seat is None or body is None:
            self.plan = None
            return
        model = HandoverModel(self.text("party.handover", name=play.players[seat].name), play.colour(seat),
                              tuple(strip_entries(play, self.text)), self.kit.viewport.frame.portrait)
        self.plan = self.plans.present(body_inputs(body, self.kit.viewport.size, self.text.locale, self.fonts.scale,
                                                   model))

    def placed_body(self) -> tuple[Placed, ...]:
        """What :meth:`draw_body` draws: the name of the player to move, everyone's tile."""
        plan = self.plan
        if plan is None:
            return ()
        return pieces(placed_lines(self.fonts, (plan.name,), Role.SUBTITLE, self.body_rect),
                      *(strip_pieces(self.fonts, strip) for strip in plan.strips))

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plan = self.plan
        if plan is None:
            return
        draw_lines(surface, self.fonts, (plan.name,))
        for strip in plan.strips:
            draw_party_strip(surface, self.fonts, strip)


@dataclass(frozen=True)
class HandoverModel:
    line: str  # "ANA's turn"
    colour: Colour  # the player's
    entries: tuple[StripEntry, ...]
    portrait: bool


@dataclass(frozen=True)
class HandoverPlan:
    name: PlacedLine
    strips: tuple[tuple[StripTile, ...], ...]  # one, or two rows of tiles for more than four players


def plan_handover(fonts: FontBook, inputs: BodyInputs[HandoverModel]) -> HandoverPlan:
    """The player to move's name large in their colour, everyone's tile under it."""
    rect, model, window = inputs.body_rect, inputs.model, inputs.window
    name_h = rect.height // 4
    size = fitted_size(fonts, model.line, int(name_h * 0.8), (rect.width, name_h), True, min_text_px(window),
                       by_ink=False)
    image = fonts.render(model.line, size, model.colour, True)
    name = PlacedLine(model.line, size, model.colour, True, image.get_rect(midtop=(rect.centerx, rect.top)).topleft)
    strip = pygame.Rect(rect.left, rect.top + name_h + 4, rect.width, rect.height - name_h - 4)
    entries = list(model.entries)
    if len(entries) > 4 and not model.portrait:
        half = (len(entries) + 1) // 2
        top = pygame.Rect(strip.left, strip.top, strip.width, strip.height // 2 - 2)
        return HandoverPlan(name, (plan_party_strip(fonts, window, top, entries[:half], across=True),
                                   plan_party_strip(fonts, window, top.move(0, strip.height // 2), entries[half:],
                                                    across=True)))
    return HandoverPlan(name, (plan_party_strip(fonts, window, strip, entries, across=not model.portrait),))


def strip_pieces(fonts: FontBook, strip: tuple[StripTile, ...]) -> list[Placed]:
    """What ``draw_party_strip`` draws: each tile, its name and its other lines."""
    out: list[Placed] = []
    for index, tile in enumerate(strip):
        out.append(element(Role.PANEL, tile.tile, f"player {index}"))
        for line, words in enumerate(tile.lines):
            out += placed_lines(fonts, words, Role.NAME if line == 0 else Role.VALUE, tile.tile)
    return out


def screen(services: Services) -> PartyHandover:
    return PartyHandover(services.menu)
