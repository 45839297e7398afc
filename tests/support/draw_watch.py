"""Drawing changes nothing: a watch around the state machine's ``draw`` that lists what a
draw wrote in the data folder (heard through Python's audit hooks, not by walking the
folder) and what it changed of the settings, the coach, the games, the game on the table
and the party. The whole-screen audit watches every draw of its sweep with it."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Any, Callable

from .player import Player


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


def watch_draws(player: Player, data: Path, changes: list[str]) -> None:
    """Watch each frame's draw from now on: each change a draw makes is added to
    ``changes``, with the states drawn."""
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
