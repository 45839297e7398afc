"""A player for tests: scripted input at chosen moments of a fake clock, fed to the very
loop ``python -m magdagdon`` runs (``Control.loop``), and what that loop presented."""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from magdagdon.app.shell.control import Control  # noqa: E402
from magdagdon.app.shell.loop_io import FakeClock, ScriptedEvents  # noqa: E402
from magdagdon.app.shell.options import Options  # noqa: E402
from magdagdon.app.ui import palette  # noqa: E402
from magdagdon.app.audit.draw_log import DrawnFrame  # noqa: E402
from magdagdon.app.text.text_runs import without_controls  # noqa: E402
from magdagdon.app.ui.menu import MenuState  # noqa: E402
from magdagdon.app.table.table_state import TableState  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

TAP_SECONDS = 0.06  # finger down to finger up
AFTER_INPUT = 0.4  # a player looks this long before the next action (longer than a double tap)


class ThinkAtOnce(Executor):
    """Runs what is handed to it at once: the computer players' moves come as soon as they
    are asked for, in fake time, however busy the machine is (a worker thread racing a fake
    clock would make the tests depend on the machine's load)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed back through the future, as a thread would
            done.set_exception(error)
        return done


class HeldThoughts(Executor):
    """Holds what is handed to it until ``release()``: a thought still being made, in fake
    time, for as long as a test needs (then it is made at once, as ``ThinkAtOnce`` does)."""

    def __init__(self) -> None:
        self.held: list[tuple[Future[Any], Callable[[], Any]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        waiting: Future[Any] = Future()
        self.held.append((waiting, lambda: fn(*args, **kwargs)))
        return waiting

    def release(self) -> None:
        held, self.held = self.held, []
        for waiting, thought in held:
            try:
                waiting.set_result(thought())
            except BaseException as error:
                waiting.set_exception(error)


class Player:
    def __init__(self, data_dir: Path, size: tuple[int, int] = (800, 600), thinker: Executor | None = None,
                 draw_log: bool = True, frame_seconds: float = 0.0, **options: Any) -> None:
        values: dict[str, Any] = dict(difficulty=Difficulty.PEACEFUL, windowed=True, size=size, data_dir=data_dir,
                                      sound=False)
        values.update(options)
        self.clock = FakeClock(1000.0, slowest=frame_seconds)
        self.events = ScriptedEvents(self.clock)
        self.control = Control(Options(**values), clock=self.clock, events=self.events,
                               thinker=thinker or ThinkAtOnce(), draw_log=draw_log)

    # --- time and input -----------------------------------------------------------------
    @property
    def now(self) -> float:
        return self.clock.now()

    def wait(self, seconds: float) -> None:
        """Let the game run ``seconds`` with no input but what is already scripted."""
        until = self.now + seconds
        self.control.loop(lambda: self.now >= until)

    def wait_for(self, condition: Callable[[], bool], limit: float = 30.0) -> None:
        until = self.now + limit
        self.control.loop(lambda: condition() or self.now >= until)
        assert condition(), "the game never got there"

    def post(self, event_type: int, delay: float = 0.0, **attributes: Any) -> None:
        self.events.at(self.now + delay, pygame.event.Event(event_type, **attributes))

    def tap(self, pos: tuple[int, int], then: float = AFTER_INPUT) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        self.post(pygame.MOUSEBUTTONUP, TAP_SECONDS, pos=pos, button=1, touch=False)
        self.wait(then)

    def drag(self, start: tuple[int, int], end: tuple[int, int], then: float = AFTER_INPUT) -> None:
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        self.post(pygame.MOUSEMOTION, 0.05, pos=mid, rel=(5, 5), buttons=(1, 0, 0), touch=False)
        self.post(pygame.MOUSEMOTION, 0.1, pos=end, rel=(5, 5), buttons=(1, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONUP, 0.15, pos=end, button=1, touch=False)
        self.wait(0.15 + then)

    def key(self, key: int, then: float = AFTER_INPUT, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, 0.03, key=key, mod=mod, unicode="", scancode=0)
        self.wait(then)

    def give_name(self, name: str = "", then: float = AFTER_INPUT) -> None:
        """Answer the name entry a result that made the table brings: type ``name``
        (replacing the name offered) and press Enter."""
        self.wait_for(lambda: self.top_key == "name_entry", limit=5.0)
        for _ in range(16):
            self.key(pygame.K_BACKSPACE, then=0.0)
        if name:
            self.post(pygame.TEXTINPUT, text=name)
        self.key(pygame.K_RETURN, then)

    def choose(self, ident: str, then: float = AFTER_INPUT) -> None:
        """Tap the top menu's button ``ident``, where the player sees it."""
        self.tap(self.menu_button_rects()[ident].center, then)

    # --- what the game is doing (queries, so tests need not reach into the control) --------
    @property
    def text(self) -> Any:
        """The catalog of the language on screen."""
        return self.control.text

    @property
    def layout(self) -> Any:
        """The table's rectangles at the window's size."""
        return self.control.viewport.layout

    @property
    def window_size(self) -> tuple[int, int]:
        return self.control.window.surface.get_size()

    @property
    def fullscreen(self) -> bool:
        return self.control.window.fullscreen

    @property
    def frames_drawn(self) -> int:
        """Frames the loop has run (drawn or idle) since start."""
        return self.control.frames

    @property
    def frames_presented(self) -> int:
        """Frames actually handed to the window."""
        return self.control.window.presented

    @property
    def frame_log(self) -> "DrawnFrame | None":
        """The draw log of the last presented frame."""
        return self.control.frame_log

    @property
    def stack_keys(self) -> list[str]:
        """The keys of the states on the stack, bottom first."""
        return list(self.control.machine.keys)

    @property
    def stack(self) -> list[Any]:
        return list(self.control.machine.stack)

    @property
    def quit_requested(self) -> bool:
        return self.control.machine.quit_requested

    @property
    def demo_playing(self) -> bool:
        """The game on the table plays itself (the demo, the attract loop's game)."""
        return self.control.machine.context.demo

    @property
    def difficulty(self) -> Difficulty:
        """The difficulty a new game takes."""
        return self.control.games.difficulty

    @property
    def animating(self) -> bool:
        return self.control.animating()

    def notices(self, count: int) -> list[str]:
        """The latest ``count`` notices the title would show."""
        return self.control.notices.latest(count)

    def set_language(self, locale: str) -> None:
        """Switch the language as Settings does."""
        self.control.set_language(locale)

    # --- what is on screen --------------------------------------------------------------
    @property
    def top(self) -> Any:
        return self.control.machine.top

    @property
    def top_key(self) -> str:
        return self.control.machine.top_key

    @property
    def table(self) -> TableState:
        state = self.control.machine.stack[0]
        assert isinstance(state, TableState)
        return state

    def menu_button_rects(self) -> dict[str, pygame.Rect]:
        menu = self.top
        assert isinstance(menu, MenuState), self.top_key
        return {ident: button.rect for button, ident in menu.buttons}

    def shown(self) -> pygame.Surface:
        """The frame last presented (the window keeps it until the next)."""
        return self.control.window.surface.copy()

    def fresh(self) -> pygame.Surface:
        """The frame the live states would show now, with pygame_gui settled on exactly
        the widgets that exist (what the player can press)."""
        control = self.control
        control.ui.update(0.0)
        surface = pygame.Surface(control.window.surface.get_size(), 0, control.window.surface)
        control.machine.draw(surface, control.step.alpha)
        return surface

    def drawn(self) -> "DrawnFrame":
        """The frame drawn now, with its draw log: the window is exposed and repainted."""
        self.control.ui.update(0.0)
        self.post(pygame.WINDOWEXPOSED)
        self.wait(0.05)
        frame = self.control.frame_log
        assert frame is not None, "no frame was drawn"
        return frame

    def look(self) -> list[tuple[str, int]]:
        """Every (text, size) on a frame drawn now: the window is exposed, as when another
        window uncovers it, and the game repaints it."""
        self.post(pygame.WINDOWEXPOSED)
        return self.texts_drawn(lambda: self.wait(0.02))

    def texts_drawn(self, draw: Callable[[], None]) -> list[tuple[str, int]]:
        """Every (text, size) the game's fonts render while ``draw`` runs (the words as a
        player reads them: without the invisible isolates around names and codes)."""
        fonts = getattr(self.top, "fonts", None) or self.table.fonts  # one FontBook for all states
        seen: list[tuple[str, int]] = []
        real = fonts.render

        def spy(text: str, size: int, colour: Any, bold: bool = False) -> pygame.Surface:
            seen.append((without_controls(text), size))
            return real(text, size, colour, bold)

        fonts.render = spy  # type: ignore[method-assign]
        try:
            draw()
        finally:
            del fonts.render
        return seen

    def close(self) -> None:
        pygame.display.quit()


def same_picture(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def looks_like_a_button(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """A filled shape with a label: mostly one colour that is not the bare panel, and the
    anti-aliased text adds several more."""
    inner = rect.inflate(-rect.width // 10, -rect.height // 5)
    colours = Counter(tuple(surface.get_at((x, y)))[:3] for x in range(inner.left, inner.right, 2)
                      for y in range(inner.top, inner.bottom, 2))
    fill = colours.most_common(1)[0][0]
    return fill not in (palette.PANEL, palette.SHADOW) and len(colours) >= 4
