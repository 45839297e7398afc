"""The party's results: the podium, every final board side by side with its breakdown,
and who gained most on each turn; the party's challenge code to play the dice again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Board
from magdagdon.engine.challenge import code_for, has_code
from magdagdon.party import Party, PartyResults, party_results

from ..table.games import Games
from .play import PartyPlay
from ..audit.draw_log import Role, panel
from ..text.fit import min_text_px
from .results_cards import (BestTurnsPlan, StandingPlan, best_turns_pieces, draw_best_turns, draw_standing,
                            plan_best_turns, plan_standing, standing_pieces)
from ..shell.payloads import Payload
from ..shell.play_context import PlayContext
from ..services.store_access import StoreAccess
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui.body_inputs import BodyInputs, body_inputs
from ..ui.menu import Item, MenuKit
from ..ui.palette import Colour
from ..ui.placed import Placed, pieces
from ..ui.presenter import Presenter
from .screen import PartyScreen
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services


class PartyResultsScreen(PartyScreen):
    title_key = "party.results_title"

    def __init__(self, kit: MenuKit, games: Games, storage: StoreAccess) -> None:
        super().__init__(kit)
        self.games, self.storage = games, storage
        self.results: PartyResults | None = None
        self.plans: Presenter[BodyInputs[ResultsModel], ResultsPlan] = Presenter(
            lambda inputs: plan_results(self.fonts, self.text, inputs))
        self.plan: ResultsPlan | None = None  # what draw reads

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.results = party_results(context.party.party) if context.party is not None else None
        super().enter(context, payload)

    @property
    def subtitle(self) -> str:
        seed = self.play.party.seed
        return self.text("party.results_code", code=code_for(seed, self.play.party.difficulty)) if has_code(seed) else ""

    def items(self) -> list[Item]:
        return [Item("again", self.text("party.again"), "#primary", row=0),
                Item("done", self.text("party.done"), row=0)]

    def on_choice(self, ident: str) -> None:
        """"Again": the same players on new dice. "Done": a fresh single game."""
        seats = [p.seat for p in self.play.players]
        if ident == "again":
            seed = self.games.seed_source.randrange(1, 10**9)
            party = Party.new(self.play.party.difficulty, seed, seats)
            self.context.party = PartyPlay.start(self.games, self.storage, party)
            self.reset(ScreenKey.PARTY_HANDOVER)
        else:
            self.begin_game(self.games.new_session())

    # --- the plan -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.present()

    def prepare(self) -> None:
        super().prepare()
        self.present()  # nothing it shows changes between frames but through build

    def present(self) -> None:
        """The plan for the results shown, kept while the body, the window, the language and
        the text scale stay the same (draw reads it)."""
        results, play, body = self.results, self.context.party, self.body_rect
        if results is None or play is None or body is None:
            self.plan = None
            return
        seats = range(len(play.players))
        model = ResultsModel(results, tuple(play.colour(seat) for seat in seats),
                             tuple(play.game_of(seat).board for seat in seats), self.kit.viewport.frame.portrait)
        self.plan = self.plans.present(body_inputs(body, self.kit.viewport.size, self.text.locale, self.fonts.scale,
                                                   model))

    def placed_body(self) -> tuple[Placed, ...]:
        """What :meth:`draw_body` draws: every standing's card, the strip of best turns."""
        plan = self.plan
        if plan is None:
            return ()
        return pieces(*(standing_pieces(self.fonts, standing, f"standing {index}")
                        for index, standing in enumerate(plan.standings)), best_turns_pieces(self.fonts, plan.best))

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plan = self.plan
        if plan is None:
            return
        for index, standing in enumerate(plan.standings):
            with panel(surface, f"standing {index}", standing.box, element=Role.PANEL):
                draw_standing(surface, self.fonts, standing)
        draw_best_turns(surface, self.fonts, plan.best)


@dataclass(frozen=True)
class ResultsModel:
    """What the party's results show: the standings and each seat's colour and final board."""

    results: PartyResults
    colours: tuple[Colour, ...]  # by seat
    boards: tuple[Board, ...]  # by seat
    portrait: bool


@dataclass(frozen=True)
class ResultsPlan:
    standings: tuple[StandingPlan, ...]
    best: BestTurnsPlan


def plan_results(fonts: FontBook, text: Catalog, inputs: BodyInputs[ResultsModel]) -> ResultsPlan:
    """The podium: every standing's card side by side (two rows past four players, two
    columns in a portrait window), the winner where the reader starts; the strip of the
    best of each turn under them."""
    rect, model, floor = inputs.body_rect, inputs.model, min_text_px(inputs.window)
    standings = model.results.standings
    count = len(standings)
    best_h = max(floor * 3 // 2, min(rect.height // 9, floor * 3))  # a tall window: a strip, not a banner
    area = pygame.Rect(rect.left, rect.top, rect.width, rect.height - best_h - 4)
    portrait = model.portrait
    columns = count if not portrait and count <= 4 else (4 if not portrait else 2)
    rows = (count + columns - 1) // columns
    each_w, each_h = area.width // columns, area.height // rows
    cards = []
    for index, standing in enumerate(standings):
        row, column = divmod(index, columns)
        column = text.direction.column(column, columns)  # the winner where the reader starts
        box = pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w, each_h).inflate(-6, -6)
        cards.append(plan_standing(fonts, text, box, standing.place, standing.name, standing.breakdown,
                                   model.colours[standing.seat], model.boards[standing.seat], floor))
    best = plan_best_turns(fonts, text, pygame.Rect(rect.left, rect.bottom - best_h, rect.width, best_h),
                           model.results.best_of_turn, lambda seat: model.colours[seat], floor)
    return ResultsPlan(tuple(cards), best)


def screen(services: Services) -> PartyResultsScreen:
    return PartyResultsScreen(services.menu, services.games, services.storage)
