"""The folder of recorded games: ``replays/<replay id>.json``, one envelope per game.

Every recorded result keeps its replay here (issue 4); :meth:`ReplayArchive.prune` drops
those no longer needed. Files are written before the scores file refers to them, so an
entry never points at a missing replay; an orphan left by a crash is pruned later.
"""

from __future__ import annotations

import os
from pathlib import Path

from .atomic_file import read_limited, remove_stray_temp_files, write_atomic, fsync_folder
from .envelope import FileKind, decode, encode
from .high_scores import check_replay_id
from .recorded_game import RecordedGame
from .envelope import CorruptFile

REPLAYS_FOLDER = "replays"
ARCHIVE_KIND = FileKind("magdagdon-recorded-game", 1, max_bytes=2 * 1024 * 1024)


class ReplayArchive:
    def __init__(self, data_dir: Path) -> None:
        self.folder = data_dir / REPLAYS_FOLDER

    def path_of(self, replay_id: str) -> Path:
        return self.folder / f"{check_replay_id(replay_id)}.json"

    def save(self, game: RecordedGame) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path_of(game.replay_id)
        write_atomic(path, encode(ARCHIVE_KIND, game.to_data()))
        return path

    def load(self, replay_id: str) -> RecordedGame:
        """The stored game; FileNotFoundError, CorruptFile, NewerVersion or ReplayError otherwise."""
        game = RecordedGame.from_data(decode(ARCHIVE_KIND, read_limited(self.path_of(replay_id), ARCHIVE_KIND.max_bytes)))
        if game.replay_id != replay_id:
            raise CorruptFile(f"the replay's content does not match its id {replay_id}")
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

    def prune(self, keep: set[str]) -> int:
        """Delete replays not in ``keep`` and stray temp files (hold the lock); returns the count."""
        removed = 0
        for replay_id in self.stored_ids():
            if replay_id not in keep:
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
