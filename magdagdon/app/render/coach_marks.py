"""A coach mark: a ring round its target and a speech bubble pointing at it, with a Skip
chip; a tip is the same bubble without a target, above the guide line. Dark words on a
light bubble (14:1), so a mark reads on every part of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import palette
from .draw_log import Role, panel
from .hud import wrap

if TYPE_CHECKING:
    from ..fonts import FontBook
    from .layout import Layout


def draw_coach_mark(surface: pygame.Surface, fonts: "FontBook", layout: "Layout", target: pygame.Rect | None,
                    message: str, skip_label: str, strength: float, named: tuple[str, ...] = ()) -> pygame.Rect:
    """Draw the mark; returns the Skip chip's rectangle (what a tap on Skip hits). ``named``:
    what the mark points at, first (the draw log's names of the target and what its words name)."""
    width, height = layout.size
    size = max(16, layout.guide.height * 11 // 20)
    pad = size // 2
    skip_size = max(14, size * 4 // 5)
    skip_img = fonts.render(skip_label, skip_size, palette.TEXT, bold=True)
    room = min(width - 2 * layout.margin, max(size * 16, width // 3)) - skip_img.get_width() - 4 * pad
    lines = wrap(fonts, message, size, room, bold=True)
    images = [fonts.render(line, size, palette.TEXT_DARK, bold=True) for line in lines]
    text_w = max(image.get_width() for image in images)
    text_h = sum(image.get_height() for image in images)
    bubble = pygame.Rect(0, 0, text_w + skip_img.get_width() + 5 * pad, max(text_h, skip_img.get_height() + pad) + 2 * pad)
    arrow = size
    if target is None:
        bubble.midbottom = (layout.guide.centerx, layout.guide.top - pad)
    else:
        ring = target.inflate(pad, pad)
        pygame.draw.rect(surface, palette.TEXT, ring, width=max(3, int(3 + 3 * strength)), border_radius=max(6, ring.height // 5))
        above = target.top - arrow - bubble.height - pad > layout.top_bar.bottom
        if above:
            bubble.midbottom = (target.centerx, target.top - arrow - pad // 2)
        else:
            bubble.midtop = (target.centerx, target.bottom + arrow + pad // 2)
        bubble.clamp_ip(pygame.Rect(layout.margin, 0, width - 2 * layout.margin, height))
        tip_x = max(bubble.left + arrow, min(bubble.right - arrow, target.centerx))
        if above:
            points = [(tip_x - arrow // 2, bubble.bottom - 1), (tip_x + arrow // 2, bubble.bottom - 1),
                      (target.centerx, target.top - pad // 2)]
        else:
            points = [(tip_x - arrow // 2, bubble.top + 1), (tip_x + arrow // 2, bubble.top + 1),
                      (target.centerx, target.bottom + pad // 2)]
        pygame.draw.polygon(surface, palette.TEXT, points)
    shadow = bubble.move(0, max(3, pad // 3))
    pygame.draw.rect(surface, palette.SHADOW, shadow, border_radius=pad)
    pygame.draw.rect(surface, palette.TEXT, bubble, border_radius=pad)
    kind = Role.TIP if target is None else Role.MARK
    with panel(surface, "coach", bubble, Role.NOTICE, element=kind, names=named):
        y = bubble.top + pad
        for image in images:
            surface.blit(image, (bubble.left + pad, y))
            y += image.get_height()
        skip = pygame.Rect(0, 0, skip_img.get_width() + 2 * pad, skip_img.get_height() + pad)
        skip.midright = (bubble.right - pad, bubble.centery)
        pygame.draw.rect(surface, palette.BUTTON, skip, border_radius=skip.height // 2)
        with panel(surface, "button coach skip", skip, Role.BUTTON_LABEL, element=Role.BUTTON):
            surface.blit(skip_img, skip_img.get_rect(center=skip.center))
    return skip
