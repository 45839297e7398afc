"""The guests of a room as tiles in a grid that fits 1..50 of them in any window: each a
small board, the name, the score and a mark of what the guest is doing. A mark differs in
shape, not colour alone, and a legend words every mark shown.

Layout is solved here once: the lobby lists names, the race and the results draw tiles."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import Callable

import pygame

from magdagdon.engine import Board
from magdagdon.phones.room import SeatSnapshot, SeatStatus

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..party.play import PLAYER_COLOURS
from ..ui import palette
from ..audit.draw_log import LoggedSurface, Role, as_role, note, panel
from ..text.direction import Direction
from ..text.ellipsis import shortened
from ..text.fit import fitted_size, min_text_px
from ..text.menu_text import blit_ink, ink_rect, ink_x
from ..text.numbers import signed
from ..ui.palette import Colour
from ..text.text_runs import isolated
from ..table.mini_board import draw_mini_board
from ..text.line_block import PlacedLine, draw_lines, lines_block


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


def draw_mark(surface: pygame.Surface, box: pygame.Rect, mark: GuestMark) -> None:
    """The mark's shape in ``box`` (a square)."""
    colour = MARK_COLOURS[mark]
    side = min(box.width, box.height)
    square = pygame.Rect(0, 0, side, side)
    square.center = box.center
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


