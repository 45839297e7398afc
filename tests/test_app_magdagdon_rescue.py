"""The MAGDAGDON decision offers only what can help (RULES.md §6, §7), and says what: a roll no
power can save is accepted, with no power offered; a roll only a re-roll may save names the
re-roll and its chance, counted over every outcome of fresh dice, and −1/+1 stay off; where
a −1/+1 saves it, that one is named and every power is offered. Worked out from the rules,
not from the seeded dice the game would roll."""

from __future__ import annotations

import pygame
import pytest

from itertools import product

from magdagdon.app.text.i18n import Catalog
from magdagdon.app.table.rescue_words import chance_words
from magdagdon.engine import Board, Difficulty, Game, Phase

from brute_force import slow_can_place
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
    return " ".join(t.words for t in player.frame_log.texts)


def enabled(player: Player) -> dict[str, bool]:
    return {b.ident: b.enabled for b in player.table.buttons()}


def test_a_roll_no_power_can_save_offers_accept_only(tmp_path):
    player = magdagdon_at(tmp_path, "1616/6161/6161/616.", (3, 3, 3, 3))  # no value fits the last cell
    try:
        text, state = player.text, player.table
        assert state.game.powers_left == 3
        buttons = enabled(player)
        assert buttons["accept"]
        assert not buttons["minus"] and not buttons["plus"] and not buttons["reroll"]
        words = shown_words(player)
        assert text("banner.magdagdon_beyond_powers") in words
        assert state.guide()[0] == text("banner.magdagdon_beyond_powers")  # the guide line says it
        state.on_tray_die(0)  # a die cannot be picked for a power that cannot help
        assert state.session.selected is None
    finally:
        player.close()


def test_a_roll_only_a_re_roll_may_save_names_the_re_roll(tmp_path):
    player = magdagdon_at(tmp_path, "111./..../..../....", (6, 5, 4, 6))  # beside the 1s only 1 or 2 fits
    try:
        text, state = player.text, player.table
        game = state.game
        # Throwing all four again is the likeliest re-roll: counted here with the slow
        # reference search over the 6^4 outcomes, 676 of 1296 save the roll, about 3 in 6.
        cells = Board.parse("111./..../..../....").cells
        saves = sum(slow_can_place(cells, fresh, game.required) for fresh in product(range(1, 7), repeat=4))
        assert saves == 676
        banner = text("banner.magdagdon_reroll_chance", dice="6 5 4 6", chance="3 times in 6",
                      left=game.powers_left, penalty=game.next_penalty)
        assert banner == "A re-roll of 6 5 4 6 saves it 3 times in 6 (3 left, next costs –10)."
        assert banner in shown_words(player) and state.guide()[0] == banner  # on the guide line
        state.on_tray_die(game.tray[0])
        buttons = enabled(player)
        assert not buttons["minus"] and not buttons["plus"] and buttons["reroll"]
    finally:
        player.close()


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_a_roll_minus_or_plus_can_save_offers_every_power(tmp_path, locale):
    player = magdagdon_at(tmp_path, "3332/4343/5..4/6..5", (2, 1, 6, 1))
    player.set_language(locale)
    player.wait(0.1)
    try:
        text, state = player.text, player.table
        game = state.game
        # +1 on the 2 gives 3 1 6 1, which the board takes (the 3 beside the 2 and the 4s);
        # –1 on it, or a change of another die, does not.
        cells = Board.parse("3332/4343/5..4/6..5").cells
        assert slow_can_place(cells, (3, 1, 6, 1), game.required)
        assert not any(slow_can_place(cells, dice, game.required)
                       for dice in ((1, 1, 6, 1), (2, 2, 6, 1), (2, 1, 5, 1), (2, 1, 6, 2)))
        named = text("banner.magdagdon_adjust_saves", power=text("power.plus"), value=2, left=game.powers_left,
                     penalty=game.next_penalty)
        assert named in shown_words(player)
        state.on_tray_die(game.tray[0])
        buttons = enabled(player)
        assert buttons["reroll"] and (buttons["minus"] or buttons["plus"])
    finally:
        player.close()


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_a_saving_re_roll_is_said_in_every_language(tmp_path, locale):
    player = magdagdon_at(tmp_path, "111./..../..../....", (6, 5, 4, 6))
    player.set_language(locale)
    player.wait(0.1)
    try:
        text, game = player.text, player.table.game
        sixths = text.plural("rescue.chance.sixths", 3)
        assert "3" in sixths and "6" in sixths
        banner = text("banner.magdagdon_reroll_chance", dice="6 5 4 6", chance=sixths, left=game.powers_left,
                      penalty=game.next_penalty)
        assert banner in shown_words(player)
    finally:
        player.close()


@pytest.mark.parametrize("saves, outcomes, words", [
    (1296, 1296, "every time"),
    (1295, 1296, "5 times in 6"),  # never said as sure when it is not
    (11, 12, "5 times in 6"),
    (676, 1296, "3 times in 6"),
    (1, 3, "2 times in 6"),
    (1, 4, "2 times in 6"),  # the nearest sixth (1.5 sixths, rounded up)
    (1, 5, "1 time in 6"),
    (1, 6, "1 time in 6"),
    (5, 36, "1 time in 7"),
    (1, 36, "1 time in 36"),
    (1, 1296, "1 time in 1296"),
])
def test_a_chance_is_said_as_n_in_6_or_1_time_in_n(saves, outcomes, words):
    from fractions import Fraction
    assert chance_words(Catalog("en"), Fraction(saves, outcomes)) == words
