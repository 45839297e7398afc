"""Drawing changes nothing: every scene a player meets (the whole-screen audit's), played
through the real loop, with a watch around the machine's ``draw``: no frame drawn may
write in the data folder, change a setting, or change the game, the party or the coach.
Saving, settings and moves happen on input, in ``update`` or after the frame."""

from __future__ import annotations

import os
import shutil
import sys
import threading
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from screen_scenes import DATA_KINDS, FRAME_SECONDS, SCENES, Scene, make_data, ready_data
from support.player import Player


@pytest.fixture(scope="module")
def data_folders(tmp_path_factory):
    return {kind: make_data(tmp_path_factory.mktemp(f"data-{kind}"), kind) for kind in DATA_KINDS}


class FileWrites:
    """What the program asks the operating system to change under one folder while a draw is
    being watched, heard through Python's audit hooks (``sys.addaudithook``): an open for
    writing, a rename or replace, a removal, a new or removed folder, a link. A write, an
    atomic replace, a new or removed file or folder all pass through one of these. Only the
    drawing thread's requests count: the worker may think while a frame is drawn.

    A hook cannot be removed once added, so one hook serves the whole run and listens only
    while ``watching`` names a folder."""

    WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    PATH_EVENTS = {"os.remove": 0, "os.rmdir": 0, "os.mkdir": 0, "os.truncate": 0, "os.chmod": 0,
                   "os.utime": 0, "os.rename": 0, "os.link": 1, "os.symlink": 1, "shutil.rmtree": 0}

    def __init__(self) -> None:
        self.folder: str | None = None
        self.thread = 0
        self.heard: list[str] = []
        sys.addaudithook(self._hear)

    def watch(self, folder: Path) -> None:
        self.folder, self.thread, self.heard = os.path.realpath(folder), threading.get_ident(), []

    def stop(self) -> list[str]:
        self.folder = None
        return self.heard

    def _hear(self, event: str, args: tuple[Any, ...]) -> None:
        if self.folder is None or threading.get_ident() != self.thread:
            return
        if event == "open":
            path, mode, flags = args
            writes = (any(c in mode for c in "wax+") if isinstance(mode, str)
                      else bool((flags or 0) & self.WRITE_FLAGS))
            paths = [path] if writes else []
        elif event in self.PATH_EVENTS:
            paths = [args[0]] + ([args[1]] if event == "os.rename" else [])
        else:
            return
        for path in paths:
            if isinstance(path, (str, bytes, os.PathLike)):
                full = os.path.realpath(os.fsdecode(path))
                if full == self.folder or full.startswith(self.folder + os.sep):
                    self.heard.append(f"{event} {os.path.relpath(full, self.folder)}")


_file_writes: list[FileWrites] = []


def file_writes() -> FileWrites:
    if not _file_writes:
        _file_writes.append(FileWrites())
    return _file_writes[0]


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
    writes = file_writes()

    def watch(draw: Callable[[], None]) -> None:
        play = play_state(player)
        writes.watch(data)
        try:
            draw()
        finally:
            written = writes.stop()
        play_after = play_state(player)
        where = "/".join(player.stack_keys)
        for request in dict.fromkeys(written):
            changes.append(f"{where}: drawing wrote ({request})")
        for name in play:
            if play[name] != play_after.get(name):
                changes.append(f"{where}: drawing changed the {name}: {play[name]} -> {play_after.get(name)}")

    player.around_each_draw(watch)
    return changes


def play_scene(scene: Scene, data: Path, size: tuple[int, int] = (800, 600)) -> list[str]:
    """The scene as the audit plays it (its steps, then a few seconds more), every draw watched."""
    ready_data(scene, data)
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
