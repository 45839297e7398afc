"""The data folder, opened on first use (a game not yet rolled needs no storage), with
its notices turned into player messages and the game in progress the last run left."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from magdagdon.engine import Game
from magdagdon.storage import Store, open_store

from .notices import Notices
from .wall_clock import now


def open_store_now(data_dir: Path | None) -> Store:
    """Open the data folder as the running game's (it claims the game in progress); a
    finished game a crash left unrecorded is dated now."""
    return open_store(data_dir, now(), plays=True, clock=now)


@dataclass(frozen=True)
class SavedGame:
    game: Game
    assisted: bool


class StoreAccess:
    def __init__(self, data_dir: Path | None, notices: Notices,
                 opener: Callable[[Path | None], Store] = open_store_now) -> None:
        self.data_dir = data_dir
        self.notices = notices
        self.opener = opener
        self._store: Store | None = None
        self.is_open = False

    @property
    def store(self) -> Store | None:
        """The store, or None when the data folder cannot be used at all."""
        if not self.is_open:
            self.is_open = True
            try:
                self._store = self.opener(self.data_dir)
            except OSError:  # e.g. no home folder to put the data folder in
                self._store = None
                self.notices.add(self.notices.text("notice.unavailable"))
            self.pull_notices()
        return self._store

    def pull_notices(self) -> list[str]:
        """Translate the storage notices met since the last call; returns the new texts."""
        fresh = []
        if self._store is not None:
            for notice in self._store.take_notices():
                message = self.notices.describe(notice)
                fresh.append(message)
                self.notices.add(message)
        return fresh

    @property
    def unsaved_results(self) -> int:
        """Finished games whose result is held in memory, not yet written (0 before opening)."""
        return self._store.unsaved_results if self._store is not None else 0

    def retry_unsaved(self) -> bool:
        """Try again to write the held results; True when none is held any more."""
        if self._store is None:
            return True
        done = self._store.retry_unsaved(now())
        self.pull_notices()
        return done

    def close(self) -> None:
        """The game has ended: its claim on the game in progress goes."""
        if self._store is not None:
            self._store.close()

    def note_failure(self) -> None:
        self.notices.add(self.notices.text("notice.generic"))

    def load_saved_game(self) -> SavedGame | None:
        """The game in progress left by the last run (offered as "Continue")."""
        store = self.store
        if store is None:
            return None
        # load_in_progress also records a finished game a crash left unrecorded; it reports
        # problems as notices, never by raising.
        game = store.load_in_progress(now())
        if game is None:
            return None
        details = store.in_progress_details()
        return SavedGame(game, bool(details.assisted) if details is not None else False)
