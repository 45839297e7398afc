"""States and the stack that holds them (Nystrom's *State*, Mekire's state machine).

A state never touches another state: it names what should happen next by setting
``request`` (switch to a key, push an overlay, pop itself, reset the stack, quit) and
hands data on through the ``persist`` dict. The game states form the bottom of the
stack; menus and dialogs push on top and pop back, returning a result dict. Each state
receives the services it uses in its constructor; the machine makes states by key.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from .render.draw_log import panel

Persist = dict[str, Any]


class RequestKind(enum.Enum):
    SWITCH = "switch"  # replace this state by ``key``
    PUSH = "push"  # put ``key`` on top of this one
    POP = "pop"  # leave, handing ``data`` back to the state below
    RESET = "reset"  # leave every state and start ``key``
    QUIT = "quit"


@dataclass
class Request:
    kind: RequestKind
    key: str = ""
    data: Persist = field(default_factory=dict)


class State:
    """Base class. ``overlay`` states are drawn over the state below them."""

    overlay = False

    def __init__(self) -> None:
        self.persist: Persist = {}
        self.request: Request | None = None

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self, persist: Persist) -> None:
        self.persist = persist
        self.request = None

    def exit(self) -> Persist:
        return self.persist

    def cover(self) -> None:
        """Another state was pushed on top of this one."""

    def resume(self, result: Persist) -> None:
        """The state on top popped; ``result`` is what it handed back."""

    def resize(self) -> None:
        """The window changed size; the viewport's layout is already up to date."""

    # --- per frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        pass

    def is_animating(self) -> bool:
        """True while the next frame would look different without input (a pure question:
        the loop asks it to decide between drawing and sleeping)."""
        return False

    # --- naming the successor -----------------------------------------------------------
    def switch(self, key: str, **data: Any) -> None:
        self.request = Request(RequestKind.SWITCH, key, data)

    def push(self, key: str, **data: Any) -> None:
        self.request = Request(RequestKind.PUSH, key, data)

    def pop(self, **result: Any) -> None:
        self.request = Request(RequestKind.POP, "", result)

    def reset(self, key: str, **data: Any) -> None:
        self.request = Request(RequestKind.RESET, key, data)

    def quit(self) -> None:
        self.request = Request(RequestKind.QUIT)


class StateMachine:
    def __init__(self, factories: dict[str, Callable[[], State]]) -> None:
        self.factories = factories
        self.stack: list[State] = []
        self.keys: list[str] = []
        self.persist: Persist = {}
        self.quit_requested = False
        self.changed = False  # the stack changed since the loop last looked

    @property
    def top(self) -> State:
        return self.stack[-1]

    @property
    def top_key(self) -> str:
        return self.keys[-1]

    def start(self, key: str, persist: Persist | None = None, overlays: tuple[str, ...] = ()) -> None:
        self.persist = persist if persist is not None else {}
        self._enter(key)
        for overlay in overlays:
            self.top.cover()
            self._enter(overlay)
        self.apply_requests()

    def restart(self, key: str, persist: Persist, overlays: tuple[str, ...] = ()) -> None:
        """Leave every state and start afresh (e.g. when a player interrupts the demo)."""
        self._leave_all()
        self.start(key, persist, overlays)

    def _leave_all(self) -> None:
        while self.stack:
            self.persist = self.stack.pop().exit()
            self.keys.pop()

    def _enter(self, key: str, data: Persist | None = None) -> None:
        state = self.factories[key]()
        if data:
            self.persist.update(data)
        self.stack.append(state)
        self.keys.append(key)
        state.enter(self.persist)
        self.changed = True

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
            self.changed = True
            if request.kind is RequestKind.QUIT:
                self.quit_requested = True
                return
            if request.kind is RequestKind.SWITCH:
                self.persist = state.exit()
                self.stack.pop()
                self.keys.pop()
                self._enter(request.key, request.data)
            elif request.kind is RequestKind.PUSH:
                state.cover()
                self._enter(request.key, request.data)
            elif request.kind is RequestKind.POP and len(self.stack) > 1:
                self.persist = state.exit()
                self.stack.pop()
                self.keys.pop()
                self.top.resume(request.data)
            elif request.kind is RequestKind.RESET:
                self._leave_all()
                self._enter(request.key, request.data)

    def resize(self) -> None:
        for state in self.stack:
            state.resize()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for key, state in zip(self.keys[first:], self.stack[first:]):
            with panel(surface, key):  # the log names each state's drawing after it
                state.draw(surface, alpha)

    def is_animating(self) -> bool:
        return self.top.is_animating()
