"""Menus and dialogs with pygame_gui: a centred panel with a title, optional rich text,
and a column of buttons. Arrows/Tab move a visible focus, Enter chooses, Esc goes back.

pygame_gui provides the buttons' hover, press and clicks, and draws nothing: the game draws
each button (its rounded body, rim and shadow, in the theme's colours for the look it
shows), and every word — titles, notices, button labels, pages of text — with its own text
layout (see :mod:`..render.menu_text`), which gets mixed Urdu and Hindi lines right. A page longer than
its box scrolls with the wheel, Page Up/Down or a drag.

pygame_gui is imported and the widgets built only once the menu UI is ``ready`` (after the
first frame is on screen, see ``Control.finish_startup``); until then a menu draws its
title alone with plain pygame, so the window shows the game at once. A menu covered by
another draws nothing and owns no widgets: what is drawn is what can be pressed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Difficulty

from ..text.fonts import FontBook
from ..table.games import Games
from ..text.i18n import Catalog
from .menu_ui import MenuUI
from . import palette
from ..input.focus import ARROW_KEYS, Target, step_focus
from ..audit.draw_log import Role, panel
from ..text.fit import SMALLEST_PX, block_size, edge_room, fitted_block, fitted_line, fitted_size, min_text_px
from ..text.menu_text import DrawnLabel, TextPage, ink_rect
from .widgets import button_shadow, draw_focus_ring
from ..table.session import GameSession
from ..shell.payloads import Answer, Confirm, ConfirmAction, Payload, Question
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from .button_body import draw_body
from .button_labels import (LabelInputs, PlacedLabel, button_look, button_style, draw_label, label_inputs, plan_labels,
                            shown_look)
from .placed import Placed, element, pieces, placed_text
from .presenter import Presenter
from .menu_page import MenuPage, page_pad, page_size
from .raised_panel import draw_raised_panel
from .ui_theme import button_body, button_corner_radius, button_rim_width, text_look
from ..shell.viewport import Viewport
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from pygame_gui.core import UIElement
    from pygame_gui.elements import UIButton


def corner_radius(panel: pygame.Rect, buttons: list[pygame.Rect]) -> int:
    """The panel's corners rounded by a thirtieth of its width, but never so much that a
    button near a corner pokes out of the curve."""
    radius = max(10, panel.width // 30)
    while radius > 2 and not all(inside_rounded(panel, radius, rect) for rect in buttons):
        radius -= 1
    return radius


def inside_rounded(panel: pygame.Rect, radius: int, rect: pygame.Rect) -> bool:
    """Every corner of ``rect`` lies within ``panel`` drawn with rounded corners of ``radius``."""
    for x, y in ((rect.left, rect.top), (rect.right, rect.top), (rect.left, rect.bottom), (rect.right, rect.bottom)):
        dx = min(x - panel.left, panel.right - x)
        dy = min(y - panel.top, panel.bottom - y)
        if dx < 0 or dy < 0:
            return False
        if dx < radius and dy < radius and (radius - dx) ** 2 + (radius - dy) ** 2 > radius ** 2:
            return False
    return True


@dataclass(frozen=True)
class MenuKit:
    """What every menu draws with."""

    text: Catalog
    fonts: FontBook
    ui: MenuUI
    viewport: Viewport
    locked: bool = False  # kiosk: no way out of the game, no window mode
    phones: bool = True  # the title offers Phones (a kiosk only when kiosk.json says so)


# The theme's object id of a menu label -> what the draw log calls it.
LABEL_ROLES = {"#title": Role.TITLE, "#subtitle": Role.SUBTITLE, "#notice": Role.NOTICE}
TEXT_MARGIN = 0.6  # room beside a label's or button's text, in text heights (both sides together)


@dataclass
class Item:
    ident: str
    label: str
    style: str = ""  # pygame_gui object id: "#primary", "#chosen", "#danger" or ""
    row: int | None = None  # items sharing a row sit side by side
    enabled: bool = True  # shown greyed where it is (a layout that keeps its places), not pressable
    # Its row keeps one order, left to right, whatever the language reads: the languages,
    # which a tap switches, so that the same place never picks another under the finger.
    fixed_order: bool = False


class MenuState(State):
    overlay = True
    title_key = "app.title"
    wide = False
    compact_body = False  # a short message rather than a page of text
    body_share = 0.62  # the most of the window's height a page's box takes
    drawn_body = False  # True: the body area is drawn by ``draw_body`` (pygame), not a text box
    panel_share = 0.0  # at least this share of the window's width (a screen seen from across a room)

    def __init__(self, kit: MenuKit) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts, self.ui = kit.text, kit.fonts, kit.ui
        self.focus_index = 0
        self.elements: list[UIElement] = []
        self.buttons: list[tuple[UIButton, str]] = []
        self.built = False
        self.active = True  # False while another state covers this one
        self.keyboard = False
        self.panel: pygame.Rect | None = None
        self.body_rect: pygame.Rect | None = None
        self.title_label: DrawnLabel | None = None
        self.labels: list[DrawnLabel] = []
        self.label_roles: list[str] = []  # the theme's object id of each label
        self.button_labels: dict[str, str] = {}  # ident -> the words on the button
        self.text_page: MenuPage | None = None  # the body's text, when the menu has one
        self.panel_width = 0  # the width the last build laid the menu out at
        self.corner_radius = 10  # the panel's rounded corners, clear of its buttons
        self.label_plans: Presenter[LabelInputs, dict[str, PlacedLabel]] = Presenter(self._plan_labels)
        self.title_plans: Presenter[tuple[tuple[int, int], int, str], int] = Presenter(self._plan_title_only)

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.ensure_built()

    def exit(self) -> None:
        self.clear()

    def cover(self) -> None:
        self.active = False
        self.clear()

    def resume(self, answer: Answer | None) -> None:
        self.active = True
        self.build()
        if answer is not None:
            self.on_answer(answer)

    def resize(self) -> None:
        self.clear()
        self.ensure_built()

    def ensure_built(self) -> None:
        if not self.built and self.active and self.ui.ready:
            self.build()

    # --- content hooks -----------------------------------------------------------------
    @property
    def subtitle(self) -> str:
        return ""

    def items(self) -> list[Item]:
        return []

    def body_html(self) -> str:
        return ""

    def notices(self) -> list[str]:
        return []

    def on_choice(self, ident: str) -> None:
        pass

    def on_back(self) -> None:
        self.pop()

    def on_answer(self, answer: Answer) -> None:
        """A dialog this menu opened popped with ``answer``."""

    # --- building ----------------------------------------------------------------------
    def clear(self) -> None:
        self.ui.discard(self.elements)
        self.elements, self.buttons = [], []
        self.panel = self.body_rect = self.title_label = self.text_page = None
        self.labels, self.button_labels, self.label_roles = [], {}, []
        self.built = False

    def build(self) -> None:
        """Lay the menu out at its usual width, then widen it (within the window) until every
        label and button holds its text at the theme's size: the theme's text grows with the
        window's shorter side, so on a square screen the usual share of the width is too
        narrow. What still does not fit is set smaller (never below the readable size) or,
        for a subtitle or notice, on more lines."""
        frame = self.kit.viewport.frame
        widest = frame.size[0] - 2 * frame.margin
        width: int | None = None
        for _ in range(3):
            self._build(width)
            overflow = self.text_overflow()
            if overflow <= 1.0 or self.panel_width >= widest:
                break
            width = min(widest, int(self.panel_width * overflow) + 2)

    def text_overflow(self) -> float:
        """How many times too wide the widest text is, at the theme's size, for its label or
        button (<= 1: all fit)."""
        size = self.kit.viewport.size
        boxes: list[tuple[str, str, str, int]] = [(label.text, "label", role, label.rect.width)
                                                  for label, role in zip(self.labels, self.label_roles)]
        boxes += [(self.button_labels.get(ident, ""), "button", button_style(button), button.rect.width)
                  for button, ident in self.buttons]
        worst = 0.0
        for words, element, role, box_width in boxes:
            if not words:
                continue
            look = text_look(size, element, role)
            width, height = self.fonts.size(words, look.size, look.bold)
            worst = max(worst, (width + self.fonts.line_step(look.size) * TEXT_MARGIN) / max(1, box_width))
        return worst

    def _build(self, panel_width: int | None) -> None:
        from .menu_button import PlainButton

        self.clear()
        self.built = True
        self.ui.note_change()
        ui, text = self.ui.manager, self.text
        frame = self.kit.viewport.frame
        w, h = frame.size
        margin = frame.margin
        items = self.items()
        body = self.body_html()
        notices = self.notices()
        # Wide menus (tables, pages) take nearly the whole of a small window.
        share = 0.9 if frame.portrait or (self.wide and w < 1100) else (0.66 if self.wide else 0.46)
        share = max(share, self.panel_share)
        width = panel_width or min(w - 2 * margin, max(360, int(w * share)))
        self.panel_width = width
        # Heights grow with the ink of the words in this language (Nastaliq is tall).
        button_h = max(38, min(int(h * 0.068), int(w * 0.1)))
        button_h = max(button_h, max((self._label_ink_height(i) for i in items), default=0) + button_h // 4)
        gap = max(6, button_h // 5)
        rows = _rows(items)
        title_look, sub_look, notice_look = (text_look(frame.size, "label", role) for role in ("#title", "#subtitle", "#notice"))
        floor = min_text_px(frame.size)
        title = fitted_line(self.fonts, text(self.title_key), title_look.size, (width, h), title_look.colour, True, floor)
        subtitle = fitted_block(self.fonts, self.subtitle, sub_look.size, (width, h), sub_look.colour, False, floor)
        notice_images = [fitted_block(self.fonts, n, notice_look.size, (width, h), notice_look.colour, False, floor)
                         for n in notices]
        # the sizes those show at, for the plan's pieces (the same fits, kept by the font book)
        title_px = self.fonts.px(fitted_size(self.fonts, text(self.title_key), title_look.size, (width, h), True, floor))
        sub_px = self.fonts.px(block_size(self.fonts, self.subtitle, sub_look.size, (width, h), False, floor)[0])
        notice_pxs = [self.fonts.px(block_size(self.fonts, n, notice_look.size, (width, h), False, floor)[0])
                      for n in notices]
        # One measure of room for the title block, from ink to ink: the panel's edge, the
        # title, the subtitle and the first button are as far apart as the last button and
        # the panel's bottom edge. Each label's box is its ink plus half that room above and below.
        notice_line_h = max([int(button_h * 0.55)] + [ink_rect(i).height + gap // 2 for i in notice_images])
        notice_h = notice_line_h * len(notices)
        buttons_h = len(rows) * (button_h + gap) - gap
        # A question's few words stand on the dialog itself, as tall as their lines.
        text_size = page_size(frame.size)
        question = TextPage.lay_out(self.fonts, body, text_size, width - 2 * page_pad(text_size)) \
            if body and self.compact_body else None
        question_ink = question.ink_span(self.fonts, text_size) if question is not None else (0, 0)
        question_h = question_ink[1] - question_ink[0]
        inks_h = ink_rect(title).height + (ink_rect(subtitle).height if self.subtitle else 0) + notice_h + buttons_h
        inks_h += question_h
        # the room above the title, (under the subtitle), (under the question), above and below the buttons
        lines = 3 + bool(self.subtitle) + (question is not None)
        # A page keeps its room for text, and a long menu its room for buttons.
        paged = bool(body or self.drawn_body) and question is None
        # Room to breathe: half a button, or a third of a tall title (Nastaliq's), where it fits.
        # A page of text keeps its room for text, yet its title is not jammed against the edge.
        # A drawn body (a field and its keys, a table) keeps its room too, yet the title stands
        # clear of the panel's edge and of the subtitle by a quarter of its size.
        least = -(-title_look.size // 4) + 1  # (a pixel lost as the room is halved above and below)
        space = max(gap, button_h // 3) if paged and not self.drawn_body else gap
        space = max(space, least)
        if not paged:
            for room in (max(gap, button_h // 2, ink_rect(title).height // 3, least), max(gap, button_h // 2, least)):
                if inks_h + lines * room <= h - margin:
                    space = room
                    break
        title_h = ink_rect(title).height + space
        sub_h = ink_rect(subtitle).height + space if self.subtitle else 0
        header_h = space // 2 + title_h + sub_h + notice_h + space // 2
        if not paged:
            room = h - margin - header_h - space - (question_h + space if question is not None else 0)
            rows, button_h, gap = self._fit_rows(rows, button_h, gap, room)
            buttons_h = len(rows) * (button_h + gap) - gap
        body_h = 0
        self.body_rect = None
        if paged:
            body_h = max(button_h * 2, h - 2 * margin - header_h - buttons_h - space - gap)
            body_h = min(body_h, int(h * self.body_share))
        after_body = gap
        if question is not None:
            body_h, after_body = question_h, space
        height = header_h + (body_h + after_body if body or self.drawn_body else 0) + buttons_h + space
        self.panel = frame.dialog_at((width + 2 * gap, min(h - margin, height)))
        x, y = self.panel.left + gap, self.panel.top + space // 2
        self.title_label = DrawnLabel(pygame.Rect(x, y, width, title_h), text(self.title_key), title, title_px)
        self.labels.append(self.title_label)
        self.label_roles.append("#title")
        y += title_h
        if self.subtitle:
            self.labels.append(DrawnLabel(pygame.Rect(x, y, width, sub_h), self.subtitle, subtitle, sub_px))
            self.label_roles.append("#subtitle")
            y += sub_h
        for notice, image, px in zip(notices, notice_images, notice_pxs):
            self.labels.append(DrawnLabel(pygame.Rect(x, y, width, notice_line_h), notice, image, px))
            self.label_roles.append("#notice")
            y += notice_line_h
        y += space // 2
        if question is not None:
            # The box is the ink of the question's lines: that is what is spaced.
            self.body_rect = pygame.Rect(x, y, width, question_h)
            self.text_page = MenuPage(question, self.body_rect, text_size, True, question_ink[0])
            y += body_h + after_body
        elif self.drawn_body or body:
            self.body_rect = pygame.Rect(x, y, width, body_h)
            y += body_h + after_body
            if not self.drawn_body:
                self.text_page = MenuPage(TextPage(), self.body_rect, text_size, False)
                self.text_page.page = TextPage.lay_out(self.fonts, body, text_size, self.text_page.view().width)
        for row in rows:
            each = (width - gap * (len(row) - 1)) // len(row)
            fixed = any(item.fixed_order for item in row)
            for i, item in enumerate(row):
                # a right-to-left reader starts on the right, except on a row of fixed order
                column = i if fixed else text.direction.column(i, len(row))
                rect = pygame.Rect(x + column * (each + gap), y, each, button_h)
                button = PlainButton(rect, "", ui, object_id=item.style or None)
                self.ui.draw_states_when_shown(button)
                if not item.enabled:
                    button.disable()
                self.elements.append(button)
                self.buttons.append((button, item.ident))
                self.button_labels[item.ident] = item.label
            y += button_h + gap
        self.focus_index = min(self.focus_index, max(0, len(self.buttons) - 1))
        self.corner_radius = corner_radius(self.panel, [button.rect for button, _ in self.buttons])

    def _fit_rows(self, rows: list[list[Item]], button_h: int, gap: int, room: int) -> tuple[list[list[Item]], int, int]:
        """Rows of buttons that fit ``room`` px of height (a tall script makes a long menu
        run off the window): buttons alone on their row first pair up side by side, then
        the buttons grow shorter, never below the ink of their words at the readable size."""
        def height(count: int, button: int, between: int) -> int:
            return count * (button + between) - between

        if height(len(rows), button_h, gap) <= room:
            return rows, button_h, gap
        rows = _paired(rows)
        if height(len(rows), button_h, gap) <= room:
            return rows, button_h, gap
        floor = min_text_px(self.kit.viewport.size)
        lowest = max(self._label_ink_height(item, floor) for row in rows for item in row)
        lowest += max(4, lowest // 8, edge_room(floor, floor)) * 2  # the room the words keep from the button's edges
        gap = max(4, gap // 2)
        button_h = max(lowest, (room + gap) // max(1, len(rows)) - gap)
        return rows, button_h, gap

    def _label_ink_height(self, item: Item, size: int | None = None) -> int:
        """The height of ``item``'s words at the theme's size (or ``size``)."""
        look = text_look(self.kit.viewport.size, "button", item.style)
        return ink_rect(self.fonts.render(item.label, size or look.size, look.colour, look.bold)).height

    @property
    def page(self) -> TextPage | None:
        """The body's text, when the menu has one."""
        return self.text_page.page if self.text_page is not None else None

    def _page_view(self) -> pygame.Rect:
        """Where the page's lines go (see ``MenuPage.view``)."""
        assert self.text_page is not None
        return self.text_page.view()

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.ensure_built()
        if not self.built:
            return
        import pygame_gui

        self.ui.process(event)
        if self.text_page is not None and self.text_page.scroll(event, self.fonts):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for index, (button, ident) in enumerate(self.buttons):
                if event.ui_element is button:
                    self.focus_index = index
                    self.on_choice(ident)
                    return
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
            count = len(self.buttons)
            if event.key in ARROW_KEYS:  # to the nearest button that way, as on the table
                self._move_focus(ARROW_KEYS[event.key])
            elif event.key == pygame.K_TAB:  # the next in reading order (Shift: the one before)
                self._move_focus("previous" if event.mod & pygame.KMOD_SHIFT else "next")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and count:
                button, ident = self.buttons[self.focus_index]
                if button.is_enabled:
                    self.on_choice(ident)
            elif event.key == pygame.K_ESCAPE:
                self.on_back()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False

    def _move_focus(self, direction: str) -> None:
        """To the button that can be pressed ``direction`` of the focused one ("up", "down",
        "left", "right", or "next"/"previous" in reading order)."""
        targets = [Target("button", ident, button.rect) for button, ident in self.buttons if button.is_enabled]
        current = ("button", self.buttons[self.focus_index][1]) if self.buttons else None
        moved = step_focus(targets, current, direction)
        if moved is not None:
            self.focus_index = next(index for index, (_, ident) in enumerate(self.buttons) if ident == moved[1])

    def update(self, dt: float) -> None:
        self.ensure_built()  # the menu UI became ready (the control object updates pygame_gui)

    def prepare(self) -> None:
        window = self.kit.viewport.size
        if self.panel is None:
            self.title_plans.present((window, self.fonts.generation, self.text(self.title_key)))
        else:
            self.label_plans.present(label_inputs(self.fonts, window, self.buttons, self.button_labels))

    def _plan_labels(self, inputs: LabelInputs) -> dict[str, PlacedLabel]:
        return plan_labels(self.fonts, self.buttons, self.button_labels, inputs.window, min_text_px(inputs.window))

    def _plan_title_only(self, inputs: tuple[tuple[int, int], int, str]) -> int:
        """The size of the title alone on the first frame."""
        (w, h), _, title = inputs
        return fitted_size(self.fonts, title, max(24, min(w, h) // 10), (int(w * 0.8), 0), True, SMALLEST_PX)

    # --- what the plan places (judged without drawing: audit/plan_audit.py) ----------------
    def placed(self) -> tuple[Placed, ...]:
        """The veil over what lies under the menu, its panel, its title, subtitle and
        notices, its body (:meth:`placed_body`), and each button with its words."""
        if not self.active:
            return ()
        window = self.kit.viewport.size
        veil = element(Role.VEIL, pygame.Rect((0, 0), window), "veil", opaque=False)
        if self.panel is None:
            size = self.title_plans.plan
            if size is None:
                return (veil,)
            title = self.text(self.title_key)
            w, h = self.fonts.size(title, size, True)
            return pieces(veil, placed_text(self.fonts, title, size, (window[0] // 2 - w // 2, window[1] // 2 - h // 2),
                                            Role.TITLE, bold=True))
        labels = [Placed(LABEL_ROLES.get(role, Role.NOTICE), label.ink(), label.text, label.px, self.panel)
                  for label, role in zip(self.labels, self.label_roles) if label.text.strip()]
        return pieces(veil, element(Role.DIALOG, self.panel, "menu"), labels,
                      self.placed_body() if self.body_rect is not None else (), self.placed_buttons())

    def placed_body(self) -> tuple[Placed, ...]:
        """What the body shows: the page of text (``drawn_body`` menus list what they draw)."""
        if self.text_page is None:
            return ()
        return tuple(self.text_page.placed(self.fonts, self.kit.viewport.size))

    def placed_buttons(self) -> list[Placed]:
        """Each button, and its words where :meth:`draw_button_labels` sets them."""
        window = self.kit.viewport.size
        planned = self.label_plans.plan or {}
        out: list[Placed] = []
        for button, ident in self.buttons:
            out.append(element(Role.BUTTON, button.rect, f"button {ident}"))
            label = planned.get(ident)
            if label is not None:
                bold = button_look(window, button).bold
                ink = self.fonts.ink(label.words, label.size, bold)
                at = (button.rect.centerx - ink.centerx,
                      button.rect.top + label.baseline - self.fonts.baseline(label.words, label.size, bold))
                out += pieces(placed_text(self.fonts, label.words, label.size, at, Role.BUTTON_LABEL, button.rect, bold))
        return out

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if not self.active:
            return
        self.kit.viewport.dim(surface, 170)
        if self.panel is None:
            self.draw_title_only(surface)
            return
        draw_raised_panel(surface, self.panel, self.corner_radius)
        with panel(surface, "menu", self.panel, element=Role.DIALOG):
            if self.body_rect is not None:
                with panel(surface, "body", self.body_rect):
                    self.draw_body(surface, self.body_rect)
            self.draw_button_bodies(surface)
            for label, role in zip(self.labels, self.label_roles):
                with panel(surface, role.lstrip("#"), label.rect):
                    label.draw(surface)
            self.draw_button_labels(surface)
        if self.keyboard and self.buttons:
            draw_focus_ring(surface, self.buttons[self.focus_index][0].rect, max(6, self.panel.width // 60))

    def draw_button_bodies(self, surface: pygame.Surface) -> None:
        """Each button's rounded body and rim in the theme's colours for the look it shows
        (pygame_gui's buttons under them are click targets with nothing to show), over its
        shadow, as the table's buttons stand: a button pressed, or one that cannot be
        pressed, lies flat on the panel (no shadow)."""
        radius, rim = button_corner_radius(self.kit.viewport.size), button_rim_width()
        for button, _ in self.buttons:
            rect, look = button.rect, shown_look(button)
            corner = min(radius, rect.height // 2, rect.width // 2)
            if look not in ("active", "disabled"):
                pygame.draw.rect(surface, palette.SHADOW, rect.move(0, button_shadow(rect.height)), border_radius=corner)
            draw_body(surface, rect, button_body(button_style(button), look), corner, rim)

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The page of text in its box (``drawn_body`` menus draw their own)."""
        if self.text_page is not None:
            self.text_page.draw(surface, self.fonts, self.kit.viewport.size)

    def draw_button_labels(self, surface: pygame.Surface) -> None:
        """Each button's words (``button_labels``): a row's at one size, on one baseline."""
        window = self.kit.viewport.size
        placed = self.label_plans.plan or {}
        for button, ident in self.buttons:
            label = placed.get(ident)
            if label is None:
                continue
            with panel(surface, f"button {ident}", button.rect, element=Role.BUTTON):
                draw_label(surface, self.fonts, window, button, label.words, label.size,
                           button.rect.top + label.baseline)

    def draw_title_only(self, surface: pygame.Surface) -> None:
        """The first frame, before pygame_gui is loaded: the menu's title, centred."""
        w, h = surface.get_size()
        fonts, title = self.fonts, self.text(self.title_key)
        size = self.title_plans.plan
        if size is None:
            return
        image = fonts.render(title, size, palette.GOLD, bold=True)
        surface.blit(image, image.get_rect(center=(w // 2, h // 2)))

    # --- helpers ----------------------------------------------------------------------------
    @property
    def session(self) -> GameSession | None:
        return self.context.session

    def game_in_progress(self) -> bool:
        session = self.session
        return bool(session and session.game.turn > 0 and not session.game.is_over)

    def party_on(self) -> bool:
        """A party is being played under this menu (its file keeps it: leaving loses nothing)."""
        return self.context.party_in_play() is not None

    def ask(self, question: Question, action: ConfirmAction) -> None:
        """Open the yes/no dialog on ``question``; a yes comes back to :meth:`on_answer`
        as ``Confirmed(action)``."""
        self.push(ScreenKey.CONFIRM, Confirm(question, action))

    def start_new_game(self, games: Games, difficulty: Difficulty | None = None) -> None:
        self.begin_game(games.new_session(difficulty))

    def begin_game(self, session: GameSession) -> None:
        """Play ``session`` on the table; a party that was on stays in its file, to be
        continued from Party."""
        self.context.play(session)
        self.reset(ScreenKey.ROLLING)


def _rows(items: list[Item]) -> list[list[Item]]:
    """Items in rows: those given the same ``row`` one after another share it."""
    rows: list[list[Item]] = []
    for item in items:
        if item.row is not None and rows and rows[-1][0].row == item.row:
            rows[-1].append(item)
        else:
            rows.append([item])
    return rows


def _paired(rows: list[list[Item]]) -> list[list[Item]]:
    """Two buttons side by side wherever two rows of one button follow each other."""
    paired: list[list[Item]] = []
    for row in rows:
        alone = len(row) == 1 and row[0].row is None
        if alone and paired and len(paired[-1]) == 1 and paired[-1][0].row is None:
            paired[-1] = paired[-1] + row
        else:
            paired.append(row)
    return paired
