"""A menu with one line of typed text (a challenge code, a board's address): letters typed go
in, Backspace takes one out, Enter chooses the first button; a problem shows in coral under
the field until the player types again. A text longer than the field shows its end, where
the next letter goes.

An on-screen keyboard (:mod:`..input.keyboard`) under the field types too, for a touch
screen with no keyboard (a kiosk): fingers tap its keys; arrows or a game controller walk
them (up from the menu's buttons into the keys, down from the last row back out), Enter
presses the key shown."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..input.keyboard import KeyboardLayout, OnScreenKeyboard
from .button_row import words_width
from ..audit.draw_log import Role, panel
from . import palette
from ..text.fit import fitted_size, min_text_px
from ..text.menu_text import blit_ink
from ..text.text_runs import isolated
from .menu import MenuKit, MenuState
from .placed import Placed, element, pieces, placed_ink_in
from .presenter import Presenter
from ..text.fonts import FontBook

KEY_ACTIONS = (("delete", 3.0),)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


@dataclass(frozen=True)
class EntryBoxes:
    """The body's parts: the field, the problem's line under it and the on-screen keys'
    area under that (None: no keys)."""

    field: pygame.Rect
    problem: pygame.Rect
    keys: pygame.Rect | None


def entry_boxes(fonts: FontBook, body: pygame.Rect, window: tuple[int, int], with_keys: bool) -> EntryBoxes:
    """Where the field, its problem's line and the keys go in ``body``: the field shorter
    where keys share the body."""
    floor = min_text_px(window)
    line_h = max(floor * 2, fonts.line_step(floor) + 4)  # the problem's line
    field = body.inflate(-body.width // 5, 0)
    field.height = min(body.height * 2 // 3, max(line_h, body.height // 5)) if with_keys else body.height * 2 // 3
    field.top = body.top
    problem = pygame.Rect(body.left, field.bottom + 2, body.width, line_h)
    keys = pygame.Rect(body.left, problem.bottom, body.width, body.bottom - problem.bottom) if with_keys else None
    return EntryBoxes(field, problem, keys)


@dataclass(frozen=True)
class FieldInputs:
    """What the field's words are planned from."""

    boxes: EntryBoxes
    window: tuple[int, int]
    generation: int  # the fonts' language and text scale
    typed: str
    problem: str


@dataclass(frozen=True)
class FieldPlan:
    """The field's letters: their size (one for any length typed, so letters keep their size
    as they come), the caret's width, what of the typed text shows (its end, where the next
    letter goes), at what size, and the problem's size."""

    px: int
    caret_w: int
    shown: str
    shown_px: int
    problem_px: int
    inside: pygame.Rect  # the field less its rim and margins

    @property
    def text_box(self) -> pygame.Rect:
        """Where the typed text's ink is centred: the field's inside, clear of the caret."""
        return self.inside.inflate(-self.caret_w, 0)


