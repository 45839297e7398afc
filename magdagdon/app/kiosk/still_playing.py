"""StillPlaying: over a game nobody has touched for a while, a large "Still playing?" and a
countdown. The kiosk's director shows it, counts it down and takes it away: any input
continues the game (that input does nothing else), zero sets the game aside.

Where the question, the count and the hint go, and their sizes, are planned once for the
window, the language and the text scale (``plan_still_playing``); the count's seconds are
read as it draws."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import math

import pygame

from ..text.fit import SMALLEST_PX, fitted_size
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..audit.draw_log import Role
from ..ui import palette
from ..ui.placed import Placed, element, pieces, placed_in, placed_text
from ..ui.presenter import Presenter
from ..shell.payloads import Countdown, Payload
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..shell.viewport import Viewport

if TYPE_CHECKING:
    from ..shell.screens import Services


@dataclass(frozen=True)
class StillPlayingInputs:
    window: tuple[int, int]
    locale: str
    text_scale: float
    generation: int  # the fonts' (a language switch, Large text)


@dataclass(frozen=True)
class StillPlayingPlan:
    """The question and the hint (words, size, where), the count's size and its centre."""

    question: str
    question_px: int
    question_at: pygame.Rect  # the question's picture
    hint: str
    hint_px: int
    hint_at: pygame.Rect  # the hint's picture
    count_px: int
    count_centre: tuple[int, int]


def plan_still_playing(fonts: FontBook, text: Catalog, inputs: StillPlayingInputs) -> StillPlayingPlan:
    """The question at the top, the hint near the bottom, each the largest that fits 90% of
    the width up to its share of the window; the count fills what lies between them."""
    width, height = inputs.window
    unit = max(16, min(width // 9, height // 8))
    question = text("kiosk.still_playing")
    question_px = fitted_size(fonts, question, int(unit * 1.4), (int(width * 0.9), 0), True, SMALLEST_PX)
    question_at = fonts.render(question, question_px, palette.GOLD, True).get_rect(midtop=(width // 2, int(height * 0.12)))
    hint = text("kiosk.touch_to_continue")
    hint_px = fitted_size(fonts, hint, int(unit * 0.6), (int(width * 0.9), 0), False, SMALLEST_PX)
    hint_at = fonts.render(hint, hint_px, palette.TEXT_DIM).get_rect(midbottom=(width // 2, int(height * 0.9)))
    room = pygame.Rect(0, question_at.bottom, width, hint_at.top - question_at.bottom)
    count_px = max(16, min(unit * 3, int(room.height / 1.4)))
    return StillPlayingPlan(question, question_px, question_at, hint, hint_px, hint_at, count_px, room.center)


class StillPlaying(State):
    overlay = True

    def __init__(self, text: Catalog, fonts: FontBook, viewport: Viewport) -> None:
        super().__init__()
        self.text, self.fonts, self.viewport = text, fonts, viewport
        self.plans: Presenter[StillPlayingInputs, StillPlayingPlan] = Presenter(
            lambda inputs: plan_still_playing(self.fonts, self.text, inputs))

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.seconds_left = payload.seconds if isinstance(payload, Countdown) else 15.0
        self.present()

    def present(self) -> StillPlayingPlan:
        """The plan for the window and language of the moment (kept while they hold)."""
        fonts = self.fonts
        return self.plans.present(StillPlayingInputs(self.viewport.size, self.text.locale, fonts.scale,
                                                     fonts.generation))

    def update(self, dt: float) -> None:
        self.seconds_left = max(0.0, self.seconds_left - dt)
        self.present()

    def resize(self) -> None:
        self.present()

    @property
    def whole_seconds(self) -> int:
        return math.ceil(self.seconds_left)

    def look(self) -> int:
        return self.whole_seconds  # a frame each second the count goes down

    def placed(self) -> tuple[Placed, ...]:
        """The veil over the game (what it covers is background), the question, the count
        now and the hint, where the plan put them."""
        plan = self.plans.plan
        assert plan is not None  # presented on entering
        fonts = self.fonts
        return pieces(element(Role.VEIL, pygame.Rect((0, 0), self.viewport.size), "veil", opaque=False),
                      placed_text(fonts, plan.question, plan.question_px, plan.question_at.topleft, Role.TITLE, bold=True),
                      placed_text(fonts, plan.hint, plan.hint_px, plan.hint_at.topleft, Role.GUIDE),
                      placed_in(fonts, str(self.whole_seconds), plan.count_px, pygame.Rect(plan.count_centre, (0, 0)),
                                Role.VALUE, bold=True))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        plan = self.plans.plan
        assert plan is not None  # presented on entering
        self.viewport.dim(surface, 200)
        fonts = self.fonts
        image = fonts.render(plan.question, plan.question_px, palette.GOLD, bold=True)
        surface.blit(image, plan.question_at)
        hint_image = fonts.render(plan.hint, plan.hint_px, palette.TEXT_DIM)
        surface.blit(hint_image, plan.hint_at)
        count = fonts.render(str(self.whole_seconds), plan.count_px, palette.TEXT, bold=True)
        surface.blit(count, count.get_rect(center=plan.count_centre))


def screen(services: Services) -> StillPlaying:
    return StillPlaying(services.table.text, services.table.fonts, services.table.viewport)
