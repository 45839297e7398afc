"""The table's input: the pointer (the button under it, a press released on what it went down
on, a tray die dragged to a cell) and the keyboard (the focus walked over dice, cells and
buttons, the keys that press a target). The game state it serves says where its targets
are and what each does (``InputTable``); this file holds only what the hands are doing."""

from __future__ import annotations

from typing import Protocol

import pygame

from ..input.focus import ARROW_KEYS, FocusKey, Target, index_of, step_focus
from ..shell.loop import ticks
from ..ui.widgets import Button
from .layout import Layout
from .session import GameSession

# A press this soon (0.3 s of game time) after the player acted, in a state that action led
# to, is the second tap of a double tap: it was meant for the state before and does nothing.
# Likewise a tap skips the roll animation only once the dice have tumbled this long.
DOUBLE_TAP_TICKS = ticks(0.3)


class InputTable(Protocol):
    """The game state the input serves: its targets, and what acting on them does."""

    @property
    def key(self) -> str: ...

    @property
    def session(self) -> GameSession: ...

    @property
    def layout(self) -> Layout: ...

    def buttons(self) -> list[Button]: ...

    def hit(self, pos: tuple[int, int]) -> FocusKey | None: ...

    def activate(self, target: FocusKey) -> None: ...

    def can_drag(self, die: int) -> bool: ...

    def on_drop(self, die: int, cell: int | None) -> None: ...

    def on_other_key(self, key: int) -> None: ...

    def open_menu(self) -> None: ...

    def poke(self) -> None: ...


def target_at(pos: tuple[int, int], buttons: list[Button], session: GameSession, layout: Layout) -> FocusKey | None:
    """The button, tray die (its sprite or its slot) or cell under ``pos``, in that order."""
    for button in buttons:
        if button.rect.collidepoint(pos):
            return ("button", button.ident)
    for die in session.game.tray:
        sprite = session.sprites.get(die)
        if sprite and (sprite.rect.collidepoint(pos) or layout.tray_slots[die].collidepoint(pos)):
            return ("die", die)
    for cell, rect in enumerate(layout.cells):
        if rect.collidepoint(pos):
            return ("cell", cell)
    return None


def cell_at(layout: Layout, pos: tuple[int, int]) -> int | None:
    """The board cell under ``pos``, whatever is drawn over it (a drop asks this: the
    dragged die itself is always under the pointer)."""
    return next((cell for cell, rect in enumerate(layout.cells) if rect.collidepoint(pos)), None)


def focus_targets(table: InputTable) -> list[Target]:
    """What the keyboard's focus may stand on: the tray dice, the cells, the enabled buttons."""
    layout = table.layout
    targets = [Target("die", d, layout.tray_slots[d]) for d in table.session.game.tray]
    targets += [Target("cell", c, r) for c, r in enumerate(layout.cells)]
    targets += [Target("button", b.ident, b.rect) for b in table.buttons() if b.enabled]
    return targets


def double_tap(table: InputTable) -> bool:
    """True for a press that is the second tap of one meant for the state before."""
    session = table.session
    return session.ticks - session.acted_at < DOUBLE_TAP_TICKS and session.acted_in != table.key


def skip_roll(session: GameSession) -> None:
    """A tap skips the roll animation, once it has played long enough to be seen."""
    if session.ticks - session.rolled_at >= DOUBLE_TAP_TICKS:
        session.skip_animations()


class TableInput:
    """Where the pointer and the keyboard's focus stand on the table, and what they hold."""

    def __init__(self, focus: FocusKey | None, keyboard: bool) -> None:
        self.hover: str | None = None  # the button under the pointer
        self.pressed: FocusKey | None = None  # what the pointer went down on
        self.drag_die: int | None = None
        self.down_pos = (0, 0)
        self.focus = focus
        self.keyboard = keyboard  # the focus ring shows (the keyboard was used last)

    def focused(self, key: FocusKey) -> bool:
        """``key`` has the focus, and its ring shows."""
        return self.keyboard and self.focus == key

    def handle_event(self, event: pygame.event.Event, table: InputTable) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False if event.rel != (0, 0) else self.keyboard
            self._pointer_move(event.pos, table)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            self._pointer_down(event.pos, table)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._pointer_up(event.pos, table)
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
            self.on_key(event.key, table)

    def let_go(self, session: GameSession) -> None:
        """Nothing stays pressed or dragged (a menu came over the table)."""
        self.drag_die = None
        self.pressed = None
        for sprite in session.sprites.values():
            sprite.dragging = False

    def _pointer_move(self, pos: tuple[int, int], table: InputTable) -> None:
        target = table.hit(pos)
        self.hover = str(target[1]) if target and target[0] == "button" else None
        session = table.session
        die = index_of(self.pressed, "die")
        if die is not None and self.drag_die is None:
            far = abs(pos[0] - self.down_pos[0]) + abs(pos[1] - self.down_pos[1]) > table.layout.die_size * 0.2
            if far and table.can_drag(die):
                self.drag_die = die
                session.selected = die
                session.sprites[die].dragging = True
                table.poke()
        if self.drag_die is not None:
            sprite = session.sprites[self.drag_die]
            sprite.pos.update(pos)
            sprite.prev_pos.update(pos)

    def _pointer_down(self, pos: tuple[int, int], table: InputTable) -> None:
        self.pressed = None
        if double_tap(table):
            return
        self.pressed = table.hit(pos)
        self.down_pos = pos
        if table.session.tumbling:
            skip_roll(table.session)

    def _pointer_up(self, pos: tuple[int, int], table: InputTable) -> None:
        pressed, self.pressed = self.pressed, None
        if self.drag_die is not None:
            die, self.drag_die = self.drag_die, None
            table.session.sprites[die].dragging = False
            table.on_drop(die, cell_at(table.layout, pos))
            table.session.place_sprites()
            return
        released = table.hit(pos)
        if pressed is not None and released == pressed:
            table.activate(pressed)

    def on_key(self, key: int, table: InputTable) -> None:
        if key in ARROW_KEYS or key == pygame.K_TAB:
            shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
            direction = ARROW_KEYS.get(key) or ("previous" if shift else "next")
            self.focus = step_focus(focus_targets(table), self.focus, direction)
        elif key == pygame.K_ESCAPE:
            table.open_menu()
        elif double_tap(table):
            return  # a key hammered twice acts once
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if table.session.tumbling:
                skip_roll(table.session)
            elif self.focus and any(t.key == self.focus for t in focus_targets(table)):
                table.activate(self.focus)
        elif key == pygame.K_h:
            table.activate(("button", "hint"))
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            table.activate(("die", key - pygame.K_1))
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            table.activate(("button", "minus"))
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            table.activate(("button", "plus"))
        else:
            table.on_other_key(key)
