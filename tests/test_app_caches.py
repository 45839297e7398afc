"""Drawing caches stay small over an evening of games: a kiosk plays hundreds of games in one
process, and each MAGDAGDON banner differs (its dice), so a cache of a hundred window-sized
banners grew the process by tens of megabytes."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from magdagdon.app.fonts import FontBook  # noqa: E402
from magdagdon.app.render.hud import BANNERS_KEPT, draw_banner  # noqa: E402


def test_distinct_banners_do_not_pile_up():
    pygame.display.init()
    pygame.font.init()
    fonts = FontBook()
    surface = pygame.Surface((1920, 1080))
    rect = pygame.Rect(200, 200, 1500, 600)
    for dice in range(40):
        draw_banner(surface, fonts, rect, "MAGDAGDON!", [f"These dice {dice} cannot be placed."])
    assert len(fonts.banners) <= BANNERS_KEPT + 1
    kept_bytes = sum(image.get_bytesize() * image.get_width() * image.get_height() for image, _ in fonts.banners.values())
    assert kept_bytes < 40 * 2**20
