"""Challenge codes and Today's dice, played through the game's loop."""

from __future__ import annotations

import argparse
from datetime import date

import pygame
import pytest

from magdagdon.cli.play import add_arguments, options_from, run
from magdagdon.engine import Difficulty
from magdagdon.engine.challenge import code_for, day_seed, read_code

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


def test_a_typed_code_plays_its_seed_in_its_difficulty(player):
    code = code_for(1, Difficulty.NIGHTMARE)
    open_code_entry(player)
    type_text(player, f"{code[:3].lower()}-{code[3:]}")  # lower case and a dash are forgiven
    player.key(pygame.K_RETURN)
    assert player.stack_keys == ["rolling"]
    game = player.table.game
    assert game.seed == 1 and game.turn == 0 and game.difficulty is Difficulty.NIGHTMARE  # not the PEACEFUL played


def test_a_code_played_over_a_game_in_progress_keeps_its_difficulty(player):
    """Asked when the code is about to be played (the game in progress is left, the dialog
    answers with what to do), then the code's game in the code's difficulty, which the next
    new game keeps."""
    player.key(pygame.K_r, then=1.5)  # a game in progress, in PEACEFUL
    code = code_for(1, Difficulty.NIGHTMARE)
    open_code_entry(player)
    type_text(player, code)
    player.key(pygame.K_RETURN)
    assert player.top_key == "confirm"
    assert f"Play code {code}? The game in progress will be lost." in " ".join(t for t, _ in player.look())
    player.choose("yes")
    assert player.stack_keys == ["rolling"]
    game = player.table.game
    assert game.seed == 1 and game.turn == 0 and game.difficulty is Difficulty.NIGHTMARE
    assert player.difficulty is Difficulty.NIGHTMARE  # the next new game's too


def test_a_first_version_code_plays_its_seed_in_the_difficulty_chosen(player):
    open_code_entry(player)
    type_text(player, "j1z-en4")  # six characters: the seed alone, as it always was
    player.key(pygame.K_RETURN)
    assert player.table.game.seed == 1 and player.table.game.difficulty is Difficulty.PEACEFUL


@pytest.mark.parametrize("typed, message", [
    ("", "Type a code first."), ("ABC", "A code has 7 characters."),
    ("ABCDEU", "A code has only letters and digits, and no U."),
    ("K9Y3V2K", "No game has this code: check each character."),  # K9Y3V2J with its last character mistyped
])
def test_a_bad_code_says_why_and_the_entry_stays(player, typed, message):
    open_code_entry(player)
    type_text(player, typed)
    player.choose("play")
    assert player.top_key == "code_entry" and player.table.game.seed == 7
    assert message in [text for text, _ in player.look()]
    player.key(pygame.K_BACKSPACE)
    assert message not in [text for text, _ in player.look()]


def test_a_code_of_a_difficulty_the_kiosk_does_not_offer_says_so(player):
    player.offer_difficulties(Difficulty.PEACEFUL)
    open_code_entry(player)
    type_text(player, code_for(5, Difficulty.NIGHTMARE))
    player.choose("play")
    assert player.top_key == "code_entry" and player.table.game.seed == 7
    assert "This code plays NIGHTMARE, which this table does not offer." in [text for text, _ in player.look()]


def test_back_leaves_the_game_as_it_was(player):
    open_code_entry(player)
    type_text(player, code_for(1, Difficulty.SURVIVAL))
    player.choose("back")
    assert player.top_key == "title" and player.table.game.seed == 7


