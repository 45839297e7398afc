"""Every text on a frame the game draws, with the colour it was drawn in and the pixels
behind it: each text is drawn once more as nothing, and the pixels that change are its
glyphs; the frame without it shows what lies beneath them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from .player import Player
from .vision import contrast

Key = tuple[str, int, tuple[int, ...], bool]


@dataclass(frozen=True)
class DrawnText:
    text: str
    size: int
    colour: tuple[int, int, int]
    worst_contrast: float  # against the 10th-percentile background pixel under its glyphs
    pixels: int


def _frame(player: Player, hidden: Key | None, seen: list[Key]) -> pygame.Surface:
    fonts = player.stack[0].fonts  # one FontBook serves every state
    real = fonts.render

    def render(text: str, size: int, colour: Any, bold: bool = False) -> pygame.Surface:
        key = (text, int(size), tuple(colour)[:3], bold)
        seen.append(key)
        image = real(text, size, colour, bold)
        if key == hidden:
            return pygame.Surface(image.get_size(), pygame.SRCALPHA)
        return image

    fonts.render = render  # type: ignore[method-assign]
    try:
        for state in player.stack:
            canvas = getattr(getattr(state, "kit", None), "canvas", None)
            if canvas is not None:
                canvas.invalidate()
        fonts.images.clear()
        fonts.banners.clear()
        return player.fresh()
    finally:
        del fonts.render


def rendered_texts(player: Player) -> list[tuple[str, int]]:
    """(text, size) of every text the frame drawn now renders, covered or not (one frame:
    for what needs no pixels, such as the sizes)."""
    keys: list[Key] = []
    _frame(player, None, keys)
    return [(key[0], key[1]) for key in dict.fromkeys(keys) if key[0].strip()]


def drawn_texts(player: Player) -> list[DrawnText]:
    keys: list[Key] = []
    full = _frame(player, None, keys)
    found = []
    for key in dict.fromkeys(keys):
        if not key[0].strip():
            continue
        without = _frame(player, key, [])
        diff = full.copy()
        diff.blit(without, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        other = without.copy()
        other.blit(full, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        unchanged = pygame.mask.from_threshold(diff, (0, 0, 0), (8, 8, 8, 255))
        unchanged.invert()
        ratios = []
        for rect in unchanged.get_bounding_rects():
            for y in range(rect.top, rect.bottom):
                for x in range(rect.left, rect.right):
                    if unchanged.get_at((x, y)):
                        ratios.append(contrast(key[2], tuple(without.get_at((x, y)))[:3]))
        if not ratios:
            continue  # drawn but covered by something else
        ratios.sort()
        found.append(DrawnText(key[0], key[1], key[2], ratios[len(ratios) // 10], len(ratios)))
    return found
