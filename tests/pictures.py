"""Checks on screenshots the game saved (used by the tests that run a built or installed game)."""

from __future__ import annotations

import os
from pathlib import Path


def assert_real_picture(path: Path, size: tuple[int, int]) -> None:
    """A PNG of the right size with many colours: not a blank or a one-colour frame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = pygame.image.load(str(path))
    assert image.get_size() == size
    colours = {image.get_at((x, y))[:3] for x in range(0, size[0], 7) for y in range(0, size[1], 7)}
    assert len(colours) > 50, f"only {len(colours)} colours: the frame looks empty"


def assert_same_picture(path: Path, expected: Path) -> None:
    """Two screenshots with the same pixels (PNG files may differ in their encoding)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image, model = pygame.image.load(str(path)), pygame.image.load(str(expected))
    assert image.get_size() == model.get_size()
    pixels, expected_pixels = pygame.image.tobytes(image, "RGB"), pygame.image.tobytes(model, "RGB")
    differing = sum(pixels[i:i + 3] != expected_pixels[i:i + 3] for i in range(0, len(pixels), 3))
    assert differing == 0, f"{path.name}: {differing} pixels differ from {expected.name}"
