"""The window's frame (every screen's) and the table's layout at the current size, and the
dimming veil overlays lay over them."""

from __future__ import annotations

import pygame

from ..ui import palette
from ..audit.draw_log import Role, note
from ..table.layout import Layout, compute_layout, roster_rows
from ..ui.screen_frame import ScreenFrame, frame_of


STRIP_MIN_SIDE = 720


class Viewport:
    def __init__(self, size: tuple[int, int], rtl: bool) -> None:
        self.rtl = rtl
        self.players = 0  # the party's players to keep on screen (0: not a party)
        self.frame: ScreenFrame = frame_of(size)  # what every screen lays itself out in
        self.layout: Layout = compute_layout(*size, rtl=rtl)  # the table's, built on the same frame

    @property
    def size(self) -> tuple[int, int]:
        return self.frame.size

    def resize(self, size: tuple[int, int]) -> None:
        # The band takes room from the table: below STRIP_MIN_SIDE the table's own labels
        # would fall under the smallest readable size, so small windows get the compact
        # players' row (names and scores, no boards) instead.
        strip = self.players > 0 and min(size) >= STRIP_MIN_SIDE
        self.frame = frame_of(size)
        self.layout = compute_layout(*size, rtl=self.rtl, strip=strip, roster=0 if strip else roster_rows(self.players))

    def set_direction(self, rtl: bool) -> None:
        """Lay the table out for a right-to-left (mirrored) or left-to-right reader."""
        self.rtl = rtl
        self.resize(self.size)

    def show_party(self, players: int) -> bool:
        """Keep room for a party's ``players`` (0 gives it back); True if the layout changed."""
        if players == self.players:
            return False
        self.players = players
        self.resize(self.size)
        return True

    def dim(self, surface: pygame.Surface, opacity: int) -> None:
        """Lay a veil of ``opacity`` over ``surface``: what lies under it is background now.

        Blended in place (scaled towards the shadow's colour), not blitted from a window-sized
        image: one such image per opacity held 3.5 MB each at 1280×720 (8 MB at 1920×1080) for
        as long as the window kept its size."""
        keep = 255 - opacity
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        surface.fill(tuple(round(channel * opacity / 255) for channel in palette.SHADOW),
                     special_flags=pygame.BLEND_RGB_ADD)
        note(surface, surface.get_rect(), Role.VEIL, "veil", opaque=False)
