"""The menus' buttons: pygame_gui buttons that keep one image each, the look shown.

The game draws every button, its body and its words (``MenuState.draw_button_bodies``,
``MenuState.draw_button_labels``), so pygame_gui's buttons are click targets, transparent
and without text; yet pygame_gui lays out even an empty text, and for
each look it draws it keeps the look's image, a copy of it from before the text, a
transparent image for the text, the text layout's own image, its row's image and a blank
image to start each look from, and the button shows a copy of the look's image: seven
images the size of the button where one is shown (at 1920×1080 the settings' thirteen
buttons held 9.7 MB of them).

A ``PlainButton`` lets the text layout go as soon as it is built, so no look draws text
(there is none), and the blank starting image too: pygame_gui starts each look from a
fresh blank image when it has none, which is the same image; and it shows the look's own
image. Each look is drawn exactly as a stock pygame_gui button draws it
(``tests/test_app_caches.py`` compares the pixels).

pygame_gui is imported here: import this module only once the menus need pygame_gui.
"""

from __future__ import annotations

import pygame
from pygame_gui.core.drawable_shapes import RectDrawableShape
from pygame_gui.elements import UIButton

from .menu_ui import empty_text_layout


class PlainButton(UIButton):
    """A button with no text of pygame_gui's (``""``): the game writes on it."""

    def _set_image(self, new_image: pygame.Surface | None) -> None:
        """Show the look's own image: pygame_gui would show a copy of it (another image the
        size of the button), so that what it draws on the element spares the look. It draws
        on an element only to clip it (in a container scrolled or too small) and for its
        visual debugging: the button takes its own copy then (below)."""
        if new_image is None or self.get_image_clipping_rect() is not None:
            super()._set_image(new_image)
            return
        self.image = new_image
        self._pre_clipped_image = None

    def _own_image(self) -> None:
        if self.image is not None and self.drawable_shape is not None and any(
                self.image is state.surface for state in self.drawable_shape.states.values()):
            self.image = self.image.copy()

    def _set_image_clip(self, rect: pygame.Rect | None) -> None:
        if rect is not None:
            self._own_image()
        super()._set_image_clip(rect)

    def _put_visual_debug_text_onto_element(self, layer_text_render: pygame.Surface) -> None:
        self._own_image()
        super()._put_visual_debug_text_onto_element(layer_text_render)

    def rebuild(self) -> None:
        super().rebuild()
        self.keep_only_the_looks()

    def keep_only_the_looks(self) -> None:
        shape = self.drawable_shape
        if shape is None or self.text:
            return
        if shape.text_box_layout is not None:
            empty_text_layout(shape.text_box_layout)
            shape.text_box_layout = None
        # Looks drawn later add no text, and a rebuild at a new size lays none out.
        shape.theming["text"] = None
        for state in shape.states.values():
            state.pre_text_surface = None  # kept to put text edits on; there is no text
            state.text_surface = None
        if getattr(shape, "shadow_width", None) == 0 and isinstance(shape, RectDrawableShape):
            shape.base_surface = None  # a blank image: a plain rectangle makes the same when it has none

    def disable(self) -> None:
        """Show the disabled look and let the normal one go: a button made disabled (a choice
        with nothing to choose yet) had drawn its normal look as it was made, and would keep
        that image beside the one it shows. Enabled again, pygame_gui draws the normal look
        afresh, as it draws any look it lacks when the button takes it."""
        super().disable()
        shape = self.drawable_shape
        if shape is None or shape.active_state.state_id != "disabled":
            return
        for state_id, state in shape.states.items():
            if state is not shape.active_state and state.generated:
                state.surface = pygame.Surface((0, 0), flags=pygame.SRCALPHA, depth=32)
                state.generated = False
