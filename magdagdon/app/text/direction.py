"""Which way the language on screen reads, and the one place a layout turns for it.

Screens lay their pieces out from the *start* of a line to its *end*, as a left-to-right
reader sees them; a :class:`Direction` turns those logical places into the window's left
and right. The language's catalog says which way it reads (``Catalog.direction``); nothing
decides it from a script's name. The table's own layout is mirrored whole, once
(``table.layout.mirror``); every other screen asks its direction here rather than
branching on right-to-left itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Sequence, TypeVar

if TYPE_CHECKING:
    from pygame import Rect

T = TypeVar("T")
Side = Literal["left", "right"]


@dataclass(frozen=True)
class Direction:
    rtl: bool = False

    # --- sides ---------------------------------------------------------------------------
    @property
    def start(self) -> Side:
        """The side a line starts on."""
        return "right" if self.rtl else "left"

    @property
    def end(self) -> Side:
        """The side a line ends on."""
        return "left" if self.rtl else "right"

    def side(self, align: str) -> str:
        """A logical alignment ("start", "end") as the window's side; "left", "right" and
        "center" as they are."""
        return {"start": self.start, "end": self.end}.get(align, align)

    def turned(self, side: str) -> str:
        """A side given for a left-to-right reader ("left", "right", "center"), for this one."""
        if not self.rtl:
            return side
        return {"left": "right", "right": "left"}.get(side, side)

    def corner(self, edge: Literal["top", "bottom", "mid"]) -> str:
        """The ``get_rect`` anchor of the start corner on ``edge`` ("topleft", "midright"...)."""
        return f"{edge}{self.start}"

    # --- order ---------------------------------------------------------------------------
    @property
    def step(self) -> int:
        """+1 where the x of what comes next grows, -1 where it shrinks."""
        return -1 if self.rtl else 1

    def column(self, index: int, count: int) -> int:
        """The column, counted from the left, of the ``index``-th of ``count`` from the start."""
        return count - 1 - index if self.rtl else index

    def ordered(self, items: Sequence[T]) -> list[T]:
        """``items`` in reading order, as they stand from left to right."""
        return list(reversed(items)) if self.rtl else list(items)

    # --- places --------------------------------------------------------------------------
    def placed(self, rect: "Rect", frame: "Rect") -> "Rect":
        """``rect``, laid out inside ``frame`` for a left-to-right reader, where this reader
        finds it: mirrored across ``frame`` when reading from the right (a new rect)."""
        if not self.rtl:
            return rect.copy()
        return rect.move(frame.left + frame.right - rect.right - rect.left, 0)

    def x_of(self, frame: "Rect", offset: float, width: float = 0) -> float:
        """The left x of a ``width`` wide piece ``offset`` px from ``frame``'s start edge."""
        return frame.right - offset - width if self.rtl else frame.left + offset

    def start_x(self, rect: "Rect") -> int:
        """The x of ``rect``'s start edge."""
        return rect.right if self.rtl else rect.left

    def end_x(self, rect: "Rect") -> int:
        """The x of ``rect``'s end edge."""
        return rect.left if self.rtl else rect.right

    def before(self, rect: "Rect", gap: int, width: int) -> int:
        """The left x of a ``width`` wide piece ``gap`` px before ``rect`` (on its start side)."""
        return rect.right + gap if self.rtl else rect.left - gap - width

    def after(self, rect: "Rect", gap: int, width: int) -> int:
        """The left x of a ``width`` wide piece ``gap`` px after ``rect`` (on its end side)."""
        return rect.left - gap - width if self.rtl else rect.right + gap

    def onward(self, x: int, by: int) -> int:
        """``x`` moved ``by`` px toward the end of the line."""
        return x - by if self.rtl else x + by

    def arrows(self) -> tuple[int, int]:
        """The arrow keys that point onward and back along a line (pygame key codes)."""
        import pygame

        return (pygame.K_LEFT, pygame.K_RIGHT) if self.rtl else (pygame.K_RIGHT, pygame.K_LEFT)


LEFT_TO_RIGHT = Direction(False)
RIGHT_TO_LEFT = Direction(True)
