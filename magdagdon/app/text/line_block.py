"""Words fitted to a box as a plan: the lines, their size and where each goes, worked out
once and drawn later by a plain loop of blits (:func:`draw_lines`).

``fitted_block`` (:mod:`.fit`) fits and draws in one go; a screen laid out by a plan asks
:func:`block_of` instead, keeps the :class:`LineBlock` in its plan and places it with
:meth:`LineBlock.placed` — the same lines, sizes and positions, nothing searched as it
draws."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import pygame

from .fit import fitted_size
from ..ui.palette import Colour

if TYPE_CHECKING:
    from .fonts import FontBook


@dataclass(frozen=True)
class PlacedLine:
    """One line of words: what it says, how, and where its image's top-left goes."""

    words: str
    size: int
    colour: Colour
    bold: bool
    at: tuple[int, int]


@dataclass(frozen=True)
class LineBlock:
    """Lines a line step apart, centred on one another, relative to the block's top-left."""

    lines: tuple[PlacedLine, ...]
    ink: pygame.Rect  # where the letters of all the lines stand, in the block
    height: int  # the block's own height (its last line's foot)

    def placed(self, box: pygame.Rect, align: str = "center") -> tuple[tuple[PlacedLine, ...], pygame.Rect]:
        """The lines with their ink centred in ``box`` from top to bottom and placed
        ``align`` ("left", "center", "right") across it, and where that ink stands."""
        ink = self.ink
        x = box.left - ink.left if align == "left" else box.right - ink.right if align == "right" \
            else box.centerx - ink.centerx
        y = box.centery - ink.centery
        lines = tuple(PlacedLine(line.words, line.size, line.colour, line.bold, (line.at[0] + x, line.at[1] + y))
                      for line in self.lines)
        return lines, ink.move(x, y)


def lines_block(fonts: FontBook, lines: Sequence[str], size: int, colour: Colour, bold: bool = False) -> LineBlock:
    """``lines`` at ``size``, one under the other, each centred on the widest."""
    step = fonts.line_step(size)
    images = [fonts.render(line, size, colour, bold) for line in lines]
    width = max(image.get_width() for image in images)
    placed = [PlacedLine(line, size, colour, bold, (width // 2 - image.get_width() // 2, index * step))
              for index, (line, image) in enumerate(zip(lines, images))]
    inks = [image.get_bounding_rect().move(line.at) for line, image in zip(placed, images)]
    ink = inks[0].unionall(inks[1:]) if len(inks) > 1 else inks[0]
    return LineBlock(tuple(placed), ink, step * (len(images) - 1) + images[-1].get_height())


def block_of(fonts: FontBook, text: str, size: int, box: tuple[int, int], colour: Colour, bold: bool = False,
             floor: int = 10) -> LineBlock:
    """What ``fitted_block`` draws, as a plan: ``text`` on one line at the largest size up to
    ``size`` that fits ``box``, or, too long for one line at ``floor``, wrapped at ``floor``
    onto as many centred lines as it needs."""
    fitted = fitted_size(fonts, text, size, box, bold, floor)
    if fonts.render(text, fitted, colour, bold).get_bounding_rect().width <= box[0]:
        return lines_block(fonts, [text], fitted, colour, bold)
    return lines_block(fonts, fonts.wrap(text, floor, box[0], bold), floor, colour, bold)


def draw_lines(surface: pygame.Surface, fonts: FontBook, lines: Sequence[PlacedLine]) -> None:
    for line in lines:
        surface.blit(fonts.render(line.words, line.size, line.colour, line.bold), line.at)
