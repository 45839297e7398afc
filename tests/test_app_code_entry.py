"""Play a code on a touch screen with no keyboard (a kiosk): the code's characters are keys
under the field, tapped or walked with arrows (a game controller's D-pad) like the name
entry's, and the code then plays its dice."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.engine import Difficulty
from magdagdon.engine.challenge import ALPHABET, code_for

from support.player import Player


def code_entry(tmp_path, **options) -> Player:
    player = Player(tmp_path, kiosk=True, **options)
    player.wait(1.0)
    player.choose("play_code")
    assert player.top_key == "code_entry"
    player.wait(0.2)
    return player


def key_rect(player: Player, ident: str) -> pygame.Rect:
    return next(key.rect for key in player.top.keys.keys if key.ident == ident)


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_a_kiosk_guest_taps_a_code_on_the_screen_and_plays_its_dice(tmp_path, locale):
    player = code_entry(tmp_path, locale=locale)
    assert {key.ident for key in player.top.keys.keys} >= set(ALPHABET)  # every character a code has
    code = code_for(1234, Difficulty.SURVIVAL)
    for char in code + "X":
        player.tap(key_rect(player, char).center)
    player.tap(key_rect(player, "delete").center)  # takes the X back
    assert player.top.typed == code
    player.choose("play")
    assert player.top_key == "rolling" and player.table.game.seed == 1234
    assert player.table.game.difficulty is Difficulty.SURVIVAL  # the code's own, not the one chosen


def test_arrows_walk_the_keys_and_down_leads_out_to_play(tmp_path):
    player = code_entry(tmp_path)
    player.key(pygame.K_UP)  # from the buttons up into the keys: the action row
    player.key(pygame.K_UP)  # the last row of letters, above Delete
    player.key(pygame.K_RETURN)
    assert player.top.typed == "V"
    player.key(pygame.K_DOWN)  # the action row
    player.key(pygame.K_DOWN)  # out, to the menu's buttons
    assert not player.top.keys.focus_shown and player.top.keyboard


def test_the_keys_are_laid_out_with_the_menu_and_a_tap_types_before_any_frame_shows_them(tmp_path):
    player = Player(tmp_path, kiosk=True)
    player.wait(1.0)
    skipped = []
    player.around_each_draw(lambda draw: skipped.append(draw))  # no frame drawn from here
    player.choose("play_code")
    assert player.top_key == "code_entry"
    first, last = ALPHABET[0], ALPHABET[-1]
    player.tap(key_rect(player, first).center)
    player.tap(key_rect(player, last).center)
    assert skipped and player.top.typed == first + last
    body = player.top.body_rect
    assert all(body.contains(key.rect) for key in player.top.keys.keys)
    player.close()
