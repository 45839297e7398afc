"""The board: cells, permanent dice, ruins, line sums with their bonuses, and highlights."""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from typing import TYPE_CHECKING, Collection, Protocol

from magdagdon.engine import RUIN, Board, Bonus, best_reachable_bonuses, line_scores

from ..shell.loop import ticks
from ..ui import palette
from .dice_faces import die_face
from ..audit.draw_log import Role, note, panel
from ..text.fit import fitted_size, min_text_px, readable_floor
from ..ui.palette import Colour
from ..ui.placed import Placed, element, placed_text

if TYPE_CHECKING:
    from ..text.fonts import FontBook


class BoardPlaces(Protocol):
    """Where a board's cells and sums go: the table's ``Layout`` or a small ``BoardBlock``."""

    @property
    def margin(self) -> int: ...
    @property
    def board(self) -> pygame.Rect: ...
    @property
    def cells(self) -> list[pygame.Rect]: ...
    @property
    def row_sums(self) -> list[pygame.Rect]: ...
    @property
    def col_sums(self) -> list[pygame.Rect]: ...
    @property
    def cell_size(self) -> int: ...


class TagStyle(enum.Enum):
    """How the small tag under a line sum looks."""

    EARNED = "earned"  # the bonus the complete line earns
    REACHABLE = "reachable"  # dimmed: the best bonus the line can still earn
    RUINED = "ruined"  # a ruin: this line will never earn a bonus


@dataclass(frozen=True)
class LineLabel:
    total: int
    tag: str  # "" when there is nothing to say
    style: TagStyle | None


def line_labels(board: Board) -> tuple[LineLabel, ...]:
    """What each line's box shows: the engine's sum and bonus, and the best bonus the
    engine says a legal filling can still give the line (RULES.md §4, §8)."""
    labels = []
    for line, reachable in zip(line_scores(board), best_reachable_bonuses(board)):
        if line.has_ruin:
            labels.append(LineLabel(line.total, "—", TagStyle.RUINED))
        elif line.bonus is not Bonus.NONE:
            labels.append(LineLabel(line.total, f"+{line.bonus.points}", TagStyle.EARNED))
        elif reachable is not Bonus.NONE and not line.complete:
            labels.append(LineLabel(line.total, f"(+{reachable.points})", TagStyle.REACHABLE))
        else:
            labels.append(LineLabel(line.total, "", None))
    return tuple(labels)


_TAG_COLOURS = {TagStyle.EARNED: palette.GOLD, TagStyle.REACHABLE: palette.GOLD_DIM, TagStyle.RUINED: palette.DANGER}


