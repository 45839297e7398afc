"""Drawing changes nothing: no frame drawn may write in the data folder, change a setting,
or change the game, the party or the coach. Saving, settings and moves happen on input, in
``update`` or after the frame. The whole-screen audit plays every scene a player meets with
the watch (``support/draw_watch.py``) around each of its draws, at every size and in every
language (tests/test_screen_audit.py); here, the watch itself is shown to hear what a draw
would change."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pygame

from screen_scenes import FRAME_SECONDS, Scene, ready_data
from support.draw_watch import watch_draws
from support.player import Player


def play_scene(scene: Scene, data: Path, size: tuple[int, int] = (800, 600)) -> list[str]:
    """The scene played (its steps, then a few seconds more), every draw watched."""
    ready_data(scene, data)
    player = Player(data, size=size, frame_seconds=FRAME_SECONDS, **{"seed": 3, **scene.options})
    try:
        changes: list[str] = []
        watch_draws(player, data, changes)
        player.wait(0.4)
        if scene.steps is not None:
            scene.steps(player)
        player.wait(scene.settle + 2.0)
        player.drawn()  # and a whole frame drawn on demand, as the audit draws it
        return list(dict.fromkeys(changes))
    finally:
        player.close()


def test_the_watch_sees_a_draw_that_saves(tmp_path, monkeypatch):
    """The watch itself: a table that saved the game as it drew would be caught."""
    from magdagdon.app.table.table_state import TableState

    real: Callable[..., None] = TableState.draw

    def saving_draw(state: TableState, surface: pygame.Surface, alpha: float) -> None:
        real(state, surface, alpha)
        state.kit.coach.remember(tips_seen=("magdagdon", "power"))

    monkeypatch.setattr(TableState, "draw", saving_draw)
    data = tmp_path / "data"
    data.mkdir()
    changes = play_scene(Scene("table", ("rolling",), {"seed": 5}, data="empty"), data)
    assert any("drawing wrote" in change and "settings.json" in change for change in changes), changes


def test_the_watch_sees_a_draw_that_removes_or_renames_a_file_or_makes_a_folder(tmp_path, monkeypatch):
    """Writes that open no file are heard too: a removal, a rename, a new folder."""
    from magdagdon.app.table.table_state import TableState

    real: Callable[..., None] = TableState.draw
    data = tmp_path / "data"
    data.mkdir()
    (data / "kept.json").write_text("{}")

    def tidying_draw(state: TableState, surface: pygame.Surface, alpha: float) -> None:
        real(state, surface, alpha)
        if (data / "kept.json").exists():
            os.replace(data / "kept.json", data / "moved.json")
            os.mkdir(data / "made")
            os.remove(data / "moved.json")

    monkeypatch.setattr(TableState, "draw", tidying_draw)
    changes = play_scene(Scene("table", ("rolling",), {"seed": 5}, data="empty"), data)
    heard = "\n".join(changes)
    assert "os.rename kept.json" in heard and "os.mkdir made" in heard and "os.remove moved.json" in heard, heard
