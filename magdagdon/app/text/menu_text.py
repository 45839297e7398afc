"""Menu text drawn with the game's own text layout rather than by pygame_gui.

pygame_gui shapes a label, a button or a text box as one run in one font: in an Urdu or
Hindi menu a Latin word (MAGDAGDON, PEACEFUL) comes out as empty boxes and a number inside
Urdu reversed. The menus keep pygame_gui for the widgets (panel, buttons, focus, clicks)
and draw every word themselves through :class:`FontBook` (bidi runs, a font per script).

Sizes and colours come from the theme (``assets/theme/theme.json``); heights from the ink
of the text itself, since Noto Nastaliq Urdu's line is far taller than its letters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from .styled_text import Spans, parse_inline, plain, stripped, unescaped

if TYPE_CHECKING:
    from .fonts import FontBook
    from ..ui.palette import Colour


def ink_rect(image: pygame.Surface) -> pygame.Rect:
    """Where the text's pixels lie in ``image`` (an empty rect for no ink)."""
    return image.get_bounding_rect()


def blit_ink(surface: pygame.Surface, image: pygame.Surface, box: pygame.Rect, align: str = "center") -> pygame.Rect:
    """Blit ``image`` so its ink is centred in ``box`` vertically and placed ``align``
    ("left", "center", "right") across it; returns where the ink landed."""
    ink = ink_rect(image)
    x = ink_x(box, ink, align)
    y = box.centery - ink.centery
    surface.blit(image, (x, y))
    return ink.move(x, y)


def ink_x(box: pygame.Rect, ink: pygame.Rect, align: str) -> int:
    """Where a picture whose ink is ``ink`` goes across so that the ink stands ``align``
    ("left", "center", "right") in ``box``."""
    if align == "left":
        return box.left - ink.left
    if align == "right":
        return box.right - ink.right
    return box.centerx - ink.centerx


@dataclass
class DrawnLabel:
    """One line of menu text (a title, subtitle or notice) in its box."""

    rect: pygame.Rect
    text: str
    image: pygame.Surface
    px: int = 0  # the size its words show at

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        return blit_ink(surface, self.image, self.rect)

    def ink(self) -> pygame.Rect:
        """Where :meth:`draw` puts the words' ink."""
        ink = ink_rect(self.image)
        return ink.move(ink_x(self.rect, ink, "center"), self.rect.centery - ink.centery)

    @property
    def ink_width(self) -> int:
        return ink_rect(self.image).width


# --- pages of text (How to play, About, a question) ------------------------------------------

_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")
_WHOLLY_BOLD = re.compile(r"^\s*<b>(?:(?!</?b>).)*</b>\s*$", re.IGNORECASE | re.DOTALL)


def paragraphs(markup: str) -> list[tuple[str, bool]]:
    """(text, is heading) per line of the catalog's small markup: ``<br>`` breaks a line,
    a line wholly in ``<b>`` is a heading; other tags only style words and are dropped."""
    result = []
    for line in _BREAK.split(markup):
        heading = bool(_WHOLLY_BOLD.match(line))
        result.append((unescaped(_TAG.sub("", line)).strip(), heading))
    return result


@dataclass
class PageLine:
    text: str
    bold: bool  # a heading
    y: int  # top of the line from the top of the page
    height: int
    spans: Spans = ()  # the words with their own bold or italic


