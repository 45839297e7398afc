"""NameEntry: the player names a game that made the table.

Three ways in, all at once: an on-screen keyboard sized for fingers (:mod:`..input.keyboard`:
letters of the Latin, Urdu or Devanagari script — the UI language's first, the others a
key away — digits, space, delete, OK), physical typing through SDL text input (TEXTINPUT,
so an input method composes Urdu or Hindi names; TEXTEDITING shows the composition), and a
game controller (D-pad or stick moves the focus, A presses, B deletes, X or Start is OK).

The field starts empty. The last name entered is offered on a key of its own ("ANA?"): a
tap takes it, but nobody files a score under someone else's name by pressing OK. Pops
with ``NameGiven``, the cleaned name ("Player" when empty). Opened with a
:class:`~..payloads.NameAsked` that gives a time-out (kiosk), that many seconds without
input pop with the default name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass

import pygame

from magdagdon.storage import DEFAULT_NAME, MAX_NAME_CHARACTERS
from magdagdon.graphemes import length

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..input.gamepad import PadReader
from ..input.keyboard import LAYOUTS, Key, OnScreenKeyboard
from ..ui.button_row import words_width
from .player_name import LastName, add_typed, final_name
from ..audit.draw_log import Role, panel
from ..ui import palette
from ..text.fit import fitted_line, min_text_px
from ..text.menu_text import blit_ink, ink_rect
from ..ui.widgets import draw_focus_ring
from ..shell.loop import ticks
from ..shell.payloads import NameAsked, NameGiven, Payload
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..shell.viewport import Viewport

if TYPE_CHECKING:
    from ..shell.screens import Services

ACTIONS = (("space", 3.0), ("delete", 2.5), ("ok", 2.0))  # the last row: wide keys
ARROW_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PAD_STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
OFFER = "offer"  # the key offering the last name entered


@dataclass(frozen=True)
class NameEntryKit:
    text: Catalog
    fonts: FontBook
    viewport: Viewport
    last_name: LastName


class NameEntry(State):
    overlay = True
    reads_pad = True  # its own controller handling: A types the focused key

    def __init__(self, kit: NameEntryKit) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts = kit.text, kit.fonts
        self.pad = PadReader()

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        asked = payload if isinstance(payload, NameAsked) else NameAsked()
        start = asked.start  # e.g. "" for a party's next seat: nothing offered
        self.name = add_typed("", start) if start is not None else ""
        self.offered = "" if start is not None else self.kit.last_name.offer()
        self.composing = ""  # an input method's text not yet committed
        timeout = asked.timeout_seconds
        self.timeout_ticks = ticks(timeout) if timeout is not None and timeout > 0 else None
        self.quiet_ticks = 0
        self.caret_ticks = 0
        self.caret_drawn = False
        self.name_rect: pygame.Rect | None = None  # where the name (or the placeholder) was last drawn
        self.layout_for: tuple[int, int, str] | None = None
        self.keyboard = OnScreenKeyboard(list(LAYOUTS.values()), self.text.script, ACTIONS, self.text.rtl)
        self._layout()
        self.keyboard.focus = (self._letters_top() + 1, 0)  # the first row of letters under the digits
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.field)

    def resize(self) -> None:
        self.keyboard.rtl = self.text.rtl
        self._layout()

    @property
    def keys(self) -> list[Key]:
        """The keys on screen now (the offer only while the field is empty)."""
        return [key for key in self.keyboard.keys if self._shown(key)]

    def _shown(self, key: Key) -> bool:
        return key.ident != OFFER or self.offer_shown

    @property
    def offer_shown(self) -> bool:
        return bool(self.offered) and not self.name and not self.composing

    def _letters_top(self) -> int:
        return 1 if self.offered else 0

    # --- layout ---------------------------------------------------------------------------
    def _layout(self) -> None:
        width, height = self.kit.viewport.size
        self.layout_for = (width, height, self.text.locale)
        keyboard = self.keyboard
        top = [(OFFER, 3.0)] if self.offered else []
        rows = keyboard.rows_needed(bool(top))
        panel_w = min(int(width * 0.96), int(height * 1.6))
        # the title, the field, a gap, the key rows; keys square and at least finger-sized
        unit = min(panel_w / (keyboard.widest_row(top) + 0.6), height * 0.94 / (rows + 2.7))
        panel_h = int(unit * (rows + 2.7))
        self.panel = self.kit.viewport.layout.dialog_at((panel_w, panel_h))
        pad = int(unit * 0.15)
        self.title_rect = pygame.Rect(self.panel.left + pad, self.panel.top + pad, panel_w - 2 * pad, int(unit * 0.9))
        self.field = pygame.Rect(0, self.title_rect.bottom + pad, int(unit * 8), int(unit * 1.1))
        self.field.centerx = self.panel.centerx
        area = pygame.Rect(self.panel.left, self.field.bottom + pad, panel_w, self.panel.bottom - pad - self.field.bottom - pad)
        keyboard.lay_out(area, top, self._key_width)

    def _key_width(self, ident: str, key_height: int) -> float:
        return words_width(self.fonts, self._label(ident), key_height)

    def _label(self, ident: str) -> str:
        if ident.startswith("script:"):
            return LAYOUTS[ident.split(":", 1)[1]].sample
        if ident == OFFER:
            return self.text("name.offer", name=self.offered)
        if ident in dict(ACTIONS):
            return self.text(f"name.{ident}")
        return self.keyboard.layout.label(ident)

    def _style(self, ident: str) -> str:
        if ident == "ok":
            return "primary"
        if ident == f"script:{self.keyboard.layout.script}":
            return "chosen"  # the letters shown now
        return "normal"

    # --- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        keyboard = self.keyboard
        if kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.MOUSEBUTTONDOWN,
                    pygame.MOUSEBUTTONUP, pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            self.quiet_ticks = 0
        if kind == pygame.TEXTINPUT:
            self.composing = ""
            keyboard.focus_shown = False
            self._type(str(getattr(event, "text", "")))
        elif kind == pygame.TEXTEDITING:
            self.composing = str(getattr(event, "text", ""))
        elif kind == pygame.KEYDOWN:
            self._on_key(getattr(event, "key", 0))
        elif kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            key = self._key_at(event.pos)
            keyboard.pressed = key.ident if key else None
            keyboard.focus_shown = False
        elif kind == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            key = self._key_at(event.pos)
            if key is not None and key.ident == keyboard.pressed:
                self._press(key.ident)
            keyboard.pressed = None
        elif kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            self._on_pad(self.pad.action(event))

    def _key_at(self, pos: tuple[int, int]) -> Key | None:
        key = self.keyboard.key_at(pos)
        return key if key is not None and self._shown(key) else None

    def _focused_ident(self) -> str:
        key = self.keyboard.focused()
        if key is None or not self._shown(key):
            return "ok"
        return key.ident

    def _on_key(self, key: int) -> None:
        if key in ARROW_STEPS:
            self._move(*ARROW_STEPS[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Enter presses the key the arrows chose; after typing it is OK.
            self._press(self._focused_ident() if self.keyboard.focus_shown else "ok")
        elif key == pygame.K_BACKSPACE and not self.composing:
            self._press("delete")
        elif key == pygame.K_ESCAPE:
            self._press("ok")

    def _on_pad(self, action: str | None) -> None:
        if action in PAD_STEPS:
            self._move(*PAD_STEPS[action])
        elif action == "a":
            if self.keyboard.focus_shown:
                self._press(self._focused_ident())
            self.keyboard.focus_shown = True
        elif action == "b":
            self._press("delete")
        elif action in ("x", "start"):
            self._press("ok")

    def _move(self, dx: int, dy: int) -> None:
        keyboard = self.keyboard
        keyboard.move(dx, dy)
        focused = keyboard.focused()
        if focused is not None and not self._shown(focused):  # the offer has gone: on past its row
            keyboard.move(0, dy or 1)

    def _press(self, ident: str) -> None:
        if ident == "ok":
            self._finish(final_name(self.name))
        elif ident == "delete":
            self.name = self.name[:-1]
        elif ident == "space":
            self._type(" ")
        elif ident == OFFER:
            if self.offer_shown:
                self.name = add_typed("", self.offered)  # taken, by the player's own tap
                self.keyboard.focus_on("ok")
        elif ident.startswith("script:"):
            if self.keyboard.switch_to(ident.split(":", 1)[1]):
                self._layout()
                self.keyboard.focus_on(ident)
        else:
            self._type(self.keyboard.letter(ident, starts_word=not self.name or self.name.endswith(" ")))

    def _type(self, text: str) -> None:
        self.name = add_typed(self.name, text)

    def _finish(self, name: str) -> None:
        if name != DEFAULT_NAME:
            self.kit.last_name.remember(name)
        self.pop(NameGiven(name))

    # --- time -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.caret_ticks += 1
        self.quiet_ticks += 1
        if self.timeout_ticks is not None and self.quiet_ticks >= self.timeout_ticks:
            self.pop(NameGiven(DEFAULT_NAME))

    def is_animating(self) -> bool:
        return self._caret_on() != self.caret_drawn  # the caret blinks once a second

    def _caret_on(self) -> bool:
        return (self.caret_ticks // 60) % 2 == 0

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.layout_for != (*self.kit.viewport.size, self.text.locale):
            self.resize()
        self.kit.viewport.dim(surface, 170)
        radius = max(8, self.panel.height // 30)
        pygame.draw.rect(surface, palette.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, palette.GOLD, self.panel, width=max(2, radius // 4), border_radius=radius)
        with panel(surface, "name entry", self.panel, element=Role.DIALOG):
            self._draw_inside(surface, radius)

    def _draw_inside(self, surface: pygame.Surface, radius: int) -> None:
        fonts, text = self.fonts, self.text
        floor = min_text_px(surface.get_size())
        title = text("name.title")
        box = self.title_rect.inflate(-2 * radius, -2)
        # The title's ink inside its own box, over the field (Nastaliq reaches far past its size).
        image = fitted_line(fonts, title, int(self.title_rect.height * 0.6), box.size, palette.GOLD, True, floor)
        with panel(surface, "title", self.title_rect, Role.TITLE):
            blit_ink(surface, image, box)
        with panel(surface, "field", self.field, Role.NAME, element=Role.PANEL):
            self._draw_field(surface, floor)
        self.keyboard.draw(surface, fonts, self._label, self._style, self._shown)

    def _draw_field(self, surface: pygame.Surface, floor: int) -> None:
        fonts, field = self.fonts, self.field
        pygame.draw.rect(surface, palette.SHADOW, field, border_radius=field.height // 5)
        if not self.keyboard.focus_shown:  # typing goes to the field
            draw_focus_ring(surface, field, field.height // 5)
        shown = self.name + self.composing
        direction = self.text.direction  # a right-to-left language fills the field from its right edge
        inset = field.height // 4
        box = pygame.Rect(field.left + inset, field.top + field.height // 8, field.width - 2 * inset,
                          field.height - field.height // 4)
        size = int(field.height * 0.55)
        if shown:
            # As large as the name's letters fit the field's height (Nastaliq, Devanagari marks).
            size = fonts.fit(shown + "M", size, box.width)
            image = fitted_line(fonts, shown, size, (box.width, box.height), palette.TEXT, False, floor)
            ink = blit_ink(surface, image, box, direction.start)
            self.name_rect = ink
            if self.composing:  # the input method's composition, underlined until committed
                width = min(ink.width, fonts.size(self.composing, size)[0])
                # it comes last: leftmost in a right-to-left line
                left = direction.placed(pygame.Rect(ink.right - width, ink.top, width, ink.height), ink).left
                pygame.draw.line(surface, palette.GOLD, (left, box.bottom), (left + width, box.bottom), 2)
            caret_x = direction.onward(direction.end_x(ink), 4)
        else:
            hint = self.text("name.placeholder", default=self.text.shown_name(DEFAULT_NAME))
            image = fitted_line(fonts, hint, size, (box.width, box.height), palette.TEXT_DIM, False, floor)
            self.name_rect = blit_ink(surface, image, box, direction.start)
            caret_x = direction.onward(direction.start_x(box), -2)
        self.caret_drawn = self._caret_on()
        if self.caret_drawn:
            pygame.draw.line(surface, palette.TEXT, (caret_x, field.top + field.height // 5),
                             (caret_x, field.bottom - field.height // 5), max(2, field.height // 20))
        counter = f"{length(self.name)}/{MAX_NAME_CHARACTERS}"
        image = fonts.render(counter, max(floor, int(field.height * 0.3)), palette.TEXT_DIM)
        ink = ink_rect(image)
        gap = field.height // 5
        x = direction.after(field, gap, ink.width) - ink.left  # after the field
        with panel(surface, "counter", self.panel, Role.VALUE):
            surface.blit(image, (x, field.centery - ink.centery))


def screen(services: Services) -> NameEntry:
    return NameEntry(NameEntryKit(services.table.text, services.table.fonts, services.table.viewport,
                                   services.last_name))
