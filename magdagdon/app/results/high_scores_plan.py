"""High scores, laid out once: where every word, bar and row of the screen goes, worked out
from what decides it — the body's box, the window, the language, the text scale and the
games shown — and kept until one of those changes (:class:`~..ui.presenter.Presenter`).

:func:`plan_scores` is the search (the largest text size at which every game shows, down to
the readable floor; columns as wide as their words; names shortened that still do not fit;
lines broken where a caption is too long). :func:`view_at` adds what the scroll decides:
which games show, the scroll bar's thumb, the lines under the table. Both are frozen values:
the screen draws them, hit-tests its rows in them and clamps its scroll to them, and a test
can judge them without drawing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import pygame

from magdagdon.storage import HISTOGRAM_BUCKET, ScoreEntry, Statistics

from ..audit.draw_log import Role
from ..text.ellipsis import shortened
from ..text.fit import SMALLEST_PX, fitted_size, min_text_px
from ..text.line_block import block_of
from ..text.numbers import signed
from ..ui import palette
from ..ui.body_inputs import BodyInputs
from ..ui.palette import Colour

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog

# column key, share of the width, alignment
COLUMNS = (("rank", 0.07, "right"), ("name", 0.21, "left"), ("score", 0.13, "right"), ("date", 0.28, "left"),
           ("turns", 0.1, "right"), ("powers", 0.11, "right"), ("assisted", 0.1, "center"))
MORE_BELOW = "\x00"  # where the footer says how many games a scroll shows


# --- what the plan is made from ------------------------------------------------------------

@dataclass(frozen=True)
class ScoresModel:
    """The games the screen shows and what it says about them. ``entries`` None: nothing to
    show, ``unavailable`` says why (a catalog key)."""

    entries: tuple[ScoreEntry, ...] | None
    statistics: Statistics
    unavailable: str  # e.g. "scores.unavailable", or the world board's state
    empty: str  # said when there are no games: "scores.empty", "scores.empty_today", ...
    caption: str  # the histogram's caption key: of all time or of the games of the day


ScoresInputs = BodyInputs[ScoresModel]  # everything the plan depends on


# --- the plan ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Words:
    """One picture of words: what it says, how, and where its image's top-left goes."""

    words: str
    size: int
    colour: Colour
    bold: bool
    at: tuple[int, int]
    role: Role | None = None  # drawn in this role (else the panel's)


@dataclass(frozen=True)
class Bar:
    bucket: int  # the lowest score of its games
    slot: pygame.Rect  # its column, the whole height of the chart
    bar: pygame.Rect | None  # the bar itself (None: no games in it)
    label: Words | None  # its score under the axis, where labels fit


@dataclass(frozen=True)
class StatisticsPlan:
    box: pygame.Rect  # the panel the figures and the histogram stand in
    radius: int
    figures: tuple[Words, ...]  # labels and their numbers
    chart: pygame.Rect
    caption: tuple[Words, ...]  # the histogram's caption, on one line or a few
    axis: tuple[tuple[int, int], tuple[int, int]]
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class Cell:
    """One value of a row, placed relative to the row's top-left corner."""

    words: str
    colour: Colour
    bold: bool
    x: int
    dy: int


@dataclass(frozen=True)
class TablePlan:
    area: pygame.Rect  # under the statistics: headers, rows, footer
    size: int  # the text size of the headers and rows
    headers: tuple[Words, ...]
    rule_y: int  # the line under the column names
    rows_top: int
    row_h: int
    rows: tuple[tuple[Cell, ...], ...]  # each game's values, in the order of the entries
    visible: int  # games shown at once
    bar_track: pygame.Rect | None  # the scroll bar's, when the games do not all show
    footer: tuple[str, ...]  # the lines under the games, MORE_BELOW where the count goes
    footer_hs: tuple[int, ...]
    floor: int

    @property
    def games(self) -> int:
        return len(self.rows)

    @property
    def last_scroll(self) -> int:
        """The furthest the table scrolls: the last game on the last line shown."""
        return max(0, self.games - self.visible)

    def clamped(self, scroll: int) -> int:
        return max(0, min(scroll, self.last_scroll))


