"""A menu button's rounded body and rim, drawn by the game in the theme's colours for the
look the button shows, with edges smoothed as pygame_gui smoothed them.

pygame_gui drew a rounded button by drawing the whole of it four times larger and
shrinking it (16 ms a look at 1920×1080, 60 ms at 3840×2160). Only the corners need it: a
button is straight everywhere else. So one corner piece is drawn four times larger and
shrunk, a small square kept per radius and colours (a menu shows a handful), and a button
is four straight fills and the four corners of that piece: a few microseconds a frame.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .ui_theme import ButtonBody

SMOOTHING = 4  # samples across each pixel of a corner, as pygame_gui took them


def draw_body(surface: pygame.Surface, rect: pygame.Rect, body: ButtonBody, radius: int, rim: int) -> None:
    """``rect`` filled with ``body.fill``, rimmed ``rim`` pixels wide with ``body.rim``, its
    corners rounded by ``radius`` (kept within half the button's shorter side)."""
    radius = max(0, min(radius, rect.width // 2, rect.height // 2))
    rim = max(0, min(rim, rect.width // 2, rect.height // 2))
    if rect.width <= 0 or rect.height <= 0:
        return
    across = rect.inflate(0, -2 * radius)  # the straight sides' band, full width
    down = rect.inflate(-2 * radius, 0)  # the top's and bottom's band, full height
    for band, inner in ((across, across.inflate(-2 * rim, 0)), (down, down.inflate(0, -2 * rim))):
        if band.width > 0 and band.height > 0:
            surface.fill(body.rim, band)
            if inner.width > 0 and inner.height > 0:
                surface.fill(body.fill, inner)
    if radius == 0:
        return
    piece = corner_piece(radius, rim, body.fill, body.rim)
    far = piece.get_width() - radius  # where the piece's right and bottom corners start
    right, bottom = rect.right - radius, rect.bottom - radius
    for spot, corner in (((rect.left, rect.top), (0, 0)), ((right, rect.top), (far, 0)),
                         ((rect.left, bottom), (0, far)), ((right, bottom), (far, far))):
        area = pygame.Rect(corner, (radius, radius))
        surface.blit(piece, spot, area, special_flags=pygame.BLEND_PREMULTIPLIED)


@lru_cache(maxsize=64)
def corner_piece(radius: int, rim: int, fill: tuple[int, int, int], rim_colour: tuple[int, int, int]) -> pygame.Surface:
    """A small rounded body whose four corners are those of every body with that radius, rim
    and colours: its fill is rounded as its rim is (the same radius, set in by the rim's
    width), as pygame_gui drew it, so it needs a little more than twice the radius across.
    Drawn ``SMOOTHING`` times larger, with sharp edges, and shrunk by averaging, so an edge
    pixel covered by a part of the curve takes that part of the colour; its colours stay
    multiplied by that cover (as pygame_gui's were), for a premultiplied blit."""
    side = (2 * radius + 2 * rim) * SMOOTHING
    large = pygame.Surface((side, side), pygame.SRCALPHA, 32)
    large.fill((0, 0, 0, 0))
    pygame.draw.rect(large, rim_colour, large.get_rect(), border_radius=radius * SMOOTHING)
    inner = large.get_rect().inflate(-2 * rim * SMOOTHING, -2 * rim * SMOOTHING)
    if inner.width > 0 and inner.height > 0:
        pygame.draw.rect(large, fill, inner, border_radius=radius * SMOOTHING)
    return pygame.transform.smoothscale(large, (side // SMOOTHING, side // SMOOTHING))
