"""A button's label and sub-label stay inside the button in every language, also where a
party's players' row leaves the table's buttons a little shorter."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.text.fit import min_text_px
from magdagdon.app.text.menu_text import ink_rect
from magdagdon.app.ui.widgets import button_words

from support.player import Player


@pytest.mark.parametrize("scene,size", [("party_turn_eight", (800, 600)), ("party_turn_eight", (1024, 700)),
                                        ("staging", (800, 600))])
@pytest.mark.parametrize("lang", ["en", "it", "ur", "hi"])
def test_the_words_of_every_table_button_stay_inside_it(tmp_path, scene, size, lang):
    player = Player(tmp_path, size=size, scene=scene, seed=1, locale=lang)
    try:
        player.wait(0.3)
        state = player.table
        buttons = state.buttons()
        assert any(button.sublabel for button in buttons)
        for button in buttons:
            box = pygame.Rect((0, 0), button.rect.size)
            for words, (x, y) in button_words(state.fonts, button.label, button.sublabel, button.rect.size,
                                              (255, 255, 255), min_text_px(player.window_size),
                                              label_size=button.label_size):
                ink = ink_rect(words).move(x, y)
                assert box.contains(ink), f"{button.ident}: {ink} leaves the {box.size} button"
    finally:
        player.close()