WORDS_SHARE = 0.5  # the words' column beside the board: at least this share of the tile
NAME_SHARE = 0.45  # the smallest a long name is drawn, against the size the tile gives names


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
    """Each guest's tile as drawn, kept while it stays the same: a busy room changes a seat
    or two between frames, and fifty tiles drawn afresh took most of a frame. Only the
    tiles of the last frame are kept (a tile that changed, or left, lets its image go)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[object, ...], pygame.Surface] = {}
        self.drawn: dict[tuple[object, ...], pygame.Surface] = {}
        self._band: tuple[tuple[object, ...], NameBand] | None = None

    def band(self, key: tuple[object, ...], measure: Callable[[], NameBand]) -> NameBand:
        """The room's name band, measured again only when the names or the cards change (the
        measuring took half of a frame of kept tiles)."""
        if self._band is None or self._band[0] != key:
            self._band = (key, measure())
        return self._band[1]

    def frame(self) -> None:
        """A new frame begins: what the last one did not draw is let go."""
        self.kept, self.drawn = self.drawn, {}

    def draw(self, surface: pygame.Surface, fonts: FontBook, text: Catalog, card: pygame.Rect, tile: Tile,
             floor: int, band: "NameBand") -> None:
        key = (tile, card.size, floor, band, text.locale, id(fonts))
        image = self.drawn.get(key)
        if image is None:
            image = self.kept.get(key)
        if image is None:
            image = pygame.Surface(card.size, pygame.SRCALPHA)
            draw_tile(image, fonts, text, image.get_rect(), tile, floor, band)
        self.drawn[key] = image
        surface.blit(image, card.topleft)


def draw_tiles(surface: pygame.Surface, fonts: FontBook, text: Catalog, area: pygame.Rect,
               tiles: list[Tile], images: TileImages | None = None) -> None:
    """The tiles in ``area``, from ``images`` where they are kept; each drawn afresh on a
    logged frame (the whole-screen audit reads every text a tile draws)."""
    # Few guests: wide tiles, the board beside the words; many: taller ones, the name across the top.
    aspect = 2.6 if len(tiles) <= 12 else 1.7
    floor = min_text_px(surface.get_size())
    if isinstance(surface, LoggedSurface):
        images = None
    cards = [box.inflate(-max(2, box.width // 40), -max(2, box.height // 20))
             for box in tile_boxes(len(tiles), area, aspect, text.direction)]
    if not cards:
        return
    def measure() -> NameBand:  # the grid's cards are all one size
        return name_band(fonts, text, tiles, cards[0], floor)

    names = tuple((tile.name, tile.place) for tile in tiles)
    band = measure() if images is None else \
        images.band((names, cards[0].size, floor, text.locale, id(fonts), fonts.generation), measure)
    for tile, card in zip(tiles, cards):
        with panel(surface, f"guest {tile.seat}", card, Role.NAME, element=Role.PANEL):
            if images is None:
                draw_tile(surface, fonts, text, card, tile, floor, band)
            else:
                images.draw(surface, fonts, text, card, tile, floor, band)


@dataclass(frozen=True)
class NameBand:
    """How tall the room's names are, so that every tile is laid out alike: Nastaliq's or
    Devanagari's ink reaches far above and below Latin's, and a tile sized by its own name
    gave an Urdu guest a smaller board (or the other layout) than the Latin guest beside it."""

    at_floor: int  # the tallest name's ink at the window's readable floor
    across_top: int  # the tallest name's ink as drawn across a small tile's top


def _shown_name(text: Catalog, tile: Tile) -> str:
    name = text.shown_name(tile.name)
    return text("party.place", place=tile.place, name=name) if tile.place is not None else isolated(name)


MARK_LEAST = 8  # the smallest a tile's mark is drawn
WIDEST_SCORE = signed(-888)  # the widest score a tile keeps room for


def _inner(card: pygame.Rect, floor: int) -> tuple[int, pygame.Rect]:
    """The tile's padding and what lies inside it: a fifth of the readable size at least, or
    a name in a small tile (fifty guests) touches the tile's edge."""
    pad = max(2, min(card.width, card.height) // 14, -(-floor // 5))
    return pad, card.inflate(-2 * pad, -2 * pad)


def name_band(fonts: FontBook, text: Catalog, tiles: list[Tile], card: pygame.Rect, floor: int) -> NameBand:
    """What the names of ``tiles`` need in cards of ``card``'s size (each measure is cached:
    a frame of kept tiles asks again cheaply)."""
    _, inner = _inner(card, floor)
    names = [_shown_name(text, tile) for tile in tiles]
    at_floor = max((fonts.ink_height(name, floor, True) for name in names), default=0)
    line = max(floor, inner.height // 5)
    box = (inner.width, max(line, at_floor))
    across = max((fonts.ink_height(name, _name_size(fonts, name, line, box, floor), True) for name in names),
                 default=0)
    return NameBand(at_floor, across)


def _ink_fitted(fonts: FontBook, words: str, size: int, box: tuple[int, int], floor: int, bold: bool = True) -> int:
    """The largest size up to ``size`` whose ink fits ``box`` (never below ``floor``)."""
    return fitted_size(fonts, words, max(floor, size), box, bold, floor)


def _name_size(fonts: FontBook, name: str, size: int, box: tuple[int, int], floor: int) -> int:
    """The name's size: the largest up to ``size`` at which it fits ``box`` whole; a long
    name keeps a share of that size, readable from across the room, and loses its end to an
    ellipsis instead of shrinking to a line of dots beside its neighbours."""
    tallest = _ink_fitted(fonts, name, size, (10**6, box[1]), floor)
    whole = _ink_fitted(fonts, name, tallest, box, floor)
    return min(tallest, max(whole, int(tallest * NAME_SHARE)))


def draw_tile(surface: pygame.Surface, fonts: FontBook, text: Catalog, card: pygame.Rect, tile: Tile,
              floor: int | None = None, band: NameBand | None = None) -> None:
    """A wide tile: the board at the reading start, the name over the mark and the score.
    A small one: the name across the top, the board, the mark and the score below it.
    ``floor``: the window's smallest readable text (by default the surface's); ``band``:
    what the room's names need (by default this tile's own name alone)."""
    direction = text.direction
    floor = min_text_px(surface.get_size()) if floor is None else floor
    band = name_band(fonts, text, [tile], card, floor) if band is None else band
    colour = seat_colour(tile.seat)
    dim = tile.mark is GuestMark.REMOVED
    pygame.draw.rect(surface, palette.PANEL, card, border_radius=max(3, card.height // 10))
    pygame.draw.rect(surface, colour, card, width=1, border_radius=max(3, card.height // 10))
    pad, inner = _inner(card, floor)
    name = _shown_name(text, tile)
    score = signed(tile.score)  # one minus sign on every screen
    name_colour = palette.TEXT_DIM if dim else colour
    name_ink = band.at_floor + pad // 2
    lowest = name_ink + fonts.ink_height(score, floor, True) + pad
    side = inner.height
    words = direction.placed(pygame.Rect(inner.left + side + pad, inner.top, inner.width - side - pad, inner.height),
                             inner)
    # Beside the board only while that leaves the words a real column (not in a portrait
    # window's tiles, where the square board takes two thirds of the width).
    if words.height >= lowest and words.width >= 4 * floor and words.width >= inner.width * WORDS_SHARE:
        half = max(words.height * 11 // 20, name_ink)  # a tall script's name keeps its ink
        score_size = int(half * 0.8)
        size = _name_size(fonts, name, score_size, (words.width, half - pad // 2), floor)
        board = direction.placed(pygame.Rect(inner.left, inner.top, side, side), inner)
        name_box = pygame.Rect(words.left, words.top, words.width, half)
        lower = pygame.Rect(words.left, words.top + half, words.width, words.height - half)
    else:  # the name across the top, the rest below
        line = max(floor, inner.height // 5)  # the board keeps the most of the height
        size = _name_size(fonts, name, line, (inner.width, max(line, band.at_floor)), floor)
        name_h = band.across_top + pad // 2  # every tile's board alike, whatever its name's script
        name_box = pygame.Rect(inner.left, inner.top, inner.width, name_h)
        # the board leaves the score its room at the readable size beside the smallest mark
        # (a narrow tile: a score past the tile's edge)
        beside = fonts.ink(WIDEST_SCORE, floor, True).width + MARK_LEAST + MARK_LEAST // 3 + pad
        side = max(4, min(inner.height - name_h - pad // 2, inner.width - beside))
        board = direction.placed(pygame.Rect(inner.left, name_box.bottom + pad // 2, side, side), inner)
        lower = direction.placed(pygame.Rect(inner.left + side + pad, board.top, inner.width - side - pad, side), inner)
        score_size = max(floor, side // 2)
    draw_mini_board(surface, board, tile.board.cells)
    shown = shortened(fonts, name, size, name_box.width)
    if fonts.size(shown, size, True)[0] <= name_box.width:
        image = fonts.render(shown, size, name_colour, True)
        blit_ink(surface, image, name_box, direction.start)
    # The score and the mark are sized by the tile, never by the name: a long name shrinks
    # only itself, so every guest's score reads alike across the grid.
    _mark_and_score(surface, fonts, lower, tile.mark, score, score_size, floor, direction, dim)


def _mark_and_score(surface: pygame.Surface, fonts: FontBook, box: pygame.Rect, mark: GuestMark, score: str,
                    size: int, floor: int, direction: Direction, dim: bool) -> None:
    score_least = fonts.ink(score, floor, True).width  # the score at the readable size first, then the mark
    mark_side = max(MARK_LEAST, min(box.height, size, box.width // 3, (box.width - score_least) * 3 // 4))
    mark_box = direction.placed(pygame.Rect(box.left, box.centery - mark_side // 2, mark_side, mark_side), box)
    draw_mark(surface, mark_box, mark)
    room = direction.placed(pygame.Rect(box.left + mark_side + mark_side // 3, box.top,
                                        box.width - mark_side - mark_side // 3, box.height), box)
    # Every tile's score on one baseline: digits of the tile's size centred, whatever the
    # score's own ink ("−5" stands lower than "12" when centred by its ink).
    baseline = room.centery + fonts.ink_height("0123456789", size, True) // 2
    size = _ink_fitted(fonts, score, size, room.size, floor)
    image = fonts.render(score, size, palette.TEXT_DIM if dim else palette.GOLD, True)
    with as_role(surface, Role.VALUE):
        at = (ink_x(room, ink_rect(image), direction.start), baseline - fonts.baseline(score, size, True))
        surface.blit(image, at)


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
    size = floor
    for mark in marks:  # one size for all, the largest every word fits at
        word = text(f"phones.status.{mark.value}")
        size = max(size, min(int(strip.height * 0.6), fonts.fit(word, int(strip.height * 0.6), each - strip.height)))
    size = min(size, max(floor, min(fonts.fit(text(f"phones.status.{m.value}"), int(strip.height * 0.6),
                                              each - strip.height) for m in marks)))
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
        with panel(surface, f"legend {item.mark.value}", item.box, Role.LABEL):
            draw_mark(surface, item.mark_box, item.mark)
            draw_lines(surface, fonts, item.word)


def draw_legend(surface: pygame.Surface, fonts: FontBook, text: Catalog, strip: pygame.Rect,
                marks: list[GuestMark]) -> None:
    """Each mark shown, with its word (planned and drawn at once: the race's strip)."""
    draw_legend_items(surface, fonts, plan_legend(fonts, text, strip, marks, min_text_px(surface.get_size())))