"""A page of text in a menu (How to play, About, a yes/no question): laid out by the game's
text layout, drawn in its box with the lines set from the reader's start, and scrolled by
whole lines (the wheel, Page Up/Down, a drag), so no line is ever cut by the box's edge;
a thin bar at the lines' end shows how far."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from . import palette
from ..text.fit import min_text_px
from ..audit.draw_log import Role
from ..text.menu_text import TextPage, ink_rect
from .placed import Placed
from .ui_theme import text_look

if TYPE_CHECKING:
    from ..text.fonts import FontBook


def page_size(window: tuple[int, int]) -> int:
    """The text size of a page at the window's size (never below the readable size)."""
    return max(min_text_px(window), text_look(window, "text_box").size)


def page_pad(size: int) -> int:
    """The room between a page's box and its lines."""
    return max(8, size * 3 // 4)


@dataclass
class MenuPage:
    page: TextPage
    box: pygame.Rect  # on the panel; a question's box is the ink of its lines
    size: int
    question: bool  # a few words on the dialog itself, rather than a page in a box of its own
    ink_top: int = 0  # a question: how far below its page's top the ink begins
    drag: tuple[int, int] | None = None  # a drag on the page: (where it began, the page's offset then)

    def view(self) -> pygame.Rect:
        """The box less its padding: where the page's lines go (a question's box is as tall
        as its lines)."""
        pad = page_pad(self.size)
        if self.question:
            return pygame.Rect(self.box.left + pad, self.box.top - self.ink_top, self.box.width - 2 * pad,
                               self.page.height)
        return self.box.inflate(-2 * pad, -pad)

    def scroll(self, event: pygame.event.Event, fonts: "FontBook") -> bool:
        """Wheel, Page Up/Down and dragging scroll the page; True if ``event`` did."""
        page, view = self.page, self.view()
        if event.type == pygame.MOUSEWHEEL:
            page.scroll(-event.y * fonts.line_height(self.size) * 2, view.height)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page.page(event.key == pygame.K_PAGEDOWN, view.height)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.box.collidepoint(event.pos):
            self.drag = (event.pos[1], page.offset)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            start_y, start_offset = self.drag
            page.scroll_to(start_offset + start_y - event.pos[1], view.height)
        elif event.type == pygame.MOUSEBUTTONUP and self.drag is not None:
            self.drag = None
        else:
            return False
        return True

    def placed(self, fonts: "FontBook", window: tuple[int, int]) -> list[Placed]:
        """Each line the page shows, where :meth:`draw` puts its ink. Nastaliq's lines
        interleave (a line's descenders reach below the next one's top, clear of its
        letters): lines whose inks meet are one piece, a block, as the page sets them."""
        align = "center" if self.question else fonts.direction.start
        look = text_look(window, "text_box")
        px = fonts.px(self.size)
        out: list[Placed] = []
        for image, at, line in self.page.shown_lines(fonts, self.view(), self.size, look.colour, palette.GOLD,
                                                     align, self.box.inflate(-2, -2)):
            ink = ink_rect(image).move(at.topleft)
            if out and out[-1].rect.colliderect(ink):
                out[-1] = Placed(Role.PAGE, out[-1].rect.union(ink), f"{out[-1].words} {line.text}", px, self.box)
            else:
                out.append(Placed(Role.PAGE, ink, line.text, px, self.box))
        return out

    def draw(self, surface: pygame.Surface, fonts: "FontBook", window: tuple[int, int]) -> None:
        """The page in its box: a page of text in a box of its own, its lines from the
        reader's start; a question centred on the dialog."""
        page, box = self.page, self.box
        if not self.question:
            radius = max(6, box.height // 40)
            pygame.draw.rect(surface, palette.SHADOW, box, border_radius=radius)
            pygame.draw.rect(surface, palette.PANEL_EDGE, box, width=1, border_radius=radius)
        view = self.view()
        align = "center" if self.question else fonts.direction.start
        colour = text_look(window, "text_box").colour
        page.draw(surface, fonts, view, self.size, colour, palette.GOLD, align, box.inflate(-2, -2))
        if page.height > view.height:  # how far the page is scrolled
            width = max(3, view.width // 150)  # at the end of the lines
            track = fonts.direction.placed(pygame.Rect(box.right - width - 3, view.top, width, view.height), box)
            thumb_h = max(12, view.height * view.height // page.height)
            thumb_y = view.top + (view.height - thumb_h) * page.offset // max(1, page.height - view.height)
            pygame.draw.rect(surface, palette.PANEL_EDGE, track, border_radius=track.width // 2)
            pygame.draw.rect(surface, palette.TEXT_DIM, (track.left, thumb_y, track.width, thumb_h),
                             border_radius=track.width // 2)
