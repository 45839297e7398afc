"""The pieces of lines a plan already placed (:class:`..text.line_block.PlacedLine`): each
line's ink where ``draw_lines`` blits it, measured with the font book, nothing rendered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import pygame

from ..audit.draw_log import Role
from ..text.line_block import PlacedLine
from ..ui.placed import Placed, placed_text

if TYPE_CHECKING:
    from ..text.fonts import FontBook


def line_pieces(fonts: FontBook, lines: Iterable[PlacedLine], role: Role, box: pygame.Rect | None,
                layer: int = 0) -> list[Placed]:
    """One text piece per line, each in ``box`` (the card, seat or tile it belongs to)."""
    out = (placed_text(fonts, line.words, line.size, line.at, role, box, line.bold, layer) for line in lines)
    return [piece for piece in out if piece is not None]
