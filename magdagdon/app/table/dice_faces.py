"""Die faces with real pips, drawn once per (value, size, look) and cached."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..ui import palette

# pip centres in a unit square, per value
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


@lru_cache(maxsize=128)
def die_face(value: int, size: int, look: str = "tray") -> pygame.Surface:
    """``look``: "tray" (lifted, with shadow), "board" (settled), "staged" (provisional, gold rim)."""
    size = max(8, int(size))
    pad = max(2, size // 14)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size - pad, size - pad)
    radius = max(3, size // 6)
    if look != "board":
        pygame.draw.rect(surface, (*palette.SHADOW, 140), body.move(pad, pad), border_radius=radius)
    pygame.draw.rect(surface, palette.DIE_SHADE, body, border_radius=radius)
    top = body.inflate(-max(2, size // 22), -max(2, size // 22)).move(0, -max(1, size // 60))
    pygame.draw.rect(surface, palette.DIE_FACE, top, border_radius=radius)
    pip_r = max(2, int(size * 0.075))
    for px, py in PIPS[value]:
        centre = (body.left + int(px * body.width), body.top + int(py * body.height))
        pygame.draw.circle(surface, palette.DIE_PIP, centre, pip_r)
    if look == "staged":
        width = max(2, size // 22)
        pygame.draw.rect(surface, palette.STAGED_EDGE, body, width=width, border_radius=radius)
        # Not by colour alone: a folded corner marks the die as provisional.
        fold = max(6, size // 4)
        corner = [(body.right - fold, body.top), (body.right, body.top), (body.right, body.top + fold)]
        pygame.draw.polygon(surface, palette.STAGED_EDGE, corner)
        pygame.draw.line(surface, palette.DIE_PIP, corner[0], corner[2], max(1, width // 2))
        surface.set_alpha(235)
    return surface


def draw_die_motif(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    """A die drawn straight onto ``surface`` (a title's ornament: the board's dice, with their
    shade under the face and real pips), no cached image."""
    radius = max(3, rect.width // 6)
    pygame.draw.rect(surface, palette.DIE_SHADE, rect, border_radius=radius)
    face = rect.inflate(-max(2, rect.width // 11), -max(2, rect.width // 11)).move(0, -max(1, rect.width // 30))
    pygame.draw.rect(surface, palette.DIE_FACE, face, border_radius=radius)
    pip_r = max(2, int(rect.width * 0.075))
    for px, py in PIPS[value]:
        pygame.draw.circle(surface, palette.DIE_PIP, (rect.left + int(px * rect.width), rect.top + int(py * rect.height)),
                           pip_r)
