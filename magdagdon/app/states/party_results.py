"""The party's results: the podium, every final board side by side with its breakdown,
and who gained most on each turn; the party's challenge code to play the dice again."""

from __future__ import annotations

import pygame

from magdagdon.engine import ScoreBreakdown
from magdagdon.engine.challenge import code_for, has_code
from magdagdon.party import Party, PartyResults, party_results

from ..games import Games
from ..party_play import PartyPlay
from ..render.draw_log import Role, as_role, panel
from ..render import palette
from ..render.hud import min_text_px
from ..render.menu_text import ink_rect
from ..render.party_strip import draw_mini_board, fitted
from ..payloads import Payload
from ..play_context import PlayContext
from ..store_access import StoreAccess
from .menu import Item, MenuKit
from .party_screen import PartyScreen


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
        seats = [(p.name, p.computer) for p in self.play.players]
        if ident == "again":
            seed = self.games.seed_source.randrange(1, 10**9)
            party = Party.new(self.play.party.difficulty, seed, seats)
            self.context.party = PartyPlay.start(self.games, self.storage, party)
            self.reset("party_handover")
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
            if text.rtl:  # the winner where a right-to-left reader starts
                column = columns - 1 - column
            box = pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w, each_h).inflate(-6, -6)
            with panel(surface, f"standing {index}", box, Role.LABEL, element=Role.PANEL):
                self._draw_standing(surface, box, standing.place, standing.seat, standing.name, standing.breakdown)
        # Who gained most on each turn: the turn number in the colour of the best player(s).
        strip = pygame.Rect(rect.left, rect.bottom - best_h, rect.width, best_h)
        label = text("party.best_turns")
        size = max(10, int(best_h * 0.6))
        image = fitted(fonts, label, size, strip.width // 3, strip.height, palette.TEXT_DIM)
        rtl = text.rtl  # read from the right: the label, then turn 1, on the right
        with panel(surface, "best each turn", strip, Role.LABEL):
            side = {"midright": (strip.right, strip.centery)} if rtl else {"midleft": (strip.left, strip.centery)}
            surface.blit(image, image.get_rect(**side))
        turns = len(results.best_of_turn)
        room = strip.width - image.get_width() - 8
        cells = pygame.Rect(strip.left if rtl else strip.left + image.get_width() + 8, strip.top, room, strip.height)
        cell_w = max(1, cells.width // max(1, turns))
        for turn, seats in enumerate(results.best_of_turn, start=1):
            place = turns - turn if rtl else turn - 1
            box = pygame.Rect(cells.left + place * cell_w + (2 if rtl else 0), cells.top, cell_w - 2, cells.height)
            band = max(1, box.height // max(1, len(seats)))
            for k, seat in enumerate(seats):
                pygame.draw.rect(surface, play.colour(seat), (box.left, box.top + k * band, box.width, band))
            digit = fitted(fonts, str(turn), int(box.height * 0.6), box.width - 2, box.height, palette.TEXT_DARK, True)
            with panel(surface, "best each turn", strip, Role.VALUE), panel(surface, f"turn {turn}", box, element=Role.PICTURE):
                surface.blit(digit, digit.get_rect(center=box.center))

    def _draw_standing(self, surface: pygame.Surface, box: pygame.Rect, place: int, seat: int, name: str, breakdown: ScoreBreakdown) -> None:
        fonts, text, colour = self.fonts, self.text, self.play.colour(seat)
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, palette.GOLD if place == 1 else colour, box, width=3 if place == 1 else 1, border_radius=8)
        line = max(min_text_px(surface.get_size()), min(box.height // 9, box.width // 8))
        y = box.top + 4
        head = text("party.place", place=place, name=name)
        image = fitted(fonts, head, line, box.width - 8, int(line * 1.3), colour, bold=True)
        with as_role(surface, Role.NAME):
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += int(line * 1.3)
        total = str(breakdown.total)
        image = fonts.render(total, fonts.fit(total, int(line * 1.4), box.width - 8, True), palette.GOLD, bold=True)
        with as_role(surface, Role.VALUE):
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += int(line * 1.6)
        small = max(min_text_px(surface.get_size()), int(line * 0.7))
        rows = [(text("score.base"), str(breakdown.base)), (text("score.bonus"), f"+{breakdown.bonus}"),
                (text("score.ruins", count=breakdown.ruins), f"–{breakdown.ruin_penalty}" if breakdown.ruins else "0"),
                (text("score.powers", count=breakdown.powers_used),
                 f"–{breakdown.power_penalty}" if breakdown.powers_used else "0")]
        # Each row a label and its value on one baseline; rows evenly spaced, each clear of
        # the ink of the one above (Nastaliq's letters stand far above and below Latin's).
        label_sizes = [fonts.fit(label, small, box.width * 3 // 5) for label, _ in rows]
        labels = [fonts.render(label, size, palette.TEXT_DIM) for (label, _), size in zip(rows, label_sizes)]
        values = [fonts.render(value, small, palette.TEXT) for _, value in rows]
        ascents = [(fonts.baseline(label, size), fonts.baseline(value, small))
                   for (label, value), size in zip(rows, label_sizes)]
        reach = [ink_rect(l_img).move(0, -l_asc).union(ink_rect(v_img).move(0, -v_asc))
                 for l_img, v_img, (l_asc, v_asc) in zip(labels, values, ascents)]
        gap = max(2, small // 5)
        step = max([round(small * 1.25)] + [upper.bottom + gap - lower.top for upper, lower in zip(reach, reach[1:])])
        baselines = [-reach[0].top + number * step for number in range(len(rows))]
        rows_h = baselines[-1] + reach[-1].bottom
        board_side = min(box.width - 16, box.bottom - 6 - y - rows_h - 8)
        if board_side > 24:
            draw_mini_board(surface, fonts, pygame.Rect(box.centerx - board_side // 2, y, board_side, board_side),
                            self.play.game_of(seat).board)
            y += board_side + 4
        y = max(y, box.bottom - 6 - rows_h)  # the rows end at the card's foot
        inset = max(6, box.width // 18)  # clear of the card's frame, as its board is
        label_at, value_at = (box.right - inset, box.left + inset) if fonts.rtl else (box.left + inset, box.right - inset)
        for number, (l_img, v_img) in enumerate(zip(labels, values)):
            baseline = y + baselines[number]
            l_asc, v_asc = ascents[number]
            with panel(surface, f"row {number}"):
                # right to left: the label at the right, its number at the left
                l_rect = l_img.get_rect(top=baseline - l_asc)
                v_rect = v_img.get_rect(top=baseline - v_asc)
                setattr(l_rect, "right" if fonts.rtl else "left", label_at)
                setattr(v_rect, "left" if fonts.rtl else "right", value_at)
                surface.blit(l_img, l_rect)
                with as_role(surface, Role.VALUE):
                    surface.blit(v_img, v_rect)
