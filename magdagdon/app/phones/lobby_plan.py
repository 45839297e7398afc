"""The phones' lobby, laid out once: the QR code's square, the room's code and address in
words, how many joined, the guests' names in columns with their marks, and the legend of
the marks shown — made from the body's box, the window, the language, the text scale and
what the room shows (:class:`LobbyModel`), kept by a presenter until one of those changes.
The names' size search (the largest at which a short name still fits its column) runs here
once, not at every frame the room is drawn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..text.ellipsis import shortened
from ..text.fit import fitted_size, min_text_px
from ..text.line_block import PlacedLine, block_of, lines_block
from ..text.text_runs import isolated
from ..ui import palette
from ..ui.body_inputs import BodyInputs
from .guest_tiles import GuestMark, LegendItem, plan_legend, seat_colour

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog

# A lobby column is at least as wide as this name at the readable floor (about six letters).
NARROWEST_NAME = "Maxime"


@dataclass(frozen=True)
class Guest:
    """What the lobby shows of one guest: the seat's number (its colour), the name as shown
    (isolated), the mark."""

    index: int
    name: str
    mark: GuestMark


@dataclass(frozen=True)
class LobbyModel:
    code: str  # as the room has them (isolated as they are drawn)
    url: str
    guests: tuple[Guest, ...]  # in the order they joined; the removed left out
    connected: int


LobbyInputs = BodyInputs[LobbyModel]


@dataclass(frozen=True)
class NameCell:
    """One place in the names' columns: a guest (their mark and name), or the count of the
    guests left out (``guest`` None)."""

    box: pygame.Rect
    guest: Guest | None
    mark_box: pygame.Rect | None
    words: tuple[PlacedLine, ...]  # nothing where not even a letter of the name fits


@dataclass(frozen=True)
class LobbyPlan:
    inputs: LobbyInputs
    qr_box: pygame.Rect
    label: tuple[PlacedLine, ...]  # "Room code"
    code: tuple[PlacedLine, ...]
    address: tuple[PlacedLine, ...]
    joined: tuple[PlacedLine, ...]  # how many joined, how many connected (or nobody yet)
    names: tuple[NameCell, ...]
    legend: tuple[LegendItem, ...]


def plan_lobby(fonts: FontBook, text: Catalog, inputs: LobbyInputs) -> LobbyPlan:
    """The lobby's plan for ``inputs`` (``fonts`` and ``text`` already in its language)."""
    rect, floor, model = inputs.body_rect, min_text_px(inputs.window), inputs.model
    direction = text.direction
    if rect.height > rect.width:  # portrait: the code above the words
        side = min(rect.width, rect.height * 11 // 20)
        qr_box = pygame.Rect(rect.left, rect.top, rect.width, side)
        box = pygame.Rect(rect.left, qr_box.bottom + 8, rect.width, rect.bottom - qr_box.bottom - 8)
    else:
        side = min(rect.height, rect.width * 9 // 20)
        # the code where the reader starts, the words after it
        qr_box = direction.placed(pygame.Rect(rect.left, rect.top, side, rect.height), rect)
        box = direction.placed(pygame.Rect(rect.left + side + 12, rect.top, rect.width - side - 12, rect.height), rect)
    align = direction.start
    unit = max(floor, box.height // 12)

    y = box.top
    label_block = block_of(fonts, text("phones.code_label"), unit, (box.width, unit * 2), palette.TEXT_DIM, False, floor)
    label, drawn = label_block.placed(pygame.Rect(box.left, y, box.width, label_block.height), align)
    y = drawn.bottom + unit // 3
    code_size = fitted_size(fonts, model.code, unit * 2, (box.width, 0), True, floor)
    code_block = lines_block(fonts, [isolated(model.code)], code_size, palette.GOLD, True)
    code, drawn = code_block.placed(pygame.Rect(box.left, y, box.width, code_block.height), align)
    y = drawn.bottom + unit // 2
    url_size = fitted_size(fonts, model.url, unit, (box.width, 0), floor=floor)
    url_block = lines_block(fonts, [isolated(model.url)], url_size, palette.TEXT)
    address, drawn = url_block.placed(pygame.Rect(box.left, y, box.width, url_block.height), align)
    y = drawn.bottom + unit // 2
    guests = model.guests
    head = text("phones.joined", count=len(guests), connected=model.connected) if guests else text("phones.nobody")
    head_block = block_of(fonts, head, max(floor, unit * 3 // 4), (box.width, unit * 3), palette.TEXT, False, floor)
    joined, drawn = head_block.placed(pygame.Rect(box.left, y, box.width, head_block.height), align)
    y = drawn.bottom + unit // 3
    names: tuple[NameCell, ...] = ()
    legend: tuple[LegendItem, ...] = ()
    if guests:
        legend_h = max(fonts.line_height(floor), unit * 3 // 4)
        area = pygame.Rect(box.left, y, box.width, box.bottom - y - legend_h - 4)
        names = _plan_names(fonts, text, area, guests, floor)
        shown = {guest.mark for guest in guests}  # the legend names only the marks on screen
        legend = plan_legend(fonts, text, pygame.Rect(box.left, box.bottom - legend_h, box.width, legend_h),
                             [mark for mark in (GuestMark.CONNECTED, GuestMark.DISCONNECTED) if mark in shown], floor)
    return LobbyPlan(inputs, qr_box, label, code, address, joined, names, legend)


def _plan_names(fonts: FontBook, text: Catalog, area: pygame.Rect, guests: tuple[Guest, ...],
                floor: int) -> tuple[NameCell, ...]:
    """The names in columns, read from the language's side; each as tall as its ink. A
    column is never narrower than a short name: when the guests outnumber the places, a
    count of the others comes first and then the newest (a guest who has just joined looks
    for their own name); Remove a guest lists them all."""
    direction = text.direction
    ink = max(fonts.ink_height(guest.name, floor, True) for guest in guests)
    line = ink + max(4, ink // 3)
    rows_fit = max(1, area.height // line)
    narrowest = fonts.size(NARROWEST_NAME, floor, True)[0] + max(8, min(line - 2, floor)) * 2 + 6
    places = rows_fit * max(1, area.width // narrowest)
    hidden = len(guests) - (places - 1) if len(guests) > places else 0
    cells: list[Guest | None] = [None] if hidden else []  # None: the count of the others
    cells += list(guests)[hidden:]
    rows = max(1, min(len(cells), rows_fit))
    columns = -(-len(cells) // rows)
    rows = -(-len(cells) // columns)
    each_w, each_h = area.width // columns, min(area.height // rows, line * 2)
    shown_names = [cell.name for cell in cells if cell is not None]
    size = floor
    while size < floor * 2 and max(fonts.ink_height(n, size + 1, True) for n in shown_names) + 4 <= each_h * 3 // 4:
        size += 1

    def mark_at(px: int) -> int:  # the mark beside a name is as tall as its letters
        return max(8, min(each_h - 2, px))

    while size > floor and fonts.size(NARROWEST_NAME, size, True)[0] > name_room(each_w - 6, mark_at(size)):
        size -= 1  # larger letters only while a short name still fits its column whole
    mark_side = mark_at(size)
    planned = []
    for index, cell in enumerate(cells):
        column, row = divmod(index, rows)
        column = direction.column(column, columns)
        box = pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w - 6, each_h)
        if cell is None:
            others = text("phones.more_guests", count=hidden)
            if fonts.size(others, floor, True)[0] > box.width:
                others = f"+{hidden}"  # the number alone where its word has no room
            block = lines_block(fonts, [others], fitted_size(fonts, others, size, (box.width, 0), True, floor),
                                palette.TEXT_DIM, True)
            planned.append(NameCell(box, None, None, block.placed(box, direction.start)[0]))
            continue
        mark_box = direction.placed(pygame.Rect(box.left, box.centery - mark_side // 2, mark_side, mark_side), box)
        room = name_room(box.width, mark_side)
        shown = shortened(fonts, cell.name, size, room)
        words: tuple[PlacedLine, ...] = ()
        if fonts.size(shown, size, True)[0] <= room:  # else not even a letter fits: the mark stands alone
            place = direction.placed(pygame.Rect(box.left + mark_side + mark_side // 2, box.top, room, box.height), box)
            words = lines_block(fonts, [shown], size, seat_colour(cell.index), True).placed(place, direction.start)[0]
        planned.append(NameCell(box, cell, mark_box, words))
    return tuple(planned)


def name_room(width: int, mark_side: int) -> int:
    """What a lobby column of ``width`` leaves its name beside the mark and the gap after it."""
    return width - mark_side * 3 // 2
