"""The party's results: the podium, every final board side by side with its breakdown,
and who gained most on each turn; the party's challenge code to play the dice again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import ScoreBreakdown
from magdagdon.engine.challenge import code_for, has_code
from magdagdon.party import Party, PartyResults, party_results

from ..table.games import Games
from .play import PartyPlay
from ..audit.draw_log import Role, panel
from ..text.fit import min_text_px
from .results_cards import draw_best_turns, draw_standing
from ..shell.payloads import Payload
from ..shell.play_context import PlayContext
from ..services.store_access import StoreAccess
from ..ui.menu import Item, MenuKit
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

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        results, play, fonts, text = self.results, self.play, self.fonts, self.text
        if results is None:
            return
        count = len(results.standings)
        floor = min_text_px(surface.get_size())
        best_h = max(floor * 3 // 2, min(rect.height // 9, floor * 3))  # a tall window: a strip, not a banner
        area = pygame.Rect(rect.left, rect.top, rect.width, rect.height - best_h - 4)
        portrait = self.kit.viewport.layout.portrait
        columns = count if not portrait and count <= 4 else (4 if not portrait else 2)
        rows = (count + columns - 1) // columns
        each_w, each_h = area.width // columns, area.height // rows
        for index, standing in enumerate(results.standings):
            row, column = divmod(index, columns)
            column = text.direction.column(column, columns)  # the winner where the reader starts
            box = pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w, each_h).inflate(-6, -6)
            with panel(surface, f"standing {index}", box, Role.LABEL, element=Role.PANEL):
                self._draw_standing(surface, box, standing.place, standing.seat, standing.name, standing.breakdown)
        draw_best_turns(surface, fonts, text, pygame.Rect(rect.left, rect.bottom - best_h, rect.width, best_h),
                        results.best_of_turn, play.colour)

    def _draw_standing(self, surface: pygame.Surface, box: pygame.Rect, place: int, seat: int, name: str,
                       breakdown: ScoreBreakdown) -> None:
        draw_standing(surface, self.fonts, self.text, box, place, name, breakdown, self.play.colour(seat),
                      self.play.game_of(seat).board)


def screen(services: Services) -> PartyResultsScreen:
    return PartyResultsScreen(services.menu, services.games, services.storage)
