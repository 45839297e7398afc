"""The board's schema, one numbered step at a time, for SQLite and PostgreSQL alike.

A store opens by applying, each in its own transaction, every step its database has not
had (``board_schema`` lists those it had); a database of a newer version than this server
knows is refused, never written. A step is never edited once released: a change is a new
step. The SQL is written once for both, in the words they share (times are whole
microseconds, days are ``YYYY-MM-DD`` text, so both sort them alike)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, AsyncContextManager, Callable

from .records import to_micros

if TYPE_CHECKING:
    from .ledger import Tx

SCHEMA_TABLE = "board_schema"
CREATE_SCHEMA_TABLE = (f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} "
                       "(version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")

# Every game the board accepted (each is on the board once: its identity is the key) ...
_GAMES = """CREATE TABLE games (
    replay_id TEXT PRIMARY KEY,
    day TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    install_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    assisted BOOLEAN NOT NULL,
    score INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    powers_used INTEGER NOT NULL,
    board TEXT NOT NULL,
    at BIGINT NOT NULL,
    replay TEXT NOT NULL
)"""
# ... and each installation's entry per day and difficulty: its best game.
_ENTRIES = """CREATE TABLE entries (
    day TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    install_hash TEXT NOT NULL,
    replay_id TEXT NOT NULL REFERENCES games (replay_id),
    name TEXT NOT NULL,
    assisted BOOLEAN NOT NULL,
    score INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    powers_used INTEGER NOT NULL,
    board TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (day, difficulty, install_hash)
)"""

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (_GAMES, _ENTRIES,
        "CREATE INDEX entries_ranked ON entries (day, difficulty, score DESC, at, replay_id)",
        "CREATE INDEX games_of_installation ON games (install_hash, day, difficulty)"),
}
LATEST = max(MIGRATIONS)


VERSION = f"SELECT coalesce(max(version), 0) FROM {SCHEMA_TABLE}"
APPLIED = f"INSERT INTO {SCHEMA_TABLE} (version, applied_at) VALUES ($1, $2)"


class NewerSchema(RuntimeError):
    def __init__(self, found: int) -> None:
        super().__init__(f"the board's database is at schema version {found}, newer than this server's "
                         f"{LATEST}: run a newer MAGDAGDON")


async def migrate(transaction: Callable[[], AsyncContextManager["Tx"]], first: str | None = None) -> int:
    """Apply the steps the database has not had, each in its own ``transaction()``; its
    version then. ``first`` is run at the start of each (PostgreSQL's advisory lock, so nodes
    starting together apply each step once; SQLite's writing transaction is alone already)."""
    for version in range(1, LATEST + 1):
        async with transaction() as tx:
            if first is not None:
                await tx.run(first)
            await tx.run(CREATE_SCHEMA_TABLE)
            found = await tx.row(VERSION)
            had = int(found[0]) if found else 0
            if had > LATEST:
                raise NewerSchema(had)
            if had < version:
                for statement in MIGRATIONS[version]:
                    await tx.run(statement)
                await tx.run(APPLIED, version, to_micros(datetime.now(timezone.utc)))
    return LATEST
