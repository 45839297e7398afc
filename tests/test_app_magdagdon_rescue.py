"""The MAGDAGDON banner offers only what can help (RULES.md §6, §7): a roll no power can save
is accepted, with no power offered; a roll only a re-roll may save says so, and −1/+1 stay
off; where −1/+1 can save it, every power is offered. Worked out from the rules, not from
the seeded dice the game would roll."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.engine import Board, Difficulty, Game, Phase

from support.player import Player


def magdagdon_at(tmp_path, board: str, dice: tuple[int, ...], size=(1280, 720)) -> Player:
    player = Player(tmp_path, size=size, scene="magdagdon", seed=3)
    player.wait(0.4)
    session = player.table.session
    session.game = Game.set_up_position(Board.parse(board), dice, Difficulty.PEACEFUL)
    assert session.game.phase is Phase.MAGDAGDON
    session.rebuild_sprites(animate=False)
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.1)
    return player


def shown_words(player: Player) -> str:
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.05)
    return " ".join(t.words for t in player.control.frame_log.texts)


def enabled(player: Player) -> dict[str, bool]:
    return {b.ident: b.enabled for b in player.table.buttons()}


def test_a_roll_no_power_can_save_offers_accept_only(tmp_path):
    player = magdagdon_at(tmp_path, "1616/6161/6161/616.", (3, 3, 3, 3))  # no value fits the last cell
    try:
        text, state = player.control.text, player.table
        assert state.game.powers_left == 3
        buttons = enabled(player)
        assert "use_power" not in buttons and buttons["accept"]
        assert not buttons["minus"] and not buttons["plus"] and not buttons["reroll"]
        words = shown_words(player)
        assert text("banner.magdagdon_powers").split("(")[0].strip() not in words
        assert state.guide()[0] == text("guide.magdagdon_no_rescue", required=state.game.required)
        state.on_tray_die(0)  # a die cannot be picked for a power that cannot help
        assert state.session.selected is None
    finally:
        player.close()


def test_a_roll_only_a_re_roll_may_save_names_the_re_roll(tmp_path):
    player = magdagdon_at(tmp_path, "111./..../..../....", (6, 5, 4, 6))  # beside the 1s only 1 or 2 fits
    try:
        text, state = player.control.text, player.table
        game = state.game
        assert state.guide()[0] == text("guide.magdagdon", required=game.required)
        banner = text("banner.magdagdon_reroll_only", left=game.powers_left, penalty=game.next_penalty)
        assert banner in state._banner_lines()
        assert enabled(player)["use_power"]
        player.tap(next(b for b in state.buttons() if b.ident == "use_power").rect.center)
        assert state.guide()[0] == text("guide.magdagdon_reroll")
        state.on_tray_die(game.tray[0])
        buttons = enabled(player)
        assert not buttons["minus"] and not buttons["plus"] and buttons["reroll"]
    finally:
        player.close()


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_a_roll_minus_or_plus_can_save_offers_every_power(tmp_path, locale):
    player = magdagdon_at(tmp_path, "3332/4343/5..4/6..5", (2, 1, 6, 1))
    player.control.set_language(locale)
    player.wait(0.1)
    try:
        text, state = player.control.text, player.table
        game = state.game
        assert text("banner.magdagdon_powers", left=game.powers_left, penalty=game.next_penalty) in state._banner_lines()
        player.tap(next(b for b in state.buttons() if b.ident == "use_power").rect.center)
        state.on_tray_die(game.tray[0])
        buttons = enabled(player)
        assert buttons["reroll"] and (buttons["minus"] or buttons["plus"])
    finally:
        player.close()
