"""One focus model for the table and the menus: arrows (a controller's pad) go to the
nearest target that way, measured between edges; Tab goes on in reading order."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.input.focus import Target, step_focus

from support.player import Player

# The title's buttons as laid out at 800x600: a wide Play, rows of two, a wide Party.
TITLE = [Target("button", ident, pygame.Rect(*rect)) for ident, rect in (
    ("play", (216, 201, 368, 40)), ("rules", (216, 249, 180, 40)), ("high_scores", (404, 249, 180, 40)),
    ("daily", (216, 297, 180, 40)), ("play_code", (404, 297, 180, 40)), ("party", (216, 345, 368, 40)),
    ("settings", (216, 393, 180, 40)), ("about", (404, 393, 180, 40)))]
BOARD = [Target("cell", row * 4 + column, pygame.Rect(column * 60, row * 60, 56, 56))
         for row in range(4) for column in range(4)]


def moved(targets: list[Target], start: str | int, *directions: str) -> str | int:
    kind = targets[0].kind
    key: tuple[str, str | int] | None = (kind, start)
    for direction in directions:
        key = step_focus(targets, key, direction)
    assert key is not None
    return key[1]


def test_down_from_a_wide_button_goes_to_the_first_of_the_row_just_under_it() -> None:
    assert moved(TITLE, "play", "down") == "rules"  # not Party, centred under it further down
    assert moved(TITLE, "play", "down", "right") == "high_scores"
    assert moved(TITLE, "high_scores", "down") == "play_code"  # straight down its column
    assert moved(TITLE, "play_code", "down") == "party"
    assert moved(TITLE, "party", "up") == "daily"
    assert moved(TITLE, "about", "up") == "party" and moved(TITLE, "about", "up", "up") == "daily"


def test_an_arrow_with_nothing_that_way_keeps_the_focus_and_tab_goes_round() -> None:
    assert moved(TITLE, "play", "up") == "play" and moved(TITLE, "rules", "left") == "rules"
    order = [moved(TITLE, "play", *["next"] * steps) for steps in range(len(TITLE) + 1)]
    assert order == [t.ident for t in TITLE] + ["play"]
    assert moved(TITLE, "play", "previous") == "about"


def test_the_board_is_walked_cell_by_cell() -> None:
    assert moved(BOARD, 5, "right") == 6 and moved(BOARD, 5, "down") == 9
    assert moved(BOARD, 5, "left") == 4 and moved(BOARD, 5, "up") == 1
    assert moved(BOARD, 0, "right", "right", "right", "down", "down", "down") == 15


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_the_title_menu_is_walked_by_arrows_the_way_it_is_laid_out(tmp_path, locale) -> None:
    player = Player(tmp_path, size=(800, 600), locale=locale)
    player.wait_for(lambda: player.top_key == "title" and bool(player.menu_button_rects()), limit=3)
    rects = player.menu_button_rects()

    def focused() -> str:
        return player.top.buttons[player.top.focus_index][1]

    assert focused() == "play"
    player.key(pygame.K_DOWN)
    first_of_row = focused()  # where the reader starts: the left one in English, the right in Urdu
    assert rects[first_of_row].top > rects["play"].bottom
    assert (rects[first_of_row].left < 400) == (locale == "en")
    player.key(pygame.K_LEFT if locale == "ur" else pygame.K_RIGHT)  # on along the row
    beside = focused()
    assert beside != first_of_row and rects[beside].top == rects[first_of_row].top
    player.key(pygame.K_DOWN)
    assert rects[focused()].centerx == rects[beside].centerx and rects[focused()].top > rects[beside].top
    player.close()
