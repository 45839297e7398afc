"""A small board of one position with one turn's choice drawn on it: the dice placed (solid
for the player, ghosts for the expert's alternative) and the cell ruined, crossed out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import RUIN

from ..ui import palette
from ..table.board_view import ruin_tile
from ..table.dice_faces import die_face
from ..audit.draw_log import Role, note

if TYPE_CHECKING:
    from magdagdon.ai.review import TurnAdvice

GHOST_ALPHA = 150


def board_cells(rect: pygame.Rect) -> list[pygame.Rect]:
    """The 16 cells of a square board centred in ``rect``."""
    side = min(rect.width, rect.height)
    gap = max(2, side // 40)
    cell = (side - 5 * gap) // 4
    left = rect.centerx - (4 * cell + 3 * gap) // 2
    top = rect.centery - (4 * cell + 3 * gap) // 2
    return [pygame.Rect(left + c * (cell + gap), top + r * (cell + gap), cell, cell) for r in range(4) for c in range(4)]


def draw_mini_board(surface: pygame.Surface, rect: pygame.Rect, board: tuple[int, ...], choice: TurnAdvice | None,
                    ghost: bool) -> None:
    cells = board_cells(rect)
    size = cells[0].width
    radius = max(3, size // 7)
    area = cells[0].union(cells[15]).inflate(size // 6, size // 6)
    pygame.draw.rect(surface, palette.PANEL, area, border_radius=radius)
    note(surface, area, Role.PICTURE, "ghost board" if ghost else "mini board")
    for index, cell in enumerate(cells):
        value = board[index]
        if value == RUIN:
            surface.blit(ruin_tile(size, index), cell)
        elif value:
            face = die_face(value, size, "board")
            note(surface, surface.blit(face, face.get_rect(center=cell.center)), Role.PICTURE, f"board die {value}")
        else:
            pygame.draw.rect(surface, palette.CELL_EMPTY, cell, border_radius=radius)
            pygame.draw.rect(surface, palette.CELL_EDGE, cell, width=1, border_radius=radius)
    if choice is None:
        return
    for value, index in choice.placements:
        face = die_face(value, size, "staged")
        if ghost:
            face = face.copy()
            face.set_alpha(GHOST_ALPHA)
        shown = surface.blit(face, face.get_rect(center=cells[index].center))
        note(surface, shown, Role.PICTURE, f"{'ghost' if ghost else 'placed'} die {value}")
        if ghost:  # a ghost is outlined as well as faint
            pygame.draw.rect(surface, palette.HINT, cells[index], width=max(2, size // 20), border_radius=radius)
    if choice.ruin is not None:
        cell = cells[choice.ruin]
        tile = ruin_tile(size, choice.ruin)
        if ghost:
            tile = tile.copy()
            tile.set_alpha(GHOST_ALPHA)
        surface.blit(tile, cell)
        width = max(2, size // 16)
        pygame.draw.rect(surface, palette.DANGER, cell, width=width, border_radius=radius)
        reach = size // 4
        for sign in (1, -1):
            pygame.draw.line(surface, palette.DANGER, (cell.centerx - reach, cell.centery - sign * reach),
                             (cell.centerx + reach, cell.centery + sign * reach), width)
