"""NameEntry: the player names a game that made the table.

Three ways in, all at once: an on-screen keyboard sized for fingers (letters, digits,
space, delete, OK), physical typing through SDL text input (TEXTINPUT, so an input method
composes Urdu or Hindi names; TEXTEDITING shows the composition), and a game controller
(D-pad or stick moves the focus, A presses, B deletes, X or Start is OK). The field starts
with the last name entered. Pops with ``{"name": ...}``, the cleaned name ("Player" when
empty). With ``name_timeout`` in the persist dict (kiosk), that many seconds without input
pop with the default name.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from magdagdon.storage import DEFAULT_NAME

from ..fonts import FontBook
from ..i18n import Catalog
from ..input.gamepad import PadReader
from ..player_name import MAX_NAME_CHARACTERS, LastName, add_typed, final_name
from ..render.draw_log import Role, panel
from ..render import palette
from ..render.hud import min_text_px
from ..render.widgets import Button, draw_button, draw_focus_ring
from ..state_machine import Persist, State
from ..viewport import Viewport

KEY_ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
ACTION_ROW = ("space", "delete", "ok")  # the last row: wide keys
ARROW_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PAD_STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
UPDATES_PER_SECOND = 120


@dataclass(frozen=True)
class NameEntryKit:
    text: Catalog
    fonts: FontBook
    viewport: Viewport
    last_name: LastName


@dataclass(frozen=True)
class Key:
    ident: str  # a character, or one of ACTION_ROW
    row: int
    column: int
    rect: pygame.Rect


class NameEntry(State):
    overlay = True
    reads_pad = True  # its own controller handling: A types the focused key

    def __init__(self, kit: NameEntryKit) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts = kit.text, kit.fonts
        self.pad = PadReader()

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self, persist: Persist) -> None:
        super().enter(persist)
        start = persist.pop("name_start", None)  # e.g. "" for a party's next seat
        self.name = add_typed("", start if isinstance(start, str) else self.kit.last_name.offer())
        self.composing = ""  # an input method's text not yet committed
        self.focus = (1, 0)  # (row, column) of the focused key
        self.focus_shown = False  # the ring shows once arrows or a pad move it
        self.pressed: str | None = None  # the key a pointer went down on
        timeout = persist.pop("name_timeout", None)
        self.timeout_ticks = int(timeout * UPDATES_PER_SECOND) if isinstance(timeout, (int, float)) and timeout > 0 else None
        self.quiet_ticks = 0
        self.caret_ticks = 0
        self.caret_drawn = False
        self.name_rect: pygame.Rect | None = None  # where the name (or the placeholder) was last drawn
        self.keys: list[Key] = []
        self.layout_for: tuple[int, int] | None = None
        self._layout()
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.field)

    def resize(self) -> None:
        self._layout()

    # --- layout ---------------------------------------------------------------------------
    def _layout(self) -> None:
        width, height = self.kit.viewport.size
        self.layout_for = (width, height)
        panel_w = min(int(width * 0.94), int(height * 1.5), 1400)
        rows = len(KEY_ROWS) + 1
        # title, field, gap, the key rows; keys are square-ish and at least finger-sized
        unit = min(panel_w / 10.6, height * 0.9 / (rows + 3.0))
        panel_h = int(unit * (rows + 3.0))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        pad = int(unit * 0.1)
        self.title_rect = pygame.Rect(self.panel.left, self.panel.top + pad, panel_w, int(unit * 0.9))
        field_w = int(unit * 8)
        self.field = pygame.Rect(0, self.title_rect.bottom + pad, field_w, int(unit * 1.1))
        self.field.centerx = self.panel.centerx
        top = self.field.bottom + int(unit * 0.4)
        keys: list[Key] = []
        for row, letters in enumerate(KEY_ROWS):
            left = self.panel.centerx - len(letters) * unit / 2
            for column, letter in enumerate(letters):
                rect = pygame.Rect(int(left + column * unit) + pad, int(top + row * unit) + pad,
                                   int(unit) - 2 * pad, int(unit) - 2 * pad)
                keys.append(Key(letter, row, column, rect))
        row = len(KEY_ROWS)
        spans = (4.0, 3.0, 3.0)  # space, delete, OK in key widths
        left = self.panel.centerx - sum(spans) * unit / 2
        for column, (ident, span) in enumerate(zip(ACTION_ROW, spans)):
            rect = pygame.Rect(int(left) + pad, int(top + row * unit) + pad, int(span * unit) - 2 * pad, int(unit) - 2 * pad)
            keys.append(Key(ident, row, column, rect))
            left += span * unit
        self.keys = keys

    def _row(self, row: int) -> list[Key]:
        return [key for key in self.keys if key.row == row]

    def _key_at(self, pos: tuple[int, int]) -> Key | None:
        return next((key for key in self.keys if key.rect.collidepoint(pos)), None)

    def _focused(self) -> Key:
        row, column = self.focus
        keys = self._row(row)
        return keys[min(column, len(keys) - 1)]

    # --- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.MOUSEBUTTONDOWN,
                    pygame.MOUSEBUTTONUP, pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            self.quiet_ticks = 0
        if kind == pygame.TEXTINPUT:
            self.composing = ""
            self.focus_shown = False
            self._type(str(getattr(event, "text", "")))
        elif kind == pygame.TEXTEDITING:
            self.composing = str(getattr(event, "text", ""))
        elif kind == pygame.KEYDOWN:
            self._on_key(getattr(event, "key", 0))
        elif kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            key = self._key_at(event.pos)
            self.pressed = key.ident if key else None
            self.focus_shown = False
        elif kind == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            key = self._key_at(event.pos)
            if key is not None and key.ident == self.pressed:
                self._press(key.ident)
            self.pressed = None
        elif kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            self._on_pad(self.pad.action(event))

    def _on_key(self, key: int) -> None:
        if key in ARROW_STEPS:
            self._move(*ARROW_STEPS[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Enter presses the key the arrows chose; after typing it is OK.
            self._press(self._focused().ident if self.focus_shown else "ok")
        elif key == pygame.K_BACKSPACE and not self.composing:
            self._press("delete")
        elif key == pygame.K_ESCAPE:
            self._press("ok")

    def _on_pad(self, action: str | None) -> None:
        if action in PAD_STEPS:
            self._move(*PAD_STEPS[action])
        elif action == "a":
            if self.focus_shown:
                self._press(self._focused().ident)
            self.focus_shown = True
        elif action == "b":
            self._press("delete")
        elif action in ("x", "start"):
            self._press("ok")

    def _move(self, dx: int, dy: int) -> None:
        if not self.focus_shown:
            self.focus_shown = True
            return
        row, column = self.focus
        if dy:
            old = self._row(row)
            row = (row + dy) % (len(KEY_ROWS) + 1)
            # keep the finger's horizontal place: the nearest key in the new row
            x = old[min(column, len(old) - 1)].rect.centerx
            column = min(range(len(self._row(row))), key=lambda c: abs(self._row(row)[c].rect.centerx - x))
        else:
            column = (min(column, len(self._row(row)) - 1) + dx) % len(self._row(row))
        self.focus = (row, column)

    def _press(self, ident: str) -> None:
        if ident == "ok":
            self._finish(final_name(self.name))
        elif ident == "delete":
            self.name = self.name[:-1]
        elif ident == "space":
            self._type(" ")
        else:
            # The on-screen keys are capitals: a name's words start with one, go on in lower case.
            starts_word = not self.name or self.name.endswith(" ")
            self._type(ident if starts_word else ident.lower())

    def _type(self, text: str) -> None:
        self.name = add_typed(self.name, text)

    def _finish(self, name: str) -> None:
        if name != DEFAULT_NAME:
            self.kit.last_name.remember(name)
        self.pop(name=name)

    # --- time -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.caret_ticks += 1
        self.quiet_ticks += 1
        if self.timeout_ticks is not None and self.quiet_ticks >= self.timeout_ticks:
            self.pop(name=DEFAULT_NAME)

    def is_animating(self) -> bool:
        return self._caret_on() != self.caret_drawn  # the caret blinks once a second

    def _caret_on(self) -> bool:
        return (self.caret_ticks // 60) % 2 == 0

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.layout_for != self.kit.viewport.size:
            self._layout()
        self.kit.viewport.dim(surface, 170)
        radius = max(8, self.panel.height // 30)
        pygame.draw.rect(surface, palette.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, palette.GOLD, self.panel, width=max(2, radius // 4), border_radius=radius)
        with panel(surface, "name entry", self.panel, element=Role.DIALOG):
            self._draw_inside(surface, radius)

    def _draw_inside(self, surface: pygame.Surface, radius: int) -> None:
        fonts, text = self.fonts, self.text
        title = text("name.title")
        size = fonts.fit(title, int(self.title_rect.height * 0.6), self.title_rect.width - 2 * radius, bold=True)
        image = fonts.render(title, size, palette.GOLD, bold=True)
        with panel(surface, "title", self.title_rect, Role.TITLE):
            surface.blit(image, image.get_rect(center=self.title_rect.center))
        with panel(surface, "field", self.field, Role.NAME, element=Role.PANEL):
            self._draw_field(surface)
        for key in self.keys:
            label = text(f"name.{key.ident}") if key.ident in ACTION_ROW else key.ident
            style = "primary" if key.ident == "ok" else "normal"
            focused = self.focus_shown and key == self._focused()
            draw_button(surface, fonts, Button(key.ident, key.rect, label, True, style), key.ident == self.pressed, focused)

    def _draw_field(self, surface: pygame.Surface) -> None:
        fonts, field = self.fonts, self.field
        pygame.draw.rect(surface, palette.SHADOW, field, border_radius=field.height // 5)
        if not self.focus_shown:  # typing goes to the field
            draw_focus_ring(surface, field, field.height // 5)
        size = int(field.height * 0.55)
        shown = self.name + self.composing
        rtl = self.text.rtl  # a right-to-left language fills the field from its right edge
        inset = field.height // 4
        start = {"midright": (field.right - inset, field.centery)} if rtl else {"midleft": (field.left + inset, field.centery)}
        if shown:
            size = fonts.fit(shown + "M", size, field.width - field.height // 2)
            image = fonts.render(shown, size, palette.TEXT)
            rect = image.get_rect(**start)
            self.name_rect = rect
            surface.blit(image, rect)
            if self.composing:  # the input method's composition, underlined until committed
                width = fonts.font(size).size(self.composing)[0]
                left = rect.left if rtl else rect.right - width  # it comes last: leftmost in a right-to-left line
                pygame.draw.line(surface, palette.GOLD, (left, rect.bottom - 2), (left + width, rect.bottom - 2), 2)
            caret_x = rect.left - 2 if rtl else rect.right + 2
        else:
            hint = self.text("name.placeholder", default=self.text.shown_name(DEFAULT_NAME))
            image = fonts.render(hint, fonts.fit(hint, size, field.width), palette.TEXT_DIM)
            self.name_rect = image.get_rect(**start)
            surface.blit(image, self.name_rect)
            caret_x = field.right - inset if rtl else field.left + inset
        self.caret_drawn = self._caret_on()
        if self.caret_drawn:
            pygame.draw.line(surface, palette.TEXT, (caret_x, field.top + field.height // 5),
                             (caret_x, field.bottom - field.height // 5), max(2, field.height // 20))
        counter = f"{len(self.name)}/{MAX_NAME_CHARACTERS}"
        image = fonts.render(counter, max(min_text_px(surface.get_size()), int(field.height * 0.3)), palette.TEXT_DIM)
        beside = {"midright": (field.left - field.height // 5, field.centery)} if rtl else {
            "midleft": (field.right + field.height // 5, field.centery)}
        with panel(surface, "counter", self.panel, Role.VALUE):
            surface.blit(image, image.get_rect(**beside))
