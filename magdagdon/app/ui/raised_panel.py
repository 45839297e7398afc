"""The menus' and dialogs' panel in the table's look: a rounded slab with its shadow under
it and its top edge lit, as the dice and the table's buttons stand, so a dialog stands over
the board as the board's own pieces do."""

from __future__ import annotations

import pygame

from . import palette

RIM = (96, 106, 176)  # the lit top edge: a step lighter than the panel's edge


def shadow_depth(rect: pygame.Rect) -> int:
    """How far the shadow falls below a panel: deeper for a larger one, a few pixels at least."""
    return max(4, min(rect.width, rect.height) // 60)


def draw_raised_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    depth = shadow_depth(rect)
    pygame.draw.rect(surface, palette.SHADOW, rect.move(0, depth), border_radius=radius)
    pygame.draw.rect(surface, palette.PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, palette.PANEL_EDGE, rect, width=2, border_radius=radius)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.left, rect.top, rect.width, radius).clip(clip))
    pygame.draw.rect(surface, RIM, rect, width=2, border_radius=radius)  # the light falls on its top
    surface.set_clip(clip)
