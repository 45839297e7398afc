"""The name entry's words, planned before they are drawn: the title's size, and in the
field the name being typed (or the placeholder) at the size its letters fit, where its ink
lands, the input method's composition underlined, where the caret stands, and the count of
letters after the field. Made from the dialog's boxes, the window, the language, the text
scale and what is typed; kept by the name entry's presenter while they hold."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from magdagdon.graphemes import length
from magdagdon.storage import DEFAULT_NAME, MAX_NAME_CHARACTERS

from ..text.fit import SMALLEST_PX, fitted_size, min_text_px
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui import palette
from ..ui.palette import Colour


@dataclass(frozen=True)
class NameFieldInputs:
    title: pygame.Rect  # the title's band
    field: pygame.Rect  # the field's box
    radius: int  # the dialog's corners (the title keeps clear of them)
    window: tuple[int, int]
    locale: str
    text_scale: float
    name: str  # what is typed
    composing: str  # an input method's text not yet committed


@dataclass(frozen=True)
class Line:
    """One line of words: at ``size`` in ``colour``, its picture blitted ``at``, its ink
    landing on ``ink``."""

    words: str
    size: int
    colour: Colour
    bold: bool
    at: tuple[int, int]
    ink: pygame.Rect


@dataclass(frozen=True)
class NameFieldPlan:
    inputs: NameFieldInputs
    title: Line
    shown: Line  # the name and its composition, or the placeholder
    typed: bool  # ``shown`` is the name (not the placeholder)
    underline: tuple[int, int, int] | None  # the composition's (left, right, y), until committed
    caret_x: int
    caret: tuple[int, int, int]  # its top, bottom and width
    counter: Line


def _line(fonts: FontBook, words: str, size: int, colour: Colour, bold: bool, box: pygame.Rect,
          align: str, x: int | None = None) -> Line:
    """``words`` at ``size`` with their ink centred on ``box`` across its height and placed
    ``align`` along it (or their ink's left edge at ``x``)."""
    ink = fonts.render(words, size, colour, bold).get_bounding_rect()
    if x is None:
        x = box.left - ink.left if align == "left" else box.right - ink.right if align == "right" \
            else box.centerx - ink.centerx
    else:
        x -= ink.left
    y = box.centery - ink.centery
    return Line(words, size, colour, bold, (x, y), ink.move(x, y))


def plan_name_field(fonts: FontBook, text: Catalog, inputs: NameFieldInputs) -> NameFieldPlan:
    floor = min_text_px(inputs.window)
    direction = text.direction  # a right-to-left language fills the field from its right edge
    title_box = inputs.title.inflate(-2 * inputs.radius, -2)
    title = text("name.title")
    # The title's ink inside its own box, over the field (Nastaliq reaches far past its size).
    title_size = fitted_size(fonts, title, int(inputs.title.height * 0.6), title_box.size, True, floor)
    title_line = _line(fonts, title, title_size, palette.GOLD, True, title_box, "center")

    field = inputs.field
    inset = field.height // 4
    box = pygame.Rect(field.left + inset, field.top + field.height // 8, field.width - 2 * inset,
                      field.height - field.height // 4)
    size = int(field.height * 0.55)
    shown, composing = inputs.name + inputs.composing, inputs.composing
    underline = None
    if shown:
        # As large as the name's letters fit the field's height (Nastaliq, Devanagari marks).
        size = fitted_size(fonts, shown + "M", size, (box.width, 0), False, SMALLEST_PX)
        size = fitted_size(fonts, shown, size, (box.width, box.height), False, floor)
        line = _line(fonts, shown, size, palette.TEXT, False, box, direction.start)
        ink = line.ink
        if composing:  # the input method's composition, underlined until committed
            width = min(ink.width, fonts.size(composing, size)[0])
            # it comes last: leftmost in a right-to-left line
            left = direction.placed(pygame.Rect(ink.right - width, ink.top, width, ink.height), ink).left
            underline = (left, left + width, box.bottom)
        caret_x = direction.onward(direction.end_x(ink), 4)
    else:
        hint = text("name.placeholder", default=text.shown_name(DEFAULT_NAME))
        size = fitted_size(fonts, hint, size, (box.width, box.height), False, floor)
        line = _line(fonts, hint, size, palette.TEXT_DIM, False, box, direction.start)
        caret_x = direction.onward(direction.start_x(box), -2)
    caret = (field.top + field.height // 5, field.bottom - field.height // 5, max(2, field.height // 20))

    counter = f"{length(inputs.name)}/{MAX_NAME_CHARACTERS}"
    counter_size = max(floor, int(field.height * 0.3))
    ink = fonts.render(counter, counter_size, palette.TEXT_DIM).get_bounding_rect()
    x = direction.after(field, field.height // 5, ink.width)  # after the field
    counter_line = _line(fonts, counter, counter_size, palette.TEXT_DIM, False, field, "left", x)
    return NameFieldPlan(inputs, title_line, line, bool(shown), underline, caret_x, caret, counter_line)
