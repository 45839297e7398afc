"""Where everything on the game-over panel goes, for one window, language and set of lines:
the title, the total, the breakdown's rows, the lines under them, the review's cards and the
buttons.

The panel is laid out by the ink of its words (Nastaliq's letters stand far shorter than
its line), as tall as it needs within the window, so every line and the review fit in
every language and size. In landscape the review takes a column of its own beside the
breakdown where that gives its dice more room than a row of cards under it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterator

import pygame

from magdagdon.ai.review import TurnReview
from magdagdon.ai.turn_advice import TurnAdvice

from ..text.fit import SMALLEST_PX, fit_lines, fitted_block, fitted_size, min_text_px, stacked_spots
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..text.menu_text import ink_rect
from ..ui import palette
from ..ui.button_row import INK_SHARE, LABEL_SHARE, size_button_rows, words_width
from ..ui.palette import Colour
from ..ui.widgets import Button
from ..table.hud import BannerText, plan_banner_text
from ..table.mini_board import board_cells
from .review_cards import (REVIEW_ITEMS, ReviewCard, beside_card_parts, card_sides, plan_review_cards,
                           review_die_target, review_line)

ButtonWords = tuple[str, str, str]  # a button's ident, label and style
LaidLine = tuple[str, Colour, list[tuple[str, int, int]]]  # content, colour, its (words, size, ink height) parts
# A long sentence, to keep the review's room before the review is in (two dice placed).
SAMPLE_REVIEW = TurnReview(12, 0.0, 0.0, 0.0, -188.0, 0, -188, 18.0, False, True, (),
                           advice=TurnAdvice((), ((5, 6), (4, 7)), None))


@dataclass(frozen=True)
class ResultLine:
    """A line under the breakdown: what it is (the draw log's panel), its words, its colour."""

    content: str
    words: str
    colour: Colour


@dataclass(frozen=True)
class PanelContent:
    """What the panel shows, as far as where things go depends on it."""

    total: str  # the final total, as shown
    rows: tuple[tuple[str, str], ...]  # the breakdown's (label, value), at their final values
    lines: tuple[ResultLine, ...]  # under the breakdown
    captions: tuple[str, ...]  # the review's sentences (empty: no review to keep room for)
    buttons: tuple[ButtonWords, ...]  # in reading order


@dataclass(frozen=True)
class PlacedLine:
    """One line of text as laid out: its words, size, and the box its ink is centred in."""

    words: str
    px: int
    box: pygame.Rect


@dataclass(frozen=True)
class PanelPlan:
    """Where everything on the game-over panel goes, for one window, language and set of lines."""

    dialog: pygame.Rect
    title_scale: float  # for draw_banner: the title's size as a share of the panel's height
    reserve: int  # the strip at the panel's bottom kept for the buttons
    size: int  # the size of the breakdown and the result lines
    total_px: int
    total_box: pygame.Rect
    paired: bool  # the breakdown's rows two to a line
    rows: tuple[pygame.Rect, ...]  # each breakdown row's box (label and value on one baseline)
    row_baseline: int  # that baseline, below each row box's top
    lines: tuple[tuple[str, Colour, tuple[PlacedLine, ...]], ...]  # (content, colour, its lines)
    cards: pygame.Rect | None  # the review's area (kept before the review is in)
    buttons: tuple[Button, ...]
    review_die: int = 0  # the side of a die on the review's boards (0: no review)
    beside: bool = False  # the review in a column beside the breakdown, its cards one under another
    title_box: pygame.Rect | None = None  # beside: the title heads the breakdown's column (else the panel's top)
    title_px: int = 0  # and its size there
    cards_shown: int = REVIEW_ITEMS  # the costliest turns drawn: fewer only where all would not fit
    card_columns: int = REVIEW_ITEMS  # the cards' row (under the breakdown) or column (beside) is cut in this many
    label_px: tuple[int, ...] = ()  # each breakdown label's size: as large as its row leaves room for, up to ``size``


def fits_block(fonts: FontBook, words: str, size: int, width: int, floor: int) -> list[tuple[str, int]]:
    """``words`` as (line, size) pairs: one line at the largest size up to ``size`` that fits
    ``width``, or, where that would be below the readable ``floor``, as many lines at it."""
    fitted = fitted_size(fonts, words, size, (width, 0), False, SMALLEST_PX)
    if fitted >= floor:
        return [(words, fitted)]
    return [(line, floor) for line in fonts.wrap(words, floor, width)]


class GameOverPlanner:
    """Plans the panel showing ``content`` in a window of ``size`` (the table's ``margin``
    kept around it; ``portrait``: the window stands upright). ``place`` puts a panel of a
    size in the window (the table's: clear of its header where there is room); by default
    in the middle."""

    def __init__(self, fonts: FontBook, text: Catalog, size: tuple[int, int], margin: int, portrait: bool,
                 content: PanelContent, place: Callable[[tuple[int, int]], pygame.Rect] | None = None) -> None:
        self.fonts, self.text = fonts, text
        self.place = place or self._centred
        self.size, self.margin, self.portrait = size, margin, portrait
        self.content = content

    def _centred(self, size: tuple[int, int]) -> pygame.Rect:
        dialog = pygame.Rect((0, 0), size)
        dialog.center = (self.size[0] // 2, self.size[1] // 2)
        return dialog

    def plan(self) -> PanelPlan:
        """The panel (see :meth:`_search`) with each breakdown label's size."""
        plan = self._search()
        return replace(plan, label_px=tuple(self._label_sizes(plan)))

    def _search(self) -> PanelPlan:
        """The largest text size (down to the readable floor) at which the whole panel fits the
        window; the breakdown's rows go two to a line where one under another would not fit;
        what height is left goes to the review's boards."""
        captions = self.content.captions
        w, h = self.size
        floor = min_text_px((w, h))
        usual = self._usual_width()
        width = w - 2 * self.margin if captions else usual  # the review's boards take the window's width
        most = h - 2 * self.margin
        pad = max(8, width // 24)  # as the banner's own (hud.draw_banner)
        inner = width - 2 * pad
        largest = max(floor, min(round(min(w, h) * 0.028), inner // 22))
        want = review_die_target((w, h))
        # In landscape the review goes in a column of its own beside the breakdown, or under it
        # where that gives its dice more room (a small window in a short script).
        shapes = (True, False) if captions and not self.portrait else (False,)
        # Every card if they fit at some size; else the costliest few, wider, whose sentences
        # then take fewer lines (a small window in a tall script): never a panel past the window.
        choices = [(captions, REVIEW_ITEMS)] + [(captions[:n], n) for n in range(len(captions) - 1, 0, -1)]
        plan: PanelPlan | None = None
        for shown, columns in choices:
            fitting: PanelPlan | None = None
            for beside in shapes:
                for size in range(largest, floor - 1, -1):
                    for paired in (False, True):
                        if beside:
                            plan = self._plan_beside(size, paired, width, most, pad, floor, shown, columns)
                        else:
                            plan = self._plan_stacked(size, paired, width, most, pad, floor, shown, columns)
                        plan = replace(plan, cards_shown=len(shown), card_columns=columns)
                        if plan.dialog.height <= most and self._labels_readable(plan, floor):
                            if not shown or plan.review_die >= want:
                                return plan
                            fitting = fitting or plan  # the largest text that fits, should no shape give the dice room
            if fitting is not None:
                return fitting
        assert plan is not None
        return plan  # nothing fits (a tiny window): the smallest, judged by the audit

    def _labels_readable(self, plan: PanelPlan, floor: int) -> bool:
        """Every label of the breakdown fits its row beside its value at a readable size."""
        return all(px >= floor for px in self._label_sizes(plan))  # the first too small ends the search

    def _label_sizes(self, plan: PanelPlan) -> Iterator[int]:
        """Each breakdown label's size: the largest up to the plan's that fits its row's width
        less its final value's and a gap."""
        fonts = self.fonts
        for (label, value), box in zip(self.content.rows, plan.rows):
            room = box.width - fonts.size(value, plan.size, True)[0] - plan.size
            yield fitted_size(fonts, label, plan.size, (room, 0), False, SMALLEST_PX)

    def _breakdown_rows(self, left: int, top: int, width: int, size: int, row_h: int, gap: int,
                        paired: bool) -> tuple[list[pygame.Rect], int]:
        """The breakdown's four row boxes in ``width`` from ``left``, and the y under them. One
        under another, each two thirds of the width; paired, two to a line, each column as wide
        as its widest label and value need (at most half the width) and the two columns at the
        two ends, so the room left over parts the columns: a value stands beside its own
        label, never nearer the next column's ("156 Bonuses" read as one)."""
        if not paired:
            stacked = [pygame.Rect(left + width // 6, top + index * (row_h + gap), width * 2 // 3, row_h) for index in range(4)]
            return stacked, top + 4 * (row_h + gap)
        fonts, direction = self.fonts, self.text.direction
        most = (width - size) // 2
        rows: list[pygame.Rect] = []
        for index, (label, value) in enumerate(self.content.rows[:4]):
            column = index % 2
            own = self.content.rows[column::2]
            needed = max(fonts.size(l, size)[0] + size + fonts.size(v, size, True)[0] for l, v in own)
            box_w = min(most, needed)
            x = left if direction.column(column, 2) == 0 else left + width - box_w
            rows.append(pygame.Rect(x, top + (index // 2) * (row_h + gap), box_w, row_h))
        return rows, top + 2 * (row_h + gap)

    def _usual_width(self) -> int:
        """The panel's width without the review: the breakdown's rows keep to it."""
        w, margin = self.size[0], self.margin
        return w - 2 * margin if self.portrait else min(w - 2 * margin, max(int(w * 0.55), 720))

    def _plan_beside(self, size: int, paired: bool, width: int, most: int, pad: int, floor: int,
                     captions: tuple[str, ...], count: int) -> PanelPlan:
        """Two columns over the buttons: the title, the total, the breakdown and the result
        lines in one, the review in the other (its title, then a card per costly turn, one
        under another: the two boards, and the sentence beside them)."""
        fonts, text, total = self.fonts, self.text, self.content.total
        w, h = self.size
        inner = width - 2 * pad
        gap = max(3, round(size * 0.35))
        above, below = self._row_reach(size)
        row_h = above + below
        row_count = 2 if paired else 4
        start_w = (inner - pad) * 9 // 20  # the breakdown's column; the review's takes the rest
        end_w = inner - pad - start_w
        title_px, title_ink = self._title_size(size, start_w, floor)
        total_px = fitted_size(fonts, total, round(size * 2.6), (start_w, 0), True, floor)
        total_h = fonts.ink_height(total, total_px, True)
        lines = self.content.lines
        results = self._laid([line for line in lines if line.content != "review title"], size, start_w, floor)
        heading = self._laid([line for line in lines if line.content == "review title"], size, end_w, floor)

        def height_of(laid: list[LaidLine]) -> int:
            return sum(part_h + gap for _, _, parts in laid for _, _, part_h in parts)

        title_h = title_ink + pad // 4 + 2 * gap
        start_h = title_h + total_h + 2 * gap + row_count * (row_h + gap) + gap + height_of(results)
        head_h = height_of(heading)
        buttons, buttons_h = self._button_rows(inner, floor, size)
        probe = pygame.Rect(0, 0, end_w, 10 ** 4)
        words_w = beside_card_parts(probe, gap)[2].width
        caption_h = max(ink_rect(fitted_block(fonts, c, size, (words_w, 10 ** 4), palette.GOLD, False, floor)).height
                        for c in captions)
        card_min = max(caption_h, 4 * floor) + 2 * gap
        card_cap = max(card_min, beside_card_parts(probe, gap)[0].width + 2 * gap)  # square boards filling their half

        # room for a full review (count), kept from before it is in: nothing moves when it comes

        def end_h(card_h: int) -> int:
            return head_h + count * card_h + (count - 1) * gap

        low = max(8, pad // 2)  # under the buttons: the review's boards want the height
        fixed = pad + pad + buttons_h + low
        room = max(start_h, end_h(card_min), min(most - fixed, end_h(card_cap)))
        card_h = max(card_min, min(card_cap, (room - head_h - (count - 1) * gap) // count))
        body = max(start_h, end_h(card_h), most - fixed)  # the whole height: the buttons stay put
        height = fixed + body
        dialog = self.place((width, height))
        left = dialog.left + pad
        y = dialog.top + pad
        both = pygame.Rect(left, y, start_w + pad + end_w, body)  # the result where the reader starts, the review after it
        start = text.direction.placed(pygame.Rect(left, y, start_w, body), both)
        end = text.direction.placed(pygame.Rect(left + start_w + pad, y, end_w, body), both)
        title_box = pygame.Rect(start.left, y, start_w, title_ink)
        y += title_h
        total_box = pygame.Rect(start.left, y, start_w, total_h)
        y += total_h + 2 * gap
        rows, y = self._breakdown_rows(start.left, y, start.width, size, row_h, gap, paired)
        y += gap
        placed = []
        for area, laid in ((start, results), (end, heading)):
            if area is end:
                y = end.top
            for content_name, colour, parts in laid:
                boxes = []
                for words, px, part_h in parts:
                    boxes.append(PlacedLine(words, px, pygame.Rect(area.left, y, area.width, part_h)))
                    y += part_h + gap
                placed.append((content_name, colour, tuple(boxes)))
        cards = pygame.Rect(end.left, end.top + head_h, end_w, count * card_h + (count - 1) * gap)
        review_die = board_cells(beside_card_parts(pygame.Rect(0, 0, end_w, card_h), gap)[0])[0].width
        row_top = dialog.bottom - low - buttons_h
        placed_buttons = tuple(size_button_rows(fonts, [Button(b.ident, b.rect.move(left, row_top), b.label, True,
                                                               b.style) for b in buttons]))
        reserve = dialog.bottom - row_top + pad
        return PanelPlan(dialog, 0.1, reserve, size, total_px, total_box, paired, tuple(rows), above, tuple(placed),
                         cards, placed_buttons, review_die, beside=True, title_px=title_px,
                         title_box=title_box)

    def _title_size(self, size: int, inner: int, floor: int) -> tuple[int, int]:
        """The title's size and ink height: over twice as tall as the lines'; in Nastaliq,
        whose letters reach far above and below the line, a smaller size."""
        fonts, title = self.fonts, self.text("gameover.title")
        title_px = fitted_size(fonts, title, round(size * 2.4), (inner, 0), True, SMALLEST_PX)
        title_ink = fonts.ink_height(title, title_px, True)
        if title_ink > size * 3:
            title_px = max(floor, int(title_px * size * 3 / title_ink))
            title_ink = fonts.ink_height(title, title_px, True)
        return title_px, title_ink

    def _plan_stacked(self, size: int, paired: bool, width: int, most: int, pad: int, floor: int,
                      captions: tuple[str, ...], columns: int) -> PanelPlan:
        """One column over the buttons: the title, the total, the breakdown, the result lines
        and the review's cards in a row under them."""
        fonts, text, total = self.fonts, self.text, self.content.total
        w, h = self.size
        inner = width - 2 * pad
        gap = max(3, round(size * 0.35))
        title_px, title_ink = self._title_size(size, inner, floor)
        total_px = fitted_size(fonts, total, round(size * 2.6), (inner, 0), True, floor)
        total_h = fonts.ink_height(total, total_px, True)
        # rows: the tallest ink among the labels and values, above and below their baseline
        above, below = self._row_reach(size)
        row_h = above + below
        row_count = 2 if paired else 4
        laid = self._laid(list(self.content.lines), size, inner, floor)
        lines_h = sum(part_h + gap for _, _, parts in laid for _, _, part_h in parts)
        buttons, buttons_h = self._button_rows(inner, floor, size)
        card_h = 0
        caption_h = 0
        if captions:
            card_w = (inner - gap * (columns - 1)) // columns
            caption_h = max(ink_rect(fitted_block(fonts, c, size, (card_w - 8, size * 3), palette.GOLD, False, floor)).height
                            for c in captions)
            card_h = 4 * floor + caption_h + 3 * gap  # the smallest boards worth drawing
        top_part = pad + title_ink + pad // 4 + 2 * gap  # the title stands apart from the total
        middle = total_h + 2 * gap + row_count * (row_h + gap) + gap + lines_h + card_h
        bottom_part = pad + buttons_h + pad
        height = top_part + middle + bottom_part
        if captions:  # what height is left makes the review's boards larger, up to the cards' width
            card_w = (inner - gap * (columns - 1)) // columns
            widest = (card_w - 3 * max(4, card_w // 40)) // 2 + caption_h + 3 * gap
            grow = max(0, min(most - height, widest - card_h))
            card_h += grow
            height += grow
        dialog = self.place((width, height))
        # positions, top to bottom
        y = dialog.top + top_part
        left = dialog.left + pad
        total_box = pygame.Rect(left, y, inner, total_h)
        y += total_h + 2 * gap
        usual = self._usual_width()
        rows_w = min(inner, usual - 2 * max(8, usual // 24))
        rows_left = left + (inner - rows_w) // 2
        rows, y = self._breakdown_rows(rows_left, y, rows_w, size, row_h, gap, paired)
        y += gap
        placed = []
        for content_name, colour, parts in laid:
            boxes = []
            for words, px, part_h in parts:
                boxes.append(PlacedLine(words, px, pygame.Rect(left, y, inner, part_h)))
                y += part_h + gap
            placed.append((content_name, colour, tuple(boxes)))
        cards = pygame.Rect(left, y, inner, card_h) if captions else None
        review_die = 0
        if captions:
            card = pygame.Rect(0, 0, (inner - gap * (columns - 1)) // columns, card_h)
            review_die = board_cells(card_sides(card, caption_h, gap)[0])[0].width
        row_top = dialog.bottom - pad - buttons_h
        placed_buttons = tuple(size_button_rows(fonts, [Button(b.ident, b.rect.move(left, row_top), b.label, True,
                                                               b.style) for b in buttons]))
        reserve = dialog.bottom - row_top + pad  # the buttons and the gap above them
        return PanelPlan(dialog, (title_px + 0.5) / height, reserve, size, total_px, total_box, paired,
                         tuple(rows), above, tuple(placed), cards, placed_buttons, review_die)

    def _laid(self, lines: list[ResultLine], size: int, width: int, floor: int) -> list[LaidLine]:
        """Each line's parts at ``size`` within ``width``: one line, or more at the floor."""
        fonts = self.fonts
        return [(line.content, line.colour, [(words, px, fonts.ink_height(words, px)) for words, px in
                                             fits_block(fonts, line.words, size, width, floor)]) for line in lines]

    def _row_reach(self, size: int) -> tuple[int, int]:
        """How far the breakdown's words reach above and below their shared baseline."""
        fonts = self.fonts
        above = below = 0
        for label, value in self.content.rows:
            for words, bold in ((label, False), (value, True)):
                ink = fonts.ink(words, size, bold)
                base = fonts.baseline(words, size, bold)
                above, below = max(above, base - ink.top), max(below, ink.bottom - base)
        return above, below

    def _button_rows(self, width: int, floor: int, size: int) -> tuple[list[Button], int]:
        """The buttons, each as wide as its words need and the rest shared out, all labels at
        one size (one row of buttons in one text size): one row if they fit at a readable
        size, else two. Rects are relative to the row's top left."""
        fonts, spec = self.fonts, list(self.content.buttons)
        gap = max(8, width // 40)
        lowest = -(-floor * 100 // round(LABEL_SHARE * 100))  # the height whose label is at the floor
        while any(fonts.ink_height(label, floor, True) > lowest * INK_SHARE for _, label, _ in spec):
            lowest += 1  # letters that reach far (Nastaliq): a taller button keeps them readable
        tallest = max(lowest, round(size * 2.3))
        for per_row in (len(spec), (len(spec) + 1) // 2):  # one row, else two
            rows = [spec[i:i + per_row] for i in range(0, len(spec), per_row)]
            for height in range(tallest, lowest - 1, -2):
                needs = [[words_width(fonts, label, height) for _, label, _ in row] for row in rows]
                if all(sum(need) + gap * (len(need) - 1) <= width for need in needs):
                    return self._placed(rows, needs, width, height, gap), len(rows) * height + (len(rows) - 1) * gap
        per_row = (len(spec) + 1) // 2
        rows = [spec[i:i + per_row] for i in range(0, len(spec), per_row)]
        needs = [[(width - gap * (per_row - 1)) // per_row] * len(row) for row in rows]
        return self._placed(rows, needs, width, lowest, gap), len(rows) * lowest + (len(rows) - 1) * gap

    def _placed(self, rows: list[list[ButtonWords]], needs: list[list[int]], width: int, height: int,
                gap: int) -> list[Button]:
        buttons = []
        for r, (row, need) in enumerate(zip(rows, needs)):
            even = (width - gap * (len(row) - 1)) // len(row)
            if max(need) <= even:
                widths = [even] * len(row)
            else:  # as wide as the words need, the rest shared out
                spare = (width - gap * (len(row) - 1) - sum(need)) // len(row)
                widths = [n + spare for n in need]
            order = self.text.direction.ordered(list(zip(row, widths)))  # a right-to-left reader starts on the right
            x = 0
            for (ident, label, style), button_w in order:
                buttons.append(Button(ident, pygame.Rect(x, r * (height + gap), button_w, height), label, True, style))
                x += button_w + gap
        return buttons


@dataclass(frozen=True)
class GameOverInputs:
    """What game over's plan is made from: the window, the language and text scale (the
    fonts' generation) and what the panel shows."""

    window: tuple[int, int]
    locale: str
    generation: int
    content: PanelContent  # its captions the review's own (none yet: the sample keeps their room)
    items: tuple[TurnReview, ...]  # the turns given a card, as the captions word them
    awaited: bool  # the review is still to come


@dataclass(frozen=True)
class WaitingNote:
    """'The expert is looking at your game…' where the review's cards will go: its lines,
    their size, the box they are centred in and the review's area."""

    lines: tuple[str, ...]
    px: int
    box: pygame.Rect
    area: pygame.Rect
    at: tuple[tuple[int, int], ...]  # where each line's picture goes: stacked by their ink, centred in the box


@dataclass(frozen=True)
class GameOverPlan:
    """The panel, the review's cards in it and, before the review is in, the note in their place."""

    inputs: GameOverInputs
    panel: PanelPlan
    cards: tuple[ReviewCard, ...]
    waiting: WaitingNote | None
    banner: BannerText  # the words of the panel's banner behind it (its title, where no column shows it)


def plan_game_over(fonts: FontBook, text: Catalog, inputs: GameOverInputs, margin: int, portrait: bool,
                   place: Callable[[tuple[int, int]], pygame.Rect]) -> GameOverPlan:
    """The panel for ``inputs`` (the table's ``margin``, ``portrait`` and its way to ``place``
    a panel, all of the window's size); before the review is in, a long sample sentence
    keeps its room."""
    content = inputs.content
    if not content.captions and inputs.awaited:
        content = replace(content, captions=(review_line(text, SAMPLE_REVIEW),))
    panel = GameOverPlanner(fonts, text, inputs.window, margin, portrait, content, place).plan()
    shown = inputs.items[:panel.cards_shown]
    cards = () if panel.cards is None or not shown else \
        plan_review_cards(fonts, text, panel.cards, shown, panel.size, panel.card_columns, panel.beside, inputs.window)
    waiting = None
    if panel.cards is not None and not cards and inputs.awaited:
        waiting = _waiting_note(fonts, text, panel.cards, panel.size, inputs.window)
    title = text("gameover.title") if panel.title_box is None else ""  # else drawn in its column
    banner = plan_banner_text(fonts, panel.dialog.size, title, [], panel.reserve, panel.title_scale,
                              min_text_px(inputs.window))
    return GameOverPlan(inputs, panel, cards, waiting, banner)


def _waiting_note(fonts: FontBook, text: Catalog, area: pygame.Rect, size: int, window: tuple[int, int]) -> WaitingNote:
    """While the review is worked out (some seconds of the expert's playouts), its place
    says so, rather than standing empty under its title."""
    floor = min_text_px(window)
    box = pygame.Rect(area.left, area.top, area.width, min(area.height, max(floor * 4, size * 3)))
    lines, px = fit_lines(fonts, text("gameover.review_waiting"), max(floor, size), box.width, box.height, floor)
    return WaitingNote(tuple(lines), px, box, area, tuple(at for _, at in stacked_spots(fonts, lines, px, box)))

