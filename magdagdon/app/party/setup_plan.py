"""The party's set-up laid out once: each seat's number on its disc, the name (its size
searched, a long one shortened), the computer's sign and the words on how it plays, or the
line that says nobody sits yet; made from the body's box, the window, the language, the
text scale and the seats, and kept by the screen's presenter until one of those changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.party import Seat

from ..text.ellipsis import shortened
from ..text.fit import fitted_size, min_text_px
from ..text.line_block import PlacedLine, block_of, lines_block
from ..ui import palette
from ..ui.body_inputs import BodyInputs
from ..ui.palette import Colour
from ..ui.ui_theme import text_look
from .play import PLAYER_COLOURS

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog

SetupInputs = BodyInputs[tuple[Seat, ...]]  # the seats in playing order


@dataclass(frozen=True)
class SeatPlan:
    """One seat: its box, the number on a disc in the player's colour, the name, and for the
    computer its sign and (where there is room) the words on how it plays."""

    index: int
    box: pygame.Rect
    colour: Colour
    disc: pygame.Rect
    radius: int
    number: tuple[PlacedLine, ...]
    name: tuple[PlacedLine, ...]
    sign_box: pygame.Rect | None  # the computer's sign
    how: tuple[PlacedLine, ...]  # how the computer plays: nothing where it has no room


@dataclass(frozen=True)
class SetupPlan:
    nobody: tuple[PlacedLine, ...]  # no seat yet: the words that say so
    seats: tuple[SeatPlan, ...]


def plan_setup(fonts: FontBook, text: Catalog, inputs: SetupInputs) -> SetupPlan:
    rect, seats, floor = inputs.body_rect, inputs.model, min_text_px(inputs.window)
    look = text_look(inputs.window, "button")
    if not seats:
        block = block_of(fonts, text("party.no_players"), max(floor, look.size), rect.size, palette.TEXT_DIM, False,
                         floor)
        return SetupPlan(block.placed(rect)[0], ())
    columns = 2 if len(seats) > 4 else 1
    rows = (len(seats) + columns - 1) // columns
    each_h = rect.height // max(4, rows)
    each_w = rect.width // columns
    planned = []
    for index, seat in enumerate(seats):
        column, row = divmod(index, rows)
        column = text.direction.column(column, columns)  # the first seats where the reader starts
        box = pygame.Rect(rect.left + column * each_w, rect.top + row * each_h, each_w, each_h).inflate(-8, -4)
        planned.append(_plan_seat(fonts, text, box, index, seat, round(look.size * 1.25), floor))
    return SetupPlan((), tuple(planned))


def _plan_seat(fonts: FontBook, text: Catalog, box: pygame.Rect, index: int, seat: Seat, size: int,
               floor: int) -> SeatPlan:
    """The seat's number on a disc in the player's colour, then the name, read from the
    language's side; the computer's name says its strength, a screen sign beside it says
    it is the computer, and where there is room a few words say how it plays."""
    direction = text.direction
    colour = PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
    # The number on its disc: never smaller than the words can be read.
    number = str(index + 1)
    number_size = max(floor, fitted_size(fonts, number, size, (box.height, box.height * 2 // 3), True, floor))
    number_block = lines_block(fonts, [number], number_size, palette.TEXT_DARK, True)
    radius = min(box.height // 2, max(number_block.ink.size) * 3 // 4 + 4)
    disc = direction.placed(pygame.Rect(box.left, box.centery - radius, radius * 2, radius * 2), box)
    words = box.width - disc.width - radius
    name = text.shown_name(seat.name)  # the default name in the language shown
    size = fitted_size(fonts, name, size, (words, box.height), True, floor)
    sign = max(floor, size * 3 // 4) if seat.computer else 0
    shown = shortened(fonts, name, size, words - sign * 3 // 2)  # at the readable floor, a long name gives way
    name_block = lines_block(fonts, [shown], size, colour, True)
    # How the computer plays, under its name, where the seat has room for a second line
    # and the words fit whole.
    how_block = None
    if seat.computer:
        how = text(f"party.plays_{seat.strength.value}")
        how_size = max(floor, size * 3 // 5)
        if fonts.size(how, how_size)[0] <= words:
            how_block = lines_block(fonts, [how], how_size, palette.TEXT_DIM)
            if name_block.ink.height + how_block.ink.height * 2 > box.height:
                how_block = None
    width = name_block.ink.width
    line = box.copy()
    if how_block is not None:  # the name and the words under it, one block in the middle
        name_h, how_h = name_block.ink.height, how_block.ink.height
        block = name_h + how_h * 3 // 2
        line = pygame.Rect(box.left, box.centery - block // 2, box.width, name_h)
    name_box = pygame.Rect(direction.after(disc, radius // 2, width), line.top, width, line.height)
    sign_box = None
    how_lines: tuple[PlacedLine, ...] = ()
    if seat.computer:
        sign_box = pygame.Rect(direction.after(name_box, sign // 2, sign), line.centery - sign // 2, sign, sign)
        if how_block is not None:
            how_h = how_block.ink.height
            how_box = pygame.Rect(direction.after(disc, radius // 2, words), line.bottom + how_h // 2, words, how_h)
            how_lines = how_block.placed(how_box, direction.start)[0]
    return SeatPlan(index, box, colour, disc, radius, number_block.placed(disc)[0],
                    name_block.placed(name_box, direction.start)[0], sign_box, how_lines)
