"""The party's players at the side of the table (a strip below it in portrait): each
name in its colour, the score, and a small picture of the board; the player to move is
framed in their colour, a full board says it waits."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from magdagdon.engine import Board

from ..fonts import FontBook
from . import palette
from .hud import min_text_px
from .palette import Colour


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


def fitted(fonts: FontBook, words: str, size: int, width: int, height: int, colour: Colour,
           bold: bool = False) -> pygame.Surface:
    """``words`` rendered to fit ``width`` and ``height`` (scripts such as Nastaliq stand
    much taller than Latin letters of the same size)."""
    screen = pygame.display.get_surface()
    floor = min_text_px(screen.get_size()) if screen is not None else 10
    size = max(floor, fonts.fit(words, max(floor, size), max(10, width), bold))
    image = fonts.render(words, size, colour, bold)
    if image.get_height() > height > 0:  # never below the smallest readable size
        image = fonts.render(words, max(floor, size * height // image.get_height()), colour, bold)
    return image


def draw_mini_board(surface: pygame.Surface, fonts: FontBook, rect: pygame.Rect, board: Board) -> None:
    """A 4×4 board in ``rect`` (a square): numbers on cells, ruins dark."""
    side = min(rect.width, rect.height)
    gap = max(1, side // 40)
    cell = (side - 5 * gap) // 4
    left, top = rect.centerx - side // 2, rect.centery - side // 2
    smallest = min_text_px(surface.get_size())
    # Digits only where they can be read; smaller boards show numbers as filled cells.
    size = max(smallest, int(cell * 0.7)) if smallest <= cell * 0.9 else 0
    for index in range(16):
        r, c = divmod(index, 4)
        box = pygame.Rect(left + gap + c * (cell + gap), top + gap + r * (cell + gap), cell, cell)
        value = board.number(index)
        if board.is_ruin(index):
            pygame.draw.rect(surface, palette.RUIN_DARK, box, border_radius=max(1, cell // 6))
        elif value:
            pygame.draw.rect(surface, palette.DIE_FACE, box, border_radius=max(1, cell // 6))
            if size:
                digit = fonts.render(str(value), size, palette.DIE_PIP, bold=True)
                surface.blit(digit, digit.get_rect(center=box.center))
        else:
            pygame.draw.rect(surface, palette.CELL_EMPTY, box, border_radius=max(1, cell // 6))


def draw_party_strip(surface: pygame.Surface, fonts: FontBook, rect: pygame.Rect, entries: list[StripEntry],
                     across: bool) -> None:
    """One tile per player: stacked in ``rect`` (landscape), side by side when ``across``."""
    count = max(1, len(entries))
    gap = max(4, min(rect.width, rect.height) // 40)
    for index, entry in enumerate(entries):
        if across:
            each = (rect.width - gap * (count - 1)) // count
            tile = pygame.Rect(rect.left + index * (each + gap), rect.top, each, rect.height)
        else:
            each = (rect.height - gap * (count - 1)) // count
            tile = pygame.Rect(rect.left, rect.top + index * (each + gap), rect.width, each)
        _draw_tile(surface, fonts, tile, entry)


def _draw_tile(surface: pygame.Surface, fonts: FontBook, tile: pygame.Rect, entry: StripEntry) -> None:
    rtl = fonts.rtl
    radius = max(4, min(tile.width, tile.height) // 10)
    pygame.draw.rect(surface, palette.PANEL, tile, border_radius=radius)
    edge = entry.colour if entry.current else palette.PANEL_EDGE
    pygame.draw.rect(surface, edge, tile, width=max(3, min(tile.width, tile.height) // 40) if entry.current else 1,
                     border_radius=radius)
    pad = max(3, min(tile.width, tile.height) // 14)
    inner = tile.inflate(-2 * pad, -2 * pad)
    lines = [(entry.name, entry.colour, True), (str(entry.score), palette.TEXT, True), (entry.status, palette.TEXT_DIM, False)]
    tall = inner.height >= inner.width * 0.9
    if tall:  # text above, the board below it as large as fits
        line = max(10, min(inner.height // 9, inner.width // 6))
        text_w = inner.width
        side = min(inner.width, inner.height - int(line * 1.15) * 3 - pad)
        board_rect = pygame.Rect(inner.centerx - side // 2, inner.bottom - side, side, side)
    else:  # text at the left, the board at the right
        side = min(inner.height, inner.width // 2)
        board_rect = pygame.Rect(inner.right - side, inner.centery - side // 2, side, side)
        text_w = inner.width - side - pad
        line = max(10, min(inner.height * 2 // 9, text_w // 5))
    y = inner.top
    step = int(line * 1.15)
    for words, colour, bold in lines:
        if words:
            image = fitted(fonts, words, line, text_w, step, colour, bold)
            x = inner.right - image.get_width() if rtl and tall else inner.left
            surface.blit(image, (x, y))
        y += step
    if side > 12:
        draw_mini_board(surface, fonts, board_rect, entry.board)
