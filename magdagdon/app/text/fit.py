"""Fitting words to their room: the readable floor, the largest size at which a text fits a
box on one line or a few, lines stacked by their ink, pieces in different sizes or scripts
sharing one baseline.

Every screen searches sizes through here, and only here: :func:`fitted_size` for one line
(by its width and its ink's or line's height; given :data:`SMALLEST_PX` as its floor it
tells a caller that shortens or wraps how far below the readable size a text would go),
:func:`fit_lines` for a few lines. :func:`fitted_line` and :func:`fitted_block` render what
they found, and ``line_block.block_of`` places it for a plan. ``FontBook.fit``, the width
search beneath them, is asked from ``text/`` alone; ``FontBook.wrap`` breaks lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..audit.draw_log import new_surface
from ..ui.palette import Colour
from .text_layout import SMALLEST_PX as SMALLEST_PX  # a size search given it as its floor reports sizes below the readable one

if TYPE_CHECKING:
    from .fonts import FontBook


def min_text_px(window: tuple[int, int]) -> int:
    """The smallest text worth drawing: 16 px up to 864 px on the window's shorter side
    (800×600, 1280×720), then growing with it: 20 px at 1920×1080, 40 px at 3840×2160."""
    return max(16, round(min(window) / 54))


def edge_room(size: int, floor: int) -> int:
    """The least room between a text's ink at ``size`` and the edge of its box (a card, a
    tile, a button): a fifth of its size, of at most twice the readable ``floor`` (a large
    figure needs no more). Closer, the words read as touching the edge."""
    return -(-min(size, 2 * floor) // 5)


def fitted_size(fonts: "FontBook", text: str, size: int, box: tuple[int, int], bold: bool = False,
                floor: int = 10, by_ink: bool = True) -> int:
    """The largest size <= ``size`` at which ``text`` fits ``box`` (width, height) on one
    line, by its width and by its ink's height (``by_ink`` False: by its line's height, which
    for Nastaliq stands about twice as tall as its letters); a height of 0 bounds the width
    alone. Never below ``floor``, which the caller takes from its own window (no screen is
    read here). This is the one size search by room: screens fit through it."""
    width, height = box
    top = max(floor, fonts.fit(text, max(floor, size), max(1, width), bold))

    def tall(at: int) -> int:
        return fonts.ink_height(text, at, bold) if by_ink else fonts.size(text, at, bold)[1]

    if top <= floor or height <= 0 or tall(top) <= height:
        return top
    low, high = floor, top - 1  # the height grows with the size: the largest that fits, by halves
    while low < high:
        middle = (low + high + 1) // 2
        if tall(middle) <= height:
            low = middle
        else:
            high = middle - 1
    return low


def fitted_line(fonts: "FontBook", text: str, size: int, box: tuple[int, int], colour: Colour,
                bold: bool = False, floor: int = 10, by_ink: bool = True) -> pygame.Surface:
    """``text`` on one line at the largest size <= ``size`` at which it fits ``box`` (width,
    height), never below ``floor`` (see :func:`fitted_size`)."""
    return fonts.render(text, fitted_size(fonts, text, size, box, bold, floor, by_ink), colour, bold)


def fitted_block(fonts: "FontBook", text: str, size: int, box: tuple[int, int], colour: Colour,
                 bold: bool = False, floor: int = 10) -> pygame.Surface:
    """As :func:`fitted_line`, but a text too long for one line at ``floor`` is wrapped
    onto as many centred lines as it needs (the caller's box grows with its ink)."""
    shown, wrapped = block_size(fonts, text, size, box, bold, floor)
    if not wrapped:
        return fonts.render(text, shown, colour, bold)
    lines = [fonts.render(line, floor, colour, bold) for line in fonts.wrap(text, floor, box[0], bold)]
    step = fonts.line_step(floor)
    block = new_surface((max(line.get_width() for line in lines), step * (len(lines) - 1) + lines[-1].get_height()),
                        pygame.SRCALPHA, fonts.logged)
    for index, line in enumerate(lines):
        block.blit(line, line.get_rect(midtop=(block.get_width() // 2, index * step)))
    return block


def block_size(fonts: "FontBook", text: str, size: int, box: tuple[int, int], bold: bool = False,
               floor: int = 10) -> tuple[int, bool]:
    """The size :func:`fitted_block` sets ``text`` at, and whether it wraps it (too long
    for one line at ``floor``): what a plan says of the block it placed."""
    one_line = fitted_size(fonts, text, size, box, bold, floor)
    if fonts.ink(text, one_line, bold).width <= box[0]:
        return one_line, False
    return floor, True


def fit_lines(fonts: "FontBook", text: str, largest: int, width: int, height: int, floor: int, most: int = 2,
              bold: bool = False) -> tuple[list[str], int]:
    """``text`` at the largest size (from ``largest`` down to the readable ``floor``) at which
    it fits ``width``, on one line or, failing that, on up to ``most`` lines whose ink,
    stacked, fits ``height``. Where nothing fits, the readable size on as many lines as it
    takes (what the screen audit then reports)."""
    smallest = readable_floor(fonts, floor)
    for lines_allowed in range(1, most + 1):
        size = max(smallest, largest)
        while True:
            lines = fonts.wrap(text, size, width, bold) if lines_allowed > 1 else [text]
            wide_enough = all(fonts.size(line, size, bold)[0] <= width for line in lines)
            if wide_enough and len(lines) <= lines_allowed and stacked_height(fonts, lines, size, bold) <= height:
                return lines, size
            if size <= smallest:
                break
            size = max(smallest, int(size * 0.92))
    return fonts.wrap(text, smallest, width, bold), smallest


def readable_floor(fonts: "FontBook", floor: int) -> int:
    """The smallest size ``fonts`` draws at ``floor`` pixels or more (Large text draws each
    size larger)."""
    size = max(1, int(floor / fonts.scale))
    while int(size * fonts.scale) < floor:
        size += 1
    return size


def line_gap(size: int) -> int:
    """The space between the ink of two stacked lines of text at ``size``."""
    return max(2, size // 4)


def stacked_height(fonts: "FontBook", lines: list[str], size: int, bold: bool = False) -> int:
    """How tall ``lines`` stand when stacked by their ink (:func:`blit_lines`)."""
    return sum(fonts.ink_height(line, size, bold) for line in lines) + line_gap(size) * (len(lines) - 1)


def stacked_spots(fonts: "FontBook", lines: list[str], size: int, box: pygame.Rect, bold: bool = False,
                  align: str = "center") -> list[tuple[str, tuple[int, int]]]:
    """Where :func:`blit_lines` puts each line's picture: stacked by their ink, the block
    centred in ``box``, each line ``align``-ed across it ("center", "start" or "end" of the
    reading direction)."""
    y = box.centery - stacked_height(fonts, lines, size, bold) // 2
    side = fonts.direction.side(align)
    spots = []
    for line in lines:
        ink = fonts.ink(line, size, bold)
        x = {"left": box.left - ink.left, "right": box.right - ink.right}.get(side, box.centerx - ink.centerx)
        spots.append((line, (x, y - ink.top)))
        y += ink.height + line_gap(size)
    return spots


def blit_lines(surface: pygame.Surface, fonts: "FontBook", lines: list[str], size: int, colour: Colour,
               box: pygame.Rect, bold: bool = False, align: str = "center") -> pygame.Rect:
    """``lines`` where :func:`stacked_spots` puts them; returns the ink's bounds."""
    drawn = pygame.Rect(box.centerx, box.centery - stacked_height(fonts, lines, size, bold) // 2, 0, 0)
    for line, at in stacked_spots(fonts, lines, size, box, bold, align):
        surface.blit(fonts.render(line, size, colour, bold), at)
        drawn.union_ip(fonts.ink(line, size, bold).move(at))
    return drawn


Words = tuple[str, int, bool]  # what a piece of a line says, its size, and whether it is bold


def shared_baseline(fonts: "FontBook", pieces: list[Words], box: pygame.Rect) -> int:
    """The baseline on which ``pieces``, set side by side on one line, have their ink
    centred in ``box`` (separate pictures of words in different sizes or scripts)."""
    inks = [(fonts.ink(*piece), fonts.baseline(*piece)) for piece in pieces if piece[0].strip()]
    if not inks:
        return box.centery
    top = min(ink.top - base for ink, base in inks)
    bottom = max(ink.bottom - base for ink, base in inks)
    return box.centery - (top + bottom) // 2


def baseline_rect(fonts: "FontBook", piece: Words, baseline: int, **anchor: int) -> pygame.Rect:
    """Where the picture of ``piece`` goes with its baseline at ``baseline``, placed across by
    ``left=``, ``right=`` or ``centerx=`` (of its picture)."""
    rect = pygame.Rect((0, 0), fonts.size(*piece))
    for name, value in anchor.items():
        setattr(rect, name, value)
    rect.top = baseline - fonts.baseline(*piece)
    return rect


def blit_on_baseline(surface: pygame.Surface, fonts: "FontBook", image: pygame.Surface, piece: Words, baseline: int,
                     **anchor: int) -> pygame.Rect:
    """``image`` (the rendering of ``piece``) where :func:`baseline_rect` puts it."""
    rect = image.get_rect(**anchor)
    rect.top = baseline - fonts.baseline(*piece)
    surface.blit(image, rect)
    return rect


def wrap(fonts: "FontBook", text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of ``text`` that fit ``width`` (broken at spaces, any script; see FontBook.wrap)."""
    return fonts.wrap(text, size, width, bold)
