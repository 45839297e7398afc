"""States and the stack that holds them (Nystrom's *State*, Mekire's state machine).

A state never touches another state: it names what should happen next by setting
``request`` (switch to a key, push an overlay, pop itself, reset the stack, quit) and
hands data on through the ``persist`` dict. The game states form the bottom of the
stack; menus and dialogs push on top and pop back, returning a result dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame


@dataclass
class Request:
    kind: str  # "switch" | "push" | "pop" | "reset" | "quit"
    key: str = ""
    data: dict = field(default_factory=dict)


class State:
    """Base class. ``overlay`` states are drawn over the state below them."""

    overlay = False
    partial_switch = False  # True: replacing another such state, only switch_rects() can differ

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.persist: dict = {}
        self.request: Request | None = None

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        self.persist = persist
        self.request = None

    def exit(self) -> dict:
        return self.persist

    def cover(self) -> None:
        """Another state was pushed on top of this one."""

    def resume(self, result: dict) -> None:
        """The state on top popped; ``result`` is what it handed back."""

    def resize(self) -> None:
        """The window changed size; ``ctx.layout`` is already up to date."""

    # --- per frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        pass

    def is_animating(self) -> bool:
        """True while something moves, so the loop keeps drawing; False lets it idle."""
        return False

    def switch_rects(self) -> list | None:
        """When this state just replaced another full-screen state without input: the
        areas that may differ from it, or None for the whole frame."""
        return None

    def static_rects(self) -> list | None:
        """Still parts this state will repaint on the next frame (None: the whole frame)."""
        return []

    def prepare_frame(self, alpha: float) -> None:
        """Before ``animated_rects`` on a frame where only animation moved: put moving
        things where this frame shows them."""

    def animated_rects(self) -> list | None:
        """The screen areas animation can change between two frames without input, or
        None for "anything" (the whole frame is then drawn and presented). Only these
        areas are drawn (clipped) and presented; an empty list skips the frame."""
        return None

    # --- naming the successor -----------------------------------------------------------
    def switch(self, key: str, **data) -> None:
        self.request = Request("switch", key, data)

    def push(self, key: str, **data) -> None:
        self.request = Request("push", key, data)

    def pop(self, **result) -> None:
        self.request = Request("pop", "", result)

    def reset(self, key: str, **data) -> None:
        self.request = Request("reset", key, data)

    def quit(self) -> None:
        self.request = Request("quit")


class StateMachine:
    def __init__(self, factories: dict[str, Callable[[], State]]) -> None:
        self.factories = factories
        self.stack: list[State] = []
        self.keys: list[str] = []
        self.persist: dict = {}
        self.quit_requested = False

    @property
    def top(self) -> State:
        return self.stack[-1]

    @property
    def top_key(self) -> str:
        return self.keys[-1]

    def start(self, key: str, persist: dict | None = None, overlays: tuple[str, ...] = ()) -> None:
        self.persist = persist if persist is not None else {}
        self._enter(key)
        for overlay in overlays:
            self.top.cover()
            self._enter(overlay)

    def restart(self, key: str, persist: dict, overlays: tuple[str, ...] = ()) -> None:
        """Leave every state and start afresh (e.g. when a player interrupts the demo)."""
        while self.stack:
            self.stack.pop().exit()
            self.keys.pop()
        self.start(key, persist, overlays)

    def _enter(self, key: str, data: dict | None = None) -> None:
        state = self.factories[key]()
        if data:
            self.persist.update(data)
        self.stack.append(state)
        self.keys.append(key)
        state.enter(self.persist)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.top.handle_event(event)
        self.apply_requests()

    def update(self, dt: float) -> None:
        self.top.update(dt)
        self.apply_requests()

    def apply_requests(self) -> None:
        for _ in range(8):  # a state may request again in enter(); bounded, never a loop
            request, state = self.top.request, self.top
            if request is None:
                return
            state.request = None
            if request.kind == "quit":
                self.quit_requested = True
                return
            if request.kind == "switch":
                self.persist = state.exit()
                self.stack.pop()
                self.keys.pop()
                self._enter(request.key, request.data)
            elif request.kind == "push":
                state.cover()
                self._enter(request.key, request.data)
            elif request.kind == "pop" and len(self.stack) > 1:
                self.persist = state.exit()
                self.stack.pop()
                self.keys.pop()
                self.top.resume(request.data)
            elif request.kind == "reset":
                while self.stack:
                    self.persist = self.stack.pop().exit()
                    self.keys.pop()
                self._enter(request.key, request.data)

    def resize(self) -> None:
        for state in self.stack:
            state.resize()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for state in self.stack[first:]:
            state.draw(surface, alpha)

    def is_animating(self) -> bool:
        return self.top.is_animating()
