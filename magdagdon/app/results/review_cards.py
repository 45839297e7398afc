"""The drawn review's cards: for each of the costliest turns (or, where few lost anything,
the moves that beat the expert's), the player's board beside the expert's ghost dice and one
sentence ('Turn 2: 5 on R2C3, 4 on R2C4 · –43 ± 6': the expert's move, and what the player's
choices came to against it, with the standard error of that number). A row of cards goes
under game over's breakdown; a column of them beside it, each card's sentence then beside
its boards. The review is meant to be read across a table: its dice are given
``REVIEW_DIE_SHARE`` of the window's short side (28 px at 1280×720) where the window allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from magdagdon.ai.review import GameReview, TurnReview
from magdagdon.ai.turn_advice import TurnAdvice
from magdagdon.engine import cell_col, cell_row

from ..audit.draw_log import Role, panel
from ..text.direction import LEFT_TO_RIGHT, Direction
from ..text.fit import min_text_px
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..text.line_block import LineBlock, PlacedLine, block_of, draw_lines
from ..text.numbers import change
from ..ui import palette
from ..table.mini_board import draw_mini_board
from .turn_story import TurnStory

REVIEW_ITEMS = 3  # the costliest turns given a card
REVIEW_DIE_SHARE = 28 / 720  # of the window's short side: a review die's side


def local_cell_name(text: Catalog, cell: int) -> str:
    """A cell named in the player's language ("R2C3"; in Urdu "قطار 2 کالم 3")."""
    return text("cell.name", row=cell_row(cell) + 1, col=cell_col(cell) + 1)


def review_die_target(size: tuple[int, int]) -> int:
    """The side the review's dice are given where the window allows: readable across a
    table, 28 px at 1280×720, growing with the window's short side."""
    return round(min(size) * REVIEW_DIE_SHARE)


