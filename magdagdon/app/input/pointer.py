"""One pointer for mouse and touch.

Finger events arrive with normalised coordinates; they become left-button mouse events
at window pixels. The mouse events SDL synthesises from the same touch (``touch=True``)
are dropped, so a tap acts once. Only the first finger drives the pointer.
"""

from __future__ import annotations

import pygame


class PointerTranslator:
    def __init__(self) -> None:
        self.finger: int | None = None

    def translate(self, event: pygame.event.Event, window_size: tuple[int, int]) -> list[pygame.event.Event]:
        kind = event.type
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return [] if getattr(event, "touch", False) else [event]
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            finger = getattr(event, "finger_id", 0)
            if kind == pygame.FINGERDOWN:
                if self.finger is not None:
                    return []
                self.finger = finger
            elif finger != self.finger:
                return []
            w, h = window_size
            pos = (int(event.x * w), int(event.y * h))
            if kind == pygame.FINGERDOWN:
                return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)]
            if kind == pygame.FINGERUP:
                self.finger = None
                return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)]
            rel = (int(event.dx * w), int(event.dy * h))
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), touch=False)]
        return [event]
