"""What the phones' plans place (:mod:`..ui.placed`), read from the plans the lobby, the race
and the results keep: their lines of words, the guests' tiles and marks, the legend, the
results' cards and the strip of each turn's best. Nothing here lays anything out: every
place and size is the plan's, measured with the font book's cached inks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

import pygame

from ..audit.draw_log import Role
from ..party.results_cards import BestTurnsPlan, StandingPlan
from ..text.line_block import PlacedLine
from ..ui.placed import Placed, element, pieces, placed_text
from .guest_tiles import LegendItem, mark_square
from .tile_plan import TilesPlan

if TYPE_CHECKING:
    from ..text.fonts import FontBook


def placed_lines(fonts: FontBook, lines: Sequence[PlacedLine], role: Role, box: pygame.Rect | None,
                 offset: tuple[int, int] = (0, 0)) -> list[Placed | None]:
    """One piece a line, where ``draw_lines`` blits it (moved by ``offset``: a plan made
    relative to its card)."""
    return [placed_text(fonts, line.words, line.size, (line.at[0] + offset[0], line.at[1] + offset[1]), role, box,
                        line.bold) for line in lines]


def placed_mark(box: pygame.Rect, name: str) -> Placed:
    return element(Role.PICTURE, mark_square(box), f"mark {name}")


def placed_legend(fonts: FontBook, items: Iterable[LegendItem]) -> tuple[Placed, ...]:
    out: list[Placed | None] = []
    for item in items:
        out += [placed_mark(item.mark_box, item.mark.value), *placed_lines(fonts, item.word, Role.LABEL, item.box)]
    return pieces(out)


def placed_tiles(fonts: FontBook, plan: TilesPlan) -> tuple[Placed, ...]:
    """Each tile's card, board, mark, name and score."""
    out: list[Placed | None] = []
    for box, tile in zip(plan.cards, plan.tiles):
        card = pygame.Rect(box)
        out.append(element(Role.PANEL, card, f"guest {tile.tile.seat}"))
        out.append(element(Role.PICTURE, pygame.Rect(tile.board).move(card.topleft), "mini board"))
        out.append(placed_mark(pygame.Rect(tile.mark_box).move(card.topleft), tile.tile.mark.value))
        out += placed_lines(fonts, tile.name, Role.NAME, card, card.topleft)
        out += placed_lines(fonts, (tile.score,), Role.VALUE, card, card.topleft)
    return pieces(out)


def placed_standing(fonts: FontBook, plan: StandingPlan, name: str) -> tuple[Placed, ...]:
    """A result's card: its place and name, total, board and the breakdown's rows."""
    box = plan.box
    board = element(Role.PICTURE, plan.board_rect, "mini board") if plan.board_rect is not None else None
    out = [element(Role.PANEL, box, name), *placed_lines(fonts, (plan.head,), Role.NAME, box),
           *placed_lines(fonts, (plan.total,), Role.VALUE, box), board]
    for label, value in plan.rows:
        out += placed_lines(fonts, (label,), Role.LABEL, box) + placed_lines(fonts, (value,), Role.VALUE, box)
    return pieces(out)


def placed_best_turns(fonts: FontBook, plan: BestTurnsPlan) -> tuple[Placed, ...]:
    """The strip's label, and each turn's cell with its number."""
    out = placed_lines(fonts, (plan.label,), Role.LABEL, plan.strip)
    for cell in plan.cells:
        out.append(element(Role.PICTURE, cell.box, f"turn {cell.turn}"))
        out += placed_lines(fonts, (cell.digit,), Role.VALUE, cell.box)
    return pieces(out)
