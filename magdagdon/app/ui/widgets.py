"""Buttons of the table, drawn by hand: rounded, with a clear disabled look and a focus ring.

A button's words are never drawn below the readable size: a label too long for one line
takes two, and buttons side by side in one row show their labels at one size
(:func:`share_row_sizes`), the largest at which every label of the row fits its button.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

import pygame

from . import palette
from ..audit.draw_log import Role, new_surface, panel
from ..text.fit import fitted_size, min_text_px, readable_floor
from .placed import Placed, element, placed_text

if TYPE_CHECKING:
    from ..text.fonts import FontBook


@dataclass
class Button:
    ident: str
    rect: pygame.Rect
    label: str
    enabled: bool = True
    style: str = "normal"  # "normal" | "primary" | "danger" | "chosen"
    sublabel: str = ""
    label_size: int | None = None  # the size its row shares (None: the largest that fits it alone)
    words: "LabelPlan | None" = None  # its words as planned at that size (None: planned when drawn)


STYLES = {
    "normal": (palette.BUTTON, palette.BUTTON_HOVER, palette.TEXT),
    "primary": (palette.BUTTON_PRIMARY, (134, 242, 200), palette.BUTTON_PRIMARY_TEXT),
    "danger": ((176, 40, 60), (206, 54, 78), palette.TEXT),
    "chosen": (palette.GOLD, (255, 217, 132), palette.TEXT_DARK),
}


LABEL_LINES = 2  # a label wraps onto at most this many lines


@dataclass(frozen=True)
class LabelPlan:
    """How a button's words are laid out: the label's lines and size, the sub-label's size,
    and whether they fit the button (else they are drawn at the readable size anyway)."""

    lines: tuple[str, ...]
    size: int
    sub_size: int
    fits: bool
    tight: bool = False  # the words come close to the button's sides


def _room(size: tuple[int, int], tight: bool = False, label_size: int = 0) -> tuple[int, int]:
    """The width and height a button's words may use: clear of its rounded ends, or, where
    nothing fits so (a tall script at the readable size), up to a fifth of the words' size
    from its sides (closer, they read as touching them); a fifth from its top and bottom."""
    w, h = size
    edge = -(-label_size // 5)
    side = max(3, h // 20, edge) if tight else max(4, min(h // 6, w // 10))
    return w - 2 * side, h - 2 * max(2, h // 18, edge + 1)  # (a pixel for the ink's soft fringe, centred by halves)


def one_line_width(fonts: "FontBook", label: str, height: int, size: int, tight: bool = False) -> int:
    """The least width of a button ``height`` tall that shows ``label`` on one line at
    ``size``, clear of its rounded ends (``tight``: of its sides only)."""
    words = _span(fonts, label, size)
    width = words + 6
    while _room((width, height), tight, size)[0] < words:
        width += 1
    return width


def _span(fonts: "FontBook", words: str, size: int) -> int:
    """How wide a label's line stands: its ink, which is what is centred on the button and
    what a reader sees near its sides (a Devanagari sign hanging past the last letter's
    advance; a Latin line's bearings, which take no room)."""
    return fonts.ink(words, size, True).width


def _gap(size: int) -> int:
    return max(2, size // 5)


def plan_label(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int], floor: int,
               largest: int | None = None) -> LabelPlan:
    """The largest label size (up to ``largest``, else the button's own) at which the label,
    on one line or wrapped onto two, and the sub-label below it fit the button; never below
    the readable ``floor``. ``fits`` is False where even that does not fit (the caller says
    the sub-label's words elsewhere)."""
    return _plan_label(fonts, fonts.generation, label, sublabel, size, floor, largest)


@lru_cache(maxsize=512)
def _plan_label(fonts: "FontBook", generation: int, label: str, sublabel: str, size: tuple[int, int], floor: int,
                largest: int | None) -> LabelPlan:
    smallest = readable_floor(fonts, floor)
    own = max(smallest, int(size[1] * (0.34 if sublabel else 0.42)))
    if largest is not None:  # the row's size: exactly that, where the words fit at it, on one
        # line where one holds them (nearer the sides) before two: a row reads as one row
        for most, tight in ((1, False), (1, True), (LABEL_LINES, False), (LABEL_LINES, True)):
            exact = _at(fonts, label, sublabel, size, smallest, max(smallest, largest), tight, most)
            if exact.fits:
                return exact
    start = max(smallest, min(own, largest) if largest is not None else own)
    plan = _plan_in(fonts, label, sublabel, size, smallest, start, False)
    return plan if plan.fits else _plan_in(fonts, label, sublabel, size, smallest, start, True)


def _plan_in(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int], smallest: int, start: int,
             tight: bool) -> LabelPlan:
    """One line where it can stay large (three quarters of the button's own size or more),
    else two lines if that is larger."""
    one = _largest(fonts, label, sublabel, size, smallest, start, tight, 1)
    if one.fits and one.size >= start * 3 // 4:
        return one
    two = _largest(fonts, label, sublabel, size, smallest, start, tight, LABEL_LINES)
    return two if two.fits and (not one.fits or two.size > one.size) else one


