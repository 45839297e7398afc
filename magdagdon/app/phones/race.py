"""The room while it plays, and its results. The race samples ``host.snapshot`` (a plain
attribute read) at most every REDRAW_SECONDS and plans what it shows from it
(:mod:`.race_plan`); drawing reads the plan and changes nothing.

The race: the room's turn and its roll (the same dice for every phone), every guest's
small board, name, score and what they are doing, and the turn timer's countdown. The
results: the podium's cards (as a party's results show them), every other guest's board
and place, and who gained most each turn; Back to the title stops the server."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Game, Replay
from magdagdon.party import PartyResults
from magdagdon.party.results import results_of
from magdagdon.phones.room import RoomPhase, SeatStatus

from ..table.games import Games
from ..shell.loop import ticks
from ..shell.payloads import Answer, Confirmed, Leave, Payload, Question, TitleOnTop
from ..shell.play_context import PlayContext
from ..table.dice_faces import die_face
from ..audit.draw_log import Role, note, panel
from ..ui.background import draw_background
from ..text.line_block import draw_lines
from ..party.results_cards import best_turns_pieces, draw_best_turns, draw_standing, standing_pieces
from ..ui.body_inputs import BodyInputs, body_inputs
from ..ui.menu import Item, MenuKit, MenuState
from ..ui.placed import Placed, element, pieces, placed_lines
from ..ui.presenter import Presenter
from .guest_tiles import GuestMark, TileImages, draw_legend_items, draw_tiles, mark_of, tiles_of
from .tile_plan import KeptTilePlans
from .race_plan import RaceInputs, RacePlan, RaceModel, RoomResultsModel, RoomResultsPlan, plan_race, plan_room_results
from .host import PhoneHost
from .pieces import placed_legend, placed_tiles
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services

RACE_MARKS = [GuestMark.PLACING, GuestMark.CONFIRMED, GuestMark.BOARD_FULL, GuestMark.AWAY, GuestMark.DISCONNECTED,
              GuestMark.REMOVED]
# A room's changes are drawn at most this often: 50 phones change it a hundred times a
# second, and a frame of 50 tiles drawn for each would starve the server's thread (it
# shares the process, and the interpreter's lock, with the loop).
REDRAW_SECONDS = 0.1


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
                self.present()

    def present(self) -> None:
        """Make (or keep) the plan draw reads: after a build and each room sampled."""

    def follows_live_work(self) -> bool:
        snapshot = self.host.snapshot
        return self.active and snapshot is not None and snapshot.phase is RoomPhase.PLAYING

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.tile_images.frame()
        if self.active:
            draw_background(surface, self.kit.viewport.size)
        super().draw(surface, alpha)

    def back_to_title(self) -> None:
        """Stop the server (the phones are told ``closed``) and show the title."""
        self.host.close()
        self.context.play(self.games.new_session())
        self.reset(ScreenKey.ROLLING, TitleOnTop())


class PhonesRace(RoomScreen):
    title_key = "phones.race_title"

    def __init__(self, kit: MenuKit, games: Games, host: PhoneHost) -> None:
        super().__init__(kit, games, host)
        self.kept_tiles = KeptTilePlans()  # the tiles' plans of the last plan, for the tiles that stay the same
        self.plans: Presenter[RaceInputs, RacePlan] = Presenter(
            lambda inputs: plan_race(self.fonts, self.text, inputs, self.kept_tiles))
        self.plan: RacePlan | None = None  # what draw reads

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

    # --- the plan -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.present()

    def present(self) -> None:
        """The plan for the room as last sampled, kept while the body, the window, the
        language, the text scale and what the race shows stay the same (draw reads it)."""
        snapshot, body = self.host.snapshot, self.body_rect
        if snapshot is None or body is None:
            self.plan = None
            return
        shown = {mark_of(seat) for seat in snapshot.seats}
        model = RaceModel(snapshot.turn, snapshot.seed, self.host.seconds_left(), tuple(tiles_of(snapshot.seats)),
                          tuple(mark for mark in RACE_MARKS if mark in shown))
        self.plan = self.plans.present(body_inputs(body, self.kit.viewport.size, self.text.locale, self.fonts.scale,
                                                   model))

    def placed_body(self) -> tuple[Placed, ...]:
        """The turn, the roll's dice, the seconds left, the guests' tiles and the legend."""
        plan, fonts = self.plan, self.fonts
        if plan is None:
            return ()
        dice = [element(Role.PICTURE, die_rect(plan.die, midleft), f"roll die {value}") for value, midleft in plan.dice]
        return pieces(placed_lines(fonts, plan.turn, Role.VALUE, plan.turn_box),
                      placed_lines(fonts, plan.timer, Role.VALUE, plan.timer_box),
                      element(Role.PANEL, plan.roll_box, "roll") if plan.dice else None, dice,
                      placed_tiles(fonts, plan.tiles), placed_legend(fonts, plan.legend))

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plan, fonts = self.plan, self.fonts
        if plan is None:
            return
        with panel(surface, "turn", plan.turn_box):
            draw_lines(surface, fonts, plan.turn)
        with panel(surface, "timer", plan.timer_box):
            draw_lines(surface, fonts, plan.timer)
        if plan.dice:
            with panel(surface, "roll", plan.roll_box, element=Role.PANEL):
                for value, midleft in plan.dice:
                    face = die_face(value, plan.die, "board")
                    note(surface, surface.blit(face, die_rect(plan.die, midleft)), Role.PICTURE, f"roll die {value}")
        draw_tiles(surface, fonts, plan.tiles, self.tile_images)
        draw_legend_items(surface, fonts, plan.legend)


class PhonesResults(RoomScreen):
    title_key = "phones.results_title"

    def __init__(self, kit: MenuKit, games: Games, host: PhoneHost) -> None:
        super().__init__(kit, games, host)
        self.plans: Presenter[BodyInputs[RoomResultsModel], RoomResultsPlan] = Presenter(
            lambda inputs: plan_room_results(self.fonts, self.text, inputs))
        self.plan: RoomResultsPlan | None = None  # what draw reads

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
        self.present()

    def items(self) -> list[Item]:
        return [Item("done", self.text("phones.back_to_title"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.back_to_title()

    def on_back(self) -> None:
        self.back_to_title()

    def seat(self, position: int) -> int:
        """The room's seat of the ``position``-th guest the results count."""
        return self.order[position]

    # --- the plan -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.present()

    def prepare(self) -> None:
        super().prepare()
        self.present()  # nothing it shows changes between frames but through build

    def present(self) -> None:
        """The plan for the results, kept while the body, the window, the language and the
        text scale stay the same (nothing changes a finished room)."""
        results, body = self.results, self.body_rect
        if results is None or body is None:
            self.plan = None
            return
        model = RoomResultsModel(results, tuple(self.order), tuple(self.games_of[seat].board for seat in self.order),
                                 self.kit.viewport.frame.portrait)
        self.plan = self.plans.present(body_inputs(body, self.kit.viewport.size, self.text.locale, self.fonts.scale,
                                                   model))

    def placed_body(self) -> tuple[Placed, ...]:
        """The podium's cards, the other guests' tiles and the strip of each turn's best."""
        plan, fonts = self.plan, self.fonts
        if plan is None:
            return ()
        cards = [standing_pieces(fonts, standing, f"standing {index}") for index, standing in enumerate(plan.podium)]
        return pieces(*cards, placed_tiles(fonts, plan.others), best_turns_pieces(fonts, plan.best))

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plan, fonts = self.plan, self.fonts
        if plan is None:
            return
        for index, standing in enumerate(plan.podium):
            with panel(surface, f"standing {index}", standing.box, element=Role.PANEL):
                draw_standing(surface, fonts, standing)
        draw_tiles(surface, fonts, plan.others, self.tile_images)
        draw_best_turns(surface, fonts, plan.best)


def die_rect(side: int, midleft: tuple[int, int]) -> pygame.Rect:
    """Where a die of the roll is blitted (its face is a square of ``side``)."""
    rect = pygame.Rect(0, 0, side, side)
    rect.midleft = midleft
    return rect


def screen(services: Services) -> PhonesRace:
    return PhonesRace(services.menu, services.games, services.phones())


def results_screen(services: Services) -> PhonesResults:
    return PhonesResults(services.menu, services.games, services.phones())