def test_a_game_in_progress_is_asked_about_only_when_a_code_is_about_to_be_played(player):
    """Opening the entry, a bad code and Back ask nothing and leave the game as it was; a good
    code asks, and No keeps both the game and the code typed."""
    player.key(pygame.K_r, then=1.0)
    rolled = player.table.game.turn
    open_code_entry(player)  # no question yet: nothing is about to be lost
    player.choose("play")
    assert player.top_key == "code_entry"  # an empty code: a line saying so, still no question
    type_text(player, code_for(1, Difficulty.SURVIVAL))
    player.choose("play")
    assert player.top_key == "confirm"
    player.choose("no")
    assert player.top_key == "code_entry" and player.table.game.seed == 7 and player.table.game.turn == rolled
    player.choose("back")
    assert player.top_key == "title" and player.table.game.seed == 7 and player.table.game.turn == rolled


def test_todays_dice_play_the_seed_of_the_utc_date_and_difficulty(player, monkeypatch):
    player.set_today(date(2026, 11, 30))
    player.key(pygame.K_ESCAPE)
    player.choose("daily")
    assert player.top_key == "daily_intro"  # what they are, first
    player.choose("play")
    assert player.stack_keys == ["rolling"]
    assert player.table.game.seed == day_seed(date(2026, 11, 30), player.table.game.difficulty)


def test_game_over_shows_the_challenge_code(tmp_path):
    player = Player(tmp_path, seed=7, scene="game_over")
    try:
        player.wait(2.0)
        game = player.table.game
        code = code_for(game.seed, game.difficulty)
        assert f"Challenge code {code} — same dice via Play a code" in [t for t, _ in player.look()]
    finally:
        player.close()


def test_a_friends_nightmare_code_lands_in_the_nightmare_table(tmp_path):
    """A NIGHTMARE game's code, played by someone set to PEACEFUL, is the same NIGHTMARE game:
    its result is filed in the NIGHTMARE table beside the friend's."""
    friend = Player(tmp_path / "friend", seed=7, scene="game_over", difficulty=Difficulty.NIGHTMARE)
    try:
        friend.wait(2.0)
        shown = next(t for t, _ in friend.look() if t.startswith("Challenge code "))
        code = shown.split()[2]
    finally:
        friend.close()
    player = Player(tmp_path / "me", seed=3, difficulty=Difficulty.PEACEFUL)
    try:
        open_code_entry(player)
        type_text(player, code)
        player.key(pygame.K_RETURN)
        assert player.table.game.difficulty is Difficulty.NIGHTMARE and player.table.game.seed == 7
    finally:
        player.close()


def test_code_on_the_command_line_names_the_game():
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    options = options_from(parser.parse_args(["--code", code_for(1, Difficulty.SURVIVAL).lower()]))
    assert (options.seed, options.difficulty) == (1, Difficulty.SURVIVAL)
    first_version = options_from(parser.parse_args(["--code", "j1zen4", "--difficulty", "NIGHTMARE"]))
    assert (first_version.seed, first_version.difficulty) == (1, Difficulty.NIGHTMARE)
    with pytest.raises(SystemExit):
        parser.parse_args(["--code", "J1ZEN"])


def test_a_code_and_another_difficulty_on_the_command_line_is_one_clear_line(capsys):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--code", code_for(1, Difficulty.NIGHTMARE), "--difficulty", "PEACEFUL"])
    assert run(args) == 2
    assert capsys.readouterr().err == "magdagdon: argument --difficulty: the code plays NIGHTMARE, not PEACEFUL\n"


def test_a_mistyped_code_on_the_command_line_says_so(capsys):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(["--code", "K9Y3V2K"])
    assert "names no game: a character is mistyped" in capsys.readouterr().err


def test_party_results_give_the_partys_code(tmp_path):
    player = Player(tmp_path, seed=7, scene="party_results", difficulty=Difficulty.SURVIVAL)
    try:
        player.wait(1.0)
        party = player.top.play.party
        code = code_for(party.seed, party.difficulty)
        assert read_code(code).difficulty is party.difficulty
        player.post(pygame.WINDOWEXPOSED)
        player.wait(0.05)
        shown = [record.words for record in player.frame_log.records if record.kind == "text"]
        assert f"Challenge code {code}: play these dice again at home" in shown
    finally:
        player.close()
