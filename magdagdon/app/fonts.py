"""Fonts, always loaded by explicit path from ``assets/fonts`` (never the system font lookups,
which break in a frozen app and differ between machines)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.assets_path import asset_path

if TYPE_CHECKING:
    from .render.palette import Colour

# script of a catalog (i18n ``_meta.script``) -> (regular file, bold file)
FONT_FILES: dict[str, tuple[str, str]] = {
    "latin": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    "devanagari": ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Regular.ttf"),
    "arabic": ("NotoNaskhArabic-Regular.ttf", "NotoNaskhArabic-Regular.ttf"),
}


def font_paths(script: str) -> tuple[str, str]:
    regular, bold = FONT_FILES.get(script, FONT_FILES["latin"])
    return str(asset_path("fonts", regular)), str(asset_path("fonts", bold))


class FontBook:
    """Caches ``pygame.font.Font`` objects by (size, bold) and rendered text surfaces."""

    TEXT_CACHE_LIMIT = 600

    def __init__(self, script: str = "latin", rtl: bool = False) -> None:
        self.regular_path, self.bold_path = font_paths(script)
        self.rtl = rtl
        self.scale = 1.0  # the Large text setting: every size asked for is drawn this much larger
        self.generation = 0  # changes whenever drawn text may look different (painters repaint)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple[object, ...], pygame.Surface] = {}
        self._fits: dict[tuple[object, ...], int] = {}
        self.images: dict[tuple[object, ...], pygame.Surface] = {}  # drawn widgets (see render.widgets)
        self.banners: dict[tuple[object, ...], tuple[pygame.Surface, pygame.Rect]] = {}  # see render.hud

    def set_scale(self, scale: float) -> None:
        """Draw every text ``scale`` times larger from now on; ``fit`` still keeps each
        within the room it is given."""
        if scale == self.scale:
            return
        self.scale = scale
        self.generation += 1
        for cache in (self._texts, self._fits, self.images, self.banners):
            cache.clear()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size * self.scale)), bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(self.bold_path if bold else self.regular_path, key[0])
            if self.rtl and hasattr(font, "set_direction"):
                font.set_direction(pygame.DIRECTION_RTL)  # shaping needs SDL_ttf with HarfBuzz
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, colour: "Colour", bold: bool = False) -> pygame.Surface:
        key = (text, int(size), tuple(colour), bold)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) > self.TEXT_CACHE_LIMIT:
                self._texts.clear()
            surface = self.font(size, bold).render(text, True, colour)
            self._texts[key] = surface
        return surface

    def fit(self, text: str, size: int, max_width: int, bold: bool = False) -> int:
        """The largest size <= ``size`` at which ``text`` fits in ``max_width`` pixels."""
        key = (text, int(size), int(max_width), bold)
        fitted = self._fits.get(key)
        if fitted is None:
            if len(self._fits) > self.TEXT_CACHE_LIMIT:
                self._fits.clear()
            fitted = int(size)
            while fitted > 8 and self.font(fitted, bold).size(text)[0] > max_width:
                fitted = int(fitted * 0.9)
            self._fits[key] = fitted
        return fitted
