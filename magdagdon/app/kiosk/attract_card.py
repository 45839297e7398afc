"""AttractCard: the still cards of the kiosk's attract loop, each a whole screen.

The :class:`~..payloads.CardToShow` it opens with picks one: "title" (the name and an
invitation), "scores" (today's and all-time best per difficulty, with names), "best_today" (whose game
is about to be played back), "how_to_play" (How to play's lessons on small boards). The kiosk's
director chooses the order and the time; any input wakes the game before it reaches here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from magdagdon.engine import Difficulty
from magdagdon.storage import ScoreEntry

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..audit.draw_log import Role, as_role, panel
from ..ui import palette
from ..table.lesson_view import LessonStage, draw_lesson_frame
from ..table.lessons import lesson_at, lessons
from ..text.fit import fitted_line, fitted_size, min_text_px, wrap
from ..text.menu_text import blit_ink, ink_rect, ink_x
from ..shell.payloads import Card, CardToShow, Payload
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..shell.viewport import Viewport
from ..shell.loop import ticks

if TYPE_CHECKING:
    from ..shell.screens import Services

ROWS_SHOWN = 5  # names per table on the scores card
PAGE_TICKS = ticks(4.0)  # a scores card too low for both tables shows today's, then all time's


@dataclass(frozen=True)
class ScoreTables:
    """The scores card's tables: (difficulty, today's best, all-time best) for each shown
    difficulty, and today's best game as (name, score), None when nobody played today."""

    tables: list[tuple[Difficulty, list[ScoreEntry], list[ScoreEntry]]]
    best_today: tuple[str, int] | None


@dataclass(frozen=True)
class AttractKit:
    text: Catalog
    fonts: FontBook
    viewport: Viewport
    score_tables: Callable[[], ScoreTables]  # read when a card that shows them starts


