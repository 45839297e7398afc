"""The one pygame_gui manager the menus share, built (and pygame_gui imported, ~0.1 s) on
first use, after the first frame is on screen; a new one only for a new window size (it
holds no words, so languages and Large text need none).

pygame_gui draws nothing: its buttons are click targets the menus draw themselves
(``MenuState.draw_button_bodies``). It sees hover and presses from the events and its
``update``, which the control object calls on every frame before drawing, and draws a
frame after any change here (``changed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

import pygame

if TYPE_CHECKING:
    from pygame_gui import UIManager
    from pygame_gui.core import UIElement


def empty_text_layout(layout: Any) -> None:
    """Let a pygame_gui text layout's images and rows go now: the layout and its rows point
    at each other, and would hold an image each until the cyclic collector came by."""
    rows = getattr(layout, "layout_rows", [])
    for part in (layout, *rows):
        for name, value in list(vars(part).items()):
            if isinstance(value, pygame.Surface):
                setattr(part, name, None)
    if isinstance(rows, list):
        rows.clear()  # the rows point back at the layout: no cycle left


class MenuUI:
    def __init__(self, size: tuple[int, int], on_drop: Callable[[], None] = lambda: None) -> None:
        self.size = size
        self.on_drop = on_drop  # told when a manager is let go (its images wait in cycles)
        self.ready = False  # the control object sets it once the first frame is shown
        self.changed = False  # elements were made or killed since the last drawn frame
        self._manager: UIManager | None = None

    @property
    def manager(self) -> "UIManager":
        if self._manager is None:
            from .ui_theme import make_ui_manager

            self._manager = make_ui_manager(self.size)
        return self._manager

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: a new manager, themed for it, when a menu next needs one."""
        self.size = size
        if self._manager is not None:
            from pygame_gui.core.utility import get_default_manager, set_default_manager

            self._manager.clear_and_reset()
            # pygame_gui keeps the first manager made as its default for ever: with its
            # theme and images, it would outlive the window size it was for.
            if get_default_manager() is self._manager:
                set_default_manager(None)
            self.on_drop()
        self._manager = None
        self.changed = True

    def note_change(self) -> None:
        self.changed = True

    def discard(self, elements: "Iterable[UIElement]") -> None:
        """Kill ``elements`` and let their text images go now.

        A pygame_gui element's text layout and its rows point at each other, so a killed
        button's layout waits for the cyclic collector with an image the size of the button:
        random play left some 35 KB of them per action, tens of MB between two of the heap's
        rests. Emptying the images of the layout and its rows, and the rows, frees them at once."""
        for element in elements:
            element.kill()
            layout = getattr(getattr(element, "drawable_shape", None), "text_box_layout", None)
            if layout is not None:
                empty_text_layout(layout)
            self.changed = True

    def draw_states_when_shown(self, element: "UIElement") -> None:
        """Let ``element`` draw its looks other than the normal one when it first takes them.

        pygame_gui draws a button's normal, hovered, selected and pressed looks as it is
        made, each an image the size of the button (a menu of a dozen buttons: 4-5 MB),
        though a player hovers or presses one button at a time; pygame_gui itself draws a
        look it lacks at the moment it is taken (its disabled look always waits so)."""
        shape = getattr(element, "drawable_shape", None)
        if shape is None:
            return
        for state_id, state in shape.states.items():
            if state_id != "normal":
                state.should_auto_pregen = False
        shape.states_to_redraw_queue = type(shape.states_to_redraw_queue)(
            state_id for state_id in shape.states_to_redraw_queue if shape.states[state_id].should_auto_pregen)

    def process(self, event: pygame.event.Event) -> None:
        if self._manager is not None:
            self._manager.process_events(event)

    def update(self, seconds: float) -> None:
        if self._manager is not None:
            self._manager.update(seconds)

