"""The window every screen is laid out in: its size, whether it stands portrait, the margin
kept from its edges and the header bar's band. Menus, dialogs and the party's and phones'
screens take these from here; the table's own layout (table/layout.py) is built on the
same frame and adds the board, the tray and the panel to it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

SMALLEST_SIDE = 320  # a window is laid out as if at least this wide and tall


@dataclass(frozen=True)
class ScreenFrame:
    size: tuple[int, int]
    portrait: bool  # clearly taller than wide: blocks stack rather than stand side by side
    margin: int  # from the window's edges to anything placed in it
    header: pygame.Rect  # the bar across the top (the table's title bar, a menu's title)

    def dialog_at(self, size: tuple[int, int]) -> pygame.Rect:
        """A dialog of ``size`` in the middle of the window, moved down clear of the header
        bar where the window has room for it there (the header says which game it is)."""
        width, height = self.size
        dialog = pygame.Rect((0, 0), size)
        dialog.center = (width // 2, height // 2)
        bar = self.header
        if dialog.top < bar.bottom and dialog.height <= height - bar.bottom:
            dialog.centery = (bar.bottom + height) // 2
        return dialog


def frame_of(size: tuple[int, int]) -> ScreenFrame:
    width, height = max(SMALLEST_SIDE, int(size[0])), max(SMALLEST_SIDE, int(size[1]))
    margin = max(8, round(min(width, height) * 0.025))
    header_h = max(40, round(min(height * 0.075, width * 0.09)))
    return ScreenFrame((width, height), height > width * 1.05, margin, pygame.Rect(0, 0, width, header_h))
