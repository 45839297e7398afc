"""States and the stack that holds them (Nystrom's *State*, Mekire's state machine).

A state never touches another state: it names what should happen next by setting
``request`` (switch to a key, push an overlay, pop itself, reset the stack, quit). What a
screen needs to open with travels in the request as a typed :class:`~.payloads.Payload`;
a dialog pops with a typed :class:`~.payloads.Answer` for the state below. The play they
all share (the game, the party) is the machine's one :class:`~.play_context.PlayContext`.
The game states form the bottom of the stack; menus and dialogs push on top and pop back.
Each state receives the services it uses in its constructor; the machine makes states by key.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Hashable, Mapping

import pygame

from .payloads import Answer, Payload
from .play_context import PlayContext
from .screen_key import ScreenKey
from ..audit.draw_log import panel

if TYPE_CHECKING:
    from ..ui.placed import Placed


LAYERS_A_STATE = 10  # a state's pieces use layers 0-9; the state over it starts at 10


class RequestKind(enum.Enum):
    SWITCH = "switch"  # replace this state by ``key``
    PUSH = "push"  # put ``key`` on top of this one
    POP = "pop"  # leave, handing ``answer`` back to the state below
    RESET = "reset"  # leave every state and start ``key``
    QUIT = "quit"


class Identity:
    """A part of a look compared by identity: a snapshot that is replaced, never changed in
    place. It holds the object, so no other object takes its id while it is compared."""

    __slots__ = ("of",)

    def __init__(self, of: object) -> None:
        self.of = of

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other.of is self.of

    def __hash__(self) -> int:
        return id(self.of)


@dataclass
class Request:
    kind: RequestKind
    key: ScreenKey = ScreenKey.TITLE  # the screen to open (unused by POP and QUIT)
    payload: Payload | None = None  # for the state started
    answer: Answer | None = None  # for the state below, when popping


class State:
    """Base class. ``overlay`` states are drawn over the state below them."""

    overlay = False

    def __init__(self) -> None:
        self.context = PlayContext()
        self.request: Request | None = None
        # What ``look`` was when this state was last drawn: kept by the state machine, which
        # draws, so a screen's own draw records nothing.
        self.drawn_look: Hashable = None

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.context = context
        self.request = None

    def exit(self) -> None:
        """This state leaves the stack."""

    def cover(self) -> None:
        """Another state was pushed on top of this one."""

    def resume(self, answer: Answer | None) -> None:
        """The state on top popped; ``answer`` is what it handed back (None: nothing)."""

    def resize(self) -> None:
        """The window changed size; the viewport's layout is already up to date."""

    # --- per frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def prepare(self) -> None:
        """A frame of this screen is about to be drawn: bring its plans up to date with their
        inputs (the window, the language, the text scale, what it shows), so that ``draw``
        only reads them. The loop calls it before each draw, never inside one; a screen whose
        plans are current does nothing."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        pass

    def placed(self) -> tuple["Placed", ...]:
        """What this screen's current plans put on the window: every text and control, as
        :class:`~..ui.placed.Placed` pieces (a pure question, asked after ``prepare``). The
        plan audit judges them without drawing; a screen that keeps no plan places nothing."""
        return ()

    def is_animating(self) -> bool:
        """True while the next frame would look different without input (a pure question:
        the loop asks it to decide between drawing and sleeping). By default: the look
        changed since the last frame drawn."""
        return self.look() != self.drawn_look

    def look(self) -> Hashable:
        """What this screen shows that changes without input (the whole seconds of a count
        down, a lesson's frame, a review that arrived): a frame is drawn when it differs from
        the look last drawn. A screen whose picture changes only on input keeps None."""
        return None

    def follows_live_work(self) -> bool:
        """True while the screen follows work that goes on elsewhere in the process (a
        phones' room in play): the loop then never stops for a full collection, which would
        hold up the frames and that work alike (a pure question)."""
        return False

    # --- naming the successor -----------------------------------------------------------
    def switch(self, key: ScreenKey, payload: Payload | None = None) -> None:
        self.request = Request(RequestKind.SWITCH, key, payload)

    def push(self, key: ScreenKey, payload: Payload | None = None) -> None:
        self.request = Request(RequestKind.PUSH, key, payload)

    def pop(self, answer: Answer | None = None) -> None:
        self.request = Request(RequestKind.POP, answer=answer)

    def reset(self, key: ScreenKey, payload: Payload | None = None) -> None:
        self.request = Request(RequestKind.RESET, key, payload)

    def quit(self) -> None:
        self.request = Request(RequestKind.QUIT)


class StateMachine:
    def __init__(self, factories: Mapping[ScreenKey, Callable[[], State]]) -> None:
        self.factories = factories
        self.stack: list[State] = []
        self.keys: list[ScreenKey] = []
        self.context = PlayContext()
        self.quit_requested = False
        self.changed = False  # the stack changed since the loop last looked

    @property
    def top(self) -> State:
        return self.stack[-1]

    @property
    def top_key(self) -> ScreenKey:
        return self.keys[-1]

    def start(self, key: ScreenKey, context: PlayContext, overlays: tuple[ScreenKey, ...] = (),
              payload: Payload | None = None) -> None:
        """Start ``key`` on ``context``, with ``overlays`` pushed over it; ``payload`` goes to
        the state on top."""
        self.context = context
        keys = (key, *overlays)
        for index, name in enumerate(keys):
            if index:
                self.top.cover()
            self._enter(name, payload if index == len(keys) - 1 else None)
        self.apply_requests()

    def restart(self, key: ScreenKey, context: PlayContext, overlays: tuple[ScreenKey, ...] = (),
                payload: Payload | None = None) -> None:
        """Leave every state and start afresh (e.g. when a player interrupts the demo)."""
        self._leave_all()
        self.start(key, context, overlays, payload)

    def _leave(self) -> State:
        state = self.stack.pop()
        self.keys.pop()
        state.exit()
        return state

    def _leave_all(self) -> None:
        while self.stack:
            self._leave()

    def _enter(self, key: ScreenKey, payload: Payload | None = None) -> None:
        key = ScreenKey(key)  # a caller mypy does not check (a script, a test) may name it by its value
        state = self.factories[key]()
        self.stack.append(state)
        self.keys.append(key)
        state.enter(self.context, payload)
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
                self._leave()
                self._enter(request.key, request.payload)
            elif request.kind is RequestKind.PUSH:
                state.cover()
                self._enter(request.key, request.payload)
            elif request.kind is RequestKind.POP and len(self.stack) > 1:
                self._leave()
                self.top.resume(request.answer)
            elif request.kind is RequestKind.RESET:
                self._leave_all()
                self._enter(request.key, request.payload)

    def resize(self) -> None:
        for state in self.stack:
            state.resize()

    def _shown(self) -> int:
        """The index of the lowest state a frame shows (the top, and what its overlays cover)."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return first

    def prepare(self) -> None:
        """Every state the next frame shows brings its plans up to date (before ``draw``)."""
        for state in self.stack[self._shown():]:
            state.prepare()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        first = self._shown()
        for key, state in zip(self.keys[first:], self.stack[first:]):
            with panel(surface, key):  # the log names each state's drawing after it
                state.draw(surface, alpha)
            state.drawn_look = state.look()

    def placed(self) -> tuple["Placed", ...]:
        """What the next frame's states plan to show, bottom first: each state's pieces
        raised above those of the states under it (an overlay stands over what it covers)."""
        pieces: list["Placed"] = []
        for depth, state in enumerate(self.stack[self._shown():]):
            pieces += [replace(piece, layer=piece.layer + LAYERS_A_STATE * depth) for piece in state.placed()]
        return tuple(pieces)

    def is_animating(self) -> bool:
        return self.top.is_animating()

    def follows_live_work(self) -> bool:
        return self.top.follows_live_work()
