"""A coach mark: a ring round its target and a speech bubble with a Skip chip beside it; a
tip is the same bubble without a target, with a Got it chip. Dark words on a light bubble (14:1), so
a mark reads on every part of the table.

A mark's bubble stands beside what it points at (``mark_area``): in the band nearest its
target that holds no control and whose words can give way for a moment (the powers' label
under CONFIRM, the line-bonus legend under the board), where its words fit; else where the
guide line goes. A tip stands where the guide line goes (the guide line gives way to it).
So a bubble never covers what it points at, the score, a control or the guide line's
message while a mark is up: a tap on a die, a cell or a button does what it does, and only
the chip is the bubble's. A small pointer on its edge and the pulsing ring show what it names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..ui import palette
from ..audit.draw_log import Role, panel
from ..text.fit import blit_lines, edge_room, min_text_px, readable_floor, stacked_height
from ..ui.placed import Placed, element, stacked_pieces

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from .layout import Layout


@dataclass(frozen=True)
class Bubble:
    """Where a bubble and its chip go, and its words at their size."""

    rect: pygame.Rect
    chip: pygame.Rect
    lines: tuple[str, ...]
    size: int
    chip_size: int
    fits: bool
    pad: int  # the room round its words (and its chip's)


def mark_area(fonts: "FontBook", layout: "Layout", target: pygame.Rect, message: str, chip_label: str,
              floor: int) -> pygame.Rect:
    """Where a mark's bubble goes: the band nearest ``target`` among the powers' label and the
    legend (no control in either; their words give way while the mark stands there) that
    holds the words at a readable size, else the guide line's band."""
    def distance(band: pygame.Rect) -> float:
        dx = max(band.left - target.right, target.left - band.right, 0)
        dy = max(band.top - target.bottom, target.top - band.bottom, 0)
        return math.hypot(dx, dy)

    bands = [band for band in (layout.power_label, layout.legend) if band is not None]
    for band in sorted(bands, key=distance):
        if distance(band) < distance(layout.coach) and plan_bubble(fonts, band, message, chip_label, floor,
                                                                    target.centerx).fits:
            return band
    return layout.coach


def place_bubble(fonts: "FontBook", layout: "Layout", target: pygame.Rect | None, message: str,
                 chip_label: str, room: pygame.Rect | None = None) -> tuple[pygame.Rect, Bubble]:
    """Where a mark (``target``: what it points at) or a tip (no target) stands on the table
    and its bubble laid out there: a mark beside its target (``mark_area``), a tip in
    ``room`` if its state keeps some, else in the guide line's band."""
    floor = min_text_px(layout.size)
    if target is None:
        area = room or layout.coach
    else:
        area = mark_area(fonts, layout, target, message, chip_label, floor)
    return area, plan_bubble(fonts, area, message, chip_label, floor, None if target is None else target.centerx)


