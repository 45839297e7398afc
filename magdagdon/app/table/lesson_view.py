"""One frame of a lesson (``lessons.py``) drawn as the table draws its own: the board, its
sums and its lit cells by ``board_view``, the dice by ``dice_faces``, the tray as a column of
slots beside the board (on the reader's far side, as the table's tray is)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Phase

from ..audit.draw_log import Role, note, panel
from ..ui import palette
from ..ui.placed import Placed, element, pieces
from .board_view import SumWords, board_pieces, draw_board, draw_cell_highlights, draw_cell_ring, plan_sums
from .dice_faces import die_face
from .layout import BLOCK_CELLS, GUTTER, BoardBlock, board_block
from .lessons import LessonFrame

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog

TRAY_CELLS = 1.3  # the tray's column beside the board, in cells (with the gap before it)


@dataclass(frozen=True)
class LessonStage:
    """Where a lesson's board and tray go inside ``area``."""

    block: BoardBlock
    slots: tuple[pygame.Rect, ...]
    area: pygame.Rect  # the board, its sums and the tray together

    @classmethod
    def fitted(cls, rect: pygame.Rect, catalog: "Catalog", fonts: "FontBook", floor: int) -> "LessonStage":
        """The largest board that fits ``rect`` with its tray, its sums' gutters wide and
        tall enough for a sum and its tag at the readable size ``floor``."""
        cells = BLOCK_CELLS - GUTTER  # the cells and their gaps, in cells
        need_w, need_h = _sum_room(fonts, floor)
        cell = min(rect.width / (BLOCK_CELLS + TRAY_CELLS), rect.height / BLOCK_CELLS)
        for _ in range(2):  # the gutters as the sums need them, the cells what is left (a column's sum is a cell wide)
            gutter_w, gutter_h = max(cell * GUTTER, need_w), max(cell * GUTTER, need_h)
            cell = max(need_w, min((rect.width - gutter_w) / (cells + TRAY_CELLS), (rect.height - gutter_h) / cells))
        gutter_w, gutter_h = max(cell * GUTTER, need_w), max(cell * GUTTER, need_h)
        block_size = (round(cell * cells + gutter_w), round(cell * cells + gutter_h))
        area = pygame.Rect(0, 0, block_size[0] + round(cell * TRAY_CELLS), block_size[1])
        area.center = rect.center
        block_rect = catalog.direction.placed(pygame.Rect(area.topleft, block_size), area)
        block = board_block(block_rect, cell, max(4, round(cell * 0.12)))
        slot = block.cell_size
        column = catalog.direction.placed(pygame.Rect(area.right - slot, area.top, slot, area.height), area)
        slots = tuple(pygame.Rect(column.left, cell_rect.top, slot, slot) for cell_rect in block.cells[::4])
        return cls(block, slots, area)

    @staticmethod
    def least_height(fonts: "FontBook", floor: int) -> int:
        """The lowest a lesson's board can be with its sums readable (a column's sum is a cell wide)."""
        need_w, need_h = _sum_room(fonts, floor)
        return int(need_w * (BLOCK_CELLS - GUTTER) + need_h) + 1


def _sum_room(fonts: "FontBook", floor: int) -> tuple[int, int]:
    """The width and height a line's sum and its tag take at the readable size."""
    tag = "(+60)"
    return (fonts.size(tag, floor)[0] + 4,
            fonts.ink_height("00", floor, True) + fonts.ink_height(tag, floor) + floor // 4 + 4)


def plan_frame_sums(fonts: "FontBook", stage: LessonStage, frame: LessonFrame, floor: int) -> tuple[SumWords, ...]:
    """The frame's line sums (of its working board) as its stage's gutters hold them."""
    return plan_sums(fonts, stage.block, frame.working_board, floor)


def draw_lesson_frame(surface: pygame.Surface, fonts: "FontBook", stage: LessonStage, frame: LessonFrame,
                      sums: tuple[SumWords, ...]) -> None:
    """``frame`` on ``stage``; ``sums``: the frame's planned sums (``plan_frame_sums``)."""
    note(surface, stage.area, Role.PICTURE, "lesson board")
    with panel(surface, "lesson board", stage.area):  # the sums are the board's own words
        _draw_frame(surface, fonts, stage, frame, sums)


def lesson_frame_pieces(fonts: "FontBook", stage: LessonStage, sums: tuple[SumWords, ...],
                        layer: int = 0) -> tuple[Placed, ...]:
    """What a lesson frame on ``stage`` places: its board as the table's board places it
    (cells, and each line's sum and tag in its gutter's box)."""
    return pieces(element(Role.PICTURE, stage.area, "lesson board", layer), board_pieces(fonts, stage.block, sums, layer))


def _draw_frame(surface: pygame.Surface, fonts: "FontBook", stage: LessonStage, frame: LessonFrame,
                sums: tuple[SumWords, ...]) -> None:
    block = stage.block
    draw_board(surface, fonts, block, frame.board, sums)
    size = block.cell_size
    for cell, value in frame.staged:
        face = die_face(value, int(size * 0.94), "staged")
        surface.blit(face, face.get_rect(center=block.cells[cell].center))
    ring = max(2, size // 16)
    if frame.phase is Phase.MAGDAGDON:  # no order fits the dice: the board rimmed in red
        draw_cell_ring(surface, block.board.inflate(ring * 2, ring * 2), palette.DANGER, ring)
    draw_cell_highlights(surface, block, frame.legal, palette.LEGAL, 0.6)
    draw_cell_highlights(surface, block, frame.ruin_cells, palette.DANGER, 0.5)
    if frame.bonus_line is not None:
        line = frame.bonus_line
        cells = [block.cells[line * 4 + i] if line < 4 else block.cells[i * 4 + line - 4] for i in range(4)]
        draw_cell_ring(surface, cells[0].union(cells[-1]), palette.GOLD, ring)
    for index, slot in enumerate(stage.slots):
        pygame.draw.rect(surface, palette.PANEL_EDGE, slot, width=max(1, size // 30), border_radius=max(4, size // 6))
        shown = frame.tray[index] if index < len(frame.tray) else None
        if shown is None:
            continue
        face = die_face(shown, int(size * 0.86))
        surface.blit(face, face.get_rect(center=slot.center))
        if index == frame.picked:
            draw_cell_ring(surface, slot, palette.LEGAL, ring)
        elif index in frame.changed:
            draw_cell_ring(surface, slot, palette.GOLD, ring)
        elif index in frame.returned:
            draw_cell_ring(surface, slot, palette.CORAL, ring)
