"""Buttons of the table, drawn by hand: rounded, with a clear disabled look and a focus ring."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import palette


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


def draw_button(surface: pygame.Surface, fonts, button: Button, hovered: bool, focused: bool) -> None:
    rect = button.rect
    if rect.width < 4 or rect.height < 4:
        return
    radius = max(6, rect.height // 4)
    if button.enabled:
        base, hover, text_colour = STYLES[button.style]
        colour = hover if hovered else base
        pygame.draw.rect(surface, palette.SHADOW, rect.move(0, max(2, rect.height // 18)), border_radius=radius)
    else:
        colour, text_colour = palette.BUTTON_DISABLED, palette.BUTTON_DISABLED_TEXT
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    main_size = int(rect.height * (0.34 if button.sublabel else 0.42))
    main_size = fonts.fit(button.label, main_size, rect.width - rect.height // 3, bold=True)
    label = fonts.render(button.label, main_size, text_colour, bold=True)
    if button.sublabel:
        sub_size = fonts.fit(button.sublabel, int(rect.height * 0.22), rect.width - rect.height // 3)
        sub = fonts.render(button.sublabel, sub_size, text_colour)
        total = label.get_height() + sub.get_height() * 0.9
        top = rect.centery - total / 2
        surface.blit(label, label.get_rect(midtop=(rect.centerx, int(top))))
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, int(top + label.get_height() * 0.92))))
    else:
        surface.blit(label, label.get_rect(center=rect.center))
    if focused:
        draw_focus_ring(surface, rect, radius)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
    width = max(3, rect.height // 22)
    pygame.draw.rect(surface, palette.FOCUS, rect.inflate(width * 3, width * 3), width=width, border_radius=radius + width)
