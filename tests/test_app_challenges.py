"""Challenge codes and Today's dice, played through the game's loop."""

from __future__ import annotations

import argparse
from datetime import date

import pygame
import pytest

from magdagdon.cli.play import add_arguments, options_from
from magdagdon.engine.challenge import code_for_seed, daily_seed

from support.player import Player


@pytest.fixture
def player(tmp_path):
    made = Player(tmp_path, seed=7)
    yield made
    made.close()


def type_text(player: Player, text: str) -> None:
    for char in text:
        player.post(pygame.KEYDOWN, key=pygame.key.key_code(char.lower()) if char.isalnum() else 0, mod=0,
                    unicode=char, scancode=0)
        player.wait(0.05)


def open_code_entry(player: Player) -> None:
    player.key(pygame.K_ESCAPE)
    player.choose("play_code")
    assert player.top_key == "code_entry"


def test_a_typed_code_plays_its_seed(player):
    open_code_entry(player)
    type_text(player, "j1z-en4")  # lower case and a dash are forgiven
    player.key(pygame.K_RETURN)
    assert player.control.machine.keys == ["rolling"]
    assert player.table.game.seed == 1 and player.table.game.turn == 0


@pytest.mark.parametrize("typed, message", [
    ("", "Type a code first."), ("ABC", "A code has 6 characters."),
    ("ABCDEU", "A code has only letters and digits, and no U."),
])
def test_a_bad_code_says_why_and_the_entry_stays(player, typed, message):
    open_code_entry(player)
    type_text(player, typed)
    player.choose("play")
    assert player.top_key == "code_entry" and player.table.game.seed == 7
    assert message in [text for text, _ in player.look()]
    player.key(pygame.K_BACKSPACE)
    assert message not in [text for text, _ in player.look()]


def test_back_leaves_the_game_as_it_was(player):
    open_code_entry(player)
    type_text(player, "J1ZEN4")
    player.choose("back")
    assert player.top_key == "title" and player.table.game.seed == 7


def test_leaving_a_game_in_progress_for_a_code_asks_first(player):
    player.key(pygame.K_r, then=1.0)
    player.key(pygame.K_ESCAPE)
    player.choose("play_code")
    assert player.top_key == "confirm"
    player.choose("yes")
    assert player.top_key == "code_entry"


def test_todays_dice_play_the_seed_of_the_local_date(player, monkeypatch):
    player.control.games.today = lambda: date(2026, 11, 30)
    player.key(pygame.K_ESCAPE)
    player.choose("daily")
    assert player.control.machine.keys == ["rolling"]
    assert player.table.game.seed == daily_seed(date(2026, 11, 30))


def test_game_over_shows_the_challenge_code(tmp_path):
    player = Player(tmp_path, seed=7, scene="game_over")
    try:
        player.wait(2.0)
        seed = player.table.game.seed
        assert f"Challenge code {code_for_seed(seed)} — same dice via Play a code" in [t for t, _ in player.look()]
    finally:
        player.close()


def test_code_on_the_command_line_names_the_seed():
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert options_from(parser.parse_args(["--code", "j1zen4"])).seed == 1
    with pytest.raises(SystemExit):
        parser.parse_args(["--code", "J1ZEN"])
