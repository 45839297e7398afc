"""The guests' tiles laid out once: where each tile's board, name, mark and score go, the
name's size (the search for the largest that fits, and the ellipsis of a long one) and the
score's, made from the tiles' area, the window's readable size, the language and the tiles.
The race and the room's results keep a :class:`TilesPlan` in their plan and draw from it
(:func:`guest_tiles.draw_tiles`); kept tile images are keyed by a tile's plan."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..text.ellipsis import shortened
from ..text.fit import fitted_size
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..text.line_block import PlacedLine, lines_block
from ..text.menu_text import ink_rect, ink_x
from ..text.numbers import signed
from ..text.text_runs import isolated
from ..text.direction import Direction
from ..ui import palette
from .guest_tiles import GuestMark, Tile, seat_colour, tile_boxes

Box = tuple[int, int, int, int]  # x, y, width, height: a plan's rect, hashable (a kept image's key)


def box_of(rect: pygame.Rect) -> Box:
    return (rect.x, rect.y, rect.width, rect.height)


@dataclass(frozen=True)
class NameBand:
    """How tall the room's names are, so that every tile is laid out alike: Nastaliq's or
    Devanagari's ink reaches far above and below Latin's, and a tile sized by its own name
    gave an Urdu guest a smaller board (or the other layout) than the Latin guest beside it."""

    at_floor: int  # the tallest name's ink at the window's readable floor
    across_top: int  # the tallest name's ink as drawn across a small tile's top


@dataclass(frozen=True)
class TilePlan:
    """One guest's tile in a card of ``size`` whose top-left is (0, 0): drawn anywhere by
    moving it, and the key of its kept image."""

    tile: Tile
    size: tuple[int, int]
    board: Box
    name: tuple[PlacedLine, ...]  # nothing where not even a letter of the name fits
    mark_box: Box
    score: PlacedLine


@dataclass(frozen=True)
class TilesPlan:
    cards: tuple[Box, ...]  # each tile's card, in the order of ``tiles``
    tiles: tuple[TilePlan, ...]


WORDS_SHARE = 0.5  # the words' column beside the board: at least this share of the tile
NAME_SHARE = 0.45  # the smallest a long name is drawn, against the size the tile gives names
MARK_LEAST = 8  # the smallest a tile's mark is drawn
WIDEST_SCORE = signed(-888)  # the widest score a tile keeps room for


class KeptTilePlans:
    """The tiles' plans (and the names' band) of the last plan made, for the next one: a busy
    room changes a seat or two at a time, and fifty tiles planned afresh at each change took
    some 3 to 5 ms of the loop's thread, which the phones' server shares. A tile's plan is
    kept while the tile, its card, the band, the readable size and the fonts stay the same."""

    def __init__(self) -> None:
        self.state: tuple[object, ...] = ()
        self.names: tuple[tuple[str, int | None], ...] = ()
        self.band: NameBand | None = None
        self.tiles: dict[tuple[Tile, tuple[int, int]], TilePlan] = {}


def plan_tiles(fonts: FontBook, text: Catalog, area: pygame.Rect, tiles: list[Tile], floor: int,
               kept: KeptTilePlans | None = None) -> TilesPlan:
    """The tiles in a grid in ``area`` (``floor``: the window's smallest readable text),
    taking from ``kept`` the plans of the tiles that did not change."""
    # Few guests: wide tiles, the board beside the words; many: taller ones, the name across the top.
    aspect = 2.6 if len(tiles) <= 12 else 1.7
    cards = [box.inflate(-max(2, box.width // 40), -max(2, box.height // 20))
             for box in tile_boxes(len(tiles), area, aspect, text.direction)]
    if not cards:
        return TilesPlan((), ())
    kept = KeptTilePlans() if kept is None else kept
    state = (text.locale, id(fonts), fonts.generation, floor, cards[0].size)  # the grid's cards are all one size
    names = tuple((tile.name, tile.place) for tile in tiles)
    band = kept.band if kept.band is not None and (state, names) == (kept.state, kept.names) else \
        name_band(fonts, text, tiles, cards[0], floor)
    before = kept.tiles if (state, band) == (kept.state, kept.band) else {}
    planned: dict[tuple[Tile, tuple[int, int]], TilePlan] = {}
    for tile, card in zip(tiles, cards):
        key = (tile, card.size)
        planned[key] = before.get(key) or plan_tile(fonts, text, card.size, tile, floor, band)
    kept.state, kept.names, kept.band, kept.tiles = state, names, band, planned
    return TilesPlan(tuple(box_of(card) for card in cards), tuple(planned[(tile, card.size)]
                                                                   for tile, card in zip(tiles, cards)))


def shown_name(text: Catalog, tile: Tile) -> str:
    name = text.shown_name(tile.name)
    return text("party.place", place=tile.place, name=name) if tile.place is not None else isolated(name)


def _inner(card: pygame.Rect, floor: int) -> tuple[int, pygame.Rect]:
    """The tile's padding and what lies inside it: a fifth of the readable size at least, or
    a name in a small tile (fifty guests) touches the tile's edge."""
    pad = max(2, min(card.width, card.height) // 14, -(-floor // 5))
    return pad, card.inflate(-2 * pad, -2 * pad)


def name_band(fonts: FontBook, text: Catalog, tiles: list[Tile], card: pygame.Rect, floor: int) -> NameBand:
    """What the names of ``tiles`` need in cards of ``card``'s size."""
    _, inner = _inner(card, floor)
    names = [shown_name(text, tile) for tile in tiles]
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


def plan_tile(fonts: FontBook, text: Catalog, size: tuple[int, int], tile: Tile, floor: int,
              band: NameBand | None = None) -> TilePlan:
    """A wide tile: the board at the reading start, the name over the mark and the score.
    A small one: the name across the top, the board, the mark and the score below it.
    ``floor``: the window's smallest readable text; ``band``: what the room's names need
    (by default this tile's own name alone)."""
    direction = text.direction
    card = pygame.Rect((0, 0), size)
    band = name_band(fonts, text, [tile], card, floor) if band is None else band
    dim = tile.mark is GuestMark.REMOVED
    pad, inner = _inner(card, floor)
    name = shown_name(text, tile)
    score = signed(tile.score)  # one minus sign on every screen
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
        name_size = _name_size(fonts, name, score_size, (words.width, half - pad // 2), floor)
        board = direction.placed(pygame.Rect(inner.left, inner.top, side, side), inner)
        name_box = pygame.Rect(words.left, words.top, words.width, half)
        lower = pygame.Rect(words.left, words.top + half, words.width, words.height - half)
    else:  # the name across the top, the rest below
        line = max(floor, inner.height // 5)  # the board keeps the most of the height
        name_size = _name_size(fonts, name, line, (inner.width, max(line, band.at_floor)), floor)
        name_h = band.across_top + pad // 2  # every tile's board alike, whatever its name's script
        name_box = pygame.Rect(inner.left, inner.top, inner.width, name_h)
        # the board leaves the score its room at the readable size beside the smallest mark
        # (a narrow tile: a score past the tile's edge)
        beside = fonts.ink(WIDEST_SCORE, floor, True).width + MARK_LEAST + MARK_LEAST // 3 + pad
        side = max(4, min(inner.height - name_h - pad // 2, inner.width - beside))
        board = direction.placed(pygame.Rect(inner.left, name_box.bottom + pad // 2, side, side), inner)
        lower = direction.placed(pygame.Rect(inner.left + side + pad, board.top, inner.width - side - pad, side), inner)
        score_size = max(floor, side // 2)
    shown = shortened(fonts, name, name_size, name_box.width)
    name_lines: tuple[PlacedLine, ...] = ()
    if fonts.size(shown, name_size, True)[0] <= name_box.width:
        colour = palette.TEXT_DIM if dim else seat_colour(tile.seat)
        name_lines = lines_block(fonts, [shown], name_size, colour, True).placed(name_box, direction.start)[0]
    # The score and the mark are sized by the tile, never by the name: a long name shrinks
    # only itself, so every guest's score reads alike across the grid.
    mark_box, score_line = _mark_and_score(fonts, lower, score, score_size, floor, direction, dim)
    return TilePlan(tile, size, box_of(board), name_lines, box_of(mark_box), score_line)


def _mark_and_score(fonts: FontBook, box: pygame.Rect, score: str, size: int, floor: int, direction: Direction,
                    dim: bool) -> tuple[pygame.Rect, PlacedLine]:
    score_least = fonts.ink(score, floor, True).width  # the score at the readable size first, then the mark
    mark_side = max(MARK_LEAST, min(box.height, size, box.width // 3, (box.width - score_least) * 3 // 4))
    mark_box = direction.placed(pygame.Rect(box.left, box.centery - mark_side // 2, mark_side, mark_side), box)
    room = direction.placed(pygame.Rect(box.left + mark_side + mark_side // 3, box.top,
                                        box.width - mark_side - mark_side // 3, box.height), box)
    # Every tile's score on one baseline: digits of the tile's size centred, whatever the
    # score's own ink ("−5" stands lower than "12" when centred by its ink).
    baseline = room.centery + fonts.ink_height("0123456789", size, True) // 2
    size = _ink_fitted(fonts, score, size, room.size, floor)
    colour = palette.TEXT_DIM if dim else palette.GOLD
    image = fonts.render(score, size, colour, True)
    at = (ink_x(room, ink_rect(image), direction.start), baseline - fonts.baseline(score, size, True))
    return mark_box, PlacedLine(score, size, colour, True, at)
