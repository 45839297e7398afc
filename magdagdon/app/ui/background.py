"""The night-blue backdrop every screen is drawn on."""

from __future__ import annotations

import pygame

from . import palette

BANDS = 32


def draw_background(surface: pygame.Surface, size: tuple[int, int]) -> None:
    """A soft vertical gradient from the night-blue towards a slightly lighter glow."""
    w, h = size
    top, bottom = palette.BACKGROUND, palette.BACKGROUND_GLOW
    for i in range(BANDS):
        t = i / (BANDS - 1)
        colour = [int(a + (b - a) * t * 0.6) for a, b in zip(top, bottom)]
        pygame.draw.rect(surface, colour, (0, h * i // BANDS, w, h // BANDS + 2))
