"""A banner folded to a strip: its title and one sentence side by side in a short, wide box,
so it can sit in the room above the board while the player works on the board and the tray."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ..audit.draw_log import Role, panel
from . import palette
from ..text.fit import blit_on_baseline, shared_baseline, wrap
from .palette import Colour
from .placed import Placed, element, on_baseline

if TYPE_CHECKING:
    from ..text.fonts import FontBook


@dataclass(frozen=True)
class StripText:
    inner: pygame.Rect  # where the words go, relative to the strip
    size: int
    title: str  # "" where only the sentence fits
    title_width: int
    lines: tuple[str, ...]
    line_height: int

    @property
    def fits(self) -> bool:
        return len(self.lines) * self.line_height <= self.inner.height


def plan_strip(fonts: "FontBook", size: tuple[int, int], title: str, sentence: str, floor: int) -> StripText:
    """The largest text size (not below ``floor``) at which the title and the wrapped
    sentence beside it fit the strip; where they cannot, the sentence alone (the big
    banner showed the title a moment ago, and the strip keeps its colour). Planned once
    for the same words, room and fonts: the strip is drawn every frame the table moves."""
    return _planned(fonts, fonts.generation, size, title, sentence, floor)


@lru_cache(maxsize=16)
def _planned(fonts: "FontBook", generation: int, size: tuple[int, int], title: str, sentence: str,
             floor: int) -> StripText:
    width, height = size
    pad = max(3, height // 16)
    inner = pygame.Rect(pad * 2, pad, width - pad * 4, height - pad * 2)
    plan = _plan(fonts, inner, title, sentence, floor, pad)
    return plan if plan.fits else _plan(fonts, inner, "", sentence, floor, pad)


def _plan(fonts: "FontBook", inner: pygame.Rect, title: str, sentence: str, floor: int, pad: int) -> StripText:
    text_size = max(floor, int(inner.height * 0.4))
    while True:
        # an em at least between title and sentence, or the two read as one phrase
        title_width = fonts.size(title, text_size, True)[0] + max(pad * 2, text_size) if title else 0
        lines = wrap(fonts, sentence, text_size, max(1, inner.width - title_width))
        plan = StripText(inner, text_size, title, title_width, tuple(lines), fonts.font(text_size).get_linesize())
        if plan.fits or text_size <= floor:
            return plan
        text_size = max(floor, int(text_size * 0.9))


def draw_strip(surface: pygame.Surface, fonts: "FontBook", rect: pygame.Rect, title: str, sentence: str,
               floor: int, colour: Colour = palette.DANGER) -> StripText:
    """The title on the side a reader starts from, the sentence beside it."""
    radius = max(6, rect.height // 5)
    pygame.draw.rect(surface, palette.DANGER_DARK if colour == palette.DANGER else palette.PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, colour, rect, width=max(2, rect.height // 30), border_radius=radius)
    with panel(surface, "banner strip", rect, element=Role.DIALOG):
        return _draw_strip_words(surface, fonts, rect, title, sentence, floor)


@dataclass(frozen=True)
class StripSpot:
    """One picture of the strip's words: what it says, where its baseline goes and what it
    is placed across by (``left=``, ``right=`` or ``centerx=``)."""

    piece: tuple[str, int, bool]  # words, size, bold
    baseline: int
    anchor: tuple[str, int]
    title: bool


def strip_spots(fonts: "FontBook", rect: pygame.Rect, plan: StripText) -> list[StripSpot]:
    """The title on the side a reader starts from (on the sentence's baseline when that
    takes one line), the sentence's lines centred beside it."""
    inner = plan.inner.move(rect.topleft)
    direction = fonts.direction
    words = direction.placed(pygame.Rect(inner.left + plan.title_width, inner.top, inner.width - plan.title_width,
                                         inner.height), inner)
    first = pygame.Rect(words.left, inner.centery - len(plan.lines) * plan.line_height // 2, words.width,
                        plan.line_height)
    one_line = len(plan.lines) == 1
    lines = [(line, plan.size, False) for line in plan.lines]
    spots, baseline = [], 0
    if plan.title:
        title_piece = (plan.title, plan.size, True)
        baseline = shared_baseline(fonts, [title_piece, *lines] if one_line else [title_piece], first if one_line else inner)
        spots.append(StripSpot(title_piece, baseline, (direction.start, direction.start_x(inner)), True))
    for index, line in enumerate(lines):
        box = first.move(0, index * plan.line_height)
        line_base = baseline if plan.title and one_line else shared_baseline(fonts, [line], box)
        spots.append(StripSpot(line, line_base, ("centerx", words.centerx), False))
    return spots


def strip_pieces(fonts: "FontBook", rect: pygame.Rect, title: str, sentence: str, floor: int,
                 layer: int) -> list[Placed | None]:
    """What :func:`draw_strip` places: the strip, a dialog, and its words where it sets them."""
    plan = plan_strip(fonts, rect.size, title, sentence, floor)
    return [element(Role.DIALOG, rect, "banner strip", layer),
            *(on_baseline(fonts, spot.piece, spot.baseline, Role.TITLE if spot.title else Role.PAGE, rect, layer,
                          **dict([spot.anchor])) for spot in strip_spots(fonts, rect, plan))]


def _draw_strip_words(surface: pygame.Surface, fonts: "FontBook", rect: pygame.Rect, title: str, sentence: str,
                      floor: int) -> StripText:
    plan = plan_strip(fonts, rect.size, title, sentence, floor)
    for spot in strip_spots(fonts, rect, plan):
        words, size, bold = spot.piece
        image = fonts.render(words, size, palette.GOLD if spot.title else palette.TEXT, bold=bold)
        blit_on_baseline(surface, fonts, image, spot.piece, spot.baseline, **dict([spot.anchor]))
    return plan
