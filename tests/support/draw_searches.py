"""Searches made while a screen draws or says what its plan places. A screen's sizes and line
breaks belong to its plan, made on update or when an input of the plan changes; draw and
``placed`` only read it. While the state machine draws or lists its screens' pieces (and the loop draws the kiosk's exit band over it), each ask for a fitted size or for broken lines (``FontBook.fit``,
``FontBook.wrap``, which every size search and wrap in ``text/`` goes through) is written
down with the first place outside ``text/`` that asked."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

from magdagdon.app.shell.control import Control
from magdagdon.app.shell.state_machine import StateMachine
from magdagdon.app.text.fonts import FontBook

SEARCHES = ("fit", "wrap")
_ROOT = Path(__file__).resolve().parents[2]  # the checkout: places are named from it
_TEXT = _ROOT / "magdagdon" / "app" / "text"


def _asker() -> str:
    """The first frame of the stack outside ``text/`` (and outside this watch)."""
    for frame in reversed(traceback.extract_stack()[:-2]):
        path = Path(frame.filename).resolve()
        if _TEXT in path.parents or path == Path(__file__).resolve():
            continue
        shown = path.relative_to(_ROOT) if _ROOT in path.parents else path
        return f"{shown}:{frame.lineno} ({frame.name})"
    return "?"


@contextmanager
def searches_while_drawing() -> Iterator[list[str]]:
    """Within the block, every search a draw makes, as "fit at file:line (function)", once
    each, in the order first met."""
    found: dict[str, None] = {}
    drawing = [0]
    draw, draw_leaving, placed = StateMachine.draw, Control._draw_leaving, Control.placed
    originals = {name: getattr(FontBook, name) for name in SEARCHES}

    def drawn(paint: Callable[..., Any]) -> Callable[..., Any]:
        def watched_draw(self: Any, *args: Any) -> Any:
            drawing[0] += 1
            try:
                return paint(self, *args)
            finally:
                drawing[0] -= 1
        return watched_draw

    def watched(name: str, search: Callable[..., Any]) -> Callable[..., Any]:
        def asked(self: FontBook, *args: Any, **kwargs: Any) -> Any:
            if drawing[0]:
                found.setdefault(f"{name} at {_asker()}")
            return search(self, *args, **kwargs)
        return asked

    seen: list[str] = []
    StateMachine.draw = drawn(draw)  # type: ignore[method-assign]
    Control.placed = drawn(placed)  # type: ignore[method-assign]  # reading a plan searches nothing either
    Control._draw_leaving = drawn(draw_leaving)  # type: ignore[method-assign]
    for name, search in originals.items():
        setattr(FontBook, name, watched(name, search))
    try:
        yield seen
    finally:
        StateMachine.draw = draw  # type: ignore[method-assign]
        Control.placed = placed  # type: ignore[method-assign]
        Control._draw_leaving = draw_leaving  # type: ignore[method-assign]
        for name, search in originals.items():
            setattr(FontBook, name, search)
        seen.extend(found)