def card_sides(card: pygame.Rect, caption_h: int, gap: int,
               direction: Direction = LEFT_TO_RIGHT) -> tuple[pygame.Rect, pygame.Rect]:
    """A review card's two boards above its sentence: the player's, then the expert's (the
    player's first where the reader starts)."""
    boards = pygame.Rect(card.left, card.top + gap, card.width, card.height - caption_h - 3 * gap)
    inset = max(4, card.width // 40)
    half = boards.width // 2
    first, second = direction.ordered([pygame.Rect(boards.left, boards.top, half, boards.height).inflate(-inset, 0),
                                       pygame.Rect(boards.left + half, boards.top, half, boards.height).inflate(-inset, 0)])
    return first, second


def beside_card_parts(card: pygame.Rect, gap: int,
                      direction: Direction = LEFT_TO_RIGHT) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """A review card in the column beside the breakdown: the player's board, the expert's,
    then the sentence, in reading order (from the right in Urdu)."""
    inset = max(4, card.width // 60)
    half = card.width // 2
    side = max(1, min((half - 3 * inset) // 2, card.height - 2 * gap))
    top = card.centery - side // 2
    first = pygame.Rect(card.left + inset, top, side, side)
    second = pygame.Rect(first.right + inset, top, side, side)
    words = pygame.Rect(card.left + half + inset, card.top + gap, card.width - half - 2 * inset, card.height - 2 * gap)
    # mirrored in Urdu: the player's board at the right edge, the sentence at the left
    return direction.placed(first, card), direction.placed(second, card), direction.placed(words, card)


def review_items(review: GameReview | None, count: int = REVIEW_ITEMS) -> list[TurnReview]:
    """The turns given a card: the costliest, then the moves that beat the expert's."""
    if review is None:
        return []
    items = review.costliest(count)
    return items + review.best_moves(count - len(items))


def advice_words(text: Catalog, advice: TurnAdvice) -> str:
    """'+1 on a 2, then 3 on R3C2, 4 on R3C3', worded by the catalog."""
    steps = [text(f"review.power.{kind}", values=" ".join(map(str, values))) for kind, values in advice.powers]
    if advice.ruin is not None:
        steps.append(text("review.ruin", cell=local_cell_name(text, advice.ruin)))
    elif advice.placements:
        steps.append(text("review.list_separator").join(
            text("review.place", value=value, cell=local_cell_name(text, cell)) for value, cell in advice.placements))
    return text("review.then").join(steps)


def review_line(text: Catalog, item: TurnReview) -> str:
    """'Turn 4: 3 on R2C3, 4 on R2C4 · –35 ± 6', worded by the catalog: the expert's move,
    and the points the player's choices came to against it (its standard error; "exactly"
    where nothing was left to chance; "about … checking" while it is the search's guess)."""
    values = {"turn": item.turn, "choice": change(item.choice_points), "margin": max(1, round(item.margin))}
    if item.advice is None:
        return text("gameover.review_line", **values)
    values["advice"] = advice_words(text, item.advice)
    if not item.settled:
        return text("gameover.review_guess", **values)
    if item.choice_points > 0:
        return text("gameover.review_gain_exact" if item.exact else "gameover.review_gain", **values)
    return text("gameover.review_exact" if item.exact else "gameover.review_cost", **values)


@dataclass(frozen=True)
class ReviewCard:
    """A card as planned: its turn, its box, where its (player's, expert's) boards go, the
    expert's move the ghost dice show, and its sentence's lines."""

    turn: int
    rect: pygame.Rect
    mine: pygame.Rect
    expert: pygame.Rect
    advice: TurnAdvice | None
    caption: tuple[PlacedLine, ...]


def plan_review_cards(fonts: FontBook, text: Catalog, area: pygame.Rect, items: Sequence[TurnReview], size: int,
                      columns: int, beside: bool, window: tuple[int, int]) -> tuple[ReviewCard, ...]:
    """One card per costly turn in ``area``, the costliest first, where the reader starts:
    in a row cut in ``columns``, or (``beside``) one under another; what the pointer hits
    and what draw paints."""
    floor = min_text_px(window)
    gap = max(3, round(size * 0.35))
    count = len(items)
    slot = (area.width - gap * (columns - 1)) // columns
    left = area.centerx - (slot * count + gap * (count - 1)) // 2
    tall = (area.height - gap * (columns - 1)) // columns  # a card's height, one under another
    # Side by side, the cards keep one height for their sentences, the tallest's: a shorter
    # sentence then leaves its boards where the others' are, not higher or lower.
    captions = [] if beside else [_caption(fonts, text, item, size, slot, floor) for item in items]
    caption_h = max((block.ink.height for block in captions), default=0)
    cards = []
    for index, item in enumerate(items):
        column = text.direction.column(index, count)
        if beside:
            card = pygame.Rect(area.left, area.top + index * (tall + gap), area.width, tall)
        else:
            card = pygame.Rect(left + column * (slot + gap), area.top, slot, area.height)
        if card.width > card.height * 2:  # a card of the column beside the breakdown
            mine, expert, words = beside_card_parts(card, gap, text.direction)
            block = block_of(fonts, review_line(text, item), size, (words.width, words.height), palette.GOLD,
                             False, floor)
            lines = block.placed(words)[0]
        else:
            block = _caption(fonts, text, item, size, card.width, floor)
            ink = block.ink
            kept = max(caption_h, ink.height)  # the sentence starts where the row's tallest does
            lines = _moved(block, card.centerx - ink.centerx, card.bottom - gap - kept - ink.top)
            mine, expert = card_sides(card, kept, gap, text.direction)
        cards.append(ReviewCard(item.turn, card, mine, expert, item.advice, lines))
    return tuple(cards)


def _caption(fonts: FontBook, text: Catalog, item: TurnReview, size: int, width: int, floor: int) -> LineBlock:
    """A card's sentence under its boards, never below the readable size: a caption too long
    for one line takes two."""
    return block_of(fonts, review_line(text, item), size, (width - 8, size * 3), palette.GOLD, False, floor)


def _moved(block: LineBlock, x: int, y: int) -> tuple[PlacedLine, ...]:
    """``block``'s lines with its top-left at (``x``, ``y``)."""
    return tuple(PlacedLine(line.words, line.size, line.colour, line.bold, (line.at[0] + x, line.at[1] + y))
                 for line in block.lines)


def draw_review_cards(surface: pygame.Surface, fonts: FontBook, area: pygame.Rect, cards: Sequence[ReviewCard],
                      stories: dict[int, TurnStory], size: int) -> None:
    """The planned cards: each one's panel, sentence, the player's board and the expert's
    ghost dice on the board as it stood."""
    with panel(surface, "review", area):
        for index, card in enumerate(cards):
            pygame.draw.rect(surface, palette.PANEL, card.rect, border_radius=max(6, size // 3))
            with panel(surface, f"card {index}", card.rect, element=Role.PANEL):
                draw_lines(surface, fonts, card.caption)
                story = stories[card.turn]
                draw_mini_board(surface, card.mine, story.board, story.played, ghost=False)
                draw_mini_board(surface, card.expert, story.board, card.advice, ghost=True)
