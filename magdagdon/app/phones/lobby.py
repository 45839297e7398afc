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
from magdagdon.phones.room import RoomPhase, RoomSnapshot, SeatSnapshot, SeatStatus
from magdagdon.storage.room_file import RoomRecord

from ..table.games import Games
from ..services.notices import Notices
from ..shell.payloads import Answer, Confirmed, Leave, Payload, Question
from ..shell.play_context import PlayContext
from ..ui import palette
from ..audit.draw_log import Role, as_role, panel
from ..text.ellipsis import shortened
from ..table.hud import draw_background
from ..text.fit import fitted_block, fitted_size, min_text_px
from ..text.menu_text import blit_ink
from ..text.text_runs import isolated
from ..ui.menu import Item, MenuKit, MenuState
from .guest_tiles import GuestMark, draw_legend, draw_mark, mark_of, seat_colour
from .host import HostFailed, PhoneHost, report
from .qr_view import draw_qr
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services


# A lobby column is at least as wide as this name at the readable floor (about six letters).
NARROWEST_NAME = "Maxime"


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

    def is_animating(self) -> bool:
        snapshot = self.host.snapshot
        return snapshot is not None and snapshot.version != self.shown_version

    shown_version = -1

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        snapshot = self.host.snapshot
        self.shown_version = snapshot.version if snapshot is not None else -1  # what is on screen (a memo)
        if self.active:
            draw_background(surface, self.kit.viewport.layout)
        super().draw(surface, alpha)

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        snapshot = self.host.snapshot
        if snapshot is None or not self.host.qr:
            return
        portrait = rect.height > rect.width
        if portrait:
            side = min(rect.width, rect.height * 11 // 20)
            qr_box = pygame.Rect(rect.left, rect.top, rect.width, side)
            info = pygame.Rect(rect.left, qr_box.bottom + 8, rect.width, rect.bottom - qr_box.bottom - 8)
        else:
            side = min(rect.height, rect.width * 9 // 20)
            # the code where the reader starts, the words after it
            qr_box = self.text.direction.placed(pygame.Rect(rect.left, rect.top, side, rect.height), rect)
            info = self.text.direction.placed(pygame.Rect(rect.left + side + 12, rect.top, rect.width - side - 12,
                                                          rect.height), rect)
        with panel(surface, "qr", qr_box, element=Role.PICTURE):
            draw_qr(surface, self.host.qr, qr_box)
        self._draw_info(surface, info, snapshot)

    def _draw_info(self, surface: pygame.Surface, box: pygame.Rect, snapshot: RoomSnapshot) -> None:
        """The code, the address in words, then the guests."""
        fonts, text = self.fonts, self.text
        floor = min_text_px(surface.get_size())
        align = text.direction.start
        unit = max(floor, box.height // 12)
        y = box.top
        label = fitted_block(fonts, text("phones.code_label"), unit, (box.width, unit * 2), palette.TEXT_DIM, False,
                             floor)
        with as_role(surface, Role.LABEL):
            drawn = blit_ink(surface, label, pygame.Rect(box.left, y, box.width, label.get_height()), align)
        y = drawn.bottom + unit // 3
        code_size = fitted_size(fonts, snapshot.code, unit * 2, (box.width, 0), True, floor)
        code = fonts.render(isolated(snapshot.code), code_size, palette.GOLD, True)
        with as_role(surface, Role.VALUE):
            drawn = blit_ink(surface, code, pygame.Rect(box.left, y, box.width, code.get_height()), align)
        y = drawn.bottom + unit // 2
        url = self.host.url
        url_size = fitted_size(fonts, url, unit, (box.width, 0), floor=floor)
        address = fonts.render(isolated(url), url_size, palette.TEXT)
        with as_role(surface, Role.VALUE):
            drawn = blit_ink(surface, address, pygame.Rect(box.left, y, box.width, address.get_height()), align)
        y = drawn.bottom + unit // 2
        seats = [s for s in snapshot.seats if s.status is not SeatStatus.REMOVED]
        connected = sum(s.connected for s in seats)
        head = text("phones.joined", count=len(seats), connected=connected) if seats else text("phones.nobody")
        image = fitted_block(fonts, head, max(floor, unit * 3 // 4), (box.width, unit * 3), palette.TEXT, False, floor)
        with as_role(surface, Role.LABEL):
            drawn = blit_ink(surface, image, pygame.Rect(box.left, y, box.width, image.get_height()), align)
        y = drawn.bottom + unit // 3
        if not seats:
            return
        legend_h = max(fonts.line_height(floor), unit * 3 // 4)
        names = pygame.Rect(box.left, y, box.width, box.bottom - y - legend_h - 4)
        self._draw_names(surface, names, seats, floor)
        shown = {mark_of(seat, lobby=True) for seat in seats}  # the legend names only the marks on screen
        draw_legend(surface, fonts, text, pygame.Rect(box.left, box.bottom - legend_h, box.width, legend_h),
                    [mark for mark in (GuestMark.CONNECTED, GuestMark.DISCONNECTED) if mark in shown])

    def _draw_names(self, surface: pygame.Surface, area: pygame.Rect, seats: list[SeatSnapshot], floor: int) -> None:
        """The names in columns, read from the language's side; each as tall as its ink. A
        column is never narrower than a short name: when the guests outnumber the places,
        a count of the others comes first and then the newest (a guest who has just joined
        looks for their own name); Remove a guest lists them all."""
        fonts, direction = self.fonts, self.text.direction
        names = [isolated(self.text.shown_name(seat.name)) for seat in seats]
        ink = max(fonts.ink_height(name, floor, True) for name in names)
        line = ink + max(4, ink // 3)
        rows_fit = max(1, area.height // line)
        narrowest = fonts.size(NARROWEST_NAME, floor, True)[0] + max(8, min(line - 2, floor)) * 2 + 6
        places = rows_fit * max(1, area.width // narrowest)
        hidden = len(seats) - (places - 1) if len(seats) > places else 0
        cells: list[tuple[SeatSnapshot, str] | None] = [None] if hidden else []  # None: the count of the others
        cells += list(zip(seats, names))[hidden:]
        rows = max(1, min(len(cells), rows_fit))
        columns = -(-len(cells) // rows)
        rows = -(-len(cells) // columns)
        each_w, each_h = area.width // columns, min(area.height // rows, line * 2)
        shown_names = [cell[1] for cell in cells if cell is not None]
        size = floor
        while size < floor * 2 and max(fonts.ink_height(n, size + 1, True) for n in shown_names) + 4 <= each_h * 3 // 4:
            size += 1

        def mark_at(px: int) -> int:  # the mark beside a name is as tall as its letters
            return max(8, min(each_h - 2, px))

        while size > floor and fonts.size(NARROWEST_NAME, size, True)[0] > _name_room(each_w - 6, mark_at(size)):
            size -= 1  # larger letters only while a short name still fits its column whole
        mark_side = mark_at(size)
        for index, cell in enumerate(cells):
            column, row = divmod(index, rows)
            column = direction.column(column, columns)
            box = pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w - 6, each_h)
            if cell is None:
                others = self.text("phones.more_guests", count=hidden)
                if fonts.size(others, floor, True)[0] > box.width:
                    others = f"+{hidden}"  # the number alone where its word has no room
                with panel(surface, "more guests", box, Role.LABEL):
                    image = fonts.render(others, fitted_size(fonts, others, size, (box.width, 0), True, floor),
                                         palette.TEXT_DIM, True)
                    blit_ink(surface, image, box, direction.start)
                continue
            seat, name = cell
            mark_box = direction.placed(pygame.Rect(box.left, box.centery - mark_side // 2, mark_side, mark_side), box)
            with panel(surface, f"guest {seat.index}", box, Role.NAME):
                draw_mark(surface, mark_box, mark_of(seat, lobby=True))
                room = _name_room(box.width, mark_side)
                shown = shortened(fonts, name, size, room)
                if fonts.size(shown, size, True)[0] > room:
                    continue  # not even a letter fits: the mark stands alone
                image = fonts.render(shown, size, seat_colour(seat.index), True)
                words = direction.placed(pygame.Rect(box.left + mark_side + mark_side // 2, box.top, room, box.height), box)
                blit_ink(surface, image, words, direction.start)


def _name_room(width: int, mark_side: int) -> int:
    """What a lobby column of ``width`` leaves its name beside the mark and the gap after it."""
    return width - mark_side * 3 // 2


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
