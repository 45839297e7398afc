"""Buttons side by side whose labels share one size and sit by their ink: a row of keys, the
game-over panel's buttons. A Nastaliq label's picture stands taller than a short button, so
its letters are placed by where their pixels lie, never by the picture's box."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

import pygame

from . import palette
from ..audit.draw_log import Role, panel
from ..text.fit import fitted_size
from ..text.menu_text import blit_ink
from .placed import Placed, element, placed_ink_in
from .widgets import STYLES, Button, draw_button, rows_of

if TYPE_CHECKING:
    from ..text.fonts import FontBook

LABEL_SHARE = 0.42  # a label's size, as a share of its button's height (as render.widgets draws)
INK_SHARE = 0.8  # how much of the button's height its letters may take


def label_px(fonts: "FontBook", words: str, rect: pygame.Rect, share: float = LABEL_SHARE) -> int:
    """The largest size up to the usual label size (``share`` of the height) at which
    ``words`` fit ``rect`` by ink."""
    return fitted_size(fonts, words, int(rect.height * share),
                       (rect.width - rect.height // 3, int(rect.height * INK_SHARE)), True, floor=8)


def words_width(fonts: "FontBook", words: str, height: int) -> int:
    """How wide a button of ``height`` must be to hold ``words`` at its usual label size."""
    return fonts.size(words, int(height * LABEL_SHARE), True)[0] + height // 3 + 2


def row_label_size(fonts: "FontBook", buttons: Sequence[Button], label_share: float = LABEL_SHARE) -> int:
    """The size of every label of one row: the largest the tightest of them allows (up to
    ``label_share`` of their height: more for labels whose ink is small, such as marks)."""
    return min((label_px(fonts, button.label, button.rect, label_share) for button in buttons), default=0)


def size_button_rows(fonts: "FontBook", buttons: Sequence[Button]) -> list[Button]:
    """``buttons`` with the size of their row's labels (:func:`row_label_size`) set: part of
    the plan that holds them, so that drawing them searches no size."""
    for row in rows_of(buttons):
        size = row_label_size(fonts, row)
        for button in row:
            button.label_size = size
    return list(buttons)


def draw_button_row(surface: pygame.Surface, fonts: "FontBook", buttons: Sequence[Button], hovered: str | None = None,
                    focused: str | None = None, label_share: float = LABEL_SHARE) -> None:
    """``buttons`` (one row), every label at the size planned for the row (``label_size``),
    or, where none was, the size :func:`row_label_size` finds."""
    if not buttons:
        return
    sizes = {button.label_size for button in buttons}
    planned = sizes.pop() if len(sizes) == 1 else None
    size = planned if planned is not None else row_label_size(fonts, buttons, label_share)
    for button in buttons:
        draw_button(surface, fonts, replace(button, label=""), button.ident == hovered and button.enabled,
                    button.ident == focused)
        if not button.label:
            continue
        colour = STYLES[button.style][2] if button.enabled else palette.BUTTON_DISABLED_TEXT
        image = fonts.render(button.label, size, colour, bold=True)
        with panel(surface, f"button {button.ident}", button.rect):
            blit_ink(surface, image, button.rect)


def draw_button_rows(surface: pygame.Surface, fonts: "FontBook", buttons: Sequence[Button], hovered: str | None = None,
                     focused: str | None = None) -> None:
    """Buttons in rows (those of one top and height together), each row at one label size."""
    for row in rows_of(buttons):
        draw_button_row(surface, fonts, row, hovered, focused)


def button_row_pieces(fonts: "FontBook", buttons: Sequence[Button], layer: int = 0) -> list[Placed | None]:
    """What :func:`draw_button_row` places for ``buttons`` (one row, its label size planned):
    each button, and its words with their ink centred in it."""
    out: list[Placed | None] = []
    for button in buttons:
        out.append(element(Role.BUTTON, button.rect, f"button {button.ident}", layer))
        if button.label and button.label_size is not None:
            out.append(placed_ink_in(fonts, button.label, button.label_size, button.rect, Role.BUTTON_LABEL,
                                     button.rect, True, layer))
    return out