@lru_cache(maxsize=64)
def ruin_tile(size: int, cell: int) -> pygame.Surface:
    """A broken stone slab with cracks and rubble (shape varies by cell, fixed per cell)."""
    rng = random.Random(cell * 7919 + size)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 8)
    pygame.draw.rect(surface, palette.RUIN_DARK, surface.get_rect(), border_radius=radius)
    slab = surface.get_rect().inflate(-size // 10, -size // 10)
    corner = [(slab.right - size * rng.uniform(0.2, 0.35), slab.top), (slab.right, slab.top),
              (slab.right, slab.top + size * rng.uniform(0.2, 0.35))]
    pygame.draw.rect(surface, palette.RUIN_STONE, slab, border_radius=radius)
    pygame.draw.polygon(surface, palette.RUIN_DARK, corner)  # a broken-off corner
    width = max(2, size // 40)
    for _ in range(3):
        x, y = slab.left + slab.width * rng.uniform(0.2, 0.8), slab.top + 2.0
        points = [(x, y)]
        while y < slab.bottom - 4:
            x += size * rng.uniform(-0.12, 0.12)
            y += size * rng.uniform(0.12, 0.22)
            points.append((max(slab.left + 2, min(slab.right - 2, x)), min(slab.bottom - 2, y)))
        pygame.draw.lines(surface, palette.RUIN_CRACK, False, points, width)
    for _ in range(4):
        r = size * rng.uniform(0.04, 0.08)
        centre = (slab.left + slab.width * rng.uniform(0.15, 0.85), slab.bottom - size * rng.uniform(0.05, 0.2))
        pygame.draw.circle(surface, (118, 106, 100), centre, r)
        pygame.draw.circle(surface, palette.RUIN_CRACK, centre, r, max(1, width // 2))
    return surface


def draw_board(surface: pygame.Surface, fonts: "FontBook", layout: BoardPlaces, board: Board,
               sums: tuple["SumWords", ...]) -> None:
    """The static part: panel, cells, permanent numbers, ruins, and the line sums as
    planned (``plan_sums`` of the working board, so staged dice preview their effect)."""
    panel = layout.board.inflate(layout.margin, layout.margin)
    pygame.draw.rect(surface, palette.PANEL, panel, border_radius=layout.margin)
    cell_size = layout.cell_size
    radius = max(4, cell_size // 7)
    for cell, rect in enumerate(layout.cells):
        note(surface, rect, Role.CELL, f"cell {cell}")
        value = board.cells[cell]
        if value == RUIN:
            surface.blit(ruin_tile(cell_size, cell), rect)
        elif value:
            pygame.draw.rect(surface, palette.CELL_EMPTY, rect, border_radius=radius)
            face = die_face(value, int(cell_size * 0.94), "board")
            surface.blit(face, face.get_rect(center=rect.center))
        else:
            pygame.draw.rect(surface, palette.CELL_EMPTY, rect, border_radius=radius)
            pygame.draw.rect(surface, palette.CELL_EDGE, rect, width=max(1, cell_size // 60), border_radius=radius)
    _draw_sums(surface, fonts, layout, sums)


@dataclass(frozen=True)
class SumWords:
    """A line's sum and its tag as drawn: their words and sizes (a tag of None: none)."""

    total: int
    size: int
    tag: str
    tag_size: int
    style: TagStyle | None
    spacing: int  # between the sum's ink and its tag's


def plan_sums(fonts: "FontBook", layout: BoardPlaces, board: Board, floor_px: int) -> tuple[SumWords, ...]:
    """Each line's sum and tag of ``board`` at the largest sizes their box holds, never
    below the readable ``floor_px`` (the window's ``min_text_px``)."""
    floor = readable_floor(fonts, floor_px)
    planned = []
    for index, label in enumerate(line_labels(board)):
        rect = layout.row_sums[index] if index < 4 else layout.col_sums[index - 4]
        big = max(floor, int(min(rect.height, rect.width) * 0.42))
        small = max(floor, int(big * 0.62))
        earned = label.style is TagStyle.EARNED
        total = str(label.total)
        while label.style is not None and big > floor and \
                fonts.ink_height(total, big, True) + fonts.ink_height(label.tag, small, earned) + small // 4 > rect.height:
            big = max(floor, int(big * 0.92))  # the sum and its tag both in the box, never below the readable size
            small = max(floor, int(big * 0.62))
        tag_size = 0
        if label.style is not None:
            tag_size = fitted_size(fonts, label.tag, small, (rect.width - 2, 0), earned, floor)
        planned.append(SumWords(label.total, big, label.tag, tag_size, label.style, small // 4))
    return tuple(planned)


@dataclass(frozen=True)
class SumSpot:
    """Where a line's sum (and its tag under it) go in its box: each picture's top-left."""

    rect: pygame.Rect
    number: tuple[str, int, bool]
    number_at: tuple[int, int]
    tag: tuple[str, int, bool] | None
    tag_at: tuple[int, int]


def sum_spots(fonts: "FontBook", layout: BoardPlaces, sums: tuple[SumWords, ...]) -> list[SumSpot]:
    """Each line's sum and tag centred together, by their ink, in the line's box."""
    spots = []
    for index, words in enumerate(sums):
        rect = layout.row_sums[index] if index < 4 else layout.col_sums[index - 4]
        number = (str(words.total), words.size, True)
        number_ink = fonts.ink(*number)
        tag = (words.tag, words.tag_size, words.style is TagStyle.EARNED) if words.style is not None else None
        tag_ink = fonts.ink(*tag) if tag is not None else None
        height = number_ink.height + (tag_ink.height + words.spacing if tag_ink else 0)
        top = rect.centery - height // 2
        tag_at = (rect.centerx - tag_ink.centerx, top + number_ink.height + words.spacing - tag_ink.top) \
            if tag_ink is not None else (0, 0)
        spots.append(SumSpot(rect, number, (rect.centerx - number_ink.centerx, top - number_ink.top), tag, tag_at))
    return spots


def _draw_sums(surface: pygame.Surface, fonts: "FontBook", layout: BoardPlaces, sums: tuple[SumWords, ...]) -> None:
    for index, (words, spot) in enumerate(zip(sums, sum_spots(fonts, layout, sums))):
        total, big, _ = spot.number
        number = fonts.render(total, big, palette.TEXT if words.total else palette.TEXT_DIM, bold=True)
        with panel(surface, f"line {index}", spot.rect):
            surface.blit(number, spot.number_at)
            if spot.tag is not None and words.style is not None:
                tag = fonts.render(spot.tag[0], spot.tag[1], _TAG_COLOURS[words.style], bold=spot.tag[2])
                surface.blit(tag, spot.tag_at)


def board_pieces(fonts: "FontBook", layout: BoardPlaces, sums: tuple[SumWords, ...],
                 layer: int = 0) -> list[Placed | None]:
    """The board as ``draw_board`` paints it: its panel, its cells and its lines' sums."""
    out: list[Placed | None] = [element(Role.PANEL, layout.board.inflate(layout.margin, layout.margin), "board", layer)]
    out += [element(Role.CELL, rect, f"cell {cell}", layer) for cell, rect in enumerate(layout.cells)]
    for spot in sum_spots(fonts, layout, sums):
        out.append(placed_text(fonts, *spot.number[:2], spot.number_at, Role.VALUE, spot.rect, True, layer))
        if spot.tag is not None:
            out.append(placed_text(fonts, *spot.tag[:2], spot.tag_at, Role.LABEL, spot.rect, spot.tag[2], layer))
    return out


def pulse(tick: int, period: int = ticks(1.0)) -> float:
    """0..1 gentle breathing, one cycle per ``period`` ticks."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (tick % period) / period)


def draw_cell_highlights(surface: pygame.Surface, layout: BoardPlaces, cells: Collection[int], colour: Colour,
                         strength: float) -> None:
    """Lit cells, told apart by shape as well as colour: a ring where a die may go, a cross
    where a ruin would fall."""
    if not cells:
        return
    overlay = _cell_overlay(layout.cell_size, colour, round(strength * 8))
    for cell in cells:
        surface.blit(overlay, layout.cells[cell])


@lru_cache(maxsize=32)
def _cell_overlay(size: int, colour: Colour, strength_step: int) -> pygame.Surface:
    radius = max(4, size // 7)
    width = max(3, size // 24)
    overlay = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(overlay, (*colour, int(50 + 70 * strength_step / 8)), overlay.get_rect(), border_radius=radius)
    pygame.draw.rect(overlay, (*colour, 255), overlay.get_rect(), width=width, border_radius=radius)
    centre, reach = size // 2, size // 5
    if colour == palette.DANGER:
        for sign in (1, -1):
            pygame.draw.line(overlay, (*colour, 255), (centre - reach, centre - sign * reach),
                             (centre + reach, centre + sign * reach), width + 1)
    else:
        pygame.draw.circle(overlay, (*colour, 255), (centre, centre), reach, width)
    return overlay


def draw_cell_ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    radius = max(4, rect.width // 7)
    pygame.draw.rect(surface, colour, rect.inflate(width * 2, width * 2), width=width, border_radius=radius + width)
