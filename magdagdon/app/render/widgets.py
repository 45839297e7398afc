"""Buttons of the table, drawn by hand: rounded, with a clear disabled look and a focus ring."""

from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING

import pygame

from . import palette
from .draw_log import Role, new_surface, panel
from .hud import min_text_px

if TYPE_CHECKING:
    from ..fonts import FontBook


@dataclass
class Button:
    ident: str
    rect: pygame.Rect
    label: str
    enabled: bool = True
    style: str = "normal"  # "normal" | "primary" | "danger" | "chosen"
    sublabel: str = ""


STYLES = {
    "normal": (palette.BUTTON, palette.BUTTON_HOVER, palette.TEXT),
    "primary": (palette.BUTTON_PRIMARY, (134, 242, 200), palette.BUTTON_PRIMARY_TEXT),
    "danger": ((176, 40, 60), (206, 54, 78), palette.TEXT),
    "chosen": (palette.GOLD, (255, 217, 132), palette.TEXT_DARK),
}


BUTTON_IMAGES_KEPT = 160  # each up to ~0.3 MB at 4K: a few screens' worth of looks


def draw_button(surface: pygame.Surface, fonts: "FontBook", button: Button, hovered: bool, focused: bool) -> None:
    rect = button.rect
    if rect.width < 4 or rect.height < 4:
        return
    image = _button_image(fonts, button.label, button.sublabel, rect.size, button.style, button.enabled, hovered)
    with panel(surface, f"button {button.ident}", rect, element=Role.BUTTON):
        surface.blit(image, rect.topleft)
    if focused:
        draw_focus_ring(surface, rect, max(6, rect.height // 4))


def _button_image(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int], style: str, enabled: bool, hovered: bool) -> pygame.Surface:
    """A button drawn once per look and kept (buttons are redrawn every animated frame)."""
    cache = fonts.images
    key = ("button", label, sublabel, size, style, enabled, hovered)
    image = cache.get(key)
    if image is not None:
        return image
    if len(cache) > BUTTON_IMAGES_KEPT:
        cache.clear()
    w, h = size
    shadow = max(2, h // 18)
    image = new_surface((w, h + shadow), pygame.SRCALPHA, fonts.logged)
    rect = pygame.Rect(0, 0, w, h)
    radius = max(6, h // 4)
    if enabled:
        base, hover, text_colour = STYLES[style]
        colour = hover if hovered else base
        pygame.draw.rect(image, palette.SHADOW, rect.move(0, shadow), border_radius=radius)
    else:
        colour, text_colour = palette.BUTTON_DISABLED, palette.BUTTON_DISABLED_TEXT
    pygame.draw.rect(image, colour, rect, border_radius=radius)
    for index, (words, spot) in enumerate(button_words(fonts, label, sublabel, size, text_colour)):
        with panel(image, "label", rect, Role.BUTTON_LABEL if index == 0 else Role.LABEL):
            image.blit(words, spot)
    cache[key] = image
    return image


def button_words(fonts: "FontBook", label: str, sublabel: str, size: tuple[int, int],
                 colour: "palette.Colour") -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """A button's label (and sub-label below it) rendered, each with where it goes."""
    w, h = size
    rect = pygame.Rect(0, 0, w, h)
    main_size = int(h * (0.34 if sublabel else 0.42))
    main_size = fonts.fit(label, main_size, w - h // 3, bold=True)
    text = fonts.render(label, main_size, colour, bold=True)
    if not sublabel:
        return [(text, text.get_rect(center=rect.center).topleft)]
    sub_size = fonts.fit(sublabel, int(h * 0.22), w - h // 3)
    sub = fonts.render(sublabel, sub_size, colour)
    # Stacked by their ink, not their line boxes: a script whose line box stands much
    # taller than its letters (Nastaliq) would push the second line out of the button.
    text_ink, sub_ink = fonts.ink(label, main_size, True), fonts.ink(sublabel, sub_size)
    gap = max(2, h // 14)
    room = h - 2 * max(2, h // 18) - gap - sub_ink.height
    if text_ink.height > room > 0:  # a tall script: the label a little smaller, not below the readable size
        screen = pygame.display.get_surface()
        floor = min_text_px(screen.get_size()) if screen is not None else 10
        main_size = max(floor, min(main_size - 1, main_size * room // text_ink.height))
        text = fonts.render(label, main_size, colour, bold=True)
        text_ink = fonts.ink(label, main_size, True)
    top = rect.centery - (text_ink.height + gap + sub_ink.height) // 2
    return [(text, (rect.centerx - text.get_width() // 2, top - text_ink.top)),
            (sub, (rect.centerx - sub.get_width() // 2, top + text_ink.height + gap - sub_ink.top))]


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
    width = max(3, rect.height // 22)
    pygame.draw.rect(surface, palette.FOCUS, rect.inflate(width * 3, width * 3), width=width, border_radius=radius + width)
