"""Drawing the effects of :mod:`magdagdon.app.table.motion` over the table, each ≤ 400 ms.

With Reduce motion every effect becomes a fade: nothing moves, turns, shakes or grows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import LINES

from ..audit.draw_log import Role, as_role
from ..ui import palette
from .board_view import ruin_tile
from .dice_faces import die_face

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from .motion import Effect
    from .layout import Layout


def _ease(p: float) -> float:
    return 1 - (1 - p) ** 3


def _cover(surface: pygame.Surface, rect: pygame.Rect, opacity: float) -> None:
    """The empty cell over ``rect`` at ``opacity``: what was there before fades out of it."""
    if opacity <= 0:
        return
    patch = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(patch, (*palette.CELL_EMPTY, int(255 * opacity)), patch.get_rect(), border_radius=max(4, rect.width // 7))
    surface.blit(patch, rect)


def draw_board_effects(surface: pygame.Surface, fonts: "FontBook", layout: "Layout", board: tuple[int, ...],
                       effects: list["Effect"], ticks: float, reduce: bool) -> None:
    """Settling dice, cracking ruins and flashing bonus lines, over the painted board."""
    size = layout.cell_size
    for effect in effects:
        p = effect.progress(ticks)
        if p >= 1:
            continue
        if effect.kind in ("settle", "crack"):  # over the cell's new face: under Reduce motion, a fade alone
            rect = layout.cells[effect.cell]
            _cover(surface, rect, 1 - p if reduce else 1.0)
            if reduce:
                continue
        if effect.kind == "settle":
            e = _ease(p)
            scale = 1.25 - 0.25 * e  # dropped in from above the board: large, then home
            face = pygame.transform.smoothscale(die_face(board[effect.cell], int(size * 0.94), "board"),
                                                (int(size * 0.94 * scale),) * 2)
            surface.blit(face, face.get_rect(center=(rect.centerx, rect.centery - int(size * 0.2 * (1 - e)))))
        elif effect.kind == "crack":
            shake = int(size * 0.05 * (1 - p) * (1 if int(p * 12) % 2 else -1))
            surface.blit(ruin_tile(size, effect.cell), rect.move(shake, 0))
            reach = int(size * 0.5 * _ease(min(1.0, p * 2)))
            width = max(2, size // 30)
            for dx, dy in ((-1, -1), (1, -0.6), (0.3, 1)):  # cracks running out from the blow
                pygame.draw.line(surface, palette.DANGER, rect.center,
                                 (rect.centerx + int(dx * reach), rect.centery + int(dy * reach)), width)
        elif effect.kind == "flash":
            cells = LINES[effect.line]
            strength = 1 - p
            glow = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(glow, (*palette.GOLD, int(150 * strength)), glow.get_rect(), border_radius=max(4, size // 7))
            for cell in cells:
                surface.blit(glow, layout.cells[cell])
            label = fonts.render(f"+{effect.points}", int(size * 0.5), palette.GOLD, bold=True)
            centre = layout.cells[cells[1]].union(layout.cells[cells[2]]).center
            rise = 0 if reduce else int(size * 0.35 * _ease(p))
            shadow = fonts.render(f"+{effect.points}", int(size * 0.5), palette.SHADOW, bold=True)
            label = label.copy()
            label.set_alpha(int(255 * min(1.0, strength * 2)))
            shadow = shadow.copy()
            shadow.set_alpha(int(255 * min(1.0, strength * 2)))
            at = label.get_rect(center=(centre[0], centre[1] - rise))
            with as_role(surface, Role.SHADOW):
                surface.blit(shadow, at.move(2, 3))
            with as_role(surface, Role.VALUE):
                surface.blit(label, at)


def turned_die(effect: "Effect", size: int, look: str, ticks: float, reduce: bool) -> pygame.Surface | None:
    """A ±1 die mid-turn: the old face turns away and the new one turns in (Reduce motion:
    the old face fades into the new)."""
    p = effect.progress(ticks)
    if p >= 1:
        return None
    old, new = die_face(effect.old, size, look), die_face(effect.new, size, look)
    if reduce:
        image = new.copy()
        faded = old.copy()
        faded.set_alpha(int(255 * (1 - p)))
        image.blit(faded, (0, 0))
        return image
    image = pygame.Surface(new.get_size(), pygame.SRCALPHA)
    face, squeeze = (old, 1 - 2 * p) if p < 0.5 else (new, 2 * p - 1)  # about its vertical axis
    width = max(1, int(size * squeeze))
    turned = pygame.transform.smoothscale(face, (width, size))
    image.blit(turned, turned.get_rect(center=image.get_rect().center))
    return image
