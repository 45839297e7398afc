"""The layout of the current window size, and the dimming veils overlays lay over it."""

from __future__ import annotations

import pygame

from .render import palette
from .render.layout import Layout, compute_layout


STRIP_MIN_SIDE = 720


class Viewport:
    def __init__(self, size: tuple[int, int], rtl: bool) -> None:
        self.rtl = rtl
        self.strip = False  # room for the other players' boards (party play)
        self.layout: Layout = compute_layout(*size, rtl=rtl)
        self._veils: dict[tuple[tuple[int, int], int], pygame.Surface] = {}

    @property
    def size(self) -> tuple[int, int]:
        return self.layout.size

    def resize(self, size: tuple[int, int]) -> None:
        # The band takes room from the table: below STRIP_MIN_SIDE the table's own labels
        # would fall under the smallest readable size, so small windows go without it.
        if size != self.layout.size:  # a veil depends on the size alone, not the table's layout
            self._veils.clear()
        self.layout = compute_layout(*size, rtl=self.rtl, strip=self.strip and min(size) >= STRIP_MIN_SIDE)

    def set_direction(self, rtl: bool) -> None:
        """Lay the table out for a right-to-left (mirrored) or left-to-right reader."""
        self.rtl = rtl
        self.resize(self.size)

    def show_strip(self, wanted: bool) -> bool:
        """Keep (or give back) the band for the other players' boards; True if the layout changed."""
        if wanted == self.strip:
            return False
        self.strip = wanted
        self.resize(self.size)
        return True

    def veil(self, opacity: int) -> pygame.Surface:
        """A dimming veil over the whole window, made once per opacity (not per frame)."""
        key = (self.layout.size, opacity)
        veil = self._veils.get(key)
        if veil is None:
            veil = self._veils[key] = pygame.Surface(self.layout.size, pygame.SRCALPHA)
            veil.fill((*palette.SHADOW, opacity))
        return veil
