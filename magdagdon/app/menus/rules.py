"""How to play: the rules in plain words (the rule book is RULES.md) beside small boards that
play them out, one lesson after another (``table/lessons.py``, the frames the kiosk's attract
loop shows too). A tap on the boards goes on to the next lesson.

The frame shown, its caption's lines, its sums and where the boards go are planned
(``plan_lesson``) when the frame's caption, the boards' box, the language or the text
scale changes: on update, after a rebuild and after a tap; draw reads the plan."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..audit.draw_log import Role, panel
from ..table.board_view import SumWords
from ..table.lesson_view import LessonStage, draw_lesson_frame, lesson_frame_pieces, plan_frame_sums
from ..table.lessons import LessonFrame, lesson_at, lessons
from ..text.fit import min_text_px, wrap
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..text.menu_text import TextPage, blit_ink
from ..ui import palette
from ..ui.menu import Item, MenuKit, MenuState
from ..ui.menu_page import page_pad
from ..ui.placed import Placed, pieces, placed_ink_in
from ..ui.presenter import Presenter

if TYPE_CHECKING:
    from ..shell.screens import Services

STAGE_SHARE = 0.42  # of the page's box the boards take: its width beside the text, or its height above it
CAPTION_LINES = 3  # the room kept for the caption under the boards, in lines


@dataclass(frozen=True)
class LessonInputs:
    """What a lesson frame's layout is made from."""

    rect: pygame.Rect  # the boards' and caption's box, carved out of the page's
    window: tuple[int, int]
    locale: str
    generation: int  # the fonts' (a language switch, Large text)
    page_size: int | None  # the page's text size (None: no page laid out)
    caption: str  # the frame's caption, in the language
    frame: LessonFrame  # the frame shown


@dataclass(frozen=True)
class LessonPlan:
    """Where a frame's boards go, and its caption's lines (their size and boxes) under them."""

    inputs: LessonInputs
    stage: LessonStage
    size: int
    lines: tuple[tuple[str, pygame.Rect], ...]
    sums: tuple[SumWords, ...]  # the frame's line sums as the stage's gutters hold them


