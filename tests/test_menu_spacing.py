"""The title block of a menu is evenly spaced: as much room from the panel's edge to the
title's ink, from the title to the subtitle and from the subtitle to the first button, and
the panel ends as far below its last button as it begins above the title; at every size
and in every language."""

import pygame
import pytest

from support.player import Player


def spacing(player: Player) -> tuple[list[int], int, int]:
    """(the gaps down the title block, the room above the title, the room below the last button)."""
    menu = player.top
    scratch = pygame.Surface(player.window_size)
    inks = [label.draw(scratch) for label in menu.labels]
    first_button = min(button.rect.top for button, _ in menu.buttons)
    last_button = max(button.rect.bottom for button, _ in menu.buttons)
    edges = [menu.panel.top] + [y for ink in inks for y in (ink.top, ink.bottom)] + [first_button]
    gaps = [edges[i + 1] - edges[i] for i in range(0, len(edges) - 1, 2)]
    return gaps, gaps[0], menu.panel.bottom - last_button


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_the_title_menu_is_evenly_spaced(tmp_path, locale):
    for size in [(1920, 1080), (800, 600), (1080, 1920)]:
        player = Player(tmp_path / f"{size[0]}", size, locale=locale)  # the title menu over a new table
        player.wait(0.5)
        assert player.top_key == "title"
        gaps, above, below = spacing(player)
        assert len(gaps) == 3, gaps  # panel→title, title→subtitle, subtitle→Play
        tolerance = max(4, max(gaps) // 5)
        assert max(gaps) - min(gaps) <= tolerance, (locale, size, gaps)
        assert min(gaps) >= 6, (locale, size, gaps)
        assert abs(below - above) <= tolerance, (locale, size, above, below)
        player.close()
