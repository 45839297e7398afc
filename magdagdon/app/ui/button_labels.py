"""The words on the menus' pygame_gui buttons, drawn by the game's text layout: buttons
side by side show theirs at one size on one baseline, in the theme's colour for the look
the button shows (hovered, chosen, pressed, greyed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..text.fit import edge_room, fitted_size
from ..text.menu_text import ink_rect
from .ui_theme import TextLook, text_colour, text_look

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from ..text.fonts import FontBook


def button_style(button: "UIButton") -> str:
    """The button's style, its object id in the theme ("#primary", "#chosen"...; "" plain)."""
    return next(iter(button.object_ids[-1:]), None) or ""


def button_look(window: tuple[int, int], button: "UIButton") -> TextLook:
    return text_look(window, "button", button_style(button))


def label_box(button: "UIButton") -> pygame.Rect:
    """Where a button's words may go: clear of its edges."""
    pad = max(4, button.rect.height // 8)
    return button.rect.inflate(-2 * pad, -pad)


def shown_look(button: "UIButton") -> str:
    """The look the button shows, as pygame_gui keeps its state: its body, rim and words
    take the theme's colours for it."""
    return ("disabled" if not button.is_enabled else "active" if button.held else
            "selected" if button.is_selected else "hovered" if button.hovered else "normal")


def row_labels(fonts: "FontBook", window: tuple[int, int], floor: int, buttons: list[tuple["UIButton", str]],
               labels: dict[str, str]) -> list[tuple["UIButton", str, int, int]]:
    """(button, ident, size, baseline) of each labelled button: the smallest fitted size of
    its row, and the baseline that centres the row's ink in its buttons."""
    rows: dict[tuple[int, int], list[tuple["UIButton", str, int]]] = {}
    for button, ident in buttons:
        label = labels.get(ident, "")
        if label:
            look = button_look(window, button)
            box = label_box(button)
            fitted = fitted_size(fonts, label, max(floor, look.size), box.size, look.bold, floor)
            edge = edge_room(fitted, floor)  # a short button (a long menu squeezed): its words keep off its edges
            clear = (min(box.width, button.rect.width - 2 * edge), min(box.height, button.rect.height - 2 * edge))
            if clear != box.size:
                fitted = fitted_size(fonts, label, fitted, clear, look.bold, floor)
            rows.setdefault((button.rect.top, button.rect.height), []).append((button, ident, fitted))
    placed = []
    for row in rows.values():
        size = min(fitted for _, _, fitted in row)
        height = min(button.rect.height for button, _, _ in row)
        while True:  # the row's words on one baseline reach further than each alone: clear of the edges too
            reach = []
            for button, ident, _ in row:
                label, bold = labels[ident], button_look(window, button).bold
                reach.append(fonts.ink(label, size, bold).move(0, -fonts.baseline(label, size, bold)))
            top, bottom = min(r.top for r in reach), max(r.bottom for r in reach)
            if bottom - top <= height - 2 * edge_room(size, floor) or size <= floor:
                break
            size -= 1
        for button, ident, _ in row:
            placed.append((button, ident, size, label_box(button).centery - (top + bottom) // 2))
    return placed


def draw_label(surface: pygame.Surface, fonts: "FontBook", window: tuple[int, int], button: "UIButton", label: str,
               size: int, baseline: int) -> None:
    """``label`` centred across its button, its baseline at ``baseline``."""
    look = button_look(window, button)
    image = fonts.render(label, size, text_colour("button", button_style(button), shown_look(button)), look.bold)
    ink = ink_rect(image)
    surface.blit(image, (button.rect.centerx - ink.centerx, baseline - fonts.baseline(label, size, look.bold)))


@dataclass(frozen=True)
class PlacedLabel:
    """A menu button's words as planned: their size, and their baseline below the button's
    top (so a button moved with its menu keeps its words)."""

    ident: str
    words: str
    size: int
    baseline: int


@dataclass(frozen=True)
class LabelInputs:
    """What the words on a menu's buttons are planned from: the window, the fonts' state
    (language, text scale) and each button's words, look and box."""

    window: tuple[int, int]
    generation: int
    buttons: tuple[tuple[str, str, str, tuple[int, int, int, int]], ...]  # ident, words, style, rect


def label_inputs(fonts: "FontBook", window: tuple[int, int], buttons: list[tuple["UIButton", str]],
                 labels: dict[str, str]) -> LabelInputs:
    return LabelInputs(window, fonts.generation, tuple((ident, labels.get(ident, ""), button_style(button),
                                                        tuple(button.rect)) for button, ident in buttons))


def plan_labels(fonts: "FontBook", buttons: list[tuple["UIButton", str]], labels: dict[str, str],
                window: tuple[int, int], floor: int) -> dict[str, PlacedLabel]:
    """Each labelled button's words, by ident (:func:`row_labels`)."""
    return {ident: PlacedLabel(ident, labels[ident], size, baseline - button.rect.top)
            for button, ident, size, baseline in row_labels(fonts, window, floor, buttons, labels)}
