"""The party's players in a compact row under the top bar, for windows too small for the
side strip: one chip per player with their colour, name and score. The player to move has
a pointer and a thick frame (not colour alone); small signs mark the computer and a full
board that waits. Names too long for their chip end in an ellipsis, never clipped."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..text.fonts import FontBook
from ..ui import palette
from ..audit.draw_log import Role, panel
from ..text.ellipsis import shortened
from ..text.fit import SMALLEST_PX, fitted_size, min_text_px
from ..text.direction import Direction
from ..text.line_block import PlacedLine, draw_lines, lines_block
from ..ui.placed import Placed, element, placed_text
from .strip import StripEntry


def chip_rects(band: pygame.Rect, count: int, rows: int, direction: Direction) -> list[pygame.Rect]:
    """Where each player's chip goes, in seating order: rows filled in reading order (from
    the right for a right-to-left reader)."""
    if count <= 0:
        return []
    rows = max(1, rows)
    per_row = math.ceil(count / rows)
    across, down = max(4, band.width // 160), max(3, band.height // 20)
    chip_h = (band.height - down * (rows - 1)) // rows
    chip_w = (band.width - across * (per_row - 1)) // per_row
    rects = []
    for index in range(count):
        row, column = divmod(index, per_row)
        rect = pygame.Rect(band.left + column * (chip_w + across), band.top + row * (chip_h + down), chip_w, chip_h)
        rects.append(direction.placed(rect, band))
    return rects


@dataclass(frozen=True)
class ChipPlan:
    """One player's chip, laid out: its rect, the marker's box, the score, the signs (the
    computer, a full board) and the name, shortened where it does not fit."""

    entry: StripEntry
    chip: pygame.Rect
    marker: pygame.Rect
    score: tuple[PlacedLine, ...]
    signs: tuple[tuple[str, pygame.Rect], ...]
    name: tuple[PlacedLine, ...]


def plan_party_row(fonts: FontBook, window: tuple[int, int], band: pygame.Rect, rows: int,
                   entries: list[StripEntry]) -> tuple[ChipPlan, ...]:
    """Every player's chip in ``band``, in seating order."""
    rects = chip_rects(band, len(entries), rows, fonts.direction)
    floor = min_text_px(window)
    return tuple(_plan_chip(fonts, rect, entry, floor) for rect, entry in zip(rects, entries))


def draw_party_row(surface: pygame.Surface, fonts: FontBook, plan: tuple[ChipPlan, ...]) -> None:
    for index, chip in enumerate(plan):
        with panel(surface, f"player {index}", chip.chip, element=Role.PANEL):
            _draw_chip(surface, fonts, chip)


def party_row_pieces(fonts: FontBook, plan: tuple[ChipPlan, ...]) -> list[Placed | None]:
    """Each chip as ``draw_party_row`` draws it: its box, its score and its name."""
    out: list[Placed | None] = []
    for index, chip in enumerate(plan):
        out.append(element(Role.PANEL, chip.chip, f"player {index}"))
        out += [placed_text(fonts, line.words, line.size, line.at, role, chip.chip, line.bold)
                for lines, role in ((chip.score, Role.VALUE), (chip.name, Role.NAME)) for line in lines]
    return out