def bubble_pad(area: pygame.Rect, size: int) -> int:
    """The room round a bubble's words (and its chip's)."""
    return max(4, min(area.height // 10, size // 3))


def bubble_height(fonts: "FontBook", width: int, message: str, chip_label: str, floor: int) -> int:
    """How tall an area ``width`` wide must be for ``message`` at the readable size, with its
    chip beside it."""
    size = readable_floor(fonts, floor)
    pad = max(4, size // 3)  # as bubble_pad's largest
    chip_w = fonts.size(chip_label, size, True)[0] + 2 * pad
    lines = _lines(fonts, message, size, width - chip_w - 3 * pad)
    return stacked_height(fonts, lines, size, True) + 2 * pad


def plan_bubble(fonts: "FontBook", area: pygame.Rect, message: str, chip_label: str, floor: int,
                toward: int | None = None) -> Bubble:
    """The bubble for ``message`` and, beside it, its chip (its word at the same size) in
    ``area``: the words on one line, or on as many as the area's height holds, at the largest
    size (never below the readable ``floor``) at which they fit; centred under ``toward``
    (an x) as far as the area allows."""
    smallest = readable_floor(fonts, floor)
    size = max(smallest, area.height * 2 // 5)
    while True:
        pad = max(bubble_pad(area, smallest), edge_room(size, floor))  # large words keep off the edge too
        chip_w = fonts.size(chip_label, size, True)[0] + 2 * pad
        room = area.width - chip_w - 3 * pad
        lines = _lines(fonts, message, size, room)
        text_h = stacked_height(fonts, lines, size, True)
        text_w = max(fonts.size(line, size, True)[0] for line in lines)
        fits = text_h + 2 * pad <= area.height and text_w <= room
        if fits or size <= smallest:
            break
        size = max(smallest, int(size * 0.92))
    side = pad + max(0, min(size // 2, (room - text_w) // 2))  # room at the bubble's ends, where there is some
    bubble = pygame.Rect(0, 0, text_w + 2 * side, max(min(area.height, text_h + 2 * pad), area.height * 3 // 4))
    chip = pygame.Rect(0, 0, chip_w, min(bubble.height, max(fonts.ink_height(chip_label, size, True) + 2 * pad,
                                                            bubble.height * 3 // 4)))
    group = pygame.Rect(0, 0, bubble.width + pad + chip.width, bubble.height)
    group.center = (area.centerx if toward is None else toward, area.centery)
    group.clamp_ip(area)
    bubble.left, bubble.centery = group.left, area.centery
    chip.left, chip.centery = bubble.right + pad, area.centery
    # The chip after the words: on the left for a right-to-left reader.
    bubble, chip = fonts.direction.placed(bubble, group), fonts.direction.placed(chip, group)
    return Bubble(bubble, chip, tuple(lines), size, size, fits, pad)


def _lines(fonts: "FontBook", message: str, size: int, width: int) -> list[str]:
    """``message`` on one line if it fits ``width``, else wrapped."""
    if fonts.size(message, size, True)[0] <= width:
        return [message]
    return fonts.wrap(message, size, max(1, width), True)


def draw_coach_mark(surface: pygame.Surface, fonts: "FontBook", plan: Bubble, chip_label: str,
                    target: pygame.Rect | None, area: pygame.Rect, strength: float,
                    named: tuple[str, ...] = ()) -> None:
    """Draw the bubble ``plan`` (its box, words and chip, laid out in ``area`` by
    ``plan_bubble``) as a mark pointing at ``target``, or as a tip (no target). ``named``:
    what the mark points at, first (the draw log's names of the target and of what its
    words name)."""
    bubble, pad = plan.rect, plan.pad
    if target is not None:
        width = max(3, int(3 + 3 * strength))
        ring = target.inflate(2 * width, 2 * width)
        pygame.draw.rect(surface, palette.TEXT, ring, width=width, border_radius=max(6, ring.height // 5))
        _draw_pointer(surface, bubble, target, area)
    pygame.draw.rect(surface, palette.SHADOW, bubble.move(0, max(2, pad // 3)), border_radius=pad)
    pygame.draw.rect(surface, palette.TEXT, bubble, border_radius=pad)
    kind = Role.TIP if target is None else Role.MARK
    with panel(surface, "coach", bubble, element=kind, names=named):
        blit_lines(surface, fonts, list(plan.lines), plan.size, palette.TEXT_DARK, bubble, bold=True)
    chip_name = "button coach skip" if target is not None else "button coach got it"
    pygame.draw.rect(surface, palette.SHADOW, plan.chip.move(0, max(2, pad // 3)), border_radius=plan.chip.height // 2)
    pygame.draw.rect(surface, palette.BUTTON, plan.chip, border_radius=plan.chip.height // 2)
    with panel(surface, chip_name, plan.chip, element=Role.BUTTON):
        blit_lines(surface, fonts, [chip_label], plan.chip_size, palette.TEXT, plan.chip, bold=True)


def coach_mark_pieces(fonts: "FontBook", plan: Bubble, chip_label: str, target: pygame.Rect | None,
                      layer: int) -> list[Placed | None]:
    """The bubble ``draw_coach_mark`` draws: a mark (or a tip) with its words, and its chip."""
    kind, chip_name = (Role.TIP, "button coach got it") if target is None else (Role.MARK, "button coach skip")
    return [element(kind, plan.rect, "coach", layer),
            *stacked_pieces(fonts, plan.lines, plan.size, plan.rect, Role.NOTICE, bold=True, layer=layer),
            element(Role.BUTTON, plan.chip, chip_name, layer),
            *stacked_pieces(fonts, [chip_label], plan.chip_size, plan.chip, Role.BUTTON_LABEL, bold=True, layer=layer)]


def _draw_pointer(surface: pygame.Surface, bubble: pygame.Rect, target: pygame.Rect, area: pygame.Rect) -> None:
    """A small triangle on the bubble's edge towards its target, within the bubble's area."""
    above = target.centery < bubble.top
    reach = max(4, (bubble.top - area.top) if above else (area.bottom - bubble.bottom))
    x = max(bubble.left + 2 * reach, min(bubble.right - 2 * reach, target.centerx))
    if above:
        points = [(x - reach, bubble.top + 1), (x + reach, bubble.top + 1), (x, bubble.top - reach)]
    else:
        points = [(x - reach, bubble.bottom - 1), (x + reach, bubble.bottom - 1), (x, bubble.bottom + reach)]
    pygame.draw.polygon(surface, palette.TEXT, points)
