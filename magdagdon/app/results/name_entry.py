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

from typing import TYPE_CHECKING, Callable

from dataclasses import dataclass

import pygame

from magdagdon.storage import DEFAULT_NAME

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..input.gamepad import PadReader
from ..input.keyboard import LAYOUTS, Key, OnScreenKeyboard
from ..ui.button_row import words_width
from .name_field import Line, NameFieldInputs, NameFieldPlan, plan_name_field
from .player_name import LastName, add_typed, final_name
from ..audit.draw_log import Role, panel
from ..ui import palette
from ..ui.placed import Placed, element, pieces, placed_text
from ..ui.presenter import Presenter
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
    redraw: Callable[[], None]  # asks the loop for a frame though nothing was pressed (the caret's blink)


class NameEntry(State):
    overlay = True
    reads_pad = True  # its own controller handling: A types the focused key

    def __init__(self, kit: NameEntryKit) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts = kit.text, kit.fonts
        self.pad = PadReader()
        self.plans: Presenter[NameFieldInputs, NameFieldPlan] = Presenter(
            lambda inputs: plan_name_field(kit.fonts, kit.text, inputs))

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
        self.keyboard = OnScreenKeyboard(list(LAYOUTS.values()), self.text.script, ACTIONS, self.text.rtl)
        self._layout()
        self.keyboard.focus = (self._letters_top() + 1, 0)  # the first row of letters under the digits
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.field)

    def resize(self) -> None:  # and a language switch
        self.keyboard.rtl = self.text.rtl
        self._layout()

    def present(self) -> NameFieldPlan:
        """The plan of the title and the field for the dialog's boxes and what is typed now
        (kept while they hold): after each rebuild, input and tick, never in draw."""
        radius = max(8, self.panel.height // 30)
        inputs = NameFieldInputs(self.title_rect, self.field, radius, self.kit.viewport.size, self.text.locale,
                                 self.fonts.scale, self.name, self.composing)
        self.plan = self.plans.present(inputs)
        return self.plan

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
        keyboard = self.keyboard
        top = [(OFFER, 3.0)] if self.offered else []
        rows = keyboard.rows_needed(bool(top))
        panel_w = min(int(width * 0.96), int(height * 1.6))
        # the title, the field, a gap, the key rows; keys square and at least finger-sized
        unit = min(panel_w / (keyboard.widest_row(top) + 0.6), height * 0.94 / (rows + 2.7))
        panel_h = int(unit * (rows + 2.7))
        self.panel = self.kit.viewport.frame.dialog_at((panel_w, panel_h))
        pad = int(unit * 0.15)
        self.title_rect = pygame.Rect(self.panel.left + pad, self.panel.top + pad, panel_w - 2 * pad, int(unit * 0.9))
        self.field = pygame.Rect(0, self.title_rect.bottom + pad, int(unit * 8), int(unit * 1.1))
        self.field.centerx = self.panel.centerx
        area = pygame.Rect(self.panel.left, self.field.bottom + pad, panel_w, self.panel.bottom - pad - self.field.bottom - pad)
        keyboard.lay_out(area, top, self._key_width)
        keyboard.size_labels(self.fonts, self._label)
        self.present()

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
        self.present()

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
        caret_was_on = self.caret_on()
        self.caret_ticks += 1
        if self.caret_on() != caret_was_on:
            self.kit.redraw()  # the caret blinks once a second: the next frame shows it
        self.quiet_ticks += 1
        if self.timeout_ticks is not None and self.quiet_ticks >= self.timeout_ticks:
            self.pop(NameGiven(DEFAULT_NAME))
        self.present()

    def caret_on(self) -> bool:
        """The caret's blink at this tick (read by draw: nothing records what was drawn)."""
        return (self.caret_ticks // 60) % 2 == 0

    # --- what the plan places ----------------------------------------------------------------
    def placed(self) -> tuple[Placed, ...]:
        """The veil dimming what is under the dialog, the dialog; on it (layer 1) the title,
        the field with the name or its placeholder, the count of letters and the keys."""
        plan, fonts = self.plan, self.fonts

        def text(line: Line, role: Role, box: pygame.Rect) -> Placed | None:
            return placed_text(fonts, line.words, line.size, line.at, role, box, line.bold, 1)

        return pieces(element(Role.VEIL, pygame.Rect((0, 0), self.kit.viewport.size), "veil", opaque=False),
                      element(Role.DIALOG, self.panel, "name entry"),
                      text(plan.title, Role.TITLE, self.title_rect),
                      element(Role.PANEL, self.field, "field", 1),
                      text(plan.shown, Role.NAME, self.field),
                      text(plan.counter, Role.VALUE, self.panel),
                      self.keyboard.pieces(fonts, self._label, self._shown, 1))

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.kit.viewport.dim(surface, 170)
        radius = max(8, self.panel.height // 30)
        pygame.draw.rect(surface, palette.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, palette.GOLD, self.panel, width=max(2, radius // 4), border_radius=radius)
        with panel(surface, "name entry", self.panel, element=Role.DIALOG):
            self._draw_inside(surface)

    def _draw_inside(self, surface: pygame.Surface) -> None:
        plan = self.plan
        with panel(surface, "title", self.title_rect):
            self._blit(surface, plan.title)
        with panel(surface, "field", self.field, element=Role.PANEL):
            self._draw_field(surface, plan)
        self.keyboard.draw(surface, self.fonts, self._label, self._style, self._shown)

    def _blit(self, surface: pygame.Surface, line: Line) -> None:
        surface.blit(self.fonts.render(line.words, line.size, line.colour, line.bold), line.at)

    def _draw_field(self, surface: pygame.Surface, plan: NameFieldPlan) -> None:
        field = self.field
        pygame.draw.rect(surface, palette.SHADOW, field, border_radius=field.height // 5)
        if not self.keyboard.focus_shown:  # typing goes to the field
            draw_focus_ring(surface, field, field.height // 5)
        self._blit(surface, plan.shown)
        if plan.underline is not None:
            left, right, y = plan.underline
            pygame.draw.line(surface, palette.GOLD, (left, y), (right, y), 2)
        if self.caret_on():
            top, bottom, width = plan.caret
            pygame.draw.line(surface, palette.TEXT, (plan.caret_x, top), (plan.caret_x, bottom), width)
        with panel(surface, "counter", self.panel):
            self._blit(surface, plan.counter)


def screen(services: Services) -> NameEntry:
    return NameEntry(NameEntryKit(services.table.text, services.table.fonts, services.table.viewport,
                                   services.last_name, services.menu.ui.note_change))
