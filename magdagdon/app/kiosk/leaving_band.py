"""The band over everything while the operator holds the kiosk's exit chord: how many
seconds are left. Planned (its box, its words and their size) once a second as the count
changes, before the frame is drawn; drawing only reads the plan."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..audit.draw_log import Role, panel
from ..ui.placed import Placed, element, pieces, placed_ink_in
from ..text.fit import fitted_size, min_text_px
from ..text.menu_text import blit_ink
from ..ui import palette

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog


@dataclass(frozen=True)
class LeavingInputs:
    window: tuple[int, int]
    locale: str
    generation: int  # the fonts' (a language switch, Large text)
    seconds: int


@dataclass(frozen=True)
class LeavingPlan:
    inputs: LeavingInputs
    band: pygame.Rect
    box: pygame.Rect  # the words' room inside the band
    words: str
    size: int


def plan_leaving(fonts: "FontBook", text: "Catalog", inputs: LeavingInputs) -> LeavingPlan:
    """A band across the top of the window, its words as large as fit it."""
    width, height = inputs.window
    floor = min_text_px(inputs.window)
    band = pygame.Rect(0, 0, int(width * 0.8), max(floor * 3, height // 9))
    band.midtop = (width // 2, height // 30)
    words = text("kiosk.leaving", seconds=inputs.seconds)
    box = band.inflate(-band.height // 2, -band.height // 4)
    size = fitted_size(fonts, words, int(band.height * 0.45), box.size, True, floor)
    return LeavingPlan(inputs, band, box, words, size)


def draw_leaving(surface: pygame.Surface, fonts: "FontBook", plan: LeavingPlan) -> None:
    band = plan.band
    pygame.draw.rect(surface, palette.DANGER_DARK, band, border_radius=band.height // 4)
    pygame.draw.rect(surface, palette.DANGER, band, width=max(2, band.height // 20), border_radius=band.height // 4)
    with panel(surface, "leaving", band, element=Role.PANEL):
        blit_ink(surface, fonts.render(plan.words, plan.size, palette.TEXT, True), plan.box)


def leaving_pieces(fonts: "FontBook", plan: LeavingPlan, layer: int) -> tuple[Placed, ...]:
    """What :func:`draw_leaving` places: the band, and its words' ink centred in its room."""
    return pieces(element(Role.PANEL, plan.band, "leaving", layer),
                  placed_ink_in(fonts, plan.words, plan.size, plan.box, Role.NOTICE, plan.band, True, layer))
