"""The room while it plays, and its results. Both read ``host.snapshot`` each frame (a plain
attribute read); drawing changes nothing.

The race: the room's turn and its roll (the same dice for every phone), every guest's
small board, name, score and what they are doing, and the turn timer's countdown. The
results: the podium's cards (as a party's results show them), every other guest's board
and place, and who gained most each turn; Back to the title stops the server."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Game, Replay
from magdagdon.engine.dice import roll_dice
from magdagdon.party import PartyResults
from magdagdon.party.results import results_of
from magdagdon.phones.room import RoomPhase, RoomSnapshot, SeatStatus

from ..table.games import Games
from ..shell.loop import ticks
from ..shell.payloads import Answer, Confirmed, Leave, Payload, Question, TitleOnTop
from ..shell.play_context import PlayContext
from ..ui import palette
from ..table.dice_faces import die_face
from ..audit.draw_log import Role, note, panel
from ..table.hud import draw_background
from ..text.fit import fitted_size, min_text_px
from ..text.menu_text import blit_ink
from ..party.results_cards import draw_best_turns, draw_standing
from ..ui.menu import Item, MenuKit, MenuState
from .guest_tiles import GuestMark, Tile, TileImages, draw_legend, draw_tiles, mark_of, seat_colour, tiles_of
from .host import PhoneHost
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services

RACE_MARKS = [GuestMark.PLACING, GuestMark.CONFIRMED, GuestMark.BOARD_FULL, GuestMark.AWAY, GuestMark.DISCONNECTED,
              GuestMark.REMOVED]
# A room's changes are drawn at most this often: 50 phones change it a hundred times a
# second, and a frame of 50 tiles drawn for each would starve the server's thread (it
# shares the process, and the interpreter's lock, with the loop).
REDRAW_SECONDS = 0.1
PODIUM = 3  # the cards of the results' first places (ties beyond them are tiles with their place)


class RoomScreen(MenuState):
    """What the race and the results share: the whole window, the room in play."""

    overlay = False
    drawn_body = True
    wide = True
    body_share = 1.0
    panel_share = 0.94  # the code is scanned, the boards read, from across a room

    def __init__(self, kit: MenuKit, games: Games, host: PhoneHost) -> None:
        super().__init__(kit)
        self.games, self.host = games, host
        # The room as the next frame shows it, taken from the live room at most every
        # REDRAW_SECONDS (the look: a frame is drawn when it moves on).
        self.sampled: tuple[object, ...] = ()
        self.since_sampled = ticks(REDRAW_SECONDS)  # updates since the room was last taken
        self.tile_images = TileImages()  # the guests' tiles as last drawn

    def shown_key(self) -> tuple[object, ...]:
        snapshot = self.host.snapshot
        return (snapshot.version if snapshot is not None else -1, self.host.seconds_left())

    def look(self) -> tuple[object, ...] | None:
        return self.sampled if self.active else None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since_sampled += 1
        if self.since_sampled >= ticks(REDRAW_SECONDS):
            key = self.shown_key()
            if key != self.sampled:
                self.sampled, self.since_sampled = key, 0

    def follows_live_work(self) -> bool:
        snapshot = self.host.snapshot
        return self.active and snapshot is not None and snapshot.phase is RoomPhase.PLAYING

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.tile_images.frame()
        if self.active:
            draw_background(surface, self.kit.viewport.layout)
        super().draw(surface, alpha)

    def back_to_title(self) -> None:
        """Stop the server (the phones are told ``closed``) and show the title."""
        self.host.close()
        self.context.play(self.games.new_session())
        self.reset(ScreenKey.ROLLING, TitleOnTop())


class PhonesRace(RoomScreen):
    title_key = "phones.race_title"

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.follow()

    def items(self) -> list[Item]:
        snapshot = self.host.snapshot
        locked = snapshot is not None and snapshot.locked
        return [Item("remove", self.text("phones.remove"), row=0),
                Item("lock", self.text("phones.unlock" if locked else "phones.lock"), row=0),
                Item("close", self.text("phones.close"), row=0)]

    def on_choice(self, ident: str) -> None:
        if ident == "remove":
            self.push(ScreenKey.PHONES_REMOVE)
        elif ident == "lock" and self.host.snapshot is not None:
            self.host.lock(not self.host.snapshot.locked)
            self.build()
        elif ident == "close":
            self.on_back()

    def on_back(self) -> None:
        self.ask(Question("phones.close_playing"), Leave.CLOSE_ROOM)

    def on_answer(self, answer: Answer) -> None:
        if isinstance(answer, Confirmed) and answer.action is Leave.CLOSE_ROOM:
            self.back_to_title()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.active:
            self.follow()

    def follow(self) -> None:
        snapshot = self.host.snapshot
        if snapshot is None or snapshot.phase is RoomPhase.CLOSED:
            self.back_to_title()
        elif snapshot.phase is RoomPhase.FINISHED:
            self.switch(ScreenKey.PHONES_RESULTS)

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        snapshot = self.host.snapshot
        if snapshot is None:
            return
        fonts, text = self.fonts, self.text
        floor = min_text_px(surface.get_size())
        head_h = max(fonts.line_height(floor) + 8, min(rect.height // 7, rect.width // 9))
        legend_h = max(fonts.line_height(floor) + 4, rect.height // 22)
        head = pygame.Rect(rect.left, rect.top, rect.width, head_h)
        self._draw_head(surface, head, snapshot, floor)
        seats = [s for s in snapshot.seats]
        area = pygame.Rect(rect.left, head.bottom + 6, rect.width, rect.height - head_h - legend_h - 12)
        draw_tiles(surface, fonts, text, area, tiles_of(tuple(seats)), self.tile_images)
        shown = {mark_of(s) for s in seats}
        legend = [mark for mark in RACE_MARKS if mark in shown]
        draw_legend(surface, fonts, text, pygame.Rect(rect.left, rect.bottom - legend_h, rect.width, legend_h), legend)

    def _draw_head(self, surface: pygame.Surface, head: pygame.Rect, snapshot: RoomSnapshot, floor: int) -> None:
        """The turn, its dice (the same for every phone), the timer's seconds left."""
        fonts, text, direction = self.fonts, self.text, self.text.direction
        turn = text("phones.turn", turn=snapshot.turn)
        seconds = self.host.seconds_left()
        timer = text("phones.seconds_left", seconds=seconds) if seconds is not None else \
            text("phones.no_timer")
        third = head.width // 3
        size = fitted_size(fonts, turn, max(floor, head.height * 2 // 3), (third, head.height), True, floor)
        image = fonts.render(turn, size, palette.GOLD, True)
        start = direction.placed(pygame.Rect(head.left, head.top, third, head.height), head)
        with panel(surface, "turn", start, Role.VALUE):
            blit_ink(surface, image, start, direction.start)
        end = direction.placed(pygame.Rect(head.right - third, head.top, third, head.height), head)
        size = fitted_size(fonts, timer, max(floor, head.height // 2), (third, head.height), True, floor)
        image = fonts.render(timer, size, palette.TEXT if seconds is None or seconds > 10 else palette.GOLD, True)
        with panel(surface, "timer", end, Role.VALUE):
            blit_ink(surface, image, end, direction.end)
        if snapshot.turn < 1:
            return
        dice = roll_dice(snapshot.seed, snapshot.turn)
        middle = pygame.Rect(head.left + third, head.top, head.width - 2 * third, head.height)
        die = min(middle.height - 4, (middle.width - 4) // len(dice) - 4)
        if die < 8:
            return
        total = len(dice) * (die + 4) - 4
        x = middle.centerx - total // 2
        with panel(surface, "roll", middle, element=Role.PANEL):
            for value in direction.ordered(dice):
                face = die_face(value, die, "board")
                note(surface, surface.blit(face, face.get_rect(midleft=(x, middle.centery))), Role.PICTURE,
                     f"roll die {value}")
                x += die + 4


class PhonesResults(RoomScreen):
    title_key = "phones.results_title"

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.results: PartyResults | None = None
        self.games_of: dict[int, Game] = {}
        self.order: list[int] = []
        super().enter(context, payload)
        opened = self.host.open_room
        if opened is not None:
            with opened.room.lock():  # the games as they ended (nothing changes a finished room)
                kept = [(index, seat.name, Replay.of(seat.game).play()) for index, seat in enumerate(opened.room.seats)
                        if seat.status is not SeatStatus.REMOVED]
            self.order = [index for index, _, _ in kept]
            self.games_of = {index: game for index, _, game in kept}
            if kept:
                self.results = results_of([(name, game) for _, name, game in kept])

    def items(self) -> list[Item]:
        return [Item("done", self.text("phones.back_to_title"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.back_to_title()

    def on_back(self) -> None:
        self.back_to_title()

    def seat(self, position: int) -> int:
        """The room's seat of the ``position``-th guest the results count."""
        return self.order[position]

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        results = self.results
        if results is None:
            return
        fonts, text = self.fonts, self.text
        floor = min_text_px(surface.get_size())
        best_h = max(floor * 3 // 2, min(rect.height // 12, floor * 3))
        podium = [s for s in results.standings if s.place <= PODIUM][:PODIUM]
        rest = results.standings[len(podium):]
        portrait = self.kit.viewport.layout.portrait
        podium_h = (rect.height - best_h - 8) * (1 if not rest else (5 if portrait else 6)) // (1 if not rest else 10)
        if not rest and len(podium) <= 2 and portrait:
            podium_h = rect.height - best_h - 8
        area = pygame.Rect(rect.left, rect.top, rect.width, podium_h)
        columns = len(podium) if not portrait or len(podium) <= 2 else 2
        rows = -(-len(podium) // columns)
        each_w, each_h = area.width // columns, area.height // rows
        for index, standing in enumerate(podium):
            row, column = divmod(index, columns)
            column = text.direction.column(column, columns)  # the winner where the reader starts
            box = pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w, each_h).inflate(-6, -6)
            seat = self.seat(standing.seat)
            with panel(surface, f"standing {index}", box, Role.LABEL, element=Role.PANEL):
                draw_standing(surface, fonts, text, box, standing.place, standing.name, standing.breakdown,
                              seat_colour(seat), self.games_of[seat].board)
        if rest:
            tiles = [Tile(self.seat(s.seat), s.name, s.breakdown.total, self.games_of[self.seat(s.seat)].board,
                          GuestMark.BOARD_FULL, s.place) for s in rest]
            others = pygame.Rect(rect.left, area.bottom + 4, rect.width, rect.height - podium_h - best_h - 12)
            draw_tiles(surface, fonts, text, others, tiles, self.tile_images)
        strip = pygame.Rect(rect.left, rect.bottom - best_h, rect.width, best_h)
        draw_best_turns(surface, fonts, text, strip, results.best_of_turn, lambda k: seat_colour(self.seat(k)))


def screen(services: Services) -> PhonesRace:
    return PhonesRace(services.menu, services.games, services.phones())


def results_screen(services: Services) -> PhonesResults:
    return PhonesResults(services.menu, services.games, services.phones())
