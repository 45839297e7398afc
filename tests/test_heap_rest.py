"""What the game let go goes back to the system when the loop rests after drawing, not while
it sits with nothing new on screen (see magdagdon.app.shell.heap)."""

from pathlib import Path

import pygame

from support.player import Player


def test_the_heap_is_tidied_once_the_loop_rests_after_drawing(tmp_path: Path) -> None:
    player = Player(tmp_path, draw_log=False)
    player.wait(10.0)
    heap = player.heap
    after_start = heap.runs
    assert after_start >= 1  # the first screen was drawn, then the loop rested
    player.wait(30.0)  # the title as it was: nothing new drawn, nothing to tidy
    assert heap.runs == after_start
    player.key(pygame.K_DOWN, then=10.0)  # the focus moves: drawn again, then a rest
    after_key = heap.runs
    assert after_key > after_start
    player.wait(30.0)
    assert heap.runs == after_key


def test_a_menu_manager_let_go_is_tidied_at_the_next_rest(tmp_path: Path) -> None:
    player = Player(tmp_path, draw_log=False)
    player.wait(1.0)
    heap = player.heap
    before = heap.runs
    player.menu_manager  # a menu's manager, then a new window size lets it go
    player.resize_menus((1024, 768))
    assert heap.let_go_much
    player.wait(0.5)
    assert heap.runs == before + 1 and not heap.let_go_much
