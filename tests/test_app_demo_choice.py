"""Watch a demo over a game in progress: the menu asks first; No leaves the game as it was
(saved, and resumed with Resume); Yes keeps it saved through the demo and offers it with
Continue once the player takes over again."""

from __future__ import annotations

import pygame

from magdagdon.engine import Difficulty
from magdagdon.storage import open_store

from support.player import Player


def a_turn_played(tmp_path) -> Player:
    """A game whose first turn is confirmed (and so saved), with the title menu over it."""
    player = Player(tmp_path, seed=5)
    player.key(pygame.K_r, then=1.5)
    layout = player.layout
    game = player.table.game
    while not game.can_confirm:
        die = next(d for d in game.tray if game.legal_cells_for(d))
        player.tap(layout.tray_slots[die].center)
        player.tap(layout.cells[min(game.legal_cells_for(die))].center)
    player.tap(layout.primary.center, then=1.0)
    assert game.turn == 1 and (tmp_path / "in_progress.json").exists()
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "title"
    return player


def saved_board(tmp_path) -> str:
    game = open_store(tmp_path).load_in_progress()
    assert game is not None, "in_progress.json holds no game"
    return str(game.board)


def test_watch_a_demo_asks_first_and_no_keeps_the_game(tmp_path):
    player = a_turn_played(tmp_path)
    try:
        game = player.table.game
        board = str(game.board)
        player.choose("demo")
        assert player.top_key == "confirm" and not player.demo_playing
        player.choose("no")
        assert player.top_key == "title" and not player.demo_playing
        assert saved_board(tmp_path) == board
        player.choose("resume")
        assert player.table.game is game and player.top_key == "rolling"
    finally:
        player.close()


def test_a_demo_watched_keeps_the_game_saved_for_continue(tmp_path):
    player = a_turn_played(tmp_path)
    try:
        board, turn = str(player.table.game.board), player.table.game.turn
        player.choose("demo")
        player.choose("yes")
        assert player.demo_playing
        player.wait(8.0)  # the demo plays a while
        assert player.table.game.turn >= 1 and str(player.table.game.board) != board
        assert saved_board(tmp_path) == board  # the demo never saves over the game
        player.key(pygame.K_SPACE)  # a player takes over: the title offers the game back
        assert player.top_key == "title" and "continue" in player.menu_button_rects()
        player.choose("continue")
        assert str(player.table.game.board) == board and player.table.game.turn == turn
    finally:
        player.close()


def confirm_a_turn(player: Player) -> None:
    """Roll, stage what the roll needs and confirm: the turn is saved (by a game that saves itself)."""
    player.key(pygame.K_r, then=1.5)
    layout, game = player.layout, player.table.game
    while not game.can_confirm:
        die = next(d for d in game.tray if game.legal_cells_for(d))
        player.tap(layout.tray_slots[die].center)
        player.tap(layout.cells[min(game.legal_cells_for(die))].center)
    player.tap(layout.primary.center, then=1.0)


def test_the_game_continued_after_a_demo_is_the_player_s_again(tmp_path):
    """Not lost, and not marked demo: its next turn is saved, and its end recorded."""
    player = a_turn_played(tmp_path)
    try:
        turn = player.table.game.turn
        player.choose("demo")
        player.choose("yes")
        player.wait(3.0)
        player.key(pygame.K_SPACE)
        player.choose("continue")
        session = player.table.session
        assert not session.demo and not player.demo_playing and session.game.turn == turn
        confirm_a_turn(player)
        assert session.game.turn == turn + 1 and saved_board(tmp_path) == str(session.game.board)
    finally:
        player.close()


def test_a_difficulty_chosen_before_a_demo_is_the_next_game_s(tmp_path):
    """The demo plays in the difficulty chosen; the game the player takes over with is in it too."""
    player = Player(tmp_path, seed=5)
    try:
        player.key(pygame.K_ESCAPE)
        player.choose("settings")
        player.choose("difficulty:NIGHTMARE")  # nothing in progress: a new game in it at once
        assert player.top_key == "rolling" and player.table.game.difficulty is Difficulty.NIGHTMARE
        player.key(pygame.K_ESCAPE)
        player.choose("demo")
        assert player.demo_playing and player.table.game.difficulty is Difficulty.NIGHTMARE
        player.wait(2.0)
        player.key(pygame.K_SPACE)  # a player takes over
        assert player.top_key == "title" and not player.demo_playing
        assert player.table.game.difficulty is Difficulty.NIGHTMARE and player.difficulty is Difficulty.NIGHTMARE
    finally:
        player.close()


def test_a_kiosk_game_paused_for_a_demo_outlasts_the_attract_loop(tmp_path):
    """A guest watches the demo over their game and walks away: the attract loop comes and
    goes, and the next guest is offered the game, whole and their own."""
    from magdagdon.storage.kiosk_config import KioskConfig

    config = KioskConfig()
    player = Player(tmp_path, kiosk=True, seed=5)  # a seed: straight to the table, the same dice each run
    try:
        player.wait(1.0)
        confirm_a_turn(player)
        board, turn = str(player.table.game.board), player.table.game.turn
        player.key(pygame.K_ESCAPE)
        player.choose("demo")
        player.choose("yes")
        assert player.demo_playing
        player.wait_for(lambda: player.top_key == "attract_card", limit=config.idle_seconds + 30)
        player.tap((5, 5))  # wakes the kiosk
        assert player.top_key == "title" and "continue" in player.menu_button_rects()
        player.choose("continue")
        session = player.table.session
        assert str(session.game.board) == board and session.game.turn == turn
        assert not session.demo and not session.abandoned and session.keeps_itself
        confirm_a_turn(player)
        assert saved_board(tmp_path) == str(session.game.board)
    finally:
        player.close()
