"""The attract loop's still cards, laid out once: where every line, score table and lesson
board of a card goes, worked out from what decides it — the window, the language, the text
scale, the card and the score tables it shows — and kept by the card's
:class:`~..ui.presenter.Presenter` until one of those changes.

:func:`plan_attract` does every search for a size here (the title's lines by their ink, the
score rows' size by halves over every name, each lesson caption's size beside its board);
the card draws the plan. What changes from one tick to the next — the invitation's glow,
the page of a scores card too low for both tables, the lessons' frame — is not planned: the
card reads it from its tick and picks among what the plan holds."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Difficulty
from magdagdon.storage import ScoreEntry

from ..audit.draw_log import Role
from ..shell.payloads import Card
from ..table.board_view import SumWords
from ..table.lesson_view import LessonStage, plan_frame_sums
from ..table.lessons import lessons
from ..text.fit import fitted_size, min_text_px, wrap
from ..text.menu_text import ink_rect, ink_x
from ..ui import palette
from ..ui.palette import Colour

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog

ROWS_SHOWN = 5  # names per table on the scores card


# --- what the plan is made from ------------------------------------------------------------

@dataclass(frozen=True)
class ScoreTables:
    """The scores card's tables: (difficulty, today's best, all-time best) for each shown
    difficulty, and today's best game as (name, score), None when nobody played today."""

    tables: list[tuple[Difficulty, list[ScoreEntry], list[ScoreEntry]]]
    best_today: tuple[str, int] | None


@dataclass(frozen=True)
class AttractInputs:
    window: tuple[int, int]
    locale: str
    text_scale: float
    card: Card
    scores: ScoreTables | None  # read when a card that shows them starts


# --- the plan ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    """One line of words drawn at ``size``, its ink placed ``align`` in ``box`` (the panel
    the audit sees it in, named ``panel`` and of ``role``). ``colour`` None: the title's
    invitation, whose glow the tick decides."""

    words: str
    size: int
    bold: bool
    colour: Colour | None
    box: pygame.Rect
    panel: str
    role: Role
    align: str = "center"


@dataclass(frozen=True)
class ScoreRow:
    """A name and its score on one baseline: each picture's top-left corner."""

    rank: int
    line: pygame.Rect
    name: str
    name_size: int  # the column's one size for its names (the longest narrowed to its room)
    name_at: tuple[int, int]
    score: str
    score_size: int
    score_at: tuple[int, int]


@dataclass(frozen=True)
class ScoreSection:
    """Today's or all time's best of one difficulty: a caption, then its names."""

    name: str  # "today" or "all time", the audit's panel
    box: pygame.Rect
    caption: Line
    none: Line | None  # "—" when nobody is in it
    rows: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class ScoreBlock:
    difficulty: Difficulty
    box: pygame.Rect
    radius: int
    heading: Line
    pages: tuple[tuple[ScoreSection, ...], ...]  # one page with both sections, or one page each


@dataclass(frozen=True)
class ScoresPlan:
    size: int
    step: int
    paged: bool  # too low for both tables: today's, then all time's, in turn
    blocks: tuple[ScoreBlock, ...]


@dataclass(frozen=True)
class LessonPlan:
    """One lesson frame's caption (its lines), where its board and tray go and its line sums."""

    lines: tuple[Line, ...]
    stage: LessonStage
    sums: tuple[SumWords, ...] = ()


@dataclass(frozen=True)
class AttractPlan:
    inputs: AttractInputs
    card: pygame.Rect
    footer: Line | None  # the invitation under every card but the title (which says it large)
    lines: tuple[Line, ...]  # the title's, best today's, or the heading (and the empty scores' notice)
    scores: ScoresPlan | None
    lessons: tuple[tuple[LessonPlan, ...], ...]  # each lesson's frames, as table/lessons.py orders them


# --- making it -----------------------------------------------------------------------------

