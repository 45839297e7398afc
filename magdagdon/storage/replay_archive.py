"""The folder of recorded games: ``replays/<game id>.json``, one envelope per game.

The archive is the record of truth; the scores file is an index of it, rebuilt from here
when it is lost. Every recorded result keeps its replay here until
:meth:`ReplayArchive.prune` drops one the scores file recorded and no longer needs. Files
are written before the scores file refers to them, so an entry never points at a missing
replay. A file the scores file does not know (a crash before the scores were written, a
file copied in by hand) is never deleted: a rebuild reads it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from .atomic_file import fsync_folder, own_folder, read_limited, remove_stray_temp_files, write_atomic
from .envelope import CorruptFile, FileKind, decode, encode
from .high_scores import check_replay_id
from .recorded_game import RecordedGame

REPLAYS_FOLDER = "replays"
# Version 2 may name the party's or room's seat a game was played in. A game played alone is
# still written as version 1, which every version reads; an earlier version leaves a seated
# game's file alone (a newer file) instead of setting it aside as damaged.
_PLAIN_KIND = FileKind("magdagdon-recorded-game", 1, max_bytes=2 * 1024 * 1024)
ARCHIVE_KIND = FileKind(_PLAIN_KIND.name, 2, _PLAIN_KIND.max_bytes, migrations={1: lambda data: data})


class ReplayArchive:
    def __init__(self, data_dir: Path) -> None:
        self.folder = data_dir / REPLAYS_FOLDER

    def path_of(self, replay_id: str) -> Path:
        return self.folder / f"{check_replay_id(replay_id)}.json"

    def save(self, game: RecordedGame) -> Path:
        own_folder(self.folder)  # never a link out of the data folder
        path = self.path_of(game.replay_id)
        write_atomic(path, encode(ARCHIVE_KIND if game.seat is not None else _PLAIN_KIND, game.to_data()))
        return path

    def read(self, replay_id: str) -> RecordedGame:
        """The stored game as written, not verified (OSError, CorruptFile or NewerVersion otherwise)."""
        return RecordedGame.from_data(decode(ARCHIVE_KIND, read_limited(self.path_of(replay_id), ARCHIVE_KIND.max_bytes)))

    def load(self, replay_id: str) -> RecordedGame:
        """The stored game, its replay verified.

        FileNotFoundError (or another OSError), CorruptFile, NewerVersion or ReplayError otherwise.
        """
        game = self.read(replay_id)
        game.replay.verify()
        if not game.known_as(replay_id):
            raise CorruptFile(f"the replay's content does not match its id {replay_id}")  # pragma: no mutate
        return game

    def stored_ids(self) -> list[str]:
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        ids = []
        for name in names:
            stem, dot, ext = name.partition(".")
            if ext == "json" and _is_id(stem):
                ids.append(stem)
        return sorted(ids)

    def prune(self, may_delete: Callable[[str], bool]) -> int:
        """Delete the replays ``may_delete`` allows and stray temp files (hold the lock).

        Returns the number of replays deleted.
        """
        removed = 0
        for replay_id in self.stored_ids():
            if may_delete(replay_id):
                try:
                    os.remove(self.path_of(replay_id))
                    removed += 1
                except OSError:
                    pass
        remove_stray_temp_files(self.folder)
        if removed:
            fsync_folder(self.folder)
        return removed


def _is_id(text: str) -> bool:
    try:
        check_replay_id(text)
    except CorruptFile:
        return False
    return True

