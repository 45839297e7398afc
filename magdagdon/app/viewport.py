"""The layout of the current window size, and the dimming veils overlays lay over it."""

from __future__ import annotations

import pygame

from .render import palette
from .render.draw_log import Role, note
from .render.layout import Layout, compute_layout, roster_rows


STRIP_MIN_SIDE = 720


class Viewport:
    def __init__(self, size: tuple[int, int], rtl: bool) -> None:
        self.rtl = rtl
        self.players = 0  # the party's players to keep on screen (0: not a party)
        self.layout: Layout = compute_layout(*size, rtl=rtl)
        self._veils: dict[tuple[tuple[int, int], int], pygame.Surface] = {}

    @property
    def size(self) -> tuple[int, int]:
        return self.layout.size

    def resize(self, size: tuple[int, int]) -> None:
        # The band takes room from the table: below STRIP_MIN_SIDE the table's own labels
        # would fall under the smallest readable size, so small windows get the compact
        # players' row (names and scores, no boards) instead.
        strip = self.players > 0 and min(size) >= STRIP_MIN_SIDE
        if size != self.layout.size:  # a veil depends on the size alone, not the table's layout
            self._veils.clear()
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
        """Lay the veil of ``opacity`` over ``surface``: what lies under it is background now."""
        surface.blit(self.veil(opacity), (0, 0))
        note(surface, surface.get_rect(), Role.VEIL, "veil", opaque=False)

    def veil(self, opacity: int) -> pygame.Surface:
        """A dimming veil over the whole window, made once per opacity (not per frame)."""
        key = (self.layout.size, opacity)
        veil = self._veils.get(key)
        if veil is None:
            veil = self._veils[key] = pygame.Surface(self.layout.size, pygame.SRCALPHA)
            veil.fill((*palette.SHADOW, opacity))
        return veil
