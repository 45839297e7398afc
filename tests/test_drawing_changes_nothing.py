"""Drawing changes nothing: every scene a player meets (the whole-screen audit's), played
through the real loop, with a watch around the machine's ``draw``: no frame drawn may
write in the data folder, change a setting, or change the game, the party or the coach.
Saving, settings and moves happen on input, in ``update`` or after the frame."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from screen_scenes import DATA_KINDS, FRAME_SECONDS, SCENES, Scene, make_data
from support.player import Player


@pytest.fixture(scope="module")
def data_folders(tmp_path_factory):
    return {kind: make_data(tmp_path_factory.mktemp(f"data-{kind}"), kind) for kind in DATA_KINDS}


def folder_state(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every file and folder under ``folder``: (inode, size, modification time). A write,
    an atomic replace, a new or removed file or folder changes it."""
    seen: dict[str, tuple[int, int, int]] = {}
    if not folder.exists():
        return seen
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(root, name)
            info = path.lstat()
            seen[str(path.relative_to(folder))] = (info.st_ino, info.st_size, info.st_mtime_ns)
    return seen


def play_state(player: Player) -> dict[str, Any]:
    """What drawing must leave as it was: the settings in use, the coach, the games, the
    game on the table and the party."""
    context = player.play_context
    coach = player.coach
    state: dict[str, Any] = {
        "settings": (player.sound_on, player.volume, player.fonts.scale, player.settings,
                     player.text.locale, player.fullscreen),
        "coach": (coach.coaching, tuple(sorted(coach.tips_seen)), coach.tip),
        "games": (player.difficulty, player.saved_game),
        "context": (id(context), id(context.session), id(context.party), context.party_seats),
    }
    session = context.session
    if session is not None:
        game = session.game
        state["game"] = (str(game.working_board), tuple(game.dice), tuple(game.staged), game.phase, game.turn,
                         len(game.log), game.powers_used)
        state["session"] = (session.assisted, session.recorded, session.awaiting_name, session.player_name,
                            session.saved_result, session.saved_finished, session.selected,
                            None if session.reroll_pick is None else tuple(sorted(session.reroll_pick)))
    if context.party is not None:
        state["party"] = tuple((p.name, len(p.game.log), p.assisted) for p in context.party.players)
    return state


def watch_draws(player: Player, data: Path) -> list[str]:
    """Watch each frame's draw: each change a draw makes is listed, with the states drawn."""
    changes: list[str] = []

    def watch(draw: Callable[[], None]) -> None:
        files, play = folder_state(data), play_state(player)
        draw()
        files_after, play_after = folder_state(data), play_state(player)
        where = "/".join(player.stack_keys)
        for name in sorted(set(files) | set(files_after)):
            if files.get(name) != files_after.get(name):
                changes.append(f"{where}: drawing wrote {name}")
        for name in play:
            if play[name] != play_after.get(name):
                changes.append(f"{where}: drawing changed the {name}: {play[name]} -> {play_after.get(name)}")

    player.around_each_draw(watch)
    return changes


def play_scene(scene: Scene, data: Path, size: tuple[int, int] = (800, 600)) -> list[str]:
    """The scene as the audit plays it (its steps, then a few seconds more), every draw watched."""
    options = {**({} if scene.options.get("kiosk") else {"seed": 3}), **scene.options}
    player = Player(data, size=size, frame_seconds=FRAME_SECONDS, **options)
    try:
        changes = watch_draws(player, data)
        player.wait(0.4)
        if scene.steps is not None:
            scene.steps(player)
        player.wait(scene.settle + 2.0)
        player.drawn()  # and a whole frame drawn on demand, as the audit draws it
        return list(dict.fromkeys(changes))
    finally:
        player.close()


@pytest.mark.parametrize("scene", SCENES, ids=lambda scene: scene.name)
def test_no_draw_writes_a_file_or_changes_a_setting_or_the_game(tmp_path, data_folders, scene):
    data = tmp_path / "data"
    shutil.copytree(data_folders[scene.data], data)
    changes = play_scene(scene, data)
    assert changes == [], "\n" + "\n".join(changes)


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
    assert any("drawing wrote settings.json" in change for change in changes), changes