@dataclass
class TextPage:
    """Wrapped lines of a page of text at one size and width, scrolled by ``offset``."""

    lines: list[PageLine] = field(default_factory=list)
    height: int = 0
    offset: int = 0

    @classmethod
    def lay_out(cls, fonts: "FontBook", markup: str, size: int, width: int) -> "TextPage":
        page = cls()
        line_h = int(fonts.line_height(size) * 0.95)
        bold_h = int(fonts.line_height(size, True) * 0.95)
        y = 0
        for line_markup in _BREAK.split(markup):
            heading = bool(_WHOLLY_BOLD.match(line_markup))
            spans = stripped(parse_inline(line_markup))
            if not spans:
                y += line_h // 2  # an empty line between paragraphs: half a line
                continue
            height = bold_h if heading else line_h
            for line in fonts.wrap_styled(spans, size, width, heading):
                page.lines.append(PageLine(plain(line), heading, y, height, line))
                y += height
        page.height = y
        return page

    def ink_span(self, fonts: "FontBook", size: int) -> tuple[int, int]:
        """(top, bottom) of the ink of the page's lines, from the page's top."""
        if not self.lines:
            return 0, 0
        spans = []
        for line in (self.lines[0], self.lines[-1]):
            image = fonts.render_styled(line.spans, size, (255, 255, 255), line.bold)
            ink = ink_rect(image).move(0, line.y + (line.height - image.get_height()) // 2)
            spans.append(ink)
        return spans[0].top, spans[1].bottom

    # Scrolling moves by whole lines: the page's top is always a line's top, and a line is
    # drawn only where it shows whole, so no line is ever cut by the view's edge.
    def _tops(self) -> list[int]:
        return [line.y for line in self.lines]

    def last_offset(self, view_height: int) -> int:
        """The first line's top from which the rest of the page fits the view."""
        return next((top for top in self._tops() if self.height - top <= view_height), self._tops()[-1] if self.lines else 0)

    def scroll(self, pixels: int, view_height: int) -> None:
        """Scroll by about ``pixels`` (to the nearest line)."""
        self.scroll_to(self.offset + pixels, view_height)

    def scroll_to(self, target: int, view_height: int, snap: str = "nearest") -> None:
        """The page's top at the line nearest ``target`` ("nearest"), the last one at or above
        it ("above": paging on without skipping a line) or the first at or below it ("below")."""
        tops = [0] + [top for top in self._tops() if 0 < top <= self.last_offset(view_height)]
        if snap == "above":
            chosen = max((top for top in tops if top <= target), default=0)
        elif snap == "below":
            chosen = min((top for top in tops if top >= target), default=tops[-1])
        else:
            chosen = min(tops, key=lambda top: (abs(top - target), top))
        self.offset = chosen

    def page(self, forward: bool, view_height: int) -> None:
        """A view's height on or back, keeping the line cut off at the edge in view."""
        if forward:
            self.scroll_to(self.offset + view_height, view_height, "above")
            if self.offset == 0 and self.height > view_height:
                self.scroll_to(1, view_height, "below")
        else:
            self.scroll_to(self.offset - view_height, view_height, "below")

    def shown_lines(self, fonts: "FontBook", view: pygame.Rect, size: int, colour: "Colour", heading_colour: "Colour",
                    align: str, box: pygame.Rect | None = None) -> list[tuple[pygame.Surface, pygame.Rect, PageLine]]:
        """Each line shown in ``view`` (scrolled by ``offset``): its picture (the font
        book's, kept), where the picture goes, and the line. A scrolled page shows a line only
        where its ink lies whole inside ``box`` (the view's frame), so none is cut."""
        frame = box or view
        top = view.top - self.offset
        if self.height < view.height and align == "center":
            top = view.top + (view.height - self.height) // 2
        scrolls = self.height > view.height
        shown = []
        for line in self.lines:
            y = top + line.y
            if y + line.height < view.top or y > view.bottom:
                continue
            image = fonts.render_styled(line.spans, size, heading_colour if line.bold else colour, line.bold)
            at = pygame.Rect(view.left, y + (line.height - image.get_height()) // 2, image.get_width(), image.get_height())
            if align == "right":
                at.right = view.right
            elif align == "center":
                at.centerx = view.centerx
            if scrolls and not frame.contains(ink_rect(image).move(at.topleft)):
                continue  # partly outside the view: it shows whole once scrolled to
            shown.append((image, at, line))
        return shown

    def draw(self, surface: pygame.Surface, fonts: "FontBook", view: pygame.Rect, size: int, colour: "Colour",
             heading_colour: "Colour", align: str, box: pygame.Rect | None = None) -> None:
        """The lines :meth:`shown_lines` places, each in its colour."""
        for image, at, _ in self.shown_lines(fonts, view, size, colour, heading_colour, align, box):
            surface.blit(image, at)
