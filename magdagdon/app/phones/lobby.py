"""The room's lobby: a large QR code of the room's address, the address in words, the room
code, the guests who joined, the difficulty and the turn timer; Remove a guest (for good),
Lock room (nobody new joins), Start (one guest or more) and Close room (asked first once
guests joined). A room a crash or a quit left open is offered first: Continue the room, or a
New room; a room's file that could not be continued was set aside, and the lobby says so.

Opening the room starts its server; a failure is one line on the title and on stderr,
and the game goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Difficulty
from magdagdon.phones.room import RoomPhase, SeatStatus
from magdagdon.storage.room_file import RoomRecord

from ..table.games import Games
from ..services.notices import Notices
from ..shell.payloads import Answer, Confirmed, Leave, Payload, Question
from ..shell.play_context import PlayContext
from ..audit.draw_log import Role, panel
from ..ui.background import draw_background
from ..text.line_block import draw_lines
from ..text.text_runs import isolated
from ..ui.menu import Item, MenuKit, MenuState
from ..ui.placed import Placed, element, pieces, placed_lines
from ..ui.presenter import Presenter
from .guest_tiles import draw_legend_items, draw_mark, mark_of
from ..ui.body_inputs import body_inputs
from .lobby_plan import Guest, LobbyInputs, LobbyModel, LobbyPlan, plan_lobby
from .host import HostFailed, PhoneHost, report
from .pieces import placed_legend, placed_mark
from .qr_view import draw_qr, qr_rect
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services


class PhonesLobby(MenuState):
    overlay = False  # the whole window: the code is scanned from across a room
    title_key = "phones.lobby_title"
    drawn_body = True
    wide = True
    body_share = 1.0
    panel_share = 0.94  # the code is scanned, the boards read, from across a room

    def __init__(self, kit: MenuKit, games: Games, host: PhoneHost, notices: Notices) -> None:
        super().__init__(kit)
        self.games, self.host, self.notices_shown = games, host, notices
        self.offer: RoomRecord | None = None  # a room left open, offered before a new one
        self.built_for: tuple[object, ...] = ()
        self.plans: Presenter[LobbyInputs, LobbyPlan] = Presenter(
            lambda inputs: plan_lobby(self.fonts, self.text, inputs))
        self.plan: LobbyPlan | None = None  # what draw reads
        self.planned_version = -1  # the room's version the plan shows
        self.difficulty = games.difficulty
        self.turn_seconds: float | None = host.timers[0]
        self.file_notices: list[str] = []  # rooms' files set aside, said above the buttons

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        if not self.host.is_open:
            self.offer = self.host.unfinished()
            self.file_notices = [self.notices_shown.describe(n) for n in self.host.take_notices()]
            for message in self.file_notices:
                self.notices_shown.add(message)
            if self.offer is None:
                self.open_room(None)
        self.clear()
        self.ensure_built()

    def open_room(self, record: RoomRecord | None) -> None:
        self.offer = None
        try:
            self.host.open(self.difficulty, record)
        except HostFailed as failed:
            report(failed)
            self.notices_shown.add(self.text(f"phones.failed.{failed.trouble.value}"))
            self.pop()
            return
        snapshot = self.host.snapshot
        if snapshot is not None:
            self.difficulty, self.turn_seconds = snapshot.difficulty, snapshot.turn_seconds
            if snapshot.phase is not RoomPhase.LOBBY:  # a room continued mid-game
                self.reset(ScreenKey.PHONES_RACE)

    # --- the menu -----------------------------------------------------------------------
    @property
    def subtitle(self) -> str:
        if self.offer is not None:
            return self.text("phones.offer", turn=self.offer.turn)
        return self.text("phones.scan")

    def notices(self) -> list[str]:
        return self.file_notices[-2:]

    def guests(self) -> int:
        snapshot = self.host.snapshot
        return sum(s.status is not SeatStatus.REMOVED for s in snapshot.seats) if snapshot is not None else 0

    def items(self) -> list[Item]:
        text = self.text
        if self.offer is not None:
            names = ", ".join(isolated(text.shown_name(seat.name)) for seat in self.offer.seats[:4])
            return [Item("continue", text("phones.continue", names=names), "#primary", row=0),
                    Item("new_room", text("phones.new_room"), row=1), Item("back", text("button.back"), row=1)]
        guests = self.guests()
        timer = text("phones.timer_off") if self.turn_seconds is None else \
            text("phones.timer_seconds", seconds=int(self.turn_seconds))
        locked = self.host.snapshot is not None and self.host.snapshot.locked
        return [Item("difficulty", text("phones.difficulty", difficulty=text(f"difficulty.{self.difficulty.name}")),
                     row=0),
                Item("timer", timer, row=0),
                Item("remove", text("phones.remove"), row=1, enabled=guests > 0),
                Item("lock", text("phones.unlock" if locked else "phones.lock"), row=1),
                Item("close", text("phones.close"), row=1),
                Item("start", text("phones.start"), "#primary" if guests else "", row=2, enabled=guests > 0)]

    def on_choice(self, ident: str) -> None:
        if ident == "continue" and self.offer is not None:
            self.open_room(self.offer)
            self.build()
        elif ident == "new_room":
            self.open_room(None)
            self.build()
        elif ident == "back":
            self.pop()
        elif ident == "difficulty":
            self.difficulty = next_difficulty(self.games.difficulties, self.difficulty)
            self.host.configure(self.difficulty, self.turn_seconds)
            self.build()
        elif ident == "timer":
            timers = self.host.timers
            self.turn_seconds = timers[(timers.index(self.turn_seconds) + 1) % len(timers)] \
                if self.turn_seconds in timers else timers[0]
            self.host.configure(self.difficulty, self.turn_seconds)
            self.build()
        elif ident == "remove" and self.guests():
            self.push(ScreenKey.PHONES_REMOVE)
        elif ident == "lock" and self.host.snapshot is not None:
            self.host.lock(not self.host.snapshot.locked)
            self.build()
        elif ident == "start" and self.guests():
            self.host.start_game()
            self.reset(ScreenKey.PHONES_RACE)
        elif ident == "close":
            self.on_back()

    def on_back(self) -> None:
        if self.offer is not None or not self.guests():
            self.close_room()
        else:
            self.ask(Question("phones.close_asked", {"count": self.guests()}), Leave.CLOSE_ROOM)

    def on_answer(self, answer: Answer) -> None:
        if isinstance(answer, Confirmed) and answer.action is Leave.CLOSE_ROOM:
            self.close_room()

    def close_room(self) -> None:
        self.host.close()
        self.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        snapshot = self.host.snapshot
        # The buttons follow the guests (Start needs one): rebuilt when the count changes.
        key = (self.guests(), snapshot.difficulty if snapshot is not None else None,
               snapshot.locked if snapshot is not None else None)
        if self.active and self.built and key != self.built_for:
            self.built_for = key
            self.build()
        self.present()

    def is_animating(self) -> bool:
        """The room changed since the plan was made (it changes on the server's thread)."""
        snapshot = self.host.snapshot
        return snapshot is not None and snapshot.version != self.planned_version

    # --- the plan -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.present()

    def clear(self) -> None:
        super().clear()
        self.plan = None

    def present(self) -> None:
        """The plan for the room as it is now, kept while the body, the window, the
        language, the text scale and what the room shows stay the same."""
        snapshot, body = self.host.snapshot, self.body_rect
        version = snapshot.version if snapshot is not None else -1
        if snapshot is None or not self.host.qr or body is None:
            self.plan, self.planned_version = None, version
            return
        seats = [seat for seat in snapshot.seats if seat.status is not SeatStatus.REMOVED]
        guests = tuple(Guest(seat.index, isolated(self.text.shown_name(seat.name)), mark_of(seat, lobby=True))
                       for seat in seats)
        model = LobbyModel(snapshot.code, self.host.url, guests, sum(seat.connected for seat in seats))
        inputs = body_inputs(body, self.kit.viewport.size, self.text.locale, self.fonts.scale, model)
        plan = self.plans.present(inputs)
        if plan is not self.plan or version != self.planned_version:
            self.kit.ui.note_change()  # shown by the next frame
        self.plan, self.planned_version = plan, version

    # --- what the plan places ----------------------------------------------------------------
    def placed_body(self) -> tuple[Placed, ...]:
        """The code's square, the room's words, each guest's mark and name, the legend."""
        plan, fonts, body = self.plan, self.fonts, self.body_rect
        if plan is None or not self.host.qr:
            return ()
        words = [placed_lines(fonts, lines, role, body) for lines, role in
                 ((plan.label, Role.LABEL), (plan.code, Role.VALUE), (plan.address, Role.VALUE),
                  (plan.joined, Role.LABEL))]
        names: list[Placed | None] = []
        for cell in plan.names:  # a guest's mark and name, or the count of those left out
            if cell.guest is not None and cell.mark_box is not None:
                names.append(placed_mark(cell.mark_box, cell.guest.mark.value))
            names += placed_lines(fonts, cell.words, Role.NAME if cell.guest else Role.LABEL, cell.box)
        return pieces(element(Role.PICTURE, qr_rect(self.host.qr, plan.qr_box), "qr code"), *words, names,
                      placed_legend(fonts, plan.legend))

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.active:
            draw_background(surface, self.kit.viewport.size)
        super().draw(surface, alpha)

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plan, fonts = self.plan, self.fonts
        if plan is None or not self.host.qr:
            return
        with panel(surface, "qr", plan.qr_box, element=Role.PICTURE):
            draw_qr(surface, self.host.qr, plan.qr_box)
        for lines, role in ((plan.label, Role.LABEL), (plan.code, Role.VALUE), (plan.address, Role.VALUE),
                            (plan.joined, Role.LABEL)):
            draw_lines(surface, fonts, lines)
        for cell in plan.names:
            if cell.guest is None:
                with panel(surface, "more guests", cell.box):
                    draw_lines(surface, fonts, cell.words)
                continue
            assert cell.mark_box is not None
            with panel(surface, f"guest {cell.guest.index}", cell.box):
                draw_mark(surface, cell.mark_box, cell.guest.mark)
                draw_lines(surface, fonts, cell.words)
        draw_legend_items(surface, fonts, plan.legend)


class RemoveGuest(MenuState):
    """Which guest to take out: one button a guest (names isolated), and Back."""

    title_key = "phones.remove_title"

    def __init__(self, kit: MenuKit, host: PhoneHost) -> None:
        super().__init__(kit)
        self.host = host

    @property
    def subtitle(self) -> str:
        return self.text("phones.remove_note")

    def items(self) -> list[Item]:
        snapshot = self.host.snapshot
        seats = [s for s in snapshot.seats if s.status is not SeatStatus.REMOVED] if snapshot is not None else []
        across = 3 if len(seats) <= 12 else 5
        items = [Item(f"seat:{s.index}", isolated(self.text.shown_name(s.name)), row=index // across)
                 for index, s in enumerate(seats)]
        return items + [Item("back", self.text("button.back"))]

    def on_choice(self, ident: str) -> None:
        if ident.startswith("seat:"):
            self.host.remove(int(ident.split(":", 1)[1]))
        self.pop()


def next_difficulty(shown: tuple[Difficulty, ...], current: Difficulty) -> Difficulty:
    return shown[(shown.index(current) + 1) % len(shown)] if current in shown else shown[0]


def screen(services: Services) -> PhonesLobby:
    return PhonesLobby(services.menu, services.games, services.phones(), services.notices)


def remove_guest_screen(services: Services) -> RemoveGuest:
    return RemoveGuest(services.menu, services.phones())
