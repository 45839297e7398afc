"""The race and the room's results, laid out once: the race's head (the turn, the roll, the
seconds left), the guests' tiles and the legend of the marks shown; the results' podium
cards, the other guests' tiles and the strip of the best of each turn. Each is made from
the body's box, the window, the language, the text scale and what the room shows, and kept
by the screen's presenter until one of those changes (the room as the race samples it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Board
from magdagdon.engine.dice import roll_dice
from magdagdon.party import PartyResults

from ..party.results_cards import BestTurnsPlan, StandingPlan, plan_best_turns, plan_standing
from ..text.fit import fitted_size, min_text_px
from ..text.line_block import PlacedLine, lines_block
from ..ui import palette
from ..ui.body_inputs import BodyInputs
from .guest_tiles import GuestMark, LegendItem, Tile, plan_legend, seat_colour
from .tile_plan import KeptTilePlans, TilesPlan, plan_tiles

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog

PODIUM = 3  # the cards of the results' first places (ties beyond them are tiles with their place)
DIE_GAP = 4  # between two dice of the roll


@dataclass(frozen=True)
class RaceModel:
    """What the race shows: the room's turn and the seed of its dice, the seconds left (None:
    no timer), every guest's tile and the marks the legend words."""

    turn: int
    seed: int
    seconds: int | None
    tiles: tuple[Tile, ...]
    marks: tuple[GuestMark, ...]


RaceInputs = BodyInputs[RaceModel]


@dataclass(frozen=True)
class RacePlan:
    turn_box: pygame.Rect
    turn: tuple[PlacedLine, ...]
    timer_box: pygame.Rect
    timer: tuple[PlacedLine, ...]
    roll_box: pygame.Rect
    die: int  # each die's side (no dice: 0)
    dice: tuple[tuple[int, tuple[int, int]], ...]  # each die's value and its face's midleft, in reading order
    tiles: TilesPlan
    legend: tuple[LegendItem, ...]


def plan_race(fonts: FontBook, text: Catalog, inputs: RaceInputs, kept: KeptTilePlans | None = None) -> RacePlan:
    """The race's plan (``kept``: the tiles' plans of the last one, for the tiles that did not change)."""
    rect, model, floor = inputs.body_rect, inputs.model, min_text_px(inputs.window)
    head_h = max(fonts.line_height(floor) + 8, min(rect.height // 7, rect.width // 9))
    legend_h = max(fonts.line_height(floor) + 4, rect.height // 22)
    head = pygame.Rect(rect.left, rect.top, rect.width, head_h)
    area = pygame.Rect(rect.left, head.bottom + 6, rect.width, rect.height - head_h - legend_h - 12)
    tiles = plan_tiles(fonts, text, area, list(model.tiles), floor, kept)
    legend = plan_legend(fonts, text, pygame.Rect(rect.left, rect.bottom - legend_h, rect.width, legend_h),
                         list(model.marks), floor)
    return _plan_head(fonts, text, head, model, floor, tiles, legend)


def _plan_head(fonts: FontBook, text: Catalog, head: pygame.Rect, model: RaceModel, floor: int, tiles: TilesPlan,
               legend: tuple[LegendItem, ...]) -> RacePlan:
    """The turn, its dice (the same for every phone), the timer's seconds left."""
    direction = text.direction
    turn = text("phones.turn", turn=model.turn)
    seconds = model.seconds
    timer = text("phones.seconds_left", seconds=seconds) if seconds is not None else text("phones.no_timer")
    third = head.width // 3
    size = fitted_size(fonts, turn, max(floor, head.height * 2 // 3), (third, head.height), True, floor)
    start = direction.placed(pygame.Rect(head.left, head.top, third, head.height), head)
    turn_lines = lines_block(fonts, [turn], size, palette.GOLD, True).placed(start, direction.start)[0]
    end = direction.placed(pygame.Rect(head.right - third, head.top, third, head.height), head)
    size = fitted_size(fonts, timer, max(floor, head.height // 2), (third, head.height), True, floor)
    colour = palette.TEXT if seconds is None or seconds > 10 else palette.GOLD
    timer_lines = lines_block(fonts, [timer], size, colour, True).placed(end, direction.end)[0]
    middle = pygame.Rect(head.left + third, head.top, head.width - 2 * third, head.height)
    die = 0  # no roll before the first turn, nor where no die would show
    placed: list[tuple[int, tuple[int, int]]] = []
    if model.turn >= 1:
        values = roll_dice(model.seed, model.turn)
        side = min(middle.height - 4, (middle.width - 4) // len(values) - 4)
        if side >= 8:
            total = len(values) * (side + DIE_GAP) - DIE_GAP
            x = middle.centerx - total // 2
            for value in direction.ordered(values):
                placed.append((value, (x, middle.centery)))
                x += side + DIE_GAP
            die = side
    return RacePlan(start, turn_lines, end, timer_lines, middle, die, tuple(placed), tiles, legend)


@dataclass(frozen=True)
class RoomResultsModel:
    """What the room's results show: the standings (their seats counted among the guests
    kept), each one's room seat and final board."""

    results: PartyResults
    seats: tuple[int, ...]  # the room's seat of each guest the results count
    boards: tuple[Board, ...]  # each such guest's final board
    portrait: bool


@dataclass(frozen=True)
class RoomResultsPlan:
    podium: tuple[StandingPlan, ...]
    others: TilesPlan
    best: BestTurnsPlan


def plan_room_results(fonts: FontBook, text: Catalog, inputs: BodyInputs[RoomResultsModel]) -> RoomResultsPlan:
    rect, model, floor = inputs.body_rect, inputs.model, min_text_px(inputs.window)
    results = model.results
    best_h = max(floor * 3 // 2, min(rect.height // 12, floor * 3))
    podium = [s for s in results.standings if s.place <= PODIUM][:PODIUM]
    rest = results.standings[len(podium):]
    portrait = model.portrait
    podium_h = (rect.height - best_h - 8) * (1 if not rest else (5 if portrait else 6)) // (1 if not rest else 10)
    if not rest and len(podium) <= 2 and portrait:
        podium_h = rect.height - best_h - 8
    area = pygame.Rect(rect.left, rect.top, rect.width, podium_h)
    columns = len(podium) if not portrait or len(podium) <= 2 else 2
    rows = -(-len(podium) // columns)
    each_w, each_h = area.width // columns, area.height // rows
    cards = []
    for index, standing in enumerate(podium):
        row, column = divmod(index, columns)
        column = text.direction.column(column, columns)  # the winner where the reader starts
        box = pygame.Rect(area.left + column * each_w, area.top + row * each_h, each_w, each_h).inflate(-6, -6)
        cards.append(plan_standing(fonts, text, box, standing.place, standing.name, standing.breakdown,
                                   seat_colour(model.seats[standing.seat]), model.boards[standing.seat], floor))
    others = TilesPlan((), ())
    if rest:
        tiles = [Tile(model.seats[s.seat], s.name, s.breakdown.total, model.boards[s.seat], GuestMark.BOARD_FULL,
                      s.place) for s in rest]
        area = pygame.Rect(rect.left, area.bottom + 4, rect.width, rect.height - podium_h - best_h - 12)
        others = plan_tiles(fonts, text, area, tiles, floor)
    strip = pygame.Rect(rect.left, rect.bottom - best_h, rect.width, best_h)
    best = plan_best_turns(fonts, text, strip, results.best_of_turn, lambda k: seat_colour(model.seats[k]), floor)
    return RoomResultsPlan(tuple(cards), others, best)