def _largest(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int], smallest: int, start: int,
             tight: bool, most: int) -> LabelPlan:
    label_size = start
    while True:
        plan = _at(fonts, label, sublabel, size, smallest, label_size, tight, most)
        if plan.fits or label_size <= smallest:
            return plan
        label_size = max(smallest, int(label_size * 0.92))


def _at(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int], smallest: int, label_size: int,
        tight: bool, most: int) -> LabelPlan:
    """The words at ``label_size`` on at most ``most`` lines (the sub-label at its own size,
    never larger than the label, which names the button, nor below ``smallest``): whether
    they fit."""
    width, height = _room(size, tight, label_size)
    sub_size = sub_height = 0
    if sublabel:
        sub_size = fitted_size(fonts, sublabel, min(label_size, int(size[1] * 0.22)), (width, 0), floor=smallest)
        sub_height = fonts.ink_height(sublabel, sub_size) + _gap(sub_size)
        if fonts.size(sublabel, sub_size)[0] > width:
            sub_height = height + 1  # a sub-label too long for the button at the readable size
    lines = _label_lines(fonts, label, label_size, width, most)
    if lines is not None:
        ink = sum(fonts.ink_height(line, label_size, True) for line in lines) + _gap(label_size) * (len(lines) - 1)
        if ink + sub_height <= height:
            return LabelPlan(lines, label_size, sub_size, True, tight)
    return LabelPlan(lines or tuple(fonts.wrap(label, label_size, width, True)), label_size, sub_size, False, tight)


def _label_lines(fonts: "FontBook", label: str, size: int, width: int, most: int = LABEL_LINES) -> tuple[str, ...] | None:
    """``label`` on one line if it fits ``width``, else broken between its words onto at most
    ``most`` lines (never inside a word); None when that does not fit."""
    if _span(fonts, label, size) <= width:
        return (label,)
    lines = fonts.wrap(label, size, width, True)
    whole_words = " ".join(lines) == label  # broken at its spaces only (a no-break space holds "AUMENTA +1")
    if len(lines) > most or not whole_words or any(_span(fonts, line, size) > width for line in lines):
        return None
    return tuple(lines)


def rows_of(buttons: Sequence[Button]) -> list[list[Button]]:
    """Buttons in rows: those of one top and one height together."""
    rows: dict[tuple[int, int], list[Button]] = {}
    for button in buttons:
        rows.setdefault((button.rect.top, button.rect.height), []).append(button)
    return list(rows.values())


def share_row_sizes(fonts: "FontBook", buttons: Sequence[Button], floor: int) -> None:
    """Buttons side by side (one top, one height) show their labels at one size: the
    largest at which each of them fits its own button."""
    for row in rows_of(buttons):
        size = min(plan_label(fonts, b.label, b.sublabel, b.rect.size, floor).size for b in row)
        for button in row:
            button.label_size = size
            button.words = plan_label(fonts, button.label, button.sublabel, button.rect.size, floor, size)


