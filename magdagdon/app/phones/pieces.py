"""What the phones' plans place (:mod:`..ui.placed`), read from the plans the lobby, the race
and the results keep: the guests' tiles and marks and the legend (the results' cards and
strip of each turn's best are the party's: ``party/results_cards.py``). Nothing here lays anything out: every
place and size is the plan's, measured with the font book's cached inks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import pygame

from ..audit.draw_log import Role
from ..ui.placed import Placed, element, pieces, placed_lines
from .guest_tiles import LegendItem, mark_square
from .tile_plan import TilesPlan

if TYPE_CHECKING:
    from ..text.fonts import FontBook


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
