"""The live score: the running total and its breakdown (RULES.md §8).

Everything in the panel is laid out by the ink of its words, so a tall script (Nastaliq)
gets the room its letters take: the title (with "with staged dice" on a line of its own
where it does not fit beside it), the total as large as its room allows, the four rows
(label and value on one baseline) and the line-bonus legend. One text size serves the
title, the rows and the legend: the largest at which all of them fit, never below the
readable size; the panel takes whichever of its two shapes (total beside the rows, or
above them) gives that size the most room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..ui import palette
from ..audit.draw_log import Role, panel
from ..text.fit import (blit_lines, blit_on_baseline, fit_lines, fitted_size, line_gap, readable_floor,
                        shared_baseline, stacked_height)
from ..text.numbers import signed
from .score_rows import score_rows
from ..ui.palette import Colour
from ..ui.placed import Placed, element, on_baseline, placed_text, stacked_pieces

if TYPE_CHECKING:
    from magdagdon.engine import ScoreBreakdown

    from ..text.fonts import FontBook
    from ..text.i18n import Catalog


@dataclass(frozen=True)
class ScoreWords:
    """What the panel says, in the player's language."""

    title: tuple[str, ...]  # one line, or the title and "with staged dice" on two
    rows: tuple[tuple[str, str, Colour], ...]  # label, value, the value's colour
    legend: str
    total: str  # the widest total the panel must hold (the count-up's end)


@dataclass(frozen=True)
class ScorePlan:
    """Where the panel's words go (relative to the panel's inner area) and at which sizes."""

    size: int  # title, rows and legend
    total_size: int
    title: tuple[str, ...]
    legend: tuple[str, ...]
    title_box: pygame.Rect
    total_box: pygame.Rect
    rows_box: pygame.Rect
    legend_box: pygame.Rect
    fits: bool


def score_words(breakdown: "ScoreBreakdown", text: "Catalog", preview: bool, legend: bool = True) -> ScoreWords:
    colours = (palette.TEXT, palette.GOLD, palette.DANGER if breakdown.ruins else palette.TEXT_DIM,
               palette.CORAL if breakdown.powers_used else palette.TEXT_DIM)
    rows = tuple((label, value, colour) for (label, value), colour in zip(score_rows(breakdown, text), colours))
    title = (text("score.title"), text("score.preview")) if preview else (text("score.title"),)
    return ScoreWords(title, rows, text("score.legend") if legend else "", signed(breakdown.total))


