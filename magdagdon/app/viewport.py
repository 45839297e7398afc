"""The layout of the current window size, and the dimming veils overlays lay over it."""

from __future__ import annotations

import pygame

from .render import palette
from .render.layout import Layout, compute_layout


class Viewport:
    def __init__(self, size: tuple[int, int], rtl: bool) -> None:
        self.rtl = rtl
        self.layout: Layout = compute_layout(*size, rtl=rtl)
        self._veils: dict[tuple[tuple[int, int], int], pygame.Surface] = {}

    @property
    def size(self) -> tuple[int, int]:
        return self.layout.size

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(*size, rtl=self.rtl)
        self._veils.clear()

    def set_direction(self, rtl: bool) -> None:
        """Lay the table out for a right-to-left (mirrored) or left-to-right reader."""
        self.rtl = rtl
        self.resize(self.size)

    def veil(self, opacity: int) -> pygame.Surface:
        """A dimming veil over the whole window, made once per opacity (not per frame)."""
        key = (self.layout.size, opacity)
        veil = self._veils.get(key)
        if veil is None:
            veil = self._veils[key] = pygame.Surface(self.layout.size, pygame.SRCALPHA)
            veil.fill((*palette.SHADOW, opacity))
        return veil