def _plan_chip(fonts: FontBook, chip: pygame.Rect, entry: StripEntry, floor: int) -> ChipPlan:
    direction = fonts.direction
    pad = max(5, chip.height // 5)
    inner = chip.inflate(-2 * pad, -2 * pad // 2)

    def place(width: int, at: int) -> pygame.Rect:
        """A slot ``width`` wide ``at`` pixels from the chip's reading start."""
        return direction.placed(pygame.Rect(inner.left + at, inner.top, width, inner.height), inner)

    marker = max(8, inner.height * 5 // 8)
    at = marker + pad
    size = max(floor, inner.height * 3 // 5)
    score_text = str(entry.score)
    score_size = fitted_size(fonts, score_text, size, (inner.width // 3, 0), True, floor)
    score_w = fonts.size(score_text, score_size, True)[0]
    score = lines_block(fonts, [score_text], score_size, palette.TEXT, True).placed(
        place(score_w, inner.width - score_w), "center")[0]
    kinds = [kind for kind, shown in (("computer", entry.computer), ("full", entry.full)) if shown]
    sign = max(8, inner.height * 3 // 5)
    signs = tuple((kind, place(sign, inner.width - score_w - (number + 1) * (sign + pad // 2)))
                  for number, kind in enumerate(kinds))
    room = inner.width - at - score_w - pad - len(kinds) * (sign + pad // 2)
    words = entry.name
    name_size = fitted_size(fonts, words, size, (max(1, room), 0), True, SMALLEST_PX)
    if name_size < floor:  # too long even at the readable size: its start and "…"
        words = shortened(fonts, entry.name, floor, max(1, room))
        name_size = fitted_size(fonts, words, floor, (room, 0), True, floor)
    name = lines_block(fonts, [words], name_size, entry.colour, True).placed(place(max(1, room), at), direction.start)[0]
    return ChipPlan(entry, chip, place(marker, 0), score, signs, name)


def _draw_chip(surface: pygame.Surface, fonts: FontBook, plan: ChipPlan) -> None:
    chip, entry = plan.chip, plan.entry
    radius = max(4, chip.height // 4)
    pygame.draw.rect(surface, palette.PANEL_EDGE if entry.current else palette.PANEL, chip, border_radius=radius)
    if entry.current:
        pygame.draw.rect(surface, entry.colour, chip, width=max(3, chip.height // 12), border_radius=radius)
    else:
        pygame.draw.rect(surface, palette.PANEL_EDGE, chip, width=1, border_radius=radius)
    _draw_marker(surface, plan.marker, entry, fonts.direction)
    draw_lines(surface, fonts, plan.score)
    for kind, box in plan.signs:
        draw_sign(surface, box, kind)
    draw_lines(surface, fonts, plan.name)


def _draw_marker(surface: pygame.Surface, box: pygame.Rect, entry: StripEntry, direction: Direction) -> None:
    """The player to move: a pointer in their colour, facing the reading direction; the
    others: a dot of their colour."""
    if entry.current:
        half = box.width // 2
        tip_x, back_x = direction.end_x(box), direction.start_x(box)
        points = [(back_x, box.centery - half), (tip_x, box.centery), (back_x, box.centery + half)]
        pygame.draw.polygon(surface, entry.colour, points)
        pygame.draw.polygon(surface, palette.TEXT, points, width=1)
    else:
        pygame.draw.circle(surface, entry.colour, box.center, max(3, box.width * 3 // 8))


def draw_sign(surface: pygame.Surface, box: pygame.Rect, kind: str) -> None:
    """A small picture, no words: a screen for the computer, a tick for a full board."""
    side = box.width
    square = pygame.Rect(0, 0, side, side)
    square.center = box.center
    line = max(2, side // 8)
    if kind == "computer":
        screen = pygame.Rect(square.left, square.top + side // 8, side, side * 5 // 8)
        pygame.draw.rect(surface, palette.TEXT_DIM, screen, width=line, border_radius=max(1, side // 10))
        pygame.draw.line(surface, palette.TEXT_DIM, (square.centerx, screen.bottom), (square.centerx, square.bottom - line), line)
        pygame.draw.line(surface, palette.TEXT_DIM, (square.left + side // 4, square.bottom - line),
                         (square.right - side // 4, square.bottom - line), line)
    else:
        points = [(square.left + side // 8, square.centery), (square.left + side * 3 // 8, square.bottom - side // 5),
                  (square.right - side // 8, square.top + side // 5)]
        pygame.draw.lines(surface, palette.LEGAL, False, points, line + 1)
