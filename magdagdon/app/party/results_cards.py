"""What a party's results and a phones room's results both show: a standing's card (place,
name, total, the final board, the breakdown) and the strip of who gained most each turn,
each planned once (sizes searched, places found) and drawn from its plan."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from magdagdon.engine import Board, ScoreBreakdown

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui import palette
from ..audit.draw_log import Role, panel
from ..text.fit import SMALLEST_PX, edge_room, fitted_size
from ..text.line_block import PlacedLine, draw_lines
from ..text.menu_text import ink_rect
from ..table.score_rows import score_rows
from ..ui.palette import Colour
from ..table.mini_board import draw_mini_board
from ..ui.placed import Placed, element, placed_lines


@dataclass(frozen=True)
class TurnCell:
    """One turn of the strip: its box, the colours of the best player(s) stacked in it (none:
    nobody placed dice that turn) and its number."""

    turn: int
    box: pygame.Rect
    bands: tuple[tuple[pygame.Rect, Colour], ...]
    digit: PlacedLine


@dataclass(frozen=True)
class BestTurnsPlan:
    strip: pygame.Rect
    label: PlacedLine
    cells: tuple[TurnCell, ...]


def plan_best_turns(fonts: FontBook, text: Catalog, strip: pygame.Rect, best_of_turn: tuple[tuple[int, ...], ...],
                    colour_of: Callable[[int], Colour], floor: int) -> BestTurnsPlan:
    """Who gained most on each turn: the turn number in the colour of the best player(s); a
    turn nobody placed dice in (every board ruined, or full) is an empty cell."""
    label = text("party.best_turns")
    size = max(10, int(strip.height * 0.6))
    # by its ink: Nastaliq's letters reach below their line's box, past the strip
    label_size = fitted_size(fonts, label, size, (strip.width // 3, strip.height - 2), False, floor)
    image = fonts.render(label, label_size, palette.TEXT_DIM)
    direction = text.direction  # the label, then turn 1 (on the right in Urdu)
    at = image.get_rect(**{direction.corner("mid"): (direction.start_x(strip), strip.centery)})
    at.top = strip.centery - ink_rect(image).centery
    turns = len(best_of_turn)
    room = strip.width - image.get_width() - 8
    cells = direction.placed(pygame.Rect(strip.left + image.get_width() + 8, strip.top, room, strip.height), strip)
    cell_w = max(1, cells.width // max(1, turns))
    columns = pygame.Rect(cells.left, cells.top, turns * cell_w, cells.height)
    planned = []
    for turn, seats in enumerate(best_of_turn, start=1):
        box = direction.placed(pygame.Rect(cells.left + (turn - 1) * cell_w, cells.top, cell_w - 2, cells.height), columns)
        band = max(1, box.height // max(1, len(seats)))
        bands = tuple((pygame.Rect(box.left, box.top + k * band, box.width, band), colour_of(seat))
                      for k, seat in enumerate(seats))
        ink = palette.TEXT_DARK if seats else palette.TEXT_DIM
        digit_size = fitted_size(fonts, str(turn), int(box.height * 0.6), (box.width - 2, box.height), True, floor,
                                 by_ink=False)
        digit = fonts.render(str(turn), digit_size, ink, True)
        planned.append(TurnCell(turn, box, bands, PlacedLine(str(turn), digit_size, ink, True,
                                                             digit.get_rect(center=box.center).topleft)))
    return BestTurnsPlan(strip, PlacedLine(label, label_size, palette.TEXT_DIM, False, at.topleft), tuple(planned))


def draw_best_turns(surface: pygame.Surface, fonts: FontBook, plan: BestTurnsPlan) -> None:
    with panel(surface, "best each turn", plan.strip):
        draw_lines(surface, fonts, (plan.label,))
    for cell in plan.cells:
        for band, colour in cell.bands:
            pygame.draw.rect(surface, colour, band)
        if not cell.bands:
            pygame.draw.rect(surface, palette.CELL_EMPTY, cell.box)
        with panel(surface, "best each turn", plan.strip), \
                panel(surface, f"turn {cell.turn}", cell.box, element=Role.PICTURE):
            draw_lines(surface, fonts, (cell.digit,))


def best_turns_pieces(fonts: FontBook, plan: BestTurnsPlan) -> list[Placed]:
    """What :func:`draw_best_turns` draws: the label, each turn's cell and its number."""
    out = placed_lines(fonts, (plan.label,), Role.LABEL, plan.strip)
    for cell in plan.cells:
        out += [element(Role.PICTURE, cell.box, f"turn {cell.turn}"),
                *placed_lines(fonts, (cell.digit,), Role.VALUE, cell.box)]
    return out


@dataclass(frozen=True)
class StandingPlan:
    """One result's card: place and name, the total, the final board and the breakdown's
    rows (each a label and its value on one baseline)."""

    box: pygame.Rect
    first: bool  # first place: a gold frame
    colour: Colour
    head: PlacedLine
    total: PlacedLine
    board: Board
    board_rect: pygame.Rect | None  # None: no room for a readable board
    rows: tuple[tuple[PlacedLine, PlacedLine], ...]