class AttractCard(State):
    def __init__(self, kit: AttractKit) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts = kit.text, kit.fonts

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.card = payload.card if isinstance(payload, CardToShow) else Card.TITLE
        self.tick = 0
        self.drawn_phase = -1
        self.scores = self.kit.score_tables() if self.card in ("scores", "best_today") else None
        self.paged = False  # the scores card shows today's and all time's tables in turn

    def update(self, dt: float) -> None:
        self.tick += 1

    def _phase(self) -> int:
        """What the next frame shows changes with this number (the loop then draws)."""
        if self.card == "how_to_play":  # a new frame of the lessons
            lesson, frame = lesson_at(self.tick)
            return lesson * 100 + frame
        if self.card == "scores":
            return self.tick // PAGE_TICKS if self.paged else 0
        return self.tick // 60  # the title's invitation pulses slowly; the rest stands still

    def is_animating(self) -> bool:
        return self.card in ("how_to_play", "title", "scores") and self._phase() != self.drawn_phase

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The card in the window above the invitation line (the title card is one itself)."""
        self.drawn_phase = self._phase()
        surface.fill(palette.BACKGROUND)
        width, height = surface.get_size()
        unit = max(min_text_px((width, height)), min(width // 16, height // 14))
        margin = max(8, min(width, height) // 40)
        footer = pygame.Rect(margin, height - margin - int(unit * 1.5), width - 2 * margin, int(unit * 1.5))
        card = pygame.Rect(margin, margin, width - 2 * margin, footer.top - 2 * margin)
        if self.card == "title":  # the title card's invitation is its own, large: not twice
            card = pygame.Rect(margin, margin, width - 2 * margin, height - 2 * margin)
        draw = {"title": self._title, "scores": self._scores, "best_today": self._best_today,
                "how_to_play": self._how_to_play}.get(self.card, self._title)
        with panel(surface, self.card.value, card):
            draw(surface, card, unit)
        if self.card != "title":
            with panel(surface, "invitation", footer, Role.GUIDE):
                self._line(surface, self.text("attract.touch_to_play"), int(unit * 0.8), footer, palette.TEXT_DIM)

    def _line(self, surface: pygame.Surface, line: str, size: int, box: pygame.Rect, colour: palette.Colour,
              bold: bool = False, align: str = "center") -> pygame.Rect:
        """One line with its ink inside ``box`` (as large as ``size``, smaller where the box is
        narrower or lower than its letters, never below the readable floor); where it landed."""
        floor = min_text_px(surface.get_size())
        image = fitted_line(self.fonts, line, max(floor, size), box.size, colour, bold, floor)
        return blit_ink(surface, image, box, align)

    def _ink(self, line: str, size: int, width: int, bold: bool = False) -> int:
        """How tall ``line``'s letters stand at ``size`` (narrowed to ``width``)."""
        fonts = self.fonts
        return fonts.ink_height(line, fitted_size(fonts, line, size, (width, 0), bold, min_text_px(self.kit.viewport.size)), bold)

    def _title(self, surface: pygame.Surface, card: pygame.Rect, unit: int) -> None:
        """The name, the tagline and the invitation, one under another by their ink."""
        text = self.text
        lines = [(text("app.title"), unit * 3, True, Role.TITLE), (text("app.tagline"), unit, False, Role.SUBTITLE),
                 (text("attract.touch_to_play"), int(unit * 1.3), True, Role.GUIDE)]
        width = int(card.width * 0.96)
        inks = [self._ink(words, size, width, bold) for words, size, bold, _ in lines]
        gaps = [unit, int(unit * 1.6)]  # name to tagline, tagline to invitation
        total = sum(inks) + sum(gaps)
        shrink = min(1.0, card.height / max(1, total))
        y = card.top + (card.height - int(total * shrink)) // 2
        glow = 0.5 + 0.5 * math.sin(self.tick / 60 * math.pi)
        dim, lit = palette.TEXT_DIM, palette.BUTTON_PRIMARY
        invitation = (int(dim[0] + (lit[0] - dim[0]) * glow), int(dim[1] + (lit[1] - dim[1]) * glow),
                      int(dim[2] + (lit[2] - dim[2]) * glow))
        colours = [palette.GOLD, palette.TEXT, invitation]
        for index, ((words, size, bold, role), ink, colour) in enumerate(zip(lines, inks, colours)):
            box = pygame.Rect(card.centerx - width // 2, y, width, max(1, int(ink * shrink)))
            with panel(surface, role.value, box, role):
                self._line(surface, words, int(size * shrink), box, colour, bold)
            y += box.height + (int(gaps[index] * shrink) if index < len(gaps) else 0)

    def _heading(self, surface: pygame.Surface, card: pygame.Rect, words: str, size: int,
                 colour: palette.Colour = palette.GOLD, bold: bool = True) -> int:
        """A card's title at its top; returns where what follows may start."""
        # As tall as a Latin title of that size: Nastaliq's letters reach far past it.
        box = pygame.Rect(card.left, card.top, card.width, min(self._ink(words, size, card.width, bold), int(size * 1.15)))
        with panel(surface, "heading", box, Role.TITLE):
            self._line(surface, words, size, box, colour, bold)
        return box.bottom + max(4, size // 3)

    def _scores(self, surface: pygame.Surface, card: pygame.Rect, unit: int) -> None:
        """Each shown difficulty's best of today and of all time, with names; the blocks and
        their rows read from the right in Urdu."""
        scores = self.scores
        top = self._heading(surface, card, self.text("attract.scores_title"), int(unit * 1.6))
        area = pygame.Rect(card.left, top, card.width, card.bottom - top)
        if scores is None or not scores.tables:
            with panel(surface, "empty", area, Role.NOTICE):
                self._line(surface, self.text("scores.empty"), unit, area, palette.TEXT_DIM)
            return
        tall = card.height > card.width
        blocks = len(scores.tables)
        gap = max(6, unit // 3)
        if tall:  # one block under another, today beside all time
            each = (area.height - gap * (blocks - 1)) // blocks
            rects = [pygame.Rect(area.left, area.top + i * (each + gap), area.width, each) for i in range(blocks)]
        else:  # blocks side by side, today above all time
            each = (area.width - gap * (blocks - 1)) // blocks
            rects = self.text.direction.ordered(
                [pygame.Rect(area.left + i * (each + gap), area.top, each, area.height) for i in range(blocks)])
        lines = 1 + (1 + ROWS_SHOWN) * (1 if tall else 2)  # a heading; a caption and the names, twice
        size, step = self._row_size(scores, rects[0], lines, unit)
        self.paged = step * lines + size // 2 > rects[0].height  # a low window: today, then all time
        if self.paged:
            size, step = self._row_size(scores, rects[0], 2 + ROWS_SHOWN, unit)
        for rect, (difficulty, today, all_time) in zip(rects, scores.tables):
            pygame.draw.rect(surface, palette.PANEL, rect, border_radius=max(6, size // 2))
            with panel(surface, f"table {difficulty.name}", rect, Role.NAME, element=Role.PANEL):
                self._score_block(surface, rect.inflate(-size, -size // 2), difficulty, today, all_time, size, step, tall)

    def _row_size(self, scores: ScoreTables, block: pygame.Rect, lines: int, unit: int) -> tuple[int, int]:
        """The largest size (up to the unit, down to the readable floor) at which ``lines``
        lines fit a block by their ink, and the step from one line to the next."""
        floor = min_text_px(self.kit.viewport.size)
        words = [self.text("scores.today"), self.text("scores.all_time")]
        words += [self._row_words(rank, entry) for _, today, all_time in scores.tables
                  for rank, entry in list(enumerate(today, 1)) + list(enumerate(all_time, 1))]
        words += [self.text(f"difficulty.{d.name}") for d, _, _ in scores.tables]

        def step_at(size: int) -> int:
            return max(self.fonts.ink_height(w, size, True) for w in words) + max(3, size // 3)

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

    def _row_words(self, rank: int, entry: ScoreEntry) -> str:
        return self.text("attract.row", rank=rank, name=entry.name)  # the name kept apart from the rank

    def _score_block(self, surface: pygame.Surface, area: pygame.Rect, difficulty: Difficulty,
                     today: list[ScoreEntry], all_time: list[ScoreEntry], size: int, step: int, tall: bool) -> None:
        text = self.text
        heading = pygame.Rect(area.left, area.top, area.width, step)
        with panel(surface, "heading", heading, Role.TITLE):
            self._line(surface, text(f"difficulty.{difficulty.name}"), size, heading, palette.GOLD, True)
        body = pygame.Rect(area.left, heading.bottom, area.width, area.height - step)
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
        if self.paged:  # one at a time, in the first one's place
            half, caption, entries, name = sections[(self.tick // PAGE_TICKS) % 2]
            sections = [(halves[0], caption, entries, name)]
        for half, caption, entries, name in sections:
            with panel(surface, name, half):
                self._names(surface, half, text(caption), entries, size, step, beside=tall)

    def _names(self, surface: pygame.Surface, rect: pygame.Rect, caption: str, entries: list[ScoreEntry],
               size: int, step: int, beside: bool = False) -> None:
        """A caption, then a line per name: rank and name where the reader starts, the score
        at the far end — or, ``beside`` (two columns side by side), just after its own name:
        at the far end, a short name's score stood nearer the next column's names."""
        fonts, direction = self.fonts, self.text.direction
        start, end = direction.start, direction.end
        line = pygame.Rect(rect.left, rect.top, rect.width, step)
        with panel(surface, "caption", line, Role.LABEL):
            self._line(surface, caption, size, line, palette.TEXT_DIM, align=start)
        if not entries:
            line = line.move(0, step)
            with panel(surface, "none", line, Role.LABEL):
                self._line(surface, "—", size, line, palette.TEXT_DIM, align=start)
        floor = min_text_px(surface.get_size())
        shown = [(self._row_words(rank, entry), str(entry.score)) for rank, entry in enumerate(entries[:ROWS_SHOWN], 1)]
        # One size for every name of the column: the longest narrowed to its room.
        name_px = min([fitted_size(fonts, words, size, (line.width - fonts.size(points, size, True)[0] - size // 2, 0), floor=floor)
                       for words, points in shown] or [size])
        rows = []
        for words, points in shown:
            score = fonts.render(points, size, palette.TEXT, bold=True)
            name = fonts.render(words, name_px, palette.TEXT)
            rows.append(((name, fonts.baseline(words, name_px)), (score, fonts.baseline(points, size, True))))
        # Every name and score on one baseline per line, at the same place in each line.
        parts = [part for row in rows for part in row]
        above = max((base - ink_rect(image).top for image, base in parts), default=0)
        below = max((ink_rect(image).bottom - base for image, base in parts), default=0)
        for rank, ((name, name_base), (score, score_base)) in enumerate(rows, start=1):
            line = line.move(0, step)
            baseline = line.top + (line.height - above - below) // 2 + above
            name_ink, score_ink = ink_rect(name), ink_rect(score)
            name_x, score_x = ink_x(line, name_ink, start), ink_x(line, score_ink, end)
            if beside:  # half an em after the name's ink, on the reader's way
                apart = size // 2
                score_x = (name_x + name_ink.right + apart - score_ink.left if start == "left"
                           else name_x + name_ink.left - apart - score_ink.right)
            with panel(surface, f"row {rank}", line, Role.NAME):
                surface.blit(name, (name_x, baseline - name_base))
                with as_role(surface, Role.VALUE):
                    surface.blit(score, (score_x, baseline - score_base))

    def _best_today(self, surface: pygame.Surface, card: pygame.Rect, unit: int) -> None:
        best = self.scores.best_today if self.scores is not None else None
        words = [(self.text("attract.best_today_title"), int(unit * 1.4), False, palette.TEXT_DIM, Role.TITLE)]
        if best is not None:
            name, score = best
            words.append((self.text("attract.best_today", name=name, score=score), unit * 2, True, palette.GOLD, Role.NAME))
        width = int(card.width * 0.96)
        inks = [self._ink(w, size, width, bold) for w, size, bold, _, _ in words]
        y = card.top + (card.height - sum(inks) - unit * (len(inks) - 1)) // 2
        for (line, size, bold, colour, role), ink in zip(words, inks):
            box = pygame.Rect(card.centerx - width // 2, y, width, ink)
            with panel(surface, role.value, box, role):
                self._line(surface, line, size, box, colour, bold)
            y += ink + unit

    def _how_to_play(self, surface: pygame.Surface, card: pygame.Rect, unit: int) -> None:
        """How to play's lessons (``table/lessons.py``), as How to play shows them: the
        lesson's caption above its boards."""
        lesson, index = lesson_at(self.tick)
        frame = lessons()[lesson].frames[index]
        y = self._heading(surface, card, self.text("rules.title"), int(unit * 1.6))
        floor = min_text_px(surface.get_size())
        words = self.text(frame.caption, **dict(frame.terms))
        width = int(card.width * 0.96)
        # The caption as large as leaves the boards their room (a tall script takes more lines).
        for size in range(max(floor, unit), floor - 1, -1):
            lines = wrap(self.fonts, words, size, width)
            inks = [self.fonts.ink_height(line, size) for line in lines]
            room = card.bottom - y - sum(inks) - len(inks) * max(4, size // 3)
            if room >= max(4.4 * max(24, unit), LessonStage.least_height(self.fonts, floor) + unit // 2):
                break
        for line, ink in zip(lines, inks):
            box = pygame.Rect(card.left, y, card.width, ink)
            with panel(surface, "step", box, Role.PAGE):
                self._line(surface, line, size, box, palette.TEXT)
            y = box.bottom + max(4, size // 3)
        stage = pygame.Rect(card.left, y, card.width, card.bottom - y).inflate(-unit // 2, -unit // 2)
        draw_lesson_frame(surface, self.fonts, self.text, LessonStage.fitted(stage, self.text, self.fonts, floor), frame)


def screen(services: Services) -> AttractCard:
    from .director import read_score_tables  # the score tables the cards show

    games, storage = services.games, services.storage
    table = services.table
    return AttractCard(AttractKit(table.text, table.fonts, table.viewport,
                                  lambda: read_score_tables(storage, games, games.difficulties)))
