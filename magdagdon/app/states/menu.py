"""Menus and dialogs with pygame_gui: a centred panel with a title, optional rich text,
and a column of buttons. Arrows/Tab move a visible focus, Enter chooses, Esc goes back.

pygame_gui is imported and the widgets built only once the menu UI is ``ready`` (after the
first frame is on screen, see ``Control.finish_startup``); until then a menu draws its
title alone with plain pygame, so the window shows the game at once. A menu covered by
another draws nothing and owns no widgets: what is drawn is what can be pressed."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Difficulty

from ..fonts import FontBook
from ..games import Games
from ..i18n import Catalog
from ..menu_ui import MenuUI
from ..render import palette
from ..render.widgets import draw_focus_ring
from ..session import GameSession
from ..state_machine import Persist, State
from ..viewport import Viewport

if TYPE_CHECKING:
    from pygame_gui.core import UIElement
    from pygame_gui.elements import UIButton, UILabel


@dataclass(frozen=True)
class MenuKit:
    """What every menu draws with."""

    text: Catalog
    fonts: FontBook
    ui: MenuUI
    viewport: Viewport
    locked: bool = False  # kiosk: no way out of the game, no window mode


TEXT_MARGIN = 0.6  # room beside a label's or button's text, in text heights (both sides together)


@dataclass
class Item:
    ident: str
    label: str
    style: str = ""  # pygame_gui object id: "#primary", "#chosen", "#danger" or ""
    row: int | None = None  # items sharing a row sit side by side


class MenuState(State):
    overlay = True
    title_key = "app.title"
    wide = False
    compact_body = False  # a short message rather than a page of text
    drawn_body = False  # True: the body area is drawn by ``draw_body`` (pygame), not a text box

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
        self.title_label: UILabel | None = None
        self.panel_width = 0  # the width the last build laid the menu out at

    def enter(self, persist: Persist) -> None:
        super().enter(persist)
        self.ensure_built()

    def exit(self) -> Persist:
        self.clear()
        return self.persist

    def cover(self) -> None:
        self.active = False
        self.clear()

    def resume(self, result: Persist) -> None:
        self.active = True
        self.build()
        if result:
            self.on_result(result)

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

    def on_result(self, result: Persist) -> None:
        pass

    # --- building ----------------------------------------------------------------------
    def clear(self) -> None:
        for element in self.elements:
            element.kill()
        if self.elements:
            self.ui.note_change()
        self.elements, self.buttons = [], []
        self.panel = self.body_rect = self.title_label = None
        self.built = False

    def build(self) -> None:
        """Lay the menu out at its usual width, then widen it (within the window) until every
        label and button holds its text: the theme's text grows with the window's shorter
        side, so on a square screen the usual share of the width is too narrow."""
        layout = self.kit.viewport.layout
        widest = layout.size[0] - 2 * layout.margin
        width: int | None = None
        for _ in range(3):
            with warnings.catch_warnings(record=True) as caught:  # pygame_gui's "too small" for a try
                warnings.simplefilter("always")
                self._build(width)
            overflow = self.text_overflow()
            if overflow <= 1.0 or self.panel_width >= widest:
                break
            width = min(widest, int(self.panel_width * overflow) + 2)
        for warning in caught:  # what the final layout still has to say
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)

    def text_overflow(self) -> float:
        """How many times too wide the widest text is for its label or button (<= 1: all fit)."""
        from pygame_gui.elements import UIButton, UILabel

        worst = 0.0
        for element in self.elements:
            if not isinstance(element, (UIButton, UILabel)) or not element.text or element.font is None:
                continue
            width, height = element.font.get_rect(element.text).size
            worst = max(worst, (width + height * TEXT_MARGIN) / max(1, element.rect.width))
        return worst

    def _build(self, panel_width: int | None) -> None:
        import pygame_gui

        self.clear()
        self.built = True
        self.ui.note_change()
        ui, text = self.ui.manager, self.text
        layout = self.kit.viewport.layout
        w, h = layout.size
        margin = layout.margin
        items = self.items()
        body = self.body_html()
        notices = self.notices()
        button_h = max(38, min(int(h * 0.068), int(w * 0.1)))
        gap = max(6, button_h // 5)
        share = 0.9 if layout.portrait else (0.66 if self.wide else 0.46)
        width = panel_width or min(w - 2 * margin, max(360, int(w * share)))
        self.panel_width = width
        rows: list[list[Item]] = []
        for item in items:
            if item.row is not None and rows and rows[-1][0].row == item.row:
                rows[-1].append(item)
            else:
                rows.append([item])
        title_h = int(button_h * 1.5)
        sub_h = int(button_h * 0.6) if self.subtitle else 0
        notice_h = int(button_h * 0.55) * len(notices)
        buttons_h = len(rows) * (button_h + gap)
        body_h = 0
        self.body_rect = None
        if body or self.drawn_body:
            body_h = max(button_h * 2, h - 2 * margin - title_h - sub_h - notice_h - buttons_h - 3 * gap)
            body_h = min(body_h, int(h * 0.62), button_h * 3 if self.compact_body else h)
        height = title_h + sub_h + notice_h + body_h + buttons_h + 2 * gap
        self.panel = pygame.Rect(0, 0, width + 2 * gap, min(h - margin, height + 2 * gap))
        self.panel.center = (w // 2, h // 2)
        x, y = self.panel.left + gap, self.panel.top + gap
        self.title_label = pygame_gui.elements.UILabel(pygame.Rect(x, y, width, title_h), text(self.title_key), ui, object_id="#title")
        self.elements.append(self.title_label)
        y += title_h
        if self.subtitle:
            self.elements.append(pygame_gui.elements.UILabel(pygame.Rect(x, y, width, sub_h), self.subtitle, ui, object_id="#subtitle"))
            y += sub_h
        for notice in notices:
            self.elements.append(pygame_gui.elements.UILabel(pygame.Rect(x, y, width, int(button_h * 0.55)), notice, ui, object_id="#notice"))
            y += int(button_h * 0.55)
        if self.drawn_body:
            self.body_rect = pygame.Rect(x, y, width, body_h)
            y += body_h + gap
        elif body:
            box = pygame_gui.elements.UITextBox(body, pygame.Rect(x, y, width, body_h), ui)
            self.elements.append(box)
            y += body_h + gap
        for row in rows:
            each = (width - gap * (len(row) - 1)) // len(row)
            for i, item in enumerate(row):
                rect = pygame.Rect(x + i * (each + gap), y, each, button_h)
                button = pygame_gui.elements.UIButton(rect, item.label, ui, object_id=item.style or None)
                self.elements.append(button)
                self.buttons.append((button, item.ident))
            y += button_h + gap
        self.focus_index = min(self.focus_index, max(0, len(self.buttons) - 1))

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.ensure_built()
        if not self.built:
            return
        import pygame_gui

        self.ui.process(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for index, (button, ident) in enumerate(self.buttons):
                if event.ui_element is button:
                    self.focus_index = index
                    self.on_choice(ident)
                    return
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
            count = len(self.buttons)
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT):
                self.focus_index = (self.focus_index + 1) % max(1, count)
            elif event.key in (pygame.K_UP, pygame.K_LEFT) or event.key == pygame.K_TAB:
                self.focus_index = (self.focus_index - 1) % max(1, count)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and count:
                self.on_choice(self.buttons[self.focus_index][1])
            elif event.key == pygame.K_ESCAPE:
                self.on_back()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False

    def update(self, dt: float) -> None:
        self.ensure_built()  # the menu UI became ready (the control object updates pygame_gui)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if not self.active:
            return
        surface.blit(self.kit.viewport.veil(170), (0, 0))
        if self.panel is None:
            self.draw_title_only(surface)
            return
        radius = max(10, self.panel.width // 30)
        pygame.draw.rect(surface, palette.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, palette.PANEL_EDGE, self.panel, width=2, border_radius=radius)
        if self.body_rect is not None:
            self.draw_body(surface, self.body_rect)
        self.ui.draw(surface)
        if self.keyboard and self.buttons:
            draw_focus_ring(surface, self.buttons[self.focus_index][0].rect, max(6, self.panel.width // 60))

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Hook for ``drawn_body`` menus."""

    def draw_title_only(self, surface: pygame.Surface) -> None:
        """The first frame, before pygame_gui is loaded: the menu's title, centred."""
        w, h = surface.get_size()
        fonts, title = self.fonts, self.text(self.title_key)
        size = fonts.fit(title, max(24, min(w, h) // 10), int(w * 0.8), bold=True)
        image = fonts.render(title, size, palette.GOLD, bold=True)
        surface.blit(image, image.get_rect(center=(w // 2, h // 2)))

    # --- helpers ----------------------------------------------------------------------------
    @property
    def session(self) -> GameSession | None:
        session: GameSession | None = self.persist.get("session")
        return session

    def game_in_progress(self) -> bool:
        session = self.session
        return bool(session and session.game.turn > 0 and not session.game.is_over)

    def start_new_game(self, games: Games, difficulty: Difficulty | None = None) -> None:
        self.persist["session"] = games.new_session(difficulty)
        self.reset("rolling")