def plan_score_panel(fonts: "FontBook", inner: pygame.Rect, words: ScoreWords, floor: int) -> ScorePlan:
    """The panel's layout at the largest text size that fits, in the shape that allows it."""
    smallest = readable_floor(fonts, floor)
    largest = max(smallest, min(inner.height // 7, inner.width // 12))
    best: ScorePlan | None = None
    for wide in (True, False):
        low, high = smallest, largest
        plan = _plan(fonts, inner, words, smallest, wide)
        if not plan.fits:
            best = best or plan
            continue
        while low < high:  # the largest size that fits (fitting only gets easier as words shrink)
            middle = (low + high + 1) // 2
            attempt = _plan(fonts, inner, words, middle, wide)
            if attempt.fits:
                low, plan = middle, attempt
            else:
                high = middle - 1
        if best is None or not best.fits or (plan.size, plan.total_size) > (best.size, best.total_size):
            best = plan
    assert best is not None
    return best


def _title_lines(fonts: "FontBook", title: tuple[str, ...], size: int, width: int) -> tuple[str, ...]:
    joined = " · ".join(title)
    if fonts.size(joined, size)[0] <= width:
        return (joined,)
    return tuple(line for part in title for line in fonts.wrap(part, size, width))


def _row_height(fonts: "FontBook", words: ScoreWords, size: int) -> int:
    """The height of the tallest row's ink, label and value set on one baseline."""
    tallest = 0
    for label, value, _ in words.rows:
        pieces = [(label, size, False), (value, size, True)]
        inks = [(fonts.ink(*piece), fonts.baseline(*piece)) for piece in pieces]
        tallest = max(tallest, max(i.bottom - b for i, b in inks) - min(i.top - b for i, b in inks))
    return tallest


def _plan(fonts: "FontBook", inner: pygame.Rect, words: ScoreWords, size: int, wide: bool) -> ScorePlan:
    gap = line_gap(size)
    legend = tuple(fonts.wrap(words.legend, size, inner.width)) if words.legend else ()
    legend_h = stacked_height(fonts, list(legend), size) if legend else -line_gap(size)
    legend_box = pygame.Rect(inner.left, inner.bottom - legend_h, inner.width, legend_h)
    body = pygame.Rect(inner.left, inner.top, inner.width, legend_box.top - gap - inner.top)
    rows_w = max(fonts.size(label, size)[0] + fonts.size(value, size, True)[0] for label, value, _ in words.rows) \
        + 2 * gap
    row_h = _row_height(fonts, words, size)
    rows_h = len(words.rows) * row_h + (len(words.rows) - 1) * gap
    if wide:  # a clear space between the columns, as wide as the words are tall
        total_w = body.width - rows_w - max(2 * gap, size)
        total_column = pygame.Rect(body.left, body.top, total_w, body.height)
        rows_box = pygame.Rect(body.right - rows_w, body.top, rows_w, body.height)
    else:
        total_column = pygame.Rect(body.left, body.top, body.width, body.height - rows_h - gap)
        rows_box = pygame.Rect(body.left, total_column.bottom + gap, body.width, rows_h)
    title = _title_lines(fonts, words.title, size, max(1, total_column.width))
    title_h = stacked_height(fonts, list(title), size)
    title_box = pygame.Rect(total_column.left, total_column.top, total_column.width, title_h)
    total_box = pygame.Rect(total_column.left, title_box.bottom + gap, total_column.width,
                            total_column.bottom - title_box.bottom - gap)
    total_size = _total_size(fonts, words.total, total_box)
    fits = (body.height >= rows_h and total_box.height > 0 and total_size >= size
            and all(fonts.size(line, size)[0] <= inner.width for line in legend)
            and all(fonts.size(line, size)[0] <= title_box.width for line in title)
            and rows_box.width >= rows_w and total_column.width > 0)
    return ScorePlan(size, total_size, title, legend, title_box, total_box, rows_box, legend_box, fits)


def _total_size(fonts: "FontBook", total: str, box: pygame.Rect) -> int:
    """The total's size: as large as its box holds, by width and by the digits' ink."""
    if box.width <= 0 or box.height <= 0:
        return 0
    return fitted_size(fonts, total, max(6, int(box.height / fonts.scale)), box.size, True, floor=6)


@dataclass(frozen=True)
class ScorePanel:
    """The panel as planned for a score: its box, what it says and where."""

    rect: pygame.Rect
    inner: pygame.Rect
    words: ScoreWords
    plan: ScorePlan
    preview: bool
    total: int  # the score's (the count-up's end)


def plan_panel(fonts: "FontBook", rect: pygame.Rect, breakdown: "ScoreBreakdown", text: "Catalog", preview: bool,
               floor: int, legend: bool = True) -> ScorePanel:
    """``legend``: the panel holds the line-bonus legend (else it has a place of its own);
    ``floor``: the window's readable size."""
    pad = max(6, min(rect.width, rect.height) // 14)
    inner = rect.inflate(-2 * pad, -2 * pad)
    words = score_words(breakdown, text, preview, legend)
    return ScorePanel(rect.copy(), inner, words, plan_score_panel(fonts, inner, words, floor), preview,
                      breakdown.total)


def draw_score_panel(surface: pygame.Surface, fonts: "FontBook", planned: ScorePanel, text: "Catalog",
                     shown_total: int) -> None:
    """``shown_total``: the total drawn (while it counts up, short of the true one the rows add to)."""
    rect, inner, words, plan, preview = planned.rect, planned.inner, planned.words, planned.plan, planned.preview
    pygame.draw.rect(surface, palette.PANEL, rect, border_radius=max(6, rect.height // 14))
    direction = text.direction  # a right-to-left reader finds the total on the right
    start, end = direction.start, direction.end

    def mirrored(box: pygame.Rect) -> pygame.Rect:
        return direction.placed(box, inner)

    with panel(surface, "title", mirrored(plan.title_box)):
        blit_lines(surface, fonts, list(plan.title), plan.size, palette.TEXT_DIM, mirrored(plan.title_box),
                   align="start")
    total = signed(shown_total)
    total_img = fonts.render(total, plan.total_size, palette.GOLD if preview else palette.TEXT, bold=True)
    total_box = mirrored(plan.total_box)
    ink = fonts.ink(total, plan.total_size, True)
    x = total_box.left - ink.left if start == "left" else total_box.right - ink.right
    surface.blit(total_img, (x, total_box.centery - ink.centery))

    row_boxes = _row_boxes(plan, mirrored(plan.rows_box), len(words.rows))
    for index, ((label, value, colour), box) in enumerate(zip(words.rows, row_boxes)):
        pieces = [(label, plan.size, False), (value, plan.size, True)]
        baseline = shared_baseline(fonts, pieces, box)
        with panel(surface, f"row {index}", box):
            blit_on_baseline(surface, fonts, fonts.render(label, plan.size, palette.TEXT_DIM), pieces[0], baseline,
                             **{start: getattr(box, start)})
            blit_on_baseline(surface, fonts, fonts.render(value, plan.size, colour, bold=True), pieces[1],
                             baseline, **{end: getattr(box, end)})
    if plan.legend:
        with panel(surface, "legend", plan.legend_box):
            blit_lines(surface, fonts, list(plan.legend), plan.size, palette.TEXT_DIM, plan.legend_box, align="start")


def _row_boxes(plan: ScorePlan, rows_box: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Each row's box: the rows' box shared alike, a line's gap between them."""
    row_h = (rows_box.height - line_gap(plan.size) * (count - 1)) / count
    return [pygame.Rect(rows_box.left, round(rows_box.top + index * (row_h + line_gap(plan.size))), rows_box.width,
                        round(row_h)) for index in range(count)]


def score_pieces(fonts: "FontBook", planned: ScorePanel, text: "Catalog", shown_total: int) -> list[Placed | None]:
    """The panel as ``draw_score_panel`` lays it out: its box, title, total, rows and legend."""
    inner, words, plan = planned.inner, planned.words, planned.plan
    direction = text.direction
    start, end = direction.start, direction.end
    title_box, total_box = direction.placed(plan.title_box, inner), direction.placed(plan.total_box, inner)
    out: list[Placed | None] = [element(Role.PANEL, planned.rect, "score")]
    out += stacked_pieces(fonts, plan.title, plan.size, title_box, Role.LABEL, align="start")
    total = signed(shown_total)
    ink = fonts.ink(total, plan.total_size, True)
    x = total_box.left - ink.left if start == "left" else total_box.right - ink.right
    out.append(placed_text(fonts, total, plan.total_size, (x, total_box.centery - ink.centery), Role.VALUE,
                           planned.rect, True))
    row_boxes = _row_boxes(plan, direction.placed(plan.rows_box, inner), len(words.rows))
    for (label, value, _), box in zip(words.rows, row_boxes):
        pieces = [(label, plan.size, False), (value, plan.size, True)]
        baseline = shared_baseline(fonts, pieces, box)
        out.append(on_baseline(fonts, pieces[0], baseline, Role.LABEL, box, **{start: getattr(box, start)}))
        out.append(on_baseline(fonts, pieces[1], baseline, Role.VALUE, box, **{end: getattr(box, end)}))
    if plan.legend:
        out += stacked_pieces(fonts, plan.legend, plan.size, plan.legend_box, Role.LABEL, align="start")
    return out


@dataclass(frozen=True)
class LegendPlan:
    """The line-bonus legend's lines in its band, at their size."""

    rect: pygame.Rect
    lines: tuple[str, ...]
    size: int


def plan_legend(fonts: "FontBook", rect: pygame.Rect, text: "Catalog", floor: int) -> LegendPlan:
    """The legend in a band of its own (under the board), on one line or two, at the largest
    size that fits, never below the window's readable ``floor``."""
    lines, size = fit_lines(fonts, text("score.legend"), max(readable_floor(fonts, floor), rect.height // 3),
                            rect.width, rect.height, floor)
    return LegendPlan(rect.copy(), tuple(lines), size)


def legend_pieces(fonts: "FontBook", plan: LegendPlan) -> list[Placed | None]:
    return stacked_pieces(fonts, plan.lines, plan.size, plan.rect, Role.LABEL)


def draw_legend(surface: pygame.Surface, fonts: "FontBook", plan: LegendPlan) -> None:
    """The legend, read from its start."""
    with panel(surface, "legend", plan.rect):
        blit_lines(surface, fonts, list(plan.lines), plan.size, palette.TEXT_DIM, plan.rect)
