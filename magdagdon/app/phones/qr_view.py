"""The room's QR code drawn as crisp squares: whole pixels per module, dark on white, with
the quiet zone the standard asks for (it is part of the matrix), never scaled smooth."""

from __future__ import annotations

import pygame

from ..audit.draw_log import Role, note

QR_DARK = (0, 0, 0)
QR_LIGHT = (255, 255, 255)


def qr_rect(matrix: tuple[tuple[bool, ...], ...], box: pygame.Rect) -> pygame.Rect:
    """The square the code takes in ``box``: the largest whole number of pixels a module."""
    count = len(matrix)
    module = max(1, min(box.width, box.height) // max(1, count))
    side = module * count
    rect = pygame.Rect(0, 0, side, side)
    rect.center = box.center
    return rect


def draw_qr(surface: pygame.Surface, matrix: tuple[tuple[bool, ...], ...], box: pygame.Rect) -> pygame.Rect:
    rect = qr_rect(matrix, box)
    module = rect.width // max(1, len(matrix))
    pygame.draw.rect(surface, QR_LIGHT, rect)
    for row, modules in enumerate(matrix):
        y = rect.top + row * module
        column = 0
        while column < len(modules):  # runs of dark modules as one rectangle each
            if not modules[column]:
                column += 1
                continue
            start = column
            while column < len(modules) and modules[column]:
                column += 1
            pygame.draw.rect(surface, QR_DARK, (rect.left + start * module, y, (column - start) * module, module))
    note(surface, rect, Role.PICTURE, "qr code")
    return rect
