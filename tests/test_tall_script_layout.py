"""Rows of text spaced by the language's font, not by the point size: Noto Nastaliq Urdu
needs about twice the height of Noto Sans, and its rows must neither overlap nor run under
the buttons; the score panel and the game-over rows read from the right in Urdu."""

from typing import Any

import pygame
import pytest

from magdagdon.app.table.score_panel import draw_score_panel, plan_panel
from magdagdon.app.text.fit import min_text_px

from support.player import Player


class RecordingSurface(pygame.Surface):
    """A surface that notes where each image was blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        if area is None:
            self.placed.append((source, source.get_rect(topleft=rect.topleft if not isinstance(dest, pygame.Rect) else dest.topleft)))
        return rect


def texts_placed(player: Player, draw) -> list[tuple[str, pygame.Rect]]:
    """(text, where its ink landed) for every text the game's fonts rendered in ``draw``."""
    fonts = player.fonts
    made: dict[int, str] = {}
    real = fonts.render

    def spy(text: str, size: int, colour: Any, bold: bool = False) -> pygame.Surface:
        image = real(text, size, colour, bold)
        made[id(image)] = text
        return image

    fonts.render = spy  # type: ignore[method-assign]
    surface = RecordingSurface(player.window_size)
    try:
        draw(surface)
    finally:
        del fonts.render
    placed = []
    for image, rect in surface.placed:
        if id(image) in made and made[id(image)].strip():
            ink = image.get_bounding_rect().move(rect.topleft)
            placed.append((made[id(image)], ink))
    return placed


def overlapping(placed: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    return [(a, b) for i, (a, ra) in enumerate(placed) for b, rb in placed[i + 1:] if ra.colliderect(rb)]


@pytest.mark.parametrize("locale", ["ur", "hi", "en"])
def test_score_panel_rows_do_not_overlap_at_800x600(tmp_path, locale):
    player = Player(tmp_path, scene="staging", locale=locale, seed=3)
    player.wait(0.3)
    layout, game = player.layout, player.table.session.game
    text = player.text

    def draw(surface):
        planned = plan_panel(player.fonts, layout.score, game.preview_score(), text, True, min_text_px(layout.size),
                             legend=layout.legend is None)  # as the table plans it: the legend under the board
        draw_score_panel(surface, player.fonts, planned, text, planned.total)

    placed = texts_placed(player, draw)
    assert len(placed) >= 9  # title, total, four labels, four values
    assert overlapping(placed) == []
    for words, ink in placed:
        assert layout.score.contains(ink), (words, ink, layout.score)
    where = dict(placed)
    label, value = where[text("score.base")], where[str(game.preview_score().base)]
    assert (label.left > value.right) == (locale == "ur")  # Urdu reads the label first, on the right
    player.close()


@pytest.mark.parametrize("locale", ["ur", "en"])
def test_game_over_lines_stay_apart_and_above_the_buttons_at_800x600(tmp_path, locale):
    player = Player(tmp_path, scene="game_over", locale=locale, seed=3)
    player.wait(4.0)  # the count-up has finished
    state = player.top
    assert player.top_key == "game_over"
    placed = [(words, ink) for words, ink in texts_placed(player, lambda s: state.draw(s, 0.0))
              if words not in {b.label for b in state.buttons()}]
    assert len(placed) >= 10
    assert overlapping(placed) == []
    top_of_buttons = min(b.rect.top for b in state.buttons())
    for words, ink in placed:
        assert ink.bottom <= top_of_buttons, (words, ink)
    player.close()


def test_game_over_buttons_start_on_the_right_in_urdu(tmp_path):
    for locale, first_on_right in (("ur", True), ("en", False)):
        player = Player(tmp_path / locale, scene="game_over", locale=locale, seed=3)
        player.wait(1.0)  # the finished board, then the panel and its buttons
        rects = {b.ident: b.rect for b in player.top.buttons()}
        assert (rects["play_again"].left > rects["menu"].left) == first_on_right
        player.close()
