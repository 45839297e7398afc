"""The tray where rolled dice land, and the Majda Powers caption."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import palette
from .draw_log import Role, as_role
from .hud import min_text_px

if TYPE_CHECKING:
    from magdagdon.engine import Game

    from ..fonts import FontBook
    from ..i18n import Catalog
    from .layout import Layout


def draw_tray(surface: pygame.Surface, layout: "Layout") -> None:
    pygame.draw.rect(surface, palette.PANEL, layout.tray, border_radius=max(6, layout.tray.height // 8))
    width = max(2, layout.die_size // 40)
    for slot in layout.tray_slots:
        pygame.draw.rect(surface, palette.PANEL_EDGE, slot, width=width, border_radius=max(4, slot.width // 6))


def draw_power_label(surface: pygame.Surface, fonts: "FontBook", layout: "Layout", game: "Game", text: "Catalog") -> None:
    rect = layout.power_label
    title = text("power.title")
    if game.difficulty.power_count == 0:
        detail = text("power.none")
    elif game.powers_left == 0:
        detail = text("power.all_used")
    else:
        detail = text("power.left", count=game.powers_left) + " · " + text("power.next_cost", penalty=game.next_penalty)
        short = text("power.left", count=game.powers_left)  # the buttons show the cost too
        if _caption_size(fonts, title, detail, int(rect.height * 0.5), rect.width) < min_text_px(surface.get_size()):
            detail = short
    size = _caption_size(fonts, title, detail, int(rect.height * 0.5), rect.width)
    title_img = fonts.render(title, size, palette.CORAL, bold=True)
    rest_img = fonts.render(f" · {detail}", size, palette.TEXT_DIM)
    y = rect.centery
    with as_role(surface, Role.LABEL):
        if text.rtl:  # read from the right: the title first, the detail to its left
            surface.blit(title_img, title_img.get_rect(midright=(rect.right, y)))
            surface.blit(rest_img, rest_img.get_rect(midright=(rect.right - title_img.get_width(), y)))
            return
        surface.blit(title_img, title_img.get_rect(midleft=(rect.left, y)))
        surface.blit(rest_img, rest_img.get_rect(midleft=(rect.left + title_img.get_width(), y)))


def _caption_size(fonts: "FontBook", title: str, detail: str, size: int, width: int) -> int:
    """The largest size <= ``size`` at which the bold title and its detail fit ``width``
    together (fitted as drawn: the title in bold)."""
    while size > 8 and fonts.size(title, size, True)[0] + fonts.size(f" · {detail}", size)[0] > width:
        size = int(size * 0.9)
    return size
