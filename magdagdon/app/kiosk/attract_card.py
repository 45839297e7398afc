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

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..audit.draw_log import Role, panel
from ..ui import palette
from ..ui.presenter import Presenter
from ..table.lesson_view import draw_lesson_frame, lesson_frame_pieces
from ..table.lessons import lesson_at, lessons
from ..text.menu_text import blit_ink, ink_x
from ..ui.placed import Placed, element, pieces, placed_text
from ..shell.payloads import Card, CardToShow, Payload
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..shell.viewport import Viewport
from ..shell.loop import ticks
from .attract_plan import AttractInputs, AttractPlan, Line, ScoreBlock, ScoreTables, plan_attract

if TYPE_CHECKING:
    from ..shell.screens import Services

PAGE_TICKS = ticks(4.0)  # a scores card too low for both tables shows today's, then all time's


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
        self.plans: Presenter[AttractInputs, AttractPlan] = Presenter(lambda inputs: plan_attract(self.fonts, self.text, inputs))

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.card = payload.card if isinstance(payload, CardToShow) else Card.TITLE
        self.tick = 0
        self.scores = self.kit.score_tables() if self.card in ("scores", "best_today") else None
        self.present()

    def update(self, dt: float) -> None:
        self.tick += 1
        self.present()

    def resize(self) -> None:
        """A new window size or language: the plan for it, before the next frame."""
        self.present()

    def present(self) -> None:
        """The plan for the card as the window, the language and the text scale are now."""
        inputs = AttractInputs(self.kit.viewport.size, self.text.locale, self.fonts.scale, self.card, self.scores)
        self.plan = self.plans.present(inputs)

    @property
    def paged(self) -> bool:
        """The scores card shows today's and all time's tables in turn."""
        return self.plan.scores is not None and self.plan.scores.paged

    def _phase(self) -> int:
        """What the next frame shows changes with this number (the loop then draws)."""
        if self.card == "how_to_play":  # a new frame of the lessons
            lesson, frame = lesson_at(self.tick)
            return lesson * 100 + frame
        if self.card == "scores":
            return self.tick // PAGE_TICKS if self.paged else 0
        return self.tick // 60  # the title's invitation pulses slowly; the rest stands still

    def look(self) -> int | None:
        return self._phase() if self.card in ("how_to_play", "title", "scores") else None

    def _page(self) -> int:
        """The scores card's page shown now (today's or all time's, when they take turns)."""
        scores = self.plan.scores
        return (self.tick // PAGE_TICKS) % 2 if scores is not None and scores.paged else 0

    # --- what the plan places -------------------------------------------------------------
    def placed(self) -> tuple[Placed, ...]:
        """The card, its lines, the score tables' page shown now or the lesson frame shown
        now, and the invitation under the card: as the plan placed them."""
        plan = self.plan
        out: list[Placed | None] = [element(Role.PANEL, plan.card, self.card.value)]
        out += [self._line_piece(line) for line in plan.lines]
        if plan.scores is not None:
            page = self._page()
            for block in plan.scores.blocks:
                out += [element(Role.PANEL, block.box, f"table {block.difficulty.name}"), self._line_piece(block.heading)]
                for section in block.pages[page % len(block.pages)]:
                    out += [self._line_piece(section.caption),
                            self._line_piece(section.none) if section.none is not None else None]
                    for row in section.rows:
                        out += [placed_text(self.fonts, row.name, row.name_size, row.name_at, Role.NAME, row.line),
                                placed_text(self.fonts, row.score, row.score_size, row.score_at, Role.VALUE, row.line,
                                            bold=True)]
        if plan.lessons:
            lesson, index = lesson_at(self.tick)
            frame = plan.lessons[lesson][index]
            out += [self._line_piece(line) for line in frame.lines]
            out += lesson_frame_pieces(self.fonts, frame.stage, frame.sums)
        if plan.footer is not None:
            out.append(self._line_piece(plan.footer))
        return pieces(out)

    def _line_piece(self, line: Line) -> Placed | None:
        """A planned line's ink where ``_line`` blits it: placed ``align`` and centred in its box."""
        ink = self.fonts.ink(line.words, line.size, line.bold)
        at = (ink_x(line.box, ink, line.align), line.box.centery - ink.centery)
        return placed_text(self.fonts, line.words, line.size, at, line.role, line.box, line.bold)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The card in the window above the invitation line (the title card is one itself)."""
        plan = self.plan
        surface.fill(palette.BACKGROUND)
        with panel(surface, self.card.value, plan.card):
            for line in plan.lines:
                self._line(surface, line)
            if plan.scores is not None:
                page = self._page()
                for block in plan.scores.blocks:
                    self._score_block(surface, block, page)
            if plan.lessons:
                lesson, index = lesson_at(self.tick)
                frame = plan.lessons[lesson][index]
                for line in frame.lines:
                    self._line(surface, line)
                draw_lesson_frame(surface, self.fonts, frame.stage, lessons()[lesson].frames[index], frame.sums)
        if plan.footer is not None:
            self._line(surface, plan.footer)

    def _line(self, surface: pygame.Surface, line: Line) -> None:
        """A planned line in its panel, its ink placed in its box."""
        colour = line.colour if line.colour is not None else self._glow()
        with panel(surface, line.panel, line.box):
            blit_ink(surface, self.fonts.render(line.words, line.size, colour, line.bold), line.box, line.align)

    def _glow(self) -> palette.Colour:
        """The title's invitation, pulsing slowly between dim and lit."""
        glow = 0.5 + 0.5 * math.sin(self.tick / 60 * math.pi)
        dim, lit = palette.TEXT_DIM, palette.BUTTON_PRIMARY
        return (int(dim[0] + (lit[0] - dim[0]) * glow), int(dim[1] + (lit[1] - dim[1]) * glow),
                int(dim[2] + (lit[2] - dim[2]) * glow))

    def _score_block(self, surface: pygame.Surface, block: ScoreBlock, page: int) -> None:
        fonts = self.fonts
        pygame.draw.rect(surface, palette.PANEL, block.box, border_radius=block.radius)
        with panel(surface, f"table {block.difficulty.name}", block.box, element=Role.PANEL):
            self._line(surface, block.heading)
            for section in block.pages[page % len(block.pages)]:
                with panel(surface, section.name, section.box):
                    self._line(surface, section.caption)
                    if section.none is not None:
                        self._line(surface, section.none)
                    for row in section.rows:
                        with panel(surface, f"row {row.rank}", row.line):
                            surface.blit(fonts.render(row.name, row.name_size, palette.TEXT), row.name_at)
                            surface.blit(fonts.render(row.score, row.score_size, palette.TEXT, bold=True), row.score_at)


def screen(services: Services) -> AttractCard:
    from .director import read_score_tables  # the score tables the cards show

    games, storage = services.games, services.storage
    table = services.table
    return AttractCard(AttractKit(table.text, table.fonts, table.viewport,
                                  lambda: read_score_tables(storage, games, games.difficulties)))
