"""The tray where rolled dice land, and the Majda Powers caption."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..ui import palette
from ..audit.draw_log import Role
from ..text.fit import baseline_rect, min_text_px, readable_floor, shared_baseline
from ..ui.placed import Placed, element, placed_text

if TYPE_CHECKING:
    from magdagdon.engine import Game

    from ..text.fonts import FontBook
    from ..text.i18n import Catalog
    from .layout import Layout


def draw_tray(surface: pygame.Surface, layout: "Layout") -> None:
    pygame.draw.rect(surface, palette.PANEL, layout.tray, border_radius=max(6, layout.tray.height // 8))
    width = max(2, layout.die_size // 40)
    for slot in layout.tray_slots:
        pygame.draw.rect(surface, palette.PANEL_EDGE, slot, width=width, border_radius=max(4, slot.width // 6))


@dataclass(frozen=True)
class PowersShown:
    """What the Majda Powers' caption tells of the game."""

    power_count: int
    powers_left: int
    next_penalty: int | None

    @classmethod
    def of(cls, game: "Game") -> "PowersShown":
        return cls(game.difficulty.power_count, game.powers_left, game.next_penalty)


@dataclass(frozen=True)
class PowerCaption:
    title: str
    rest: str  # " · " and the detail
    size: int


def plan_power_label(fonts: "FontBook", layout: "Layout", text: "Catalog", shown: PowersShown) -> PowerCaption:
    """"Majda Powers · 3 left · next use: –10": the title and as much detail as fits beside it."""
    rect = layout.power_label
    floor = min_text_px(layout.size)
    title = text("power.title")
    if shown.power_count == 0:
        details = [text("power.none")]
    elif shown.powers_left == 0:
        details = [text("power.all_used")]
    else:  # without the cost where both do not fit: the buttons show it too
        left = text("power.left", count=shown.powers_left)
        details = [left + " · " + text("power.next_cost", penalty=shown.next_penalty), left]
    for detail in details:
        size = _caption_size(fonts, title, detail, int(rect.height * 0.5), rect, floor)
        if size is not None:
            break
    else:
        size = readable_floor(fonts, floor)
    return PowerCaption(title, f" · {detail}", size)


def power_label_spots(fonts: "FontBook", layout: "Layout", text: "Catalog",
                      caption: PowerCaption) -> list[tuple[tuple[str, int, bool], pygame.Rect]]:
    """The title in bold, the rest beside it on one baseline, read from the right in a
    right-to-left language: each piece and where its picture goes."""
    rect, size, direction = layout.power_label, caption.size, text.direction
    pieces = [(caption.title, size, True), (caption.rest, size, False)]
    baseline = shared_baseline(fonts, pieces, rect)
    title = baseline_rect(fonts, pieces[0], baseline, **{direction.start: direction.start_x(rect)})
    rest = baseline_rect(fonts, pieces[1], baseline, **{direction.start: direction.end_x(title)})
    return [(pieces[0], title), (pieces[1], rest)]


def draw_power_label(surface: pygame.Surface, fonts: "FontBook", layout: "Layout", text: "Catalog",
                     caption: PowerCaption) -> None:
    for (words, size, bold), at in power_label_spots(fonts, layout, text, caption):
        surface.blit(fonts.render(words, size, palette.CORAL if bold else palette.TEXT_DIM, bold=bold), at)


def power_label_pieces(fonts: "FontBook", layout: "Layout", text: "Catalog",
                       caption: PowerCaption) -> list[Placed | None]:
    """The caption as :func:`draw_power_label` sets it."""
    return [placed_text(fonts, words, size, at.topleft, Role.LABEL, layout.power_label, bold)
            for (words, size, bold), at in power_label_spots(fonts, layout, text, caption)]


def tray_pieces(layout: "Layout") -> list[Placed | None]:
    return [element(Role.PANEL, layout.tray, "tray")]


def _caption_size(fonts: "FontBook", title: str, detail: str, size: int, rect: pygame.Rect, floor: int) -> int | None:
    """The largest size <= ``size`` (not below the readable ``floor``) at which the bold
    title and its detail fit ``rect`` side by side, by width and by the height of their ink;
    None where they do not."""
    smallest = readable_floor(fonts, floor)
    size = max(size, smallest)
    while True:
        width = fonts.size(title, size, True)[0] + fonts.size(f" · {detail}", size)[0]
        height = max(fonts.ink_height(title, size, True), fonts.ink_height(f" · {detail}", size))
        if width <= rect.width and height <= rect.height:
            return size
        if size <= smallest:
            return None
        size = max(smallest, int(size * 0.9))
