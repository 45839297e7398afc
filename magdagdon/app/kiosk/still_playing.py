"""StillPlaying: over a game nobody has touched for a while, a large "Still playing?" and a
countdown. The kiosk's director shows it, counts it down and takes it away: any input
continues the game (that input does nothing else), zero sets the game aside."""

from __future__ import annotations

from typing import TYPE_CHECKING

import math

import pygame

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..audit.draw_log import Role, as_role
from ..ui import palette
from ..shell.payloads import Countdown, Payload
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..shell.viewport import Viewport

if TYPE_CHECKING:
    from ..shell.screens import Services


class StillPlaying(State):
    overlay = True

    def __init__(self, text: Catalog, fonts: FontBook, viewport: Viewport) -> None:
        super().__init__()
        self.text, self.fonts, self.viewport = text, fonts, viewport

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.seconds_left = payload.seconds if isinstance(payload, Countdown) else 15.0

    def update(self, dt: float) -> None:
        self.seconds_left = max(0.0, self.seconds_left - dt)

    @property
    def whole_seconds(self) -> int:
        return math.ceil(self.seconds_left)

    def look(self) -> int:
        return self.whole_seconds  # a frame each second the count goes down

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        width, height = surface.get_size()
        self.viewport.dim(surface, 200)
        fonts, text = self.fonts, self.text
        unit = max(16, min(width // 9, height // 8))
        question = text("kiosk.still_playing")
        image = fonts.render(question, fonts.fit(question, int(unit * 1.4), int(width * 0.9), True), palette.GOLD, bold=True)
        with as_role(surface, Role.TITLE):
            surface.blit(image, image.get_rect(midtop=(width // 2, int(height * 0.12))))
        hint = text("kiosk.touch_to_continue")
        hint_image = fonts.render(hint, fonts.fit(hint, int(unit * 0.6), int(width * 0.9)), palette.TEXT_DIM)
        hint_rect = hint_image.get_rect(midbottom=(width // 2, int(height * 0.9)))
        with as_role(surface, Role.GUIDE):
            surface.blit(hint_image, hint_rect)
        # the count fills what lies between the question and the hint
        room = pygame.Rect(0, image.get_rect(midtop=(0, int(height * 0.12))).bottom, width, 0)
        room.height = hint_rect.top - room.top
        count_size = max(16, min(unit * 3, int(room.height / 1.4)))
        count = fonts.render(str(self.whole_seconds), count_size, palette.TEXT, bold=True)
        with as_role(surface, Role.VALUE):
            surface.blit(count, count.get_rect(center=room.center))


def screen(services: Services) -> StillPlaying:
    return StillPlaying(services.table.text, services.table.fonts, services.table.viewport)
