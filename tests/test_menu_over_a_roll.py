"""The menu opened while the dice still tumble: the dice land at once and the table behind
the menu is the table as it is now (the rolled dice, what to do with them), not the table as
it was before the roll."""

from __future__ import annotations

import pygame

from support.player import Player


def test_the_menu_opened_mid_roll_shows_the_rolled_table_behind_it(tmp_path):
    player = Player(tmp_path, seed=7)
    try:
        player.key(pygame.K_r, then=0.05)
        assert player.session.tumbling  # the dice are still in the air
        player.key(pygame.K_ESCAPE)
        assert player.stack_keys == ["staging", "title"]
        shown = " ".join(text for text, _ in player.look())
        assert "Pick a die, then a glowing cell." in shown and "Press ROLL" not in shown
        player.choose("resume")
        assert player.stack_keys == ["staging"] and len(player.table.game.tray) == 4
    finally:
        player.close()
