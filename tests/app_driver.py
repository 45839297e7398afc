"""The app for tests, headless: open it on a screen, feed it pointer and key events frame by
frame, and read what the tests look at (layout, text, fonts, the state on top).

The layout, drag-and-drop, wording and real-window tests reach the app only through this
file, so a change to how the app is wired up touches the tests here alone."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402


class Driver:
    def __init__(self, data_dir: Path, size: tuple[int, int] = (800, 600), **options: Any) -> None:
        values: dict[str, Any] = dict(difficulty=Difficulty.PEACEFUL, windowed=True, size=size, data_dir=data_dir,
                                      sound=False)
        values.update(options)
        self.control = Control(Options(**values))
        self.control.finish_startup()  # the menus are built, as after the first frame

    # --- input, one frame at a time -----------------------------------------------------
    def frame(self, *events: pygame.event.Event, draw: bool = True) -> None:
        """One frame: the events, one fixed update, and (unless told) the frame drawn."""
        self.control.step(list(events), 1)
        if draw:
            self.control.draw()

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.frame()

    def tap(self, pos: tuple[int, int]) -> None:
        self.frame(mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos))

    def choose(self, ident: str) -> None:
        """Choose the menu item ``ident``, as its button does when pressed."""
        self.top.on_choice(ident)
        self.frame()

    def key(self, key: int) -> None:
        self.frame(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        """Press, move in ``steps`` drawn frames, release, then let the die glide home."""
        self.frame(mouse(pygame.MOUSEBUTTONDOWN, start))
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i // steps
            y = start[1] + (end[1] - start[1]) * i // steps
            self.frame(mouse(pygame.MOUSEMOTION, (x, y)))
        self.frame(mouse(pygame.MOUSEBUTTONUP, end))
        self.frames(60)

    def resize(self, size: tuple[int, int]) -> None:
        """The window made ``size`` from outside, as a window manager would."""
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))

    # --- what the tests read ------------------------------------------------------------
    @property
    def top(self) -> Any:
        return self.control.machine.top

    @property
    def top_key(self) -> str:
        return self.control.machine.top_key

    @property
    def layout(self) -> Any:
        return self.control.ctx.layout

    @property
    def text(self) -> Any:
        return self.control.ctx.text

    @property
    def fonts(self) -> Any:
        return self.control.ctx.fonts

    @property
    def window_size(self) -> tuple[int, int]:
        return self.control.screen.get_size()

    @property
    def surface(self) -> pygame.Surface:
        return self.control.screen

    def menu_buttons(self) -> dict[str, pygame.Rect]:
        """The buttons of the menu on top, as its builder laid them out."""
        return {ident: button.rect for button, ident in self.top.buttons}

    def resume(self, game: Any) -> Any:
        """A game session for ``game`` (not shown: for what a session says)."""
        return self.control.ctx.resume_session(game)

    def offer_saved_game(self, game: Any) -> None:
        """As if ``game`` had been found in progress at start."""
        self.control.ctx.saved_game = game

    def close(self) -> None:
        pygame.display.quit()


def mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(1, 1), buttons=(1, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=1, touch=False)
