"""The one small board: a position drawn in a square (a party's or a guest's tile, a results
card, the review's and the replay viewer's boards), with, for the review, one turn's choice
on it (the dice placed, solid for the player and ghosts for the expert's alternative; the
cell ruined, outlined and crossed).

The dice are the table's own faces while their pips can be told apart; on a board too small
for pips a number is a plain die-coloured square and a ruin a dark one with a cross, so a
ruin differs from an empty cell by its shape as well as its colour (in greyscale, to a
colour-blind eye, from across a room)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from magdagdon.engine import RUIN

from ..ui import palette
from .board_view import ruin_tile
from .dice_faces import die_face
from ..audit.draw_log import Role, note

if TYPE_CHECKING:
    from magdagdon.ai.review import TurnAdvice

GHOST_ALPHA = 150
SMALLEST_FACE = 14  # px: below this a die's pips run together; a plain square says "a number"
SMALLEST_SLAB = 24  # px: below this a ruin's cracks are lost; a cross says "ruin"


def board_cells(rect: pygame.Rect) -> list[pygame.Rect]:
    """The 16 cells of a square board centred in ``rect``."""
    side = min(rect.width, rect.height)
    gap = max(2, side // 40)
    cell = (side - 5 * gap) // 4
    left = rect.centerx - (4 * cell + 3 * gap) // 2
    top = rect.centery - (4 * cell + 3 * gap) // 2
    return [pygame.Rect(left + c * (cell + gap), top + r * (cell + gap), cell, cell) for r in range(4) for c in range(4)]


def draw_mini_board(surface: pygame.Surface, rect: pygame.Rect, board: Sequence[int],
                    choice: TurnAdvice | None = None, ghost: bool = False) -> None:
    """``board``'s 16 cells (0 empty, 1..6 a number, ``RUIN``) in ``rect``, on a panel that
    stays inside it; ``choice``: one turn's dice and ruin drawn over it, as ghosts when
    ``ghost`` (the expert's alternative)."""
    cells = board_cells(rect)
    size = cells[0].width
    radius = max(2, size // 7)
    area = cells[0].union(cells[15]).inflate(size // 6, size // 6).clip(rect)
    pygame.draw.rect(surface, palette.PANEL, area, border_radius=radius)
    note(surface, area, Role.PICTURE, "ghost board" if ghost else "mini board")
    for index, cell in enumerate(cells):
        value = board[index]
        if value == RUIN:
            _draw_ruin(surface, cell, index)
        elif value:
            _draw_die(surface, cell, value, "board", radius)
        else:
            pygame.draw.rect(surface, palette.CELL_EMPTY, cell, border_radius=radius)
            if size >= SMALLEST_FACE:
                pygame.draw.rect(surface, palette.CELL_EDGE, cell, width=1, border_radius=radius)
    if choice is not None:
        _draw_choice(surface, cells, choice, ghost, radius)


def _draw_die(surface: pygame.Surface, cell: pygame.Rect, value: int, look: str, radius: int,
              alpha: int | None = None) -> None:
    if cell.width < SMALLEST_FACE:
        pygame.draw.rect(surface, palette.DIE_FACE, cell, border_radius=radius)
        shown = cell
    else:
        face = die_face(value, cell.width, look)
        if alpha is not None:
            face = face.copy()
            face.set_alpha(alpha)
        shown = surface.blit(face, face.get_rect(center=cell.center))
    kind = "board" if look == "board" else "ghost" if alpha is not None else "placed"
    note(surface, shown, Role.PICTURE, f"{kind} die {value}")


def _draw_ruin(surface: pygame.Surface, cell: pygame.Rect, index: int, alpha: int | None = None) -> None:
    if cell.width < SMALLEST_SLAB:
        pygame.draw.rect(surface, palette.RUIN_DARK, cell, border_radius=max(1, cell.width // 6))
        draw_ruin_cross(surface, cell)
        return
    tile = ruin_tile(cell.width, index)
    if alpha is not None:
        tile = tile.copy()
        tile.set_alpha(alpha)
    surface.blit(tile, cell)


def _draw_choice(surface: pygame.Surface, cells: list[pygame.Rect], choice: TurnAdvice, ghost: bool,
                 radius: int) -> None:
    size = cells[0].width
    alpha = GHOST_ALPHA if ghost else None
    for value, index in choice.placements:
        _draw_die(surface, cells[index], value, "staged", radius, alpha)
        if ghost:  # a ghost is outlined as well as faint
            pygame.draw.rect(surface, palette.HINT, cells[index], width=max(2, size // 20), border_radius=radius)
    if choice.ruin is not None:
        cell = cells[choice.ruin]
        _draw_ruin(surface, cell, choice.ruin, alpha)
        width = max(2, size // 16)
        pygame.draw.rect(surface, palette.DANGER, cell, width=width, border_radius=radius)
        reach = size // 4
        for sign in (1, -1):
            pygame.draw.line(surface, palette.DANGER, (cell.centerx - reach, cell.centery - sign * reach),
                             (cell.centerx + reach, cell.centery + sign * reach), width)


def draw_ruin_cross(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A cross over a ruined cell of a small board: its shape says "ruin" where its colour
    alone would not."""
    inset = max(1, box.width // 5)
    width = max(1, box.width // 9)
    inner = box.inflate(-2 * inset, -2 * inset)
    pygame.draw.line(surface, palette.DANGER, inner.topleft, inner.bottomright, width)
    pygame.draw.line(surface, palette.DANGER, inner.bottomleft, inner.topright, width)