def plan_attract(fonts: FontBook, text: Catalog, inputs: AttractInputs) -> AttractPlan:
    """The card ``inputs`` names laid out in its window (``fonts`` and ``text`` already in
    its language and text scale)."""
    width, height = inputs.window
    unit = max(min_text_px((width, height)), min(width // 16, height // 14))
    margin = max(8, min(width, height) // 40)
    maker = _Maker(fonts, text, min_text_px(inputs.window))
    footer_box = pygame.Rect(margin, height - margin - int(unit * 1.5), width - 2 * margin, int(unit * 1.5))
    card = pygame.Rect(margin, margin, width - 2 * margin, footer_box.top - 2 * margin)
    footer: Line | None = maker.line(text("attract.touch_to_play"), int(unit * 0.8), footer_box, palette.TEXT_DIM,
                                     "invitation", Role.GUIDE)
    lines: tuple[Line, ...] = ()
    scores: ScoresPlan | None = None
    frames: tuple[tuple[LessonPlan, ...], ...] = ()
    if inputs.card == Card.SCORES:
        lines, scores = maker.scores(card, unit, inputs.scores)
    elif inputs.card == Card.BEST_TODAY:
        lines = maker.best_today(card, unit, inputs.scores.best_today if inputs.scores is not None else None)
    elif inputs.card == Card.HOW_TO_PLAY:
        lines, frames = maker.how_to_play(card, unit)
    else:  # the title card's invitation is its own, large: not twice
        card = pygame.Rect(margin, margin, width - 2 * margin, height - 2 * margin)
        footer, lines = None, maker.title(card, unit)
    return AttractPlan(inputs, card, footer, lines, scores, frames)


class _Maker:
    """The plan's parts, each fitted by the same fonts, catalog and readable floor."""

    def __init__(self, fonts: FontBook, text: Catalog, floor: int) -> None:
        self.fonts, self.text, self.floor = fonts, text, floor

    def line(self, words: str, size: int, box: pygame.Rect, colour: Colour | None, panel: str, role: Role,
             bold: bool = False, align: str = "center") -> Line:
        """One line with its ink inside ``box``: as large as ``size``, smaller where the box
        is narrower or lower than its letters, never below the readable floor."""
        floor = self.floor
        fitted = fitted_size(self.fonts, words, max(floor, size), box.size, bold, floor)
        return Line(words, fitted, bold, colour, box, panel, role, align)

    def ink(self, words: str, size: int, width: int, bold: bool = False) -> int:
        """How tall ``words``' letters stand at ``size`` (narrowed to ``width``)."""
        fonts = self.fonts
        return fonts.ink_height(words, fitted_size(fonts, words, size, (width, 0), bold, self.floor), bold)

    def title(self, card: pygame.Rect, unit: int) -> tuple[Line, ...]:
        """The name, the tagline and the invitation, one under another by their ink."""
        text = self.text
        lines = [(text("app.title"), unit * 3, True, Role.TITLE, palette.GOLD),
                 (text("app.tagline"), unit, False, Role.SUBTITLE, palette.TEXT),
                 (text("attract.touch_to_play"), int(unit * 1.3), True, Role.GUIDE, None)]
        width = int(card.width * 0.96)
        inks = [self.ink(words, size, width, bold) for words, size, bold, _, _ in lines]
        gaps = [unit, int(unit * 1.6)]  # name to tagline, tagline to invitation
        total = sum(inks) + sum(gaps)
        shrink = min(1.0, card.height / max(1, total))
        y = card.top + (card.height - int(total * shrink)) // 2
        planned = []
        for index, ((words, size, bold, role, colour), ink) in enumerate(zip(lines, inks)):
            box = pygame.Rect(card.centerx - width // 2, y, width, max(1, int(ink * shrink)))
            planned.append(self.line(words, int(size * shrink), box, colour, role.value, role, bold))
            y += box.height + (int(gaps[index] * shrink) if index < len(gaps) else 0)
        return tuple(planned)

    def heading(self, card: pygame.Rect, words: str, size: int) -> Line:
        """A card's title at its top."""
        # As tall as a Latin title of that size: Nastaliq's letters reach far past it.
        box = pygame.Rect(card.left, card.top, card.width, min(self.ink(words, size, card.width, True), int(size * 1.15)))
        return self.line(words, size, box, palette.GOLD, "heading", Role.TITLE, True)

    def best_today(self, card: pygame.Rect, unit: int, best: tuple[str, int] | None) -> tuple[Line, ...]:
        words = [(self.text("attract.best_today_title"), int(unit * 1.4), False, palette.TEXT_DIM, Role.TITLE)]
        if best is not None:
            name, score = best
            words.append((self.text("attract.best_today", name=name, score=score), unit * 2, True, palette.GOLD, Role.NAME))
        width = int(card.width * 0.96)
        inks = [self.ink(w, size, width, bold) for w, size, bold, _, _ in words]
        y = card.top + (card.height - sum(inks) - unit * (len(inks) - 1)) // 2
        planned = []
        for (line, size, bold, colour, role), ink in zip(words, inks):
            box = pygame.Rect(card.centerx - width // 2, y, width, ink)
            planned.append(self.line(line, size, box, colour, role.value, role, bold))
            y += ink + unit
        return tuple(planned)

    def how_to_play(self, card: pygame.Rect, unit: int) -> tuple[tuple[Line, ...], tuple[tuple[LessonPlan, ...], ...]]:
        """The heading, and each lesson frame's caption above its boards (the caption as
        large as leaves the boards their room: a tall script takes more lines)."""
        size = int(unit * 1.6)
        heading = self.heading(card, self.text("rules.title"), size)
        top = heading.box.bottom + max(4, size // 3)
        planned: dict[str, LessonPlan] = {}  # frames that say the same share a layout
        frames = []
        for lesson in lessons():
            shown = []
            for frame in lesson.frames:
                words = self.text(frame.caption, **dict(frame.terms))
                if words not in planned:
                    planned[words] = self.lesson_frame(card, top, unit, words)
                stage = planned[words].stage
                shown.append(replace(planned[words], sums=plan_frame_sums(self.fonts, stage, frame, self.floor)))
            frames.append(tuple(shown))
        return (heading,), tuple(frames)

    def lesson_frame(self, card: pygame.Rect, y: int, unit: int, words: str) -> LessonPlan:
        fonts, floor = self.fonts, self.floor
        width = int(card.width * 0.96)
        need = max(4.4 * max(24, unit), LessonStage.least_height(fonts, floor) + unit // 2)

        def set_at(size: int) -> tuple[list[str], list[int], bool]:
            lines = wrap(fonts, words, size, width)
            inks = [fonts.ink_height(line, size) for line in lines]
            return lines, inks, card.bottom - y - sum(inks) - len(inks) * max(4, size // 3) >= need

        # The caption's lines grow with its size: the largest that leaves the boards their
        # room, by halves (all nineteen captions are planned as the card starts).
        size = max(floor, unit)
        if not set_at(size)[2]:
            low, high = floor, size
            while low < high - 1:
                middle = (low + high) // 2
                low, high = (middle, high) if set_at(middle)[2] else (low, middle)
            size = low
        lines, inks, _ = set_at(size)  # measured already: the font book keeps them
        placed = []
        for line, ink in zip(lines, inks):
            box = pygame.Rect(card.left, y, card.width, ink)
            placed.append(self.line(line, size, box, palette.TEXT, "step", Role.PAGE))
            y = box.bottom + max(4, size // 3)
        stage = pygame.Rect(card.left, y, card.width, card.bottom - y).inflate(-unit // 2, -unit // 2)
        return LessonPlan(tuple(placed), LessonStage.fitted(stage, self.text, fonts, floor))

    # --- the scores card --------------------------------------------------------------------
    def scores(self, card: pygame.Rect, unit: int, scores: ScoreTables | None) -> tuple[tuple[Line, ...], ScoresPlan | None]:
        """Each shown difficulty's best of today and of all time, with names; the blocks and
        their rows read from the right in Urdu."""
        size = int(unit * 1.6)
        heading = self.heading(card, self.text("attract.scores_title"), size)
        top = heading.box.bottom + max(4, size // 3)
        area = pygame.Rect(card.left, top, card.width, card.bottom - top)
        if scores is None or not scores.tables:
            return (heading, self.line(self.text("scores.empty"), unit, area, palette.TEXT_DIM, "empty", Role.NOTICE)), None
        tall = card.height > card.width
        count = len(scores.tables)
        gap = max(6, unit // 3)
        if tall:  # one block under another, today beside all time
            each = (area.height - gap * (count - 1)) // count
            rects = [pygame.Rect(area.left, area.top + i * (each + gap), area.width, each) for i in range(count)]
        else:  # blocks side by side, today above all time
            each = (area.width - gap * (count - 1)) // count
            rects = self.text.direction.ordered(
                [pygame.Rect(area.left + i * (each + gap), area.top, each, area.height) for i in range(count)])
        lines = 1 + (1 + ROWS_SHOWN) * (1 if tall else 2)  # a heading; a caption and the names, twice
        row, step = self.row_size(scores, rects[0], lines, unit)
        paged = step * lines + row // 2 > rects[0].height  # a low window: today, then all time
        if paged:
            row, step = self.row_size(scores, rects[0], 2 + ROWS_SHOWN, unit)
        blocks = tuple(self.score_block(rect, difficulty, today, all_time, row, step, tall, paged)
                       for rect, (difficulty, today, all_time) in zip(rects, scores.tables))
        return (heading,), ScoresPlan(row, step, paged, blocks)

    def row_size(self, scores: ScoreTables, block: pygame.Rect, lines: int, unit: int) -> tuple[int, int]:
        """The largest size (up to the unit, down to the readable floor) at which ``lines``
        lines fit a block by their ink, and the step from one line to the next."""
        floor, fonts = self.floor, self.fonts
        words = [self.text("scores.today"), self.text("scores.all_time")]
        words += [self.row_words(rank, entry) for _, today, all_time in scores.tables
                  for rank, entry in list(enumerate(today, 1)) + list(enumerate(all_time, 1))]
        words += [self.text(f"difficulty.{d.name}") for d, _, _ in scores.tables]

        def step_at(size: int) -> int:
            return max(fonts.ink_height(w, size, True) for w in words) + max(3, size // 3)

        def fits(size: int) -> bool:
            return step_at(size) * lines + size // 2 <= block.height

        # Letters grow with the size: the largest that fits, by halves (each try renders
        # every name: one by one from the top took 30 tries at 3840x2160).
        low, high = floor, max(floor, int(unit * 0.9))
        if fits(high):
            return high, step_at(high)
        while low < high - 1:
            middle = (low + high) // 2
            if fits(middle):
                low = middle
            else:
                high = middle
        return low, step_at(low)

    def row_words(self, rank: int, entry: ScoreEntry) -> str:
        return self.text("attract.row", rank=rank, name=entry.name)  # the name kept apart from the rank

    def score_block(self, rect: pygame.Rect, difficulty: Difficulty, today: list[ScoreEntry],
                    all_time: list[ScoreEntry], size: int, step: int, tall: bool, paged: bool) -> ScoreBlock:
        text = self.text
        area = rect.inflate(-size, -size // 2)
        heading = self.line(text(f"difficulty.{difficulty.name}"), size, pygame.Rect(area.left, area.top, area.width, step),
                            palette.GOLD, "heading", Role.TITLE, True)
        body = pygame.Rect(area.left, heading.box.bottom, area.width, area.height - step)
        if tall:
            apart = size * 2  # between one column's scores and the other's names
            half_w = (body.width - apart) // 2
            halves = text.direction.ordered([pygame.Rect(body.left, body.top, half_w, body.height),
                                             pygame.Rect(body.right - half_w, body.top, half_w, body.height)])
        else:
            rows = 1 + ROWS_SHOWN
            halves = [pygame.Rect(body.left, body.top, body.width, step * rows),
                      pygame.Rect(body.left, body.top + step * rows, body.width, step * rows)]
        sections = list(zip(halves, ("scores.today", "scores.all_time"), (today, all_time), ("today", "all time")))
        pages: tuple[tuple[ScoreSection, ...], ...]
        if paged:  # one at a time, in the first one's place
            pages = tuple((self.section(halves[0], text(caption), entries, name, size, step, tall),)
                          for _, caption, entries, name in sections)
        else:
            pages = (tuple(self.section(half, text(caption), entries, name, size, step, tall)
                           for half, caption, entries, name in sections),)
        return ScoreBlock(difficulty, rect, max(6, size // 2), heading, pages)

    def section(self, rect: pygame.Rect, caption: str, entries: list[ScoreEntry], name: str,
                size: int, step: int, beside: bool) -> ScoreSection:
        """A caption, then a line per name: rank and name where the reader starts, the score
        at the far end — or, ``beside`` (two columns side by side), just after its own name:
        at the far end, a short name's score stood nearer the next column's names."""
        fonts, direction, floor = self.fonts, self.text.direction, self.floor
        start, end = direction.start, direction.end
        line = pygame.Rect(rect.left, rect.top, rect.width, step)
        caption_line = self.line(caption, size, line, palette.TEXT_DIM, "caption", Role.LABEL, align=start)
        none = None
        if not entries:
            none = self.line("—", size, line.move(0, step), palette.TEXT_DIM, "none", Role.LABEL, align=start)
        shown = [(self.row_words(rank, entry), str(entry.score)) for rank, entry in enumerate(entries[:ROWS_SHOWN], 1)]
        # One size for every name of the column: the longest narrowed to its room.
        name_px = min([fitted_size(fonts, words, size, (line.width - fonts.size(points, size, True)[0] - size // 2, 0), floor=floor)
                       for words, points in shown] or [size])
        pictures = []
        for words, points in shown:
            score = fonts.render(points, size, palette.TEXT, bold=True)
            picture = fonts.render(words, name_px, palette.TEXT)
            pictures.append(((picture, fonts.baseline(words, name_px)), (score, fonts.baseline(points, size, True))))
        # Every name and score on one baseline per line, at the same place in each line.
        parts = [part for row in pictures for part in row]
        above = max((base - ink_rect(image).top for image, base in parts), default=0)
        below = max((ink_rect(image).bottom - base for image, base in parts), default=0)
        rows = []
        for rank, ((words, points), ((picture, name_base), (score, score_base))) in enumerate(zip(shown, pictures), 1):
            line = line.move(0, step)
            baseline = line.top + (line.height - above - below) // 2 + above
            name_ink, score_ink = ink_rect(picture), ink_rect(score)
            name_x, score_x = ink_x(line, name_ink, start), ink_x(line, score_ink, end)
            if beside:  # half an em after the name's ink, on the reader's way
                apart = size // 2
                score_x = (name_x + name_ink.right + apart - score_ink.left if start == "left"
                           else name_x + name_ink.left - apart - score_ink.right)
            rows.append(ScoreRow(rank, line, words, name_px, (name_x, baseline - name_base),
                                 points, size, (score_x, baseline - score_base)))
        return ScoreSection(name, rect, caption_line, none, tuple(rows))