def draw_button(surface: pygame.Surface, fonts: "FontBook", button: Button, hovered: bool, focused: bool) -> None:
    rect = button.rect
    if rect.width < 4 or rect.height < 4:
        return
    floor = min_text_px(surface.get_size())
    image = _button_image(fonts, button, floor, hovered)
    with panel(surface, f"button {button.ident}", rect, element=Role.BUTTON):
        surface.blit(image, rect.topleft)
    if focused:
        draw_focus_ring(surface, rect, max(6, rect.height // 4))


def _button_image(fonts: "FontBook", button: Button, floor: int, hovered: bool) -> pygame.Surface:
    """A button drawn once per look and kept (buttons are redrawn every animated frame)."""
    cache = fonts.images
    size = button.rect.size
    key = ("button", button.label, button.sublabel, size, button.style, button.enabled, hovered, button.label_size,
           floor)
    image = cache.get(key)
    if image is not None:
        return image
    w, h = size
    shadow = button_shadow(h)
    image = new_surface((w, h + shadow), pygame.SRCALPHA, fonts.logged)
    rect = pygame.Rect(0, 0, w, h)
    radius = max(6, h // 4)
    if button.enabled:
        base, hover, text_colour = STYLES[button.style]
        colour = hover if hovered else base
        pygame.draw.rect(image, palette.SHADOW, rect.move(0, shadow), border_radius=radius)
    else:
        colour, text_colour = palette.BUTTON_DISABLED, palette.BUTTON_DISABLED_TEXT
    pygame.draw.rect(image, colour, rect, border_radius=radius)
    words = button_words(fonts, button.label, button.sublabel, size, text_colour, floor, button.label_size,
                         button.words)
    label_lines = len(words) - (1 if button.sublabel else 0)
    for index, (picture, spot) in enumerate(words):
        with panel(image, "label", rect):
            image.blit(picture, spot)
    cache[key] = image
    return image


@dataclass(frozen=True)
class WordSpot:
    """One line of a button's words and where its picture goes, from the button's top-left."""

    words: str
    size: int
    bold: bool
    at: tuple[int, int]
    role: Role  # the label's lines, or the sub-label (a note under them)


def word_spots(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int], floor: int,
               label_size: int | None = None, planned: LabelPlan | None = None) -> list[WordSpot]:
    """A button's label lines (and sub-label below them), each with where it goes: stacked by
    their ink, not their line boxes (Nastaliq's line stands far taller than its letters),
    centred in the button. ``floor``: the window's readable size (handed in, never read from
    the display); ``planned``: the words' plan, where the caller made it."""
    plan = planned or plan_label(fonts, label, sublabel, size, floor, label_size)
    parts = [(line, plan.size, True, Role.BUTTON_LABEL) for line in plan.lines]
    if sublabel:
        parts.append((sublabel, plan.sub_size, False, Role.LABEL))
    inks = [fonts.ink(words, px, bold) for words, px, bold, _ in parts]
    gaps = [_gap(px) for _, px, _, _ in parts[:-1]]
    y = size[1] // 2 - (sum(ink.height for ink in inks) + sum(gaps)) // 2
    spots = []
    for index, ((words, px, bold, role), ink) in enumerate(zip(parts, inks)):
        spots.append(WordSpot(words, px, bold, (size[0] // 2 - ink.centerx, y - ink.top), role))
        y += ink.height + (gaps[index] if index < len(gaps) else 0)
    return spots


def button_words(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int], colour: "palette.Colour",
                 floor: int, label_size: int | None = None,
                 planned: LabelPlan | None = None) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The pictures of :func:`word_spots`'s lines in ``colour``, each with where it goes."""
    return [(fonts.render(spot.words, spot.size, colour, spot.bold), spot.at)
            for spot in word_spots(fonts, label, sublabel, size, floor, label_size, planned)]


def button_pieces(fonts: "FontBook", button: Button, floor: int, layer: int = 0) -> list[Placed | None]:
    """What :func:`draw_button` places: the button, and its words where :func:`word_spots` puts them."""
    rect = button.rect
    if rect.width < 4 or rect.height < 4:
        return []
    out: list[Placed | None] = [element(Role.BUTTON, rect, f"button {button.ident}", layer)]
    for spot in word_spots(fonts, button.label, button.sublabel, rect.size, floor, button.label_size, button.words):
        out.append(placed_text(fonts, spot.words, spot.size, (rect.left + spot.at[0], rect.top + spot.at[1]),
                               spot.role, rect, spot.bold, layer))
    return out


def button_shadow(height: int) -> int:
    """How far a button's shadow falls below it (the table's and the menus' buttons alike)."""
    return max(2, height // 18)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
    width = max(3, rect.height // 22)
    pygame.draw.rect(surface, palette.FOCUS, rect.inflate(width * 3, width * 3), width=width, border_radius=radius + width)