def plan_lesson(fonts: FontBook, text: Catalog, inputs: LessonInputs) -> LessonPlan:
    """The caption under the boards (at the page's size, on as many lines as it takes), the
    two centred together in the box."""
    rect = inputs.rect
    floor = min_text_px(inputs.window)
    size = max(floor, inputs.page_size if inputs.page_size is not None else floor)
    width = rect.width - 2 * page_pad(size)
    lines = wrap(fonts, inputs.caption, size, width)
    step = fonts.line_step(size)
    # The caption's lines with half a line above them, from the boards (an Urdu caption of
    # three 40 px lines once ran out of the box and under Back), and half a line below them
    # as far as the boards can spare it: Nastaliq's ink reaches past its line's step.
    lines_h = step * max(CAPTION_LINES, len(lines)) + step // 2
    spare = rect.height - 8 - lines_h - LessonStage.least_height(fonts, floor)
    caption_h = lines_h + max(0, min(step // 2, spare))
    stage = LessonStage.fitted(pygame.Rect(rect.left, rect.top, rect.width, rect.height - caption_h).inflate(-8, -8),
                               text, fonts, floor)
    shift = (rect.bottom - caption_h - stage.area.bottom) // 2  # the boards and their caption centred together
    stage = LessonStage.fitted(pygame.Rect(rect.left, rect.top + shift, rect.width, rect.height - caption_h)
                               .inflate(-8, -8), text, fonts, floor)
    y = stage.area.bottom + step // 2
    boxes = tuple((line, pygame.Rect(rect.left + page_pad(size), y + index * step, width, step))
                  for index, line in enumerate(lines))
    return LessonPlan(inputs, stage, size, boxes, plan_frame_sums(fonts, stage, inputs.frame, floor))


class Rules(MenuState):
    title_key = "rules.title"
    wide = True

    def __init__(self, kit: MenuKit) -> None:
        super().__init__(kit)
        self.tick = 0
        self.stage_rect: pygame.Rect | None = None
        self.lessons: Presenter[LessonInputs, LessonPlan] = Presenter(
            lambda inputs: plan_lesson(self.fonts, self.text, inputs))

    def body_html(self) -> str:
        return self.text("rules.body")

    def items(self) -> list[Item]:
        return [Item("back", self.text("button.back"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.pop()

    # --- the boards beside the page ------------------------------------------------------
    def build(self) -> None:
        """The menu's page, then the boards carved out of its box: at the reader's far side
        in a landscape window, above the text in a portrait one."""
        super().build()
        page, box = self.text_page, self.body_rect
        if page is None or box is None:
            self.stage_rect = None
            return
        gap = max(6, box.height // 40)
        if self.kit.viewport.frame.portrait:
            stage_h = int(box.height * STAGE_SHARE)
            self.stage_rect = pygame.Rect(box.left, box.top, box.width, stage_h)
            page.box = pygame.Rect(box.left, box.top + stage_h + gap, box.width, box.height - stage_h - gap)
        else:
            stage_w = int(box.width * STAGE_SHARE)
            direction = self.text.direction
            self.stage_rect = direction.placed(pygame.Rect(box.right - stage_w, box.top, stage_w, box.height), box)
            page.box = direction.placed(pygame.Rect(box.left, box.top, box.width - stage_w - gap, box.height), box)
        page.page = TextPage.lay_out(self.fonts, self.body_html(), page.size, page.view().width)
        self.present_lesson()

    def present_lesson(self) -> None:
        """The plan of the frame shown now (kept while its caption, box and language hold)."""
        if self.stage_rect is None:
            return
        frame = self.frame()
        self.lessons.present(LessonInputs(self.stage_rect, self.kit.viewport.size, self.text.locale,
                                          self.fonts.generation, self.text_page.size if self.text_page else None,
                                          self.text(frame.caption, **dict(frame.terms)), frame))

    def shown(self) -> tuple[int, int]:
        return lesson_at(self.tick)

    def frame(self) -> LessonFrame:
        lesson, frame = self.shown()
        return lessons()[lesson].frames[frame]

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.active:
            self.tick += 1
        self.present_lesson()

    def look(self) -> tuple[int, int] | None:
        return self.shown() if self.active else None  # a new frame of the lessons

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.stage_rect is not None and self.stage_rect.collidepoint(event.pos):
            self.next_lesson()
            return
        super().handle_event(event)

    def next_lesson(self) -> None:
        """On to the next lesson's first frame (round again after the last)."""
        current, _ = self.shown()
        while self.shown()[0] == current:
            self.tick += 1
        self.present_lesson()

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        super().draw_body(surface, rect)
        if self.stage_rect is None:
            return
        with panel(surface, "lessons", self.stage_rect):
            self.draw_lesson(surface)

    def placed_body(self) -> tuple[Placed, ...]:
        """The page, the lesson's board (its cells and lines' sums) and its caption's lines."""
        plan = self.lessons.plan
        if plan is None or self.stage_rect is None:
            return super().placed_body()
        fonts = self.fonts
        caption = [placed_ink_in(fonts, line, plan.size, box, Role.LABEL, box) for line, box in plan.lines]
        return pieces(super().placed_body(), lesson_frame_pieces(fonts, plan.stage, plan.sums), caption)

    def draw_lesson(self, surface: pygame.Surface) -> None:
        """The lesson's frame and its caption where the plan puts them."""
        plan = self.lessons.plan
        if plan is None:
            return
        draw_lesson_frame(surface, self.fonts, plan.stage, plan.inputs.frame, plan.sums)
        for line, box in plan.lines:
            with panel(surface, "caption", box):
                blit_ink(surface, self.fonts.render(line, plan.size, palette.TEXT), box)


def screen(services: Services) -> Rules:
    return Rules(services.menu)
