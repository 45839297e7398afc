"""What the guide line says after the player acts, through the real loop: Take back all says
what it did (not the message of dice sent back because they no longer fit), and the re-roll
pick says to tap the dice to throw again and how many are chosen, with no hint or message
left from before."""

from __future__ import annotations

import pygame

from magdagdon.app.audit.draw_log import Role

from support.player import Player


def guide_line(player: Player) -> str:
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.05)
    return " ".join(t.words for t in player.frame_log.texts if t.role is Role.GUIDE)


def tap_button(player: Player, ident: str) -> None:
    player.tap(next(b for b in player.table.buttons() if b.ident == ident).rect.center)


def test_take_back_all_says_that_the_staged_dice_are_back(tmp_path):
    player = Player(tmp_path, (1280, 720), scene="staging", seed=3)
    player.wait(0.4)
    try:
        table, game = player.table, player.table.game
        die = next(d for d in game.tray if game.legal_cells_for(d))
        player.tap(table.layout.tray_slots[die].center)
        player.tap(table.layout.cells[min(game.legal_cells_for(die))].center)
        assert len(game.staged) == 2
        tap_button(player, "take_back_all")
        assert game.staged == ()
        text = player.text
        assert guide_line(player) == text("guide.took_back_all", count=2) == "All 2 staged dice are back in the tray."
        assert text("guide.returned_many", count=2, dice="").split(",")[0] not in guide_line(player)
    finally:
        player.close()


def test_re_roll_pick_says_to_tap_the_dice_and_how_many_and_no_hint_stays(tmp_path):
    player = Player(tmp_path, (1280, 720), scene="staging", seed=3)
    player.wait(0.4)
    try:
        text, session = player.text, player.table.session
        player.key(pygame.K_h)  # a hint first: its line and its rings
        player.choose("show_hint")
        assert session.hint is not None
        hint_line = guide_line(player)
        assert hint_line == text(session.hint.key, **session.hint.values)
        tap_button(player, "reroll")
        assert session.reroll_pick == set() and session.hint is None
        assert guide_line(player) == text("guide.reroll_pick")
        die = player.table.game.tray[0]
        player.tap(player.table.layout.tray_slots[die].center)
        assert session.reroll_pick == {die}
        assert guide_line(player) == text("guide.reroll_picked", count=1) == \
            "1 die chosen to throw again: tap more tray dice, or Re-roll."
    finally:
        player.close()
