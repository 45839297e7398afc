"""The pictures of the lines the fonts have set, kept for the whole run of the program.

A line is set once, in white: shaping and rendering a line is the costly part of drawing
text (0.4 ms for a Latin line, 1 ms for Nastaliq), and the same words come back at the
same size in other colours, after a language switch, a window resized back, a new game's
screens. A line shown in a colour is its white picture tinted: a multiply blend of white
by the colour gives exactly the pixels SDL_ttf renders in that colour (every pixel's
colour is the colour, its alpha the glyphs' coverage). Where a line's ink lies is read
from the same picture, so measuring a line and drawing it render it once.

Bounded by the pictures' bytes, the least recently used going first, so an evening of
typed names and rooms does not grow it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ui.bounded_cache import BoundedCache, surface_bytes

if TYPE_CHECKING:
    from .text_layout import SetLine

# About one 1920x1080 window's worth: a few screens' lines. With the coloured lines the font
# book keeps (one window's worth: each remade from its white picture by a tint), the text
# images hold what two windows' worth of coloured lines held before.
PICTURES_BUDGET = 8 * 1024 * 1024

# (setter's fonts and language, line or its styled spans, px, bold) -> the line set in white
LINE_PICTURES: BoundedCache["SetLine"] = BoundedCache(PICTURES_BUDGET, lambda line: surface_bytes(line.image))
