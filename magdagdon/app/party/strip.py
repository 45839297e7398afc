"""The party's players at the side of the table (a strip below it in portrait): each
name in its colour, the score, and a small picture of the board; the player to move is
framed in their colour, a full board says it waits. Laid out once by ``plan_party_strip``
(the words' sizes searched, long names shortened), drawn from that plan."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from magdagdon.engine import Board

from ..text.fonts import FontBook
from ..ui import palette
from ..audit.draw_log import Role, panel
from ..text.ellipsis import shortened
from ..text.fit import fitted_size, min_text_px
from ..text.direction import LEFT_TO_RIGHT
from ..text.line_block import PlacedLine, draw_lines
from ..text.menu_text import ink_rect
from ..table.mini_board import draw_mini_board
from ..ui.palette import Colour
from ..ui.placed import Placed, element, placed_text


@dataclass(frozen=True)
class StripEntry:
    name: str
    colour: Colour
    score: int
    board: Board
    status: str  # "" or a short translated word: "playing", "waiting", "computer"
    current: bool
    computer: bool = False
    full: bool = False  # the board is full: the player waits for the others


@dataclass(frozen=True)
class StripTile:
    """One player's tile, laid out: its box, the room for words and the board, and each line
    of words placed (the name's the first)."""

    entry: StripEntry
    tile: pygame.Rect
    text_box: pygame.Rect
    board_rect: pygame.Rect
    lines: tuple[tuple[PlacedLine, ...], ...]


def plan_party_strip(fonts: FontBook, window: tuple[int, int], rect: pygame.Rect, entries: list[StripEntry],
                     across: bool) -> tuple[StripTile, ...]:
    """One tile per player: stacked in ``rect`` (landscape), side by side when ``across``."""
    count = max(1, len(entries))
    gap = max(4, min(rect.width, rect.height) // 40)
    tiles = []
    for index in range(len(entries)):
        if across:  # in reading order: from the right for a right-to-left reader
            each = (rect.width - gap * (count - 1)) // count
            tile = fonts.direction.placed(pygame.Rect(rect.left + index * (each + gap), rect.top, each, rect.height), rect)
        else:
            each = (rect.height - gap * (count - 1)) // count
            tile = pygame.Rect(rect.left, rect.top + index * (each + gap), rect.width, each)
        tiles.append(tile)
    floor = min_text_px(window)
    words = [_tile_words(fonts, floor, tile, entry) for tile, entry in zip(tiles, entries)]
    first = words[0] if words else None
    if first is not None and not first.tall \
            and _lines_height(_shared_lines(fonts, words), first.spacing) > first.inner.height:
        # the tallest words of each line together need more than a tile holds: the status
        # after the score in every tile (one tile's Nastaliq status moves the others' too)
        words = [_tile_words(fonts, floor, tile, entry, two_lines=True) for tile, entry in zip(tiles, entries)]
    # Every tile sets its lines on the same baselines (a Nastaliq name in one tile moves no
    # score lower than the others) and keeps the same room for words, so the boards come
    # out the same size.
    lines = _shared_lines(fonts, words)
    reserved = _lines_height(lines, words[0].spacing) if words else 0
    return tuple(_place_tile(fonts, tile, entry, w, reserved, lines) for tile, entry, w in zip(tiles, entries, words))


def draw_party_strip(surface: pygame.Surface, fonts: FontBook, plan: tuple[StripTile, ...]) -> None:
    for index, tile in enumerate(plan):
        with panel(surface, f"player {index}", tile.tile, element=Role.PANEL):
            _draw_tile(surface, fonts, tile)


def party_strip_pieces(fonts: FontBook, plan: tuple[StripTile, ...]) -> list[Placed | None]:
    """Each tile as ``draw_party_strip`` draws it: its box, its lines (the name first) and its board."""
    out: list[Placed | None] = []
    for index, tile in enumerate(plan):
        out.append(element(Role.PANEL, tile.tile, f"player {index}"))
        out += [placed_text(fonts, line.words, line.size, line.at, Role.NAME if row == 0 else Role.VALUE, tile.tile,
                            line.bold) for row, pieces in enumerate(tile.lines) for line in pieces]
        if tile.board_rect.width > 12:
            out.append(element(Role.PICTURE, tile.board_rect, "mini board"))
    return out


def _shared_lines(fonts: FontBook, words: list["_TileWords"]) -> list[tuple[int, int]]:
    """For each line of the tiles' words, how far its ink reaches above and below its
    baseline in the tile that needs most."""
    lines: list[tuple[int, int]] = []
    for tile in words:
        for index, row in enumerate(tile.rows):
            above, below = _row_reach(fonts, row)
            if index == len(lines):
                lines.append((above, below))
            else:
                lines[index] = (max(lines[index][0], above), max(lines[index][1], below))
    return lines


@dataclass(frozen=True)
class _Piece:
    image: pygame.Surface
    words: tuple[str, int, bool]  # what it says, its size, bold
    colour: Colour


@dataclass
class _TileWords:
    inner: pygame.Rect
    tall: bool  # words above the board (else at its side)
    text_w: int
    side: int  # the board's side when it stands beside the words
    spacing: int
    apart: int  # between two pieces of one row (the score and the status): an em
    rows: list[list[_Piece]]
    fonts: FontBook

    @property
    def height(self) -> int:
        return _rows_height(self.rows, self.spacing, self.fonts)


def _lines_height(lines: list[tuple[int, int]], spacing: int) -> int:
    return sum(above + below for above, below in lines) + spacing * max(0, len(lines) - 1)


def _tile_words(fonts: FontBook, floor: int, tile: pygame.Rect, entry: StripEntry, two_lines: bool = False) -> _TileWords:
    """The tile's words, fitted to its room: name, score, status."""
    pad = max(floor // 2, min(tile.width, tile.height) // 12)  # the words half an em clear of the tile's edge
    inner = tile.inflate(-2 * pad, -2 * pad)
    lines = [(entry.name, entry.colour, True), (str(entry.score), palette.TEXT, True), (entry.status, palette.TEXT_DIM, False)]
    tall = inner.height >= inner.width * 0.9
    side = 0
    if tall:  # text above, the board below it as large as fits
        line = max(10, min(inner.height // 9, inner.width // 6))
        text_w = inner.width
    else:  # text at the left, the board at the right
        side = min(inner.height, inner.width // 2)
        text_w = inner.width - side - pad
        line = max(10, min(inner.height * 2 // 9, text_w // 5))
    step = int(line * 1.15)
    spacing = max(2, line // 6)

    def word_image(words: str, colour: Colour, bold: bool, width: int) -> _Piece:
        # Bounded by the letters' ink: an Urdu name as large as a Latin one beside it.
        size = fitted_size(fonts, words, line, (width, step), bold, floor)
        if fonts.size(words, size, bold)[0] > width:  # too long even at the smallest readable size
            words = shortened(fonts, words, floor, width, bold)
            size = fitted_size(fonts, words, line, (width, step), bold, floor)
        return _Piece(fonts.render(words, size, colour, bold), (words, size, bold), colour)

    rows = [[word_image(words, colour, bold, text_w)] for words, colour, bold in lines if words]
    if (two_lines or _rows_height(rows, spacing, fonts) > inner.height) and len(rows) == 3:  # status after score
        score = rows[1][0]
        rows[1:] = [[score, word_image(entry.status, palette.TEXT_DIM, False,
                                       text_w - score.image.get_width() - max(line, floor))]]
    return _TileWords(inner, tall, text_w, side, spacing, max(line, floor), rows, fonts)


def _place_tile(fonts: FontBook, tile: pygame.Rect, entry: StripEntry, words: _TileWords, reserved: int,
                lines: list[tuple[int, int]]) -> StripTile:
    inner, tall, spacing = words.inner, words.tall, words.spacing
    pad = (tile.width - inner.width) // 2
    if tall:
        side = min(inner.width, inner.height - reserved - pad)
        board_rect = pygame.Rect(inner.centerx - side // 2, inner.bottom - side, side, side)
        text_box = pygame.Rect(inner.left, inner.top, words.text_w, board_rect.top - inner.top)
    else:
        side = words.side
        board_rect = pygame.Rect(inner.right - side, inner.centery - side // 2, side, side)
        text_box = pygame.Rect(inner.left, inner.top, words.text_w, inner.height)
    # Lines stacked by their ink: a script that stands taller (Nastaliq) takes the room it needs.
    # A tall tile's words run from the reader's start; a wide one's beside its board, from the left.
    flow = fonts.direction if tall else LEFT_TO_RIGHT
    # Words taller than the room inside the padding (Nastaliq at the readable size) stand
    # in the middle of the tile: as far from its top as from its bottom, never at its edge.
    y = inner.top if tall or reserved <= inner.height else tile.top + (tile.height - reserved) // 2
    placed = []
    for line, row in enumerate(words.rows):
        inks = [ink_rect(piece.image) for piece in row]
        # the words of one row on one baseline, at the same height in every tile
        above, below = lines[line]
        baseline = y + above
        along = 0
        pieces = []
        for piece, ink in zip(row, inks):
            at = flow.placed(pygame.Rect(inner.left + along, y, ink.width, ink.height), inner)
            words_, size, bold = piece.words
            pieces.append(PlacedLine(words_, size, piece.colour, bold,
                                     (at.left - ink.left, baseline - fonts.baseline(*piece.words))))
            along += ink.width + words.apart
        placed.append(tuple(pieces))
        y += above + below + spacing
    return StripTile(entry, tile, text_box, board_rect, tuple(placed))


def _draw_tile(surface: pygame.Surface, fonts: FontBook, plan: StripTile) -> None:
    tile, entry = plan.tile, plan.entry
    radius = max(4, min(tile.width, tile.height) // 10)
    pygame.draw.rect(surface, palette.PANEL, tile, border_radius=radius)
    edge = entry.colour if entry.current else palette.PANEL_EDGE
    pygame.draw.rect(surface, edge, tile, width=max(3, min(tile.width, tile.height) // 40) if entry.current else 1,
                     border_radius=radius)
    for line, pieces in enumerate(plan.lines):
        draw_lines(surface, fonts, pieces)
    if plan.board_rect.width > 12:
        draw_mini_board(surface, plan.board_rect, entry.board.cells)


def _row_reach(fonts: FontBook, row: list[_Piece]) -> tuple[int, int]:
    """How far one row of words set on one baseline reaches above and below it."""
    inks = [(ink_rect(piece.image), fonts.baseline(*piece.words)) for piece in row]
    return max(base - ink.top for ink, base in inks), max(ink.bottom - base for ink, base in inks)


def _row_height(fonts: FontBook, row: list[_Piece]) -> int:
    """The height of one row of words set on one baseline."""
    above, below = _row_reach(fonts, row)
    return above + below


def _rows_height(rows: list[list[_Piece]], spacing: int, fonts: FontBook) -> int:
    """The height of lines of words stacked by their ink."""
    return sum(_row_height(fonts, row) for row in rows) + spacing * (len(rows) - 1)