@dataclass(frozen=True)
class ScoresPlan:
    inputs: ScoresInputs
    floor: int
    size: int
    message: tuple[Words, ...]  # nothing to show, or no games: said centred in its place
    message_box: pygame.Rect  # that place: the body, or the table's area under the statistics
    statistics: StatisticsPlan | None
    table: TablePlan | None


@dataclass(frozen=True)
class ScrollView:
    """What one scroll position shows of a plan's table."""

    scroll: int
    rows: tuple[tuple[pygame.Rect, int], ...]  # each game shown: its row and its index in the entries
    thumb: pygame.Rect | None
    footer: tuple[Words, ...]


# --- making it -----------------------------------------------------------------------------

def plan_scores(fonts: FontBook, text: Catalog, inputs: ScoresInputs) -> ScoresPlan:
    """The whole screen's plan for ``inputs`` (``fonts`` and ``text`` already in its
    language and scale)."""
    body = inputs.body_rect
    floor = min_text_px(inputs.window)
    size = max(floor, min(body.height // 26, int(floor * 1.5)))
    model = inputs.model
    planner = _Planner(fonts, text, floor, model)
    if model.entries is None:
        return ScoresPlan(inputs, floor, size, planner.centred(body, text(model.unavailable), size), body, None, None)
    entries = model.entries
    # The largest size, down to the readable floor, at which every game shows; else the
    # floor, which shows the most (the rest a scroll away).
    sizes = [size]
    while sizes[-1] > floor:
        sizes.append(max(floor, int(sizes[-1] * 0.9)))
    for size in sizes:
        layout = planner.layout(body, entries, size)
        if layout.visible >= len(entries):
            break
    figures = pygame.Rect(body.left, body.top, body.width, layout.stats_h)
    statistics = planner.statistics(figures, model.statistics, size)
    if not entries:
        message = planner.centred(layout.area, text(model.empty), int(size * 1.2))
        return ScoresPlan(inputs, floor, size, message, layout.area, statistics, None)
    return ScoresPlan(inputs, floor, size, (), layout.area, statistics, planner.table(layout, entries))


def view_at(fonts: FontBook, text: Catalog, plan: TablePlan, scroll: int) -> ScrollView:
    """What the table shows scrolled to ``scroll`` (clamped to the plan's bounds)."""
    scroll = plan.clamped(scroll)
    area, row_h = plan.area, plan.row_h
    shown = range(scroll, min(plan.games, scroll + plan.visible))
    rows = tuple((pygame.Rect(area.left, plan.rows_top + slot * row_h, area.width, row_h), index)
                 for slot, index in enumerate(shown))
    thumb = None
    if plan.bar_track is not None:
        track = plan.bar_track
        thumb_h = max(track.width * 2, track.height * plan.visible // max(1, plan.games))
        thumb_y = track.top + (track.height - thumb_h) * scroll // max(1, plan.games - plan.visible)
        thumb = pygame.Rect(track.left, thumb_y, track.width, thumb_h)
    hidden = plan.games - scroll - len(shown)
    y = min(area.bottom - sum(plan.footer_hs), plan.rows_top + len(shown) * row_h + plan.size // 2)
    footer: list[Words] = []
    for line, line_h in zip(plan.footer, plan.footer_hs):
        words = filled(line, text("scores.more_below", count=hidden) if hidden > 0 else "")
        if words:
            footer += centred_lines(fonts, words, plan.size, pygame.Rect(area.left, y, area.width, line_h),
                                    palette.TEXT_DIM, plan.floor)
        y += line_h
    return ScrollView(scroll, rows, thumb, tuple(footer))


def filled(line: str, more: str) -> str:
    """A footer line with what a scroll shows in its place (none: the phrase and its dot go)."""
    if more:
        return line.replace(MORE_BELOW, more)
    return line.replace(f" · {MORE_BELOW}", "").replace(MORE_BELOW, "").strip()


def centred_lines(fonts: FontBook, words: str, size: int, box: pygame.Rect, colour: Colour,
                  floor: int) -> list[Words]:
    """``words`` on one line at the largest size up to ``size`` that fits ``box``, or at
    ``floor`` on as many centred lines as it takes; their ink centred in ``box``."""
    lines, _ = block_of(fonts, words, size, box.size, colour, False, floor).placed(box)
    return [Words(line.words, line.size, line.colour, line.bold, line.at) for line in lines]


def _cornered(fonts: FontBook, lines: Sequence[str], size: int, colour: Colour, box: pygame.Rect,
              side: str) -> list[Words]:
    """Lines a line step apart, lined up on the reader's ``side`` ("left", "right"), the
    block against ``box``'s top corner on that side, its ink's top on ``box``'s top."""
    step = fonts.line_step(size)
    images = [fonts.render(line, size, colour) for line in lines]
    block_w = max(image.get_width() for image in images)
    offsets = [block_w - image.get_width() if side == "right" else 0 for image in images]
    inks = [image.get_bounding_rect().move(dx, index * step) for index, (image, dx) in enumerate(zip(images, offsets))]
    ink = inks[0].unionall(inks[1:]) if len(inks) > 1 else inks[0]
    x, y = (box.right - block_w if side == "right" else box.left), box.top - ink.top
    return [Words(line, size, colour, False, (x + dx, y + index * step))
            for index, (line, dx) in enumerate(zip(lines, offsets))]


@dataclass(frozen=True)
class _Layout:
    """The body's parts at one text size (what the size search compares)."""

    stats_h: int
    area: pygame.Rect
    rows: list[dict[str, str]]
    columns: _Columns
    visible: int
    scrolls: bool
    bar_w: int
    footer: list[str]
    footer_hs: list[int]


@dataclass(frozen=True)
class _Columns:
    size: int
    pad: int  # room between columns
    widths: list[int]  # each column's, in COLUMNS order
    headers: dict[str, list[str]]  # each column's name, on one line or two
    header_h: int
    header_baseline: int  # from the table's top to the column names' (first) baseline
    header_step: int
    row_h: int
    row_baseline: int  # from a row's top to its baseline


class _Planner:
    """The measuring behind one plan (its fonts, language, floor and games)."""

    def __init__(self, fonts: FontBook, text: Catalog, floor: int, model: ScoresModel) -> None:
        self.fonts, self.text, self.floor, self.model = fonts, text, floor, model

    # --- the size search ---------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, entries: Sequence[ScoreEntry], size: int) -> _Layout:
        """Where everything goes at ``size``: the statistics, the table's columns and lines,
        how many games show at once, and the lines under them."""
        text = self.text
        stats_h = self._statistics_height(rect.width, size)
        area = pygame.Rect(rect.left, rect.top + stats_h + size // 2, rect.width, rect.height - stats_h - size // 2)
        fmt = text("scores.date_format")
        rows = [self._values(entry, rank, fmt) for rank, entry in enumerate(entries, 1)]
        footer = self._footer(entries, area.width, size)
        longest = [filled(line, text("scores.more_below", count=len(entries))) for line in footer]
        footer_hs = [self._line_step([(line,)], size)[1].height + size // 3 for line in longest]
        bar_w = max(4, size // 3)
        columns = self._fit_columns(rows, area.width, size)
        visible = max(1, (area.height - sum(footer_hs) - columns.header_h) // columns.row_h)
        scrolls = len(entries) > visible
        if scrolls:  # a scroll bar at the side: the columns give it room
            columns = self._fit_columns(rows, area.width - bar_w * 2, columns.size)
            visible = max(1, (area.height - sum(footer_hs) - columns.header_h) // columns.row_h)
        return _Layout(stats_h, area, rows, columns, visible, scrolls, bar_w, footer, footer_hs)

    def centred(self, rect: pygame.Rect, message: str, size: int) -> tuple[Words, ...]:
        return tuple(centred_lines(self.fonts, message, size, rect, palette.TEXT_DIM, self.floor))

    # --- the statistics ------------------------------------------------------------------------
    def _figures(self) -> list[str]:
        text = self.text
        return [text("scores.stats_games"), text("scores.stats_average"), text("scores.stats_best")]

    def _statistics_height(self, width: int, size: int) -> int:
        """The figures (spaced by the ink of the language's words) or the histogram's
        caption, bars and axis, whichever needs more."""
        pad = size // 2
        _, _, figures = self._figures_plan(width - 2 * pad, size)
        chart = self._ink_h(self._caption(), size) + size * 3 // 2 + self._ink_h("0", size) + 8
        return max(figures, chart) + 2 * pad

    def _figures_plan(self, width: int, size: int) -> tuple[bool, int, int]:
        """(side by side, the block's width, its height): three lines of a label and its
        figure, or — where that is lower (Nastaliq's lines are tall) and fits — three
        columns of a label over its figure."""
        labels, pad, gap = self._figures(), size // 2, max(2, size // 5)
        step, reach = self._line_step([(label, "000") for label in labels], size)
        lines = (False, int(width * 0.36), reach.height + 2 * step)
        columns_h = self._reach(tuple(labels), size).height + gap + self._reach(("0123456789",), size, True).height
        columns_w = sum(self.fonts.size(label, size)[0] + 2 * pad for label in labels)
        if columns_h < lines[2] and columns_w <= width * 0.55:
            return True, max(columns_w, lines[1]), columns_h
        return lines

    def _line_step(self, lines: Sequence[tuple[str, ...]], size: int, bold: bool = False) -> tuple[int, pygame.Rect]:
        """(from one baseline to the next, the ink of a line around its baseline) for lines
        of words set side by side: evenly spaced, no line's ink into the next one's."""
        reaches = [self._reach(words, size, bold) for words in lines]
        gap = max(2, size // 5)
        step = max([round(size * 1.25)] + [a.bottom + gap - b.top for a in reaches for b in reaches])
        reach = reaches[0].unionall(reaches[1:]) if len(reaches) > 1 else reaches[0]
        return step, reach

    def _reach(self, words: tuple[str, ...], size: int, bold: bool = False) -> pygame.Rect:
        """How far the ink of ``words``, each set on one baseline (y = 0), reaches."""
        fonts = self.fonts
        inks = [fonts.ink(word, size, bold).move(0, -fonts.baseline(word, size, bold)) for word in words if word.strip()]
        if not inks:
            return pygame.Rect(0, -size, 1, size)
        return inks[0].unionall(inks[1:])

    def _ink_h(self, words: str, size: int, bold: bool = False) -> int:
        return max(1, self.fonts.ink_height(words, size, bold))

    def _caption(self) -> str:
        return self.text(self.model.caption, bucket=HISTOGRAM_BUCKET)

    def statistics(self, box: pygame.Rect, stats: Statistics, size: int) -> StatisticsPlan:
        text = self.text
        pad = size // 2
        inner = box.inflate(-2 * pad, -2 * pad)
        none = text("scores.stats_none")
        average = none if stats.average is None else f"{stats.average:.0f}"
        best = none if stats.best is None else str(stats.best)
        figures = list(zip(self._figures(), (str(stats.games), average, best)))
        side_by_side, figures_w, figures_h = self._figures_plan(inner.width, size)
        # The figures where the reader starts (labels first), the chart after them.
        block = pygame.Rect(inner.left, inner.top, figures_w, inner.height)
        chart = pygame.Rect(block.right + pad * 2, inner.top, inner.width - figures_w - pad * 2, inner.height)
        block, chart = text.direction.placed(block, inner), text.direction.placed(chart, inner)
        words = (self._figure_columns(block, figures, size, figures_h) if side_by_side
                 else self._figure_lines(block, figures, size))
        caption, axis, bars = self._histogram(chart, stats, max(self.floor, int(size * 0.8)))
        return StatisticsPlan(box, max(6, size // 2), tuple(words), chart, caption, axis, bars)

    def _figure_lines(self, block: pygame.Rect, figures: list[tuple[str, str]], size: int) -> list[Words]:
        """Each figure on its line: the label at the reader's start, the number at the end."""
        fonts, direction, pad = self.fonts, self.text.direction, size // 2
        step, reach = self._line_step([(label, "000") for label, _ in figures], size)
        top = block.top + (block.height - reach.height - 2 * step) // 2 - reach.top
        words = []
        for i, (label, value) in enumerate(figures):
            baseline = top + i * step
            value_colour = palette.GOLD if i == 2 else palette.TEXT
            value_w, value_h = fonts.render(value, size, value_colour, True).get_size()
            room = block.width - value_w - pad
            label_size = fitted_size(fonts, label, size, (room, 0), False, self.floor)
            shown = shortened(fonts, label, label_size, room, False)
            label_w, label_h = fonts.render(shown, label_size, palette.TEXT_DIM).get_size()
            label_at = direction.placed(pygame.Rect(block.left, baseline - fonts.baseline(shown, label_size),
                                                    label_w, label_h), block)
            value_at = direction.placed(pygame.Rect(block.right - value_w, baseline - fonts.baseline(value, size, True),
                                                    value_w, value_h), block)
            words.append(Words(shown, label_size, palette.TEXT_DIM, False, label_at.topleft))
            words.append(Words(value, size, value_colour, True, value_at.topleft, Role.VALUE))
        return words

    def _figure_columns(self, block: pygame.Rect, figures: list[tuple[str, str]], size: int,
                        height: int) -> list[Words]:
        """Each figure in its column, the label over the number; the first on the reader's side."""
        fonts, pad, gap = self.fonts, size // 2, max(2, size // 5)
        labels = tuple(label for label, _ in figures)
        label_reach, value_reach = self._reach(labels, size), self._reach(("0123456789",), size, True)
        label_line = block.top + (block.height - height) // 2 - label_reach.top
        value_line = label_line + label_reach.bottom + gap - value_reach.top
        widths = [fonts.size(label, size)[0] + 2 * pad for label in labels]
        x = block.left
        words = []
        for i, ((label, value), width) in enumerate(zip(figures, widths)):
            column = self.text.direction.placed(pygame.Rect(x, block.top, width, block.height), block)
            x += width
            value_colour = palette.GOLD if i == 2 else palette.TEXT
            label_w = fonts.render(label, size, palette.TEXT_DIM).get_width()
            value_w = fonts.render(value, size, value_colour, True).get_width()
            words.append(Words(label, size, palette.TEXT_DIM, False,
                               (column.centerx - label_w // 2, label_line - fonts.baseline(label, size))))
            words.append(Words(value, size, value_colour, True,
                               (column.centerx - value_w // 2, value_line - fonts.baseline(value, size, True)),
                               Role.VALUE))
        return words

    def _histogram(self, rect: pygame.Rect, stats: Statistics, size: int
                   ) -> tuple[tuple[Words, ...], tuple[tuple[int, int], tuple[int, int]], tuple[Bar, ...]]:
        """The caption (where the reader starts), the axis and the bars with their labels."""
        text, fonts, floor = self.text, self.fonts, self.floor
        caption = self._caption()
        fitted = fitted_size(fonts, caption, size, (rect.width, 0), False, SMALLEST_PX)
        lines, at = ([caption], fitted) if fitted >= floor else (fonts.wrap(caption, floor, rect.width), floor)
        side = text.direction.start
        caption_words = _cornered(fonts, lines, at, palette.TEXT_DIM, rect, side)
        inks = [fonts.render(w.words, w.size, w.colour).get_bounding_rect().move(w.at) for w in caption_words]
        cap_h = inks[0].unionall(inks[1:]).height
        label_h = self._ink_h("0123456789", size) + 4
        area = pygame.Rect(rect.left, rect.top + cap_h + 4, rect.width, rect.height - cap_h - label_h - 6)
        axis = (area.bottomleft, area.bottomright)
        counts = dict(stats.histogram)
        if not counts or area.height < 4:
            return tuple(caption_words), axis, ()
        low, high = min(counts), max(counts)
        buckets = list(range(low, high + HISTOGRAM_BUCKET, HISTOGRAM_BUCKET))
        step = area.width / len(buckets)
        tallest = max(counts.values())
        every = max(1, int(len(buckets) / max(1, area.width // (size * 3))))  # labels that fit
        bars = []
        for i, bucket in enumerate(buckets):
            count = counts.get(bucket, 0)
            width = max(1, int(step * 0.8))
            # The axis runs the way the language reads: low scores first, on the right in Urdu.
            x = int(text.direction.x_of(area, i * step, width))
            bar = None
            if count:
                height = max(2, int(area.height * count / tallest))
                bar = pygame.Rect(x, area.bottom - height, width, height)
            label = None
            if i % every == 0:
                ink = fonts.render(str(bucket), size, palette.TEXT_DIM).get_bounding_rect()
                label = Words(str(bucket), size, palette.TEXT_DIM, False,
                              (x + width // 2 - ink.centerx, area.bottom + 4 - ink.top), Role.VALUE)
            bars.append(Bar(bucket, pygame.Rect(x, area.top, width, area.height), bar, label))
        return tuple(caption_words), axis, tuple(bars)

    # --- the table -----------------------------------------------------------------------------
    def table(self, layout: _Layout, entries: Sequence[ScoreEntry]) -> TablePlan:
        """The games' table: columns read from the reader's start (the rank first), the
        scroll bar at the lines' end, names shortened to their column."""
        fonts, direction = self.fonts, self.text.direction
        rect, columns = layout.area, layout.columns
        ordered = direction.ordered(list(zip(COLUMNS, columns.widths)))
        beside_bar = pygame.Rect(rect.left, rect.top, rect.width - (layout.bar_w * 2 if layout.scrolls else 0),
                                 rect.height)
        size, x = columns.size, direction.placed(beside_bar, rect).left
        cells = []
        for (key, _, align), width in ordered:
            cells.append((key, direction.turned(align), pygame.Rect(x + columns.pad // 2, 0, width - columns.pad,
                                                                   columns.row_h)))
            x += width
        headers = []
        for key, align, cell in cells:
            for index, line in enumerate(columns.headers[key]):
                top = rect.top + columns.header_baseline + index * columns.header_step - fonts.baseline(line, size, True)
                headers.append(Words(line, size, palette.GOLD, True,
                                     (_aligned_x(fonts.render(line, size, palette.GOLD, True).get_width(), cell, align),
                                      top), Role.LABEL))
        rows = []
        for values in layout.rows:
            row = []
            for key, align, cell in cells:
                value = values[key]
                if not value:
                    continue
                bold = key == "score"
                if key == "name":
                    value = shortened(fonts, value, size, cell.width, bold)
                colour = palette.HINT if key == "assisted" else (palette.TEXT if bold else palette.TEXT_DIM)
                row.append(Cell(value, colour, bold, _aligned_x(fonts.render(value, size, colour, bold).get_width(), cell, align),
                                columns.row_baseline - fonts.baseline(value, size, bold)))
            rows.append(tuple(row))
        rows_top = rect.top + columns.header_h
        track = None
        if layout.scrolls:
            bar = pygame.Rect(rect.right - layout.bar_w, rows_top, layout.bar_w, layout.visible * columns.row_h)
            track = direction.placed(bar, rect)
        return TablePlan(rect, size, tuple(headers), rows_top - 2, rows_top, columns.row_h, tuple(rows),
                         layout.visible, track, tuple(layout.footer), tuple(layout.footer_hs), self.floor)

    def _footer(self, entries: Sequence[ScoreEntry], width: int, size: int) -> list[str]:
        """The lines under the table: what the hints column means (when a game used them),
        that a game can be replayed, and how many more games a scroll shows; phrases share
        a line where they fit. The last is a place-holder, filled in as the table scrolls."""
        text, fonts = self.text, self.fonts
        phrases = [text("scores.assisted_legend")] if any(entry.assisted for entry in entries) else []
        phrases.append(text("scores.replay_hint"))
        longest_more = text("scores.more_below", count=len(entries))
        phrases.append(MORE_BELOW)
        lines: list[str] = []
        for phrase in phrases:
            if lines and fonts.size(filled(f"{lines[-1]} · {phrase}", longest_more), size)[0] <= width:
                lines[-1] = f"{lines[-1]} · {phrase}"
            else:
                lines.append(phrase)
        return lines

    def _fit_columns(self, rows: list[dict[str, str]], width: int, size: int) -> _Columns:
        """Columns as wide as their widest words at the largest size (down to the readable
        floor) at which the table fits ``width``; a column's name takes two lines rather
        than a word being broken; at the floor, names too long are shortened."""
        fonts, floor, text = self.fonts, self.floor, self.text
        headers = {key: text(f"scores.col_{key}") for key, _, _ in COLUMNS}
        sizes = [size]
        while sizes[-1] > floor:
            sizes.append(max(floor, int(sizes[-1] * 0.9)))
        for attempt in sizes:
            pad = max(8, attempt)  # an em between columns: at a word space, two read as one phrase
            values = {key: max([fonts.size(row[key], attempt, key == "score")[0] for row in rows] + [0])
                      for key, _, _ in COLUMNS}
            for wrap in (False, True):
                def header_w(key: str) -> int:
                    words = headers[key].split() if wrap else [headers[key]]
                    return max(fonts.size(word, attempt, True)[0] for word in words)
                needs = [max(values[key], header_w(key)) + pad for key, _, _ in COLUMNS]
                if sum(needs) <= width or (attempt == floor and wrap):
                    break
            if sum(needs) <= width:
                break
        else:  # at the floor and still too wide: the names give way (shortened with "…")
            name = [key for key, _, _ in COLUMNS].index("name")
            needs[name] = max(header_w("name") + pad, width - (sum(needs) - needs[name]))
        widths = _spread(needs, [share for _, share, _ in COLUMNS], width)
        header_lines = {key: fonts.wrap(headers[key], attempt, max(1, w - pad), True) if wrap else [headers[key]]
                        for (key, _, _), w in zip(COLUMNS, widths)}
        every = [line for lines in header_lines.values() for line in lines]
        header_step, header_reach = self._line_step([(line,) for line in every], attempt, True)
        deepest = max(len(lines) for lines in header_lines.values())
        header_h = header_reach.height + (deepest - 1) * header_step + attempt // 3
        row_words = tuple(value for row in rows for value in row.values())
        row_reach = self._reach(row_words + ("0",), attempt, True)
        row_h = row_reach.height + max(4, attempt // 3)
        return _Columns(attempt, pad, widths, header_lines, header_h, attempt // 6 - header_reach.top,
                        header_step, row_h, (row_h - row_reach.height) // 2 - row_reach.top)

    def _values(self, entry: ScoreEntry, rank: int, date_format: str) -> dict[str, str]:
        """What each column shows for ``entry`` at ``rank``."""
        return {"rank": f"{rank}.", "name": self.text.shown_name(entry.name), "score": signed(entry.score),
                "date": entry.when.astimezone().strftime(date_format), "turns": str(entry.turns),
                "powers": str(entry.powers_used),
                "assisted": self.text("scores.assisted_mark") if entry.assisted else ""}


def _spread(needs: list[int], shares: list[float], width: int) -> list[int]:
    """Each column its need, and the room left over shared out by ``shares``."""
    extra = max(0, width - sum(needs))
    widths = [need + int(extra * share / sum(shares)) for need, share in zip(needs, shares)]
    widths[-1] += width - sum(widths) if extra else 0
    return widths


def _aligned_x(width: int, cell: pygame.Rect, align: str) -> int:
    """The left of a ``width`` wide picture placed ``align`` across ``cell``."""
    return {"left": cell.left, "right": cell.right - width, "center": cell.centerx - width // 2}[align]
