"""Today's dice as a player meets them: the title's button opens an intro that says what they
are and shows the day's table (asking nothing yet); Play asks about a game in progress, then
plays the day's seed, and the table's header names Today's dice."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pygame

from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Game
from magdagdon.engine.challenge import day_seed
from magdagdon.storage import open_store
from magdagdon.app.text.text_runs import without_controls

from support.player import Player

URDU_NAME = "عائشہ"


def finished(seed: int) -> Game:
    game = Game(Difficulty.PEACEFUL, seed)
    chooser = make_policy("greedy", random.Random(1))
    while not game.is_over:
        game.play(chooser.choose(game))
    return game


def shown(player: Player) -> str:
    return " ".join(text for text, _ in player.look())


def header(player: Player) -> str:
    """The words of a frame with the table's still parts painted again (as after a menu)."""
    player.table.kit.canvas.invalidate()
    return shown(player)


def test_the_intro_says_what_todays_dice_are_and_shows_the_days_table(tmp_path):
    stamp = datetime.now(timezone.utc)
    today = stamp.date()
    game = finished(day_seed(today, Difficulty.PEACEFUL))
    open_store(tmp_path, stamp).record_result(game, stamp, URDU_NAME)
    player = Player(tmp_path, seed=7)
    try:
        player.set_today(today)
        player.key(pygame.K_r, then=1.0)  # a game in progress
        player.key(pygame.K_ESCAPE)
        player.choose("daily")
        assert player.top_key == "daily_intro"  # no question yet: nothing is about to be lost
        words = shown(player)
        assert "Everyone plays the same dice today" in words and "New dice at midnight UTC." in words
        assert without_controls(player.top.subtitle) == f"{today.isoformat()} · PEACEFUL"  # the day, the difficulty
        assert f"1. {URDU_NAME} · {game.score().total}" in words
        player.choose("play")
        assert player.top_key == "confirm"
        player.choose("yes")
        assert player.stack_keys == ["rolling"]
        assert player.table.game.seed == day_seed(today, Difficulty.PEACEFUL) and player.table.game.turn == 0
        assert "Today's dice  ·  PEACEFUL  ·  Turn 0" in header(player)  # the header names them
    finally:
        player.close()


def test_an_empty_days_table_says_so_and_back_leaves_the_game_as_it_was(tmp_path):
    player = Player(tmp_path, seed=7)
    try:
        player.key(pygame.K_ESCAPE)
        player.choose("daily")
        assert "Nobody has played today's dice here yet. Be the first!" in shown(player)
        player.choose("back")
        assert player.top_key == "title" and player.table.game.seed == 7
        player.key(pygame.K_ESCAPE)
        assert player.stack_keys == ["rolling"] and "Today's dice" not in header(player)  # any other game's header: its difficulty first
    finally:
        player.close()
