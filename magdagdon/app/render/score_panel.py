"""The live score: the running total and its breakdown (RULES.md §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import palette
from .draw_log import Role, as_role, panel
from .palette import Colour

if TYPE_CHECKING:
    from magdagdon.engine import ScoreBreakdown

    from ..fonts import FontBook
    from ..i18n import Catalog
from .hud import min_text_px, wrap
from .numbers import cost, signed


def draw_score_panel(surface: pygame.Surface, fonts: "FontBook", rect: pygame.Rect, breakdown: "ScoreBreakdown",
                     text: "Catalog", preview: bool, shown_total: int | None = None) -> None:
    """``shown_total``: the total drawn while it counts up (the rows show the true parts)."""
    pygame.draw.rect(surface, palette.PANEL, rect, border_radius=max(6, rect.height // 14))
    pad = max(6, min(rect.width, rect.height) // 14)
    inner = rect.inflate(-2 * pad, -2 * pad)
    legend = text("score.legend")
    floor = min_text_px(surface.get_size())
    legend_size = max(floor, fonts.fit(legend, max(floor, inner.height // 11), inner.width))
    rtl = text.rtl  # a right-to-left reader finds the total on the right, labels before values
    start = "right" if rtl else "left"
    bottom = inner.bottom
    legend_lines = wrap(fonts, legend, legend_size, inner.width)
    # The four rows come first: where a tall script cannot fit them beside the legend (Urdu
    # at 800x600), the legend, which How to play also explains, gives up its room.
    legend_h = len(legend_lines) * fonts.size(legend, legend_size)[1]
    dropped_h = 0
    if 4 * fonts.line_step(floor) * 0.9 > inner.height - legend_h - pad // 2:
        legend_lines, dropped_h = [], legend_h
    for line in reversed(legend_lines):  # readable first, then wrapped
        legend_img = fonts.render(line, legend_size, palette.TEXT_DIM)
        with as_role(surface, Role.LABEL):
            surface.blit(legend_img, legend_img.get_rect(**{f"bottom{start}": (getattr(inner, start), bottom)}))
        bottom -= legend_img.get_height()
    body = pygame.Rect(inner.left, inner.top, inner.width, bottom - inner.top - pad // 2)
    wide = body.width > (body.height - dropped_h) * 2.2  # the same shape with or without the legend
    if wide:
        total_w = int(body.width * 0.36)
        total_rect = pygame.Rect(body.right - total_w if rtl else body.left, body.top, total_w, body.height)
        rows_w = body.width - total_w - pad
        rows_rect = pygame.Rect(body.left if rtl else total_rect.right + pad, body.top, rows_w, body.height)
    else:
        total_rect = pygame.Rect(body.left, body.top, body.width, int(body.height * 0.42))
        rows_rect = pygame.Rect(body.left, total_rect.bottom, body.width, body.bottom - total_rect.bottom)

    title = text("score.title") + (f" · {text('score.preview')}" if preview else "")
    title_size = fonts.fit(title, max(floor, total_rect.height // 5), total_rect.width)
    if title_size < floor:  # too narrow for "· with staged dice": the gold total says it too
        title, title_size = text("score.title"), floor
    title_img = fonts.render(title, title_size, palette.TEXT_DIM)
    with as_role(surface, Role.LABEL):
        surface.blit(title_img, title_img.get_rect(**{f"top{start}": getattr(total_rect, f"top{start}")}))
    total = signed(breakdown.total if shown_total is None else shown_total)
    size = fonts.fit(signed(breakdown.total), int(total_rect.height * 0.62), total_rect.width, bold=True)
    total_img = fonts.render(total, size, palette.GOLD if preview else palette.TEXT, bold=True)
    total_y = total_rect.top + title_img.get_height() + (total_rect.height - title_img.get_height()) // 2
    with as_role(surface, Role.VALUE):
        surface.blit(total_img, total_img.get_rect(**{f"mid{start}": (getattr(total_rect, start), total_y)}))

    rows: list[tuple[str, str, Colour]] = [
        (text("score.base"), f"{breakdown.base}", palette.TEXT),
        (text("score.bonus"), f"+{breakdown.bonus}", palette.GOLD),
        (text("score.ruins", count=breakdown.ruins), cost(breakdown.ruin_penalty), palette.DANGER if breakdown.ruins else palette.TEXT_DIM),
        (text("score.powers", count=breakdown.powers_used), cost(breakdown.power_penalty), palette.CORAL if breakdown.powers_used else palette.TEXT_DIM),
    ]
    row_h = rows_rect.height / len(rows)
    # 0.62 of a row in Latin; a taller script (Nastaliq) gets the size its line fits in.
    per_size = fonts.line_step(100) / 125
    row_size = max(floor, int(min(row_h * 0.62 / per_size, rows_rect.width / 12)))
    end = "left" if rtl else "right"
    for i, (label, value, colour) in enumerate(rows):
        y = int(rows_rect.top + row_h * i + row_h / 2)
        label_img = fonts.render(label, fonts.fit(label, row_size, rows_rect.width * 3 // 4), palette.TEXT_DIM)
        value_img = fonts.render(value, row_size, colour, bold=True)
        with panel(surface, f"row {i}", rows_rect, Role.LABEL):
            surface.blit(label_img, label_img.get_rect(**{f"mid{start}": (getattr(rows_rect, start), y)}))
            with as_role(surface, Role.VALUE):
                surface.blit(value_img, value_img.get_rect(**{f"mid{end}": (getattr(rows_rect, end), y)}))
