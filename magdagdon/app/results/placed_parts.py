"""Pieces (:mod:`..ui.placed`) for the ways the results' screens set words: by their ink,
centred in a box or hung from its top, and rows of buttons whose labels sit by their ink
(:func:`..ui.button_row.draw_button_row`). Measured with the font book's cached inks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from ..audit.draw_log import Role
from ..ui.placed import Placed, element, pieces, placed_text
from ..ui.widgets import Button

if TYPE_CHECKING:
    from ..text.fonts import FontBook


def ink_centred(fonts: "FontBook", words: str, size: int, box: pygame.Rect, role: Role,
                within: pygame.Rect | None = None, bold: bool = False, layer: int = 0) -> Placed | None:
    """``words`` with their ink centred in ``box`` both ways (as ``blit_ink`` draws them)."""
    ink = fonts.ink(words, size, bold)
    return placed_text(fonts, words, size, (box.centerx - ink.centerx, box.centery - ink.centery), role,
                       within, bold, layer)


def ink_hung(fonts: "FontBook", words: str, size: int, box: pygame.Rect, role: Role,
             within: pygame.Rect | None = None, bold: bool = False, layer: int = 0) -> Placed | None:
    """``words`` with their ink centred across ``box`` and its top at the box's top."""
    ink = fonts.ink(words, size, bold)
    return placed_text(fonts, words, size, (box.centerx - ink.centerx, box.top - ink.top), role, within, bold, layer)


def button_pieces(fonts: "FontBook", buttons: Sequence[Button], layer: int = 0) -> tuple[Placed, ...]:
    """Each button and its label at the size its row was planned at, its ink centred."""
    out: list[Placed | None] = []
    for button in buttons:
        out.append(element(Role.BUTTON, button.rect, f"button {button.ident}", layer))
        if button.label and button.label_size is not None:
            out.append(ink_centred(fonts, button.label, button.label_size, button.rect, Role.BUTTON_LABEL,
                                   button.rect, True, layer))
    return pieces(out)
