"""Watch a demo over a game in progress: the menu asks first; No leaves the game as it was
(saved, and resumed with Resume); Yes keeps it saved through the demo and offers it with
Continue once the player takes over again."""

from __future__ import annotations

import pygame

from magdagdon.storage import open_store

from support.player import Player


def a_turn_played(tmp_path) -> Player:
    """A game whose first turn is confirmed (and so saved), with the title menu over it."""
    player = Player(tmp_path, seed=5)
    player.key(pygame.K_r, then=1.5)
    layout = player.control.viewport.layout
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
        assert player.top_key == "confirm" and not player.control.games.demo
        player.choose("no")
        assert player.top_key == "title" and not player.control.games.demo
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
        assert player.control.games.demo
        player.wait(8.0)  # the demo plays a while
        assert player.table.game.turn >= 1 and str(player.table.game.board) != board
        assert saved_board(tmp_path) == board  # the demo never saves over the game
        player.key(pygame.K_SPACE)  # a player takes over: the title offers the game back
        assert player.top_key == "title" and "continue" in player.menu_button_rects()
        player.choose("continue")
        assert str(player.table.game.board) == board and player.table.game.turn == turn
    finally:
        player.close()