def plan_standing(fonts: FontBook, text: Catalog, box: pygame.Rect, place: int, name: str,
                  breakdown: ScoreBreakdown, colour: Colour, board: Board, floor: int) -> StandingPlan:
    """One result's card laid out in ``box`` (``floor``: the window's readable size)."""
    line = max(floor, min(box.height // 9, box.width // 8))
    y = box.top + 4
    head = text("party.place", place=place, name=name)
    head_size = fitted_size(fonts, head, line, (box.width - 8, int(line * 1.3)), True, floor, by_ink=False)
    image = fonts.render(head, head_size, colour, True)
    head_line = PlacedLine(head, head_size, colour, True, image.get_rect(midtop=(box.centerx, y)).topleft)
    y += int(line * 1.3)
    total = str(breakdown.total)
    total_size = fitted_size(fonts, total, int(line * 1.4), (box.width - 8, 0), True, SMALLEST_PX)
    image = fonts.render(total, total_size, palette.GOLD, bold=True)
    total_line = PlacedLine(total, total_size, palette.GOLD, True, image.get_rect(midtop=(box.centerx, y)).topleft)
    y += int(line * 1.6)
    small = max(floor, int(line * 0.7))
    rows = score_rows(breakdown, text)
    # Each row a label and its value on one baseline; rows evenly spaced, each clear of
    # the ink of the one above (Nastaliq's letters stand far above and below Latin's).
    # Tall rows make their text smaller before they squeeze the board to a speck: the
    # board keeps a quarter of the card's height while the text can give way.
    wanted = min(box.width - 16, box.height // 4)
    while True:
        label_sizes, ascents, baselines, rows_h = _rows(fonts, rows, small, box.width * 3 // 5)
        foot = max(6, edge_room(small, floor))  # the last row clear of the card's frame
        board_side = min(box.width - 16, box.bottom - foot - y - rows_h - 8)
        if board_side >= wanted or small <= floor:
            break
        small -= 1
    board_rect = None
    if board_side > 24:
        board_rect = pygame.Rect(box.centerx - board_side // 2, y, board_side, board_side)
        y += board_side + 4
    y = max(y, box.bottom - foot - rows_h)  # the rows end at the card's foot
    inset = max(6, box.width // 18, edge_room(small, floor))  # clear of the card's frame, as its board is
    lines = box.inflate(-2 * inset, 0)
    planned = []
    for number, ((label, value), label_size) in enumerate(zip(rows, label_sizes)):
        baseline = y + baselines[number]
        l_asc, v_asc = ascents[number]
        l_img, v_img = fonts.render(label, label_size, palette.TEXT_DIM), fonts.render(value, small, palette.TEXT)
        # the label where the reader starts, its number at the end
        l_rect = fonts.direction.placed(l_img.get_rect(left=lines.left, top=baseline - l_asc), lines)
        v_rect = fonts.direction.placed(v_img.get_rect(right=lines.right, top=baseline - v_asc), lines)
        planned.append((PlacedLine(label, label_size, palette.TEXT_DIM, False, l_rect.topleft),
                        PlacedLine(value, small, palette.TEXT, False, v_rect.topleft)))
    return StandingPlan(box, place == 1, colour, head_line, total_line, board, board_rect, tuple(planned))


def draw_standing(surface: pygame.Surface, fonts: FontBook, plan: StandingPlan) -> None:
    box = plan.box
    pygame.draw.rect(surface, palette.PANEL, box, border_radius=8)
    pygame.draw.rect(surface, palette.GOLD if plan.first else plan.colour, box, width=3 if plan.first else 1,
                     border_radius=8)
    draw_lines(surface, fonts, (plan.head,))
    draw_lines(surface, fonts, (plan.total,))
    if plan.board_rect is not None:
        draw_mini_board(surface, plan.board_rect, plan.board.cells)
    for number, (label, value) in enumerate(plan.rows):
        with panel(surface, f"row {number}"):
            draw_lines(surface, fonts, (label,))
            draw_lines(surface, fonts, (value,))


def standing_pieces(fonts: FontBook, plan: StandingPlan, name: str) -> list[Placed]:
    """What :func:`draw_standing` draws: the card (``name``), its head, total, board and rows."""
    box = plan.box
    out = [element(Role.PANEL, box, name), *placed_lines(fonts, (plan.head,), Role.NAME, box),
           *placed_lines(fonts, (plan.total,), Role.VALUE, box)]
    if plan.board_rect is not None:
        out.append(element(Role.PICTURE, plan.board_rect, "mini board"))
    for label, value in plan.rows:
        out += placed_lines(fonts, (label,), Role.LABEL, box) + placed_lines(fonts, (value,), Role.VALUE, box)
    return out


def _rows(fonts: FontBook, rows: list[tuple[str, str]], small: int, label_width: int
          ) -> tuple[list[int], list[tuple[int, int]], list[int], int]:
    """The breakdown's rows at ``small``: their labels' sizes, ascents, baselines and height."""
    label_sizes = [fitted_size(fonts, label, small, (label_width, 0), False, SMALLEST_PX) for label, _ in rows]
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
    return label_sizes, ascents, baselines, rows_h
