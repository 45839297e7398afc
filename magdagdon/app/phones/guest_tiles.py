"""The guests of a room as tiles in a grid that fits 1..50 of them in any window: each a
small board, the name, the score and a mark of what the guest is doing. A mark differs in
shape, not colour alone, and a legend words every mark shown.

Layout is solved once (:mod:`.tile_plan`, the lobby's plan): the lobby lists names, the race
and the results draw tiles from their plans."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Board
from magdagdon.phones.room import SeatSnapshot, SeatStatus

from ..text.fit import SMALLEST_PX, fitted_size
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..party.play import PLAYER_COLOURS
from ..ui import palette
from ..audit.draw_log import LoggedSurface, Role, note, panel
from ..text.direction import Direction
from ..text.ellipsis import shortened
from ..ui.palette import Colour
from ..table.mini_board import draw_mini_board
from ..text.line_block import PlacedLine, draw_lines, lines_block

if TYPE_CHECKING:
    from .tile_plan import TilePlan, TilesPlan


class GuestMark(enum.Enum):
    """What a guest is doing, as the host's screen shows it (the catalog's ``phones.status.*``)."""

    PLACING = "placing"  # the room waits for this guest
    CONFIRMED = "confirmed"  # done with the room's turn
    BOARD_FULL = "board_full"  # the game is over
    AWAY = "away"  # the turn timer ran out: not waited for until the phone acts again
    DISCONNECTED = "disconnected"  # no phone on the seat just now
    REMOVED = "removed"  # the host took the guest out
    CONNECTED = "connected"  # (the lobby) a phone is on the seat


MARK_COLOURS: dict[GuestMark, Colour] = {
    GuestMark.PLACING: palette.TEXT, GuestMark.CONFIRMED: (94, 230, 176), GuestMark.BOARD_FULL: palette.GOLD,
    GuestMark.AWAY: (255, 200, 87), GuestMark.DISCONNECTED: (255, 107, 139), GuestMark.REMOVED: palette.TEXT_DIM,
    GuestMark.CONNECTED: (94, 230, 176)}


def mark_of(seat: SeatSnapshot, lobby: bool = False) -> GuestMark:
    if seat.status is SeatStatus.REMOVED:
        return GuestMark.REMOVED
    if not seat.connected:
        return GuestMark.DISCONNECTED
    if lobby:
        return GuestMark.CONNECTED
    if seat.status is SeatStatus.AWAY:
        return GuestMark.AWAY
    if seat.game_over:
        return GuestMark.BOARD_FULL
    return GuestMark.CONFIRMED if seat.done_this_turn else GuestMark.PLACING


def seat_colour(index: int) -> Colour:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def mark_square(box: pygame.Rect) -> pygame.Rect:
    """The square a mark takes in ``box``: the largest, centred."""
    side = min(box.width, box.height)
    square = pygame.Rect(0, 0, side, side)
    square.center = box.center
    return square


def draw_mark(surface: pygame.Surface, box: pygame.Rect, mark: GuestMark) -> None:
    """The mark's shape in ``box`` (a square)."""
    colour = MARK_COLOURS[mark]
    square = mark_square(box)
    side = square.width
    width = max(2, side // 8)
    c, r = square.center, side // 2 - width // 2
    if mark is GuestMark.PLACING:  # three dots: still placing
        for k in (-1, 0, 1):
            pygame.draw.circle(surface, colour, (c[0] + k * side // 3, c[1]), max(2, side // 9))
    elif mark in (GuestMark.CONFIRMED, GuestMark.CONNECTED):  # a tick
        points = [(square.left + side // 6, c[1]), (square.left + side * 5 // 12, square.bottom - side // 5),
                  (square.right - side // 8, square.top + side // 5)]
        pygame.draw.lines(surface, colour, False, points, width + 1)
    elif mark is GuestMark.BOARD_FULL:  # a filled square: the board is full
        pygame.draw.rect(surface, colour, square.inflate(-side // 4, -side // 4), border_radius=max(1, side // 10))
    elif mark is GuestMark.AWAY:  # a clock
        pygame.draw.circle(surface, colour, c, r, width)
        pygame.draw.line(surface, colour, c, (c[0], c[1] - r * 2 // 3), width)
        pygame.draw.line(surface, colour, c, (c[0] + r // 2, c[1]), width)
    elif mark is GuestMark.DISCONNECTED:  # a ring crossed through
        pygame.draw.circle(surface, colour, c, r, width)
        pygame.draw.line(surface, colour, (square.left + side // 6, square.bottom - side // 6),
                         (square.right - side // 6, square.top + side // 6), width)
    else:  # removed: a cross
        inset = side // 5
        pygame.draw.line(surface, colour, (square.left + inset, square.top + inset),
                         (square.right - inset, square.bottom - inset), width + 1)
        pygame.draw.line(surface, colour, (square.left + inset, square.bottom - inset),
                         (square.right - inset, square.top + inset), width + 1)
    note(surface, square, Role.PICTURE, f"mark {mark.value}")


@dataclass(frozen=True)
class Tile:
    seat: int
    name: str  # as typed (isolated when drawn)
    score: int
    board: Board
    mark: GuestMark
    place: int | None = None  # the results: the guest's place


def tiles_of(seats: tuple[SeatSnapshot, ...], lobby: bool = False) -> list[Tile]:
    return [Tile(s.index, s.name, s.score, Board(s.cells), mark_of(s, lobby)) for s in seats]


def grid(count: int, area: pygame.Rect, aspect: float) -> tuple[int, int]:
    """(columns, rows) that give ``count`` tiles of about ``aspect`` (width / height) the
    largest size in ``area``."""
    best, best_size = (1, max(1, count)), -1.0
    for columns in range(1, max(1, count) + 1):
        rows = max(1, math.ceil(count / columns))  # no guest yet: one empty row
        size = min(area.width / columns / aspect, area.height / rows)
        if size > best_size:
            best, best_size = (columns, rows), size
    return best


def tile_boxes(count: int, area: pygame.Rect, aspect: float, direction: Direction) -> list[pygame.Rect]:
    """Each tile's box in reading order (a right-to-left reader starts at the right)."""
    columns, rows = grid(count, area, aspect)
    each_w, each_h = area.width // columns, area.height // max(1, rows)
    boxes = []
    for index in range(count):
        row, column = divmod(index, columns)
        column = direction.column(column, columns)
        boxes.append(pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w, each_h))
    return boxes


class TileImages:
    """Each guest's tile as drawn, kept while its plan stays the same: a busy room changes a
    seat or two between frames, and fifty tiles drawn afresh took most of a frame. Only the
    tiles of the last frame are kept (a tile that changed, or left, lets its image go)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[object, ...], pygame.Surface] = {}
        self.drawn: dict[tuple[object, ...], pygame.Surface] = {}

    def frame(self) -> None:
        """A new frame begins: what the last one did not draw is let go."""
        self.kept, self.drawn = self.drawn, {}

    def draw(self, surface: pygame.Surface, fonts: FontBook, card: pygame.Rect, plan: TilePlan) -> None:
        key = (plan, id(fonts), fonts.generation)
        image = self.drawn.get(key)
        if image is None:
            image = self.kept.get(key)
        if image is None:
            image = pygame.Surface(card.size, pygame.SRCALPHA)
            draw_tile(image, fonts, plan, (0, 0))
        self.drawn[key] = image
        surface.blit(image, card.topleft)


def draw_tiles(surface: pygame.Surface, fonts: FontBook, plan: TilesPlan, images: TileImages | None = None) -> None:
    """The planned tiles, from ``images`` where they are kept; each drawn afresh on a logged
    frame (the whole-screen audit reads every text a tile draws)."""
    if isinstance(surface, LoggedSurface):
        images = None
    for box, tile in zip(plan.cards, plan.tiles):
        card = pygame.Rect(box)
        with panel(surface, f"guest {tile.tile.seat}", card, element=Role.PANEL):
            if images is None:
                draw_tile(surface, fonts, tile, card.topleft)
            else:
                images.draw(surface, fonts, card, tile)


def draw_tile(surface: pygame.Surface, fonts: FontBook, plan: TilePlan, at: tuple[int, int]) -> None:
    """One planned tile with its card's top-left at ``at``."""
    card = pygame.Rect(at, plan.size)
    radius = max(3, card.height // 10)
    pygame.draw.rect(surface, palette.PANEL, card, border_radius=radius)
    pygame.draw.rect(surface, seat_colour(plan.tile.seat), card, width=1, border_radius=radius)
    draw_mini_board(surface, pygame.Rect(plan.board).move(at), plan.tile.board.cells)
    for line in plan.name:
        surface.blit(fonts.render(line.words, line.size, line.colour, line.bold), (at[0] + line.at[0], at[1] + line.at[1]))
    draw_mark(surface, pygame.Rect(plan.mark_box).move(at), plan.tile.mark)
    score = plan.score
    surface.blit(fonts.render(score.words, score.size, score.colour, score.bold),
                 (at[0] + score.at[0], at[1] + score.at[1]))


@dataclass(frozen=True)
class LegendItem:
    """One mark of the legend, its square and its word, placed."""

    mark: GuestMark
    box: pygame.Rect
    mark_box: pygame.Rect
    word: tuple[PlacedLine, ...]


def plan_legend(fonts: FontBook, text: Catalog, strip: pygame.Rect, marks: list[GuestMark],
                floor: int) -> tuple[LegendItem, ...]:
    """Each mark shown, with its word, side by side from the reading start; one size for
    all words, the largest every word fits at (never below ``floor``)."""
    if not marks:
        return ()
    each = strip.width // len(marks)
    direction = text.direction
    largest, word_room = int(strip.height * 0.6), (each - strip.height, 0)
    fitted = [fitted_size(fonts, text(f"phones.status.{mark.value}"), largest, word_room, False, SMALLEST_PX)
              for mark in marks]
    size = max(floor, min(largest, *fitted))  # one size for all, the largest every word fits at
    while size > floor and fonts.line_height(size) > strip.height:
        size -= 1
    items = []
    for index, mark in enumerate(marks):
        box = pygame.Rect(strip.left + direction.column(index, len(marks)) * each, strip.top, each, strip.height)
        mark_side = max(8, min(strip.height, size + 4))
        mark_box = direction.placed(pygame.Rect(box.left, box.centery - mark_side // 2, mark_side, mark_side), box)
        word = text(f"phones.status.{mark.value}")
        room = box.width - mark_side - mark_side // 2
        block = lines_block(fonts, [shortened(fonts, word, size, room, bold=False)], size, palette.TEXT_DIM)
        words = direction.placed(pygame.Rect(box.left + mark_side + mark_side // 2, box.top, room, box.height), box)
        items.append(LegendItem(mark, box, mark_box, block.placed(words, direction.start)[0]))
    return tuple(items)


def draw_legend_items(surface: pygame.Surface, fonts: FontBook, items: tuple[LegendItem, ...]) -> None:
    for item in items:
        with panel(surface, f"legend {item.mark.value}", item.box):
            draw_mark(surface, item.mark_box, item.mark)
            draw_lines(surface, fonts, item.word)
