"""What a party's results and a phones room's results both show: a standing's card (place,
name, total, the final board, the breakdown) and the strip of who gained most each turn."""

from __future__ import annotations

from typing import Callable

import pygame

from magdagdon.engine import Board, ScoreBreakdown

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui import palette
from ..audit.draw_log import Role, as_role, panel
from ..text.fit import edge_room, fitted_line, min_text_px
from ..text.menu_text import ink_rect
from ..table.score_rows import score_rows
from ..ui.palette import Colour
from ..table.mini_board import draw_mini_board


def draw_best_turns(surface: pygame.Surface, fonts: FontBook, text: Catalog, strip: pygame.Rect,
                    best_of_turn: tuple[tuple[int, ...], ...], colour_of: Callable[[int], Colour]) -> None:
    """Who gained most on each turn: the turn number in the colour of the best player(s); a
    turn nobody placed dice in (every board ruined, or full) is an empty cell."""
    label = text("party.best_turns")
    size = max(10, int(strip.height * 0.6))
    floor = min_text_px(surface.get_size())
    # by its ink: Nastaliq's letters reach below their line's box, past the strip
    image = fitted_line(fonts, label, size, (strip.width // 3, strip.height - 2), palette.TEXT_DIM, False, floor)
    direction = text.direction  # the label, then turn 1 (on the right in Urdu)
    at = image.get_rect(**{direction.corner("mid"): (direction.start_x(strip), strip.centery)})
    at.top = strip.centery - ink_rect(image).centery
    with panel(surface, "best each turn", strip, Role.LABEL):
        surface.blit(image, at)
    turns = len(best_of_turn)
    room = strip.width - image.get_width() - 8
    cells = direction.placed(pygame.Rect(strip.left + image.get_width() + 8, strip.top, room, strip.height), strip)
    cell_w = max(1, cells.width // max(1, turns))
    columns = pygame.Rect(cells.left, cells.top, turns * cell_w, cells.height)
    for turn, seats in enumerate(best_of_turn, start=1):
        box = direction.placed(pygame.Rect(cells.left + (turn - 1) * cell_w, cells.top, cell_w - 2, cells.height), columns)
        band = max(1, box.height // max(1, len(seats)))
        for k, seat in enumerate(seats):
            pygame.draw.rect(surface, colour_of(seat), (box.left, box.top + k * band, box.width, band))
        if not seats:
            pygame.draw.rect(surface, palette.CELL_EMPTY, box)
        ink = palette.TEXT_DARK if seats else palette.TEXT_DIM
        digit = fitted_line(fonts, str(turn), int(box.height * 0.6), (box.width - 2, box.height), ink, True, floor,
                            by_ink=False)
        with panel(surface, "best each turn", strip, Role.VALUE), panel(surface, f"turn {turn}", box, element=Role.PICTURE):
            surface.blit(digit, digit.get_rect(center=box.center))


def draw_standing(surface: pygame.Surface, fonts: FontBook, text: Catalog, box: pygame.Rect, place: int, name: str,
                  breakdown: ScoreBreakdown, colour: Colour, board: Board) -> None:
    """One result's card: place and name, the total, the final board and the breakdown."""
    pygame.draw.rect(surface, palette.PANEL, box, border_radius=8)
    pygame.draw.rect(surface, palette.GOLD if place == 1 else colour, box, width=3 if place == 1 else 1, border_radius=8)
    line = max(min_text_px(surface.get_size()), min(box.height // 9, box.width // 8))
    y = box.top + 4
    head = text("party.place", place=place, name=name)
    image = fitted_line(fonts, head, line, (box.width - 8, int(line * 1.3)), colour, True, min_text_px(surface.get_size()),
                        by_ink=False)
    with as_role(surface, Role.NAME):
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
    y += int(line * 1.3)
    total = str(breakdown.total)
    image = fonts.render(total, fonts.fit(total, int(line * 1.4), box.width - 8, True), palette.GOLD, bold=True)
    with as_role(surface, Role.VALUE):
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
    y += int(line * 1.6)
    small = max(min_text_px(surface.get_size()), int(line * 0.7))
    rows = score_rows(breakdown, text)
    # Each row a label and its value on one baseline; rows evenly spaced, each clear of
    # the ink of the one above (Nastaliq's letters stand far above and below Latin's).
    # Tall rows make their text smaller before they squeeze the board to a speck: the
    # board keeps a quarter of the card's height while the text can give way.
    floor = min_text_px(surface.get_size())
    wanted = min(box.width - 16, box.height // 4)
    while True:
        labels, values, ascents, baselines, rows_h = _rows(fonts, rows, small, box.width * 3 // 5)
        foot = max(6, edge_room(small, floor))  # the last row clear of the card's frame
        board_side = min(box.width - 16, box.bottom - foot - y - rows_h - 8)
        if board_side >= wanted or small <= floor:
            break
        small -= 1
    if board_side > 24:
        draw_mini_board(surface, pygame.Rect(box.centerx - board_side // 2, y, board_side, board_side), board.cells)
        y += board_side + 4
    y = max(y, box.bottom - foot - rows_h)  # the rows end at the card's foot
    inset = max(6, box.width // 18, edge_room(small, floor))  # clear of the card's frame, as its board is
    lines = box.inflate(-2 * inset, 0)
    for number, (l_img, v_img) in enumerate(zip(labels, values)):
        baseline = y + baselines[number]
        l_asc, v_asc = ascents[number]
        with panel(surface, f"row {number}"):
            # the label where the reader starts, its number at the end
            l_rect = fonts.direction.placed(l_img.get_rect(left=lines.left, top=baseline - l_asc), lines)
            v_rect = fonts.direction.placed(v_img.get_rect(right=lines.right, top=baseline - v_asc), lines)
            surface.blit(l_img, l_rect)
            with as_role(surface, Role.VALUE):
                surface.blit(v_img, v_rect)


def _rows(fonts: FontBook, rows: list[tuple[str, str]], small: int, label_width: int
          ) -> tuple[list[pygame.Surface], list[pygame.Surface], list[tuple[int, int]], list[int], int]:
    """The breakdown's rows at ``small``: their images, ascents, baselines and height."""
    label_sizes = [fonts.fit(label, small, label_width) for label, _ in rows]
    labels = [fonts.render(label, size, palette.TEXT_DIM) for (label, _), size in zip(rows, label_sizes)]
    values = [fonts.render(value, small, palette.TEXT) for _, value in rows]
    ascents = [(fonts.baseline(label, size), fonts.baseline(value, small))
               for (label, value), size in zip(rows, label_sizes)]
    reach = [ink_rect(l_img).move(0, -l_asc).union(ink_rect(v_img).move(0, -v_asc))
             for l_img, v_img, (l_asc, v_asc) in zip(labels, values, ascents)]
    gap = max(2, small // 5)
    step = max([round(small * 1.25)] + [upper.bottom + gap - lower.top for upper, lower in zip(reach, reach[1:])])
    baselines = [-reach[0].top + number * step for number in range(len(rows))]
    rows_h = baselines[-1] + reach[-1].bottom
    return labels, values, ascents, baselines, rows_h
