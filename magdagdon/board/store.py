"""Where the board keeps its games: one interface, two stores.

``sqlite:PATH`` (the default: ``board.sqlite3`` in the data folder, WAL, each commit on disk
before its answer) needs nothing else and suits one machine; ``postgresql://…`` is for a
deployment of several web nodes over one database (docs/BOARD.md). Both apply the same
schema steps (:mod:`.migrations`) and run the same statements (:mod:`.ledger`)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Protocol

from ..engine.difficulty import Difficulty
from .records import BoardEntry, NewGame, Standing, StoredReplay

DEFAULT_FILE = "board.sqlite3"


class StoreUnavailable(Exception):
    """The database did not answer (down, full, locked too long): a 503, never a crash."""


class BoardStore(Protocol):
    name: str  # "sqlite" or "postgresql", for logs and benchmarks

    async def put(self, new: NewGame) -> Standing: ...

    async def page(self, day: date, difficulty: Difficulty, offset: int, limit: int) -> tuple[list[BoardEntry], int]: ...

    async def replay(self, replay_id: str) -> StoredReplay | None: ...

    async def export(self) -> bytes:
        """Every stored row of every table, in one canonical order: two boards hold the
        same games exactly when their exports are the same bytes."""
        ...

    async def close(self) -> None: ...


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


async def open_board_store(url: str | None, data_dir: Path) -> BoardStore:
    """The store ``url`` names (None: SQLite in ``data_dir``), its schema brought up to date.
    StoreUnavailable when it cannot be opened; migrations.NewerSchema for a newer database."""
    if url is not None and is_postgres(url):
        try:
            from .postgres_store import PostgresStore  # asyncpg is loaded only for a deployment
        except ImportError:
            raise StoreUnavailable("a PostgreSQL board needs asyncpg: python -m pip install 'magdagdon[board]'") from None

        return await PostgresStore.open(url)
    from .sqlite_store import SqliteStore

    path = Path(url[len("sqlite:"):]) if url is not None and url.startswith("sqlite:") else None
    if url is not None and path is None:
        raise ValueError(f"a board database is postgresql://... or sqlite:PATH, not {url!r}")
    return await SqliteStore.open(path or Path(data_dir) / DEFAULT_FILE)