class TextEntry(MenuState):
    drawn_body = True
    compact_body = True
    max_typed = 12
    field_letters = 0  # the field's letters are sized for this many (0: ``max_typed``)
    upper = False  # codes are shown in capitals as typed
    keys_layout: KeyboardLayout | None = None  # the on-screen keyboard's letters (None: no keyboard)

    def __init__(self, kit: MenuKit, typed: str = "") -> None:
        super().__init__(kit)
        self.typed = typed
        self.problem = ""  # a translated line, or ""
        self.keys: OnScreenKeyboard | None = None
        self.boxes: EntryBoxes | None = None  # laid out with the menu
        self.field_plans: Presenter[FieldInputs, FieldPlan] = Presenter(self._plan_field)
        if self.keys_layout is not None:
            self.compact_body, self.wide = False, True  # room for the keys
            self.keys = OnScreenKeyboard([self.keys_layout], self.keys_layout.script, KEY_ACTIONS, kit.text.rtl)

    def build(self) -> None:
        """The menu, then its body's field and keys (after a resize or a language switch
        too): a tap finds its key before any frame is drawn."""
        super().build()
        body = self.body_rect
        self.boxes = None if body is None else entry_boxes(self.fonts, body, self.kit.viewport.size,
                                                            self.keys is not None)
        keys = self.keys
        if keys is not None and self.boxes is not None and self.boxes.keys is not None:
            keys.rtl = self.text.rtl
            keys.lay_out(self.boxes.keys, widths=lambda ident, height: words_width(self.fonts, self._key_label(ident),
                                                                                  height))
            keys.size_labels(self.fonts, self._key_label)

    def submit(self) -> None:
        """Enter, or the first button."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.built and self.keys is not None and self._on_keys(event):
            return
        if event.type == pygame.KEYDOWN and self.built:
            if event.key == pygame.K_BACKSPACE:
                self.edit(self.typed[:-1])
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return
            char = getattr(event, "unicode", "") or ""
            if len(char) == 1 and char.isprintable() and (char != " " or self.typed) and event.key != pygame.K_ESCAPE:
                self.type_text(char)
                return
        super().handle_event(event)

    def type_text(self, char: str) -> None:
        if len(self.typed) < self.max_typed:
            self.edit(self.typed + (char.upper() if self.upper else char))

    def _on_keys(self, event: pygame.event.Event) -> bool:
        """The on-screen keys' share of ``event``; True if it was theirs."""
        keys = self.keys
        assert keys is not None
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            key = keys.key_at(event.pos)
            keys.pressed = key.ident if key is not None else None
            keys.focus_shown = False
            if key is not None:
                self.kit.ui.note_change()
                return True
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and keys.pressed is not None:
            key = keys.key_at(event.pos)
            if key is not None and key.ident == keys.pressed:
                self.press_key(key.ident)
            keys.pressed = None
            self.kit.ui.note_change()
            return True
        elif event.type == pygame.KEYDOWN and event.key in ARROWS:
            dx, dy = ARROWS[event.key]
            if keys.focus_shown:
                row, _ = keys.focus
                if dy > 0 and row == max(key.row for key in keys.keys):
                    keys.focus_shown = False  # down from the last row: out to the menu's buttons
                    self.keyboard, self.focus_index = True, 0
                else:
                    keys.move(dx, dy)
            elif dy < 0 or not self.keyboard:  # up from the buttons, or the first arrow: into the keys
                keys.focus_shown = True
                self.keyboard = False
                if dy < 0:
                    keys.focus = (max(key.row for key in keys.keys), 0)
            else:
                return False  # along the menu's buttons
            self.kit.ui.note_change()
            return True
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and keys.focus_shown:
            focused = keys.focused()
            if focused is not None:
                self.press_key(focused.ident)
            return True
        return False

    def press_key(self, ident: str) -> None:
        if ident == "delete":
            self.edit(self.typed[:-1])
        elif self.keys is not None:
            self.type_text(self.keys.letter(ident, starts_word=True))

    def edit(self, typed: str) -> None:
        self.typed, self.problem = typed, ""
        self.kit.ui.note_change()

    def show_problem(self, line: str) -> None:
        self.problem = line
        self.kit.ui.note_change()

    def prepare(self) -> None:
        super().prepare()
        if self.boxes is not None:
            self.field_plans.present(FieldInputs(self.boxes, self.kit.viewport.size, self.fonts.generation,
                                                 self.typed, self.problem))

    def _plan_field(self, inputs: FieldInputs) -> FieldPlan:
        fonts, field, problem = self.fonts, inputs.boxes.field, inputs.boxes.problem
        floor = min_text_px(inputs.window)
        box = field.inflate(-16, -field.height // 5)
        # Sized for a full field, so the letters keep their size as they come; the caret after
        # them is drawn (a typed "_" would go to the left of a code in a right-to-left line).
        px = fitted_size(fonts, "W" * ((self.field_letters or self.max_typed) + 1), int(field.height * 0.6),
                         (box.width, 0), True, floor)
        caret_w = max(4, px // 2)
        # an isolate: "https://" keeps its order in a right-to-left language too
        shown = isolated(self._end_that_fits(inputs.typed, px, box.width - caret_w)) if inputs.typed else ""
        shown_px = fitted_size(fonts, shown, px, box.size, True, floor) if shown else px
        problem_px = fitted_size(fonts, inputs.problem, max(floor, problem.height * 2 // 3), problem.size, False,
                                 floor) if inputs.problem else floor
        return FieldPlan(px, caret_w, shown, shown_px, problem_px, box)

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts, boxes, plan = self.fonts, self.boxes, self.field_plans.plan
        if boxes is None or plan is None:
            return
        field, problem = boxes.field, boxes.problem
        pygame.draw.rect(surface, palette.SHADOW, field, border_radius=8)
        pygame.draw.rect(surface, palette.GOLD, field, width=2, border_radius=8)
        box = plan.inside
        px, caret_w = plan.px, plan.caret_w
        if plan.shown:
            image = fonts.render(plan.shown, plan.shown_px, palette.TEXT, True)
            with panel(surface, "field", field, element=Role.PANEL):
                ink = blit_ink(surface, image, plan.text_box)
        else:
            with panel(surface, "field", field, element=Role.PANEL):
                ink = pygame.Rect(box.centerx, box.centery - px // 3, 0, px * 2 // 3)
        if len(self.typed) < self.max_typed:
            pygame.draw.rect(surface, palette.TEXT, (ink.right + 2, ink.bottom - max(2, px // 12), caret_w,
                                                     max(2, px // 12)))
        if self.problem:
            image = fonts.render(self.problem, plan.problem_px, palette.CORAL)
            with panel(surface, "problem", problem):
                blit_ink(surface, image, problem)
        if self.keys is not None:
            self.keys.draw(surface, fonts, self._key_label, lambda ident: "normal")

    def placed_body(self) -> tuple[Placed, ...]:
        """The field and what of the typed text it shows, the problem under it, and the keys."""
        fonts, boxes, plan = self.fonts, self.boxes, self.field_plans.plan
        if boxes is None or plan is None:
            return ()
        field, problem = boxes.field, boxes.problem
        shown = problem_line = None
        if plan.shown:
            shown = placed_ink_in(fonts, plan.shown, plan.shown_px, plan.text_box, Role.VALUE, field, True)
        if self.problem:
            problem_line = placed_ink_in(fonts, self.problem, plan.problem_px, problem, Role.NOTICE, problem)
        keys = self.keys.pieces(fonts, self._key_label) if self.keys is not None else []
        return pieces(element(Role.PANEL, field, "field"), shown, problem_line, keys)

    def _end_that_fits(self, typed: str, px: int, width: int) -> str:
        """The typed text, or as much of its end as fits ``width`` after an ellipsis."""
        if self.fonts.size(typed, px, True)[0] <= width:
            return typed
        low, high = 1, len(typed)  # the most letters of the end that fit (binary search)
        while low < high:
            middle = (low + high + 1) // 2
            if self.fonts.size("…" + typed[-middle:], px, True)[0] <= width:
                low = middle
            else:
                high = middle - 1
        return "…" + typed[-low:]

    def _key_label(self, ident: str) -> str:
        return self.text("name.delete") if ident == "delete" else ident
