"""The board on SQLite: the embedded default, one file in the data folder.

WAL lets readers read while a game is written; ``synchronous=FULL`` puts each commit on
disk before the server answers, so an accepted game survives a crash (and a power cut).
Writes go through one thread and one connection, one transaction at a time; reads through
a few threads, each with its own connection. Nothing here runs on the event loop."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Awaitable, Callable, Sequence, TypeVar

from ..engine.difficulty import Difficulty
from . import ledger
from .migrations import CREATE_SCHEMA_TABLE, LATEST, MIGRATIONS, SCHEMA_TABLE, NewerSchema
from .records import BoardEntry, NewGame, Standing, to_micros
from .store import StoreUnavailable

T = TypeVar("T")
READERS = 4
BUSY_SECONDS = 10.0
_NUMBERED = re.compile(r"\$(\d+)")


def sqlite_sql(sql: str) -> str:
    return _NUMBERED.sub(r"?\1", sql)


class _Connections:
    """One connection per thread (sqlite3's rule), made on the thread's first use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()

    def get(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")
            connection.execute("PRAGMA foreign_keys=ON")
            self._local.connection = connection
        return connection

    def close(self) -> None:
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            self._local.connection = None


Work = Callable[[sqlite3.Connection], Any]


class _SqliteTx:
    """Statements sent one by one to the thread that owns the connection."""

    def __init__(self, run: Callable[[Work], Awaitable[Any]]) -> None:
        self._run = run

    async def row(self, sql: str, *args: Any) -> Sequence[Any] | None:
        found: Sequence[Any] | None = await self._run(lambda c: c.execute(sqlite_sql(sql), args).fetchone())
        return found

    async def rows(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        found: list[Sequence[Any]] = await self._run(lambda c: c.execute(sqlite_sql(sql), args).fetchall())
        return found

    async def run(self, sql: str, *args: Any) -> None:
        await self._run(lambda c: c.execute(sqlite_sql(sql), args))


class SqliteStore:
    name = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self._connections = _Connections(path)
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="board-writer")
        self._readers = ThreadPoolExecutor(READERS, thread_name_prefix="board-reader")
        self._writing = asyncio.Lock()  # one transaction at a time on the writer's connection

    @classmethod
    async def open(cls, path: Path) -> "SqliteStore":
        store = cls(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            await store._on(store._writer, migrate)
        except NewerSchema:
            await store.close()
            raise
        except (OSError, sqlite3.Error) as error:
            await store.close()
            raise StoreUnavailable(f"the board's database {path} cannot be opened: {error}") from None
        return store

    async def _on(self, executor: ThreadPoolExecutor, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(executor, lambda: work(self._connections.get()))
        except sqlite3.Error as error:
            raise StoreUnavailable(f"the board's database: {error}") from None

    async def put(self, new: NewGame) -> Standing:
        async with self._writing:
            tx = _SqliteTx(lambda work: self._on(self._writer, work))
            await tx.run("BEGIN IMMEDIATE")
            try:
                standing = await ledger.put_game(tx, new)
                await tx.run("COMMIT")
            except BaseException:
                await self._on(self._writer, _roll_back)
                raise
            return standing

    async def page(self, day: date, difficulty: Difficulty, offset: int, limit: int) -> tuple[list[BoardEntry], int]:
        return await self._on(self._readers, lambda c: _read(c, lambda: ledger.page(_Direct(c), day, difficulty,
                                                                                     offset, limit)))

    async def replay(self, replay_id: str) -> str | None:
        return await self._on(self._readers, lambda c: _read(c, lambda: ledger.replay_of(_Direct(c), replay_id)))

    async def export(self) -> bytes:
        return await self._on(self._readers, export_rows)

    async def close(self) -> None:
        for executor in (self._readers, self._writer):
            for _ in range(READERS):
                executor.submit(self._connections.close)
            executor.shutdown(wait=True)


class _Direct:
    """A transaction on the calling thread's own connection (a reader's)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    async def row(self, sql: str, *args: Any) -> Sequence[Any] | None:
        found: Sequence[Any] | None = self.connection.execute(sqlite_sql(sql), args).fetchone()
        return found

    async def rows(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        return list(self.connection.execute(sqlite_sql(sql), args).fetchall())

    async def run(self, sql: str, *args: Any) -> None:
        self.connection.execute(sqlite_sql(sql), args)


def _read(connection: sqlite3.Connection, steps: Callable[[], Any]) -> Any:
    """Run the ledger's read steps on a reader's thread, in one read transaction (the page
    and its count agree). On :class:`_Direct` they never wait, so the coroutine finishes at
    its first step: it is driven here, with no event loop on this thread."""
    connection.execute("BEGIN")
    try:
        coroutine = steps()
        try:
            coroutine.send(None)
        except StopIteration as done:
            return done.value
        coroutine.close()
        raise RuntimeError("a read step waited on a reader's thread")
    finally:
        connection.execute("COMMIT")


def _roll_back(connection: sqlite3.Connection) -> None:
    if connection.in_transaction:
        connection.execute("ROLLBACK")


def migrate(connection: sqlite3.Connection) -> int:
    """Apply the steps this database has not had, each in its own transaction; its version."""
    connection.execute(CREATE_SCHEMA_TABLE)
    for version in range(1, LATEST + 1):
        connection.execute("BEGIN IMMEDIATE")
        try:
            found = connection.execute(f"SELECT max(version) FROM {SCHEMA_TABLE}").fetchone()[0] or 0
            if found > LATEST:
                raise NewerSchema(found)
            if found < version:
                for statement in MIGRATIONS[version]:
                    connection.execute(statement)
                connection.execute(f"INSERT INTO {SCHEMA_TABLE} (version, applied_at) VALUES (?, ?)",
                                   (version, to_micros(datetime.now(timezone.utc))))
            connection.execute("COMMIT")
        except BaseException:
            _roll_back(connection)
            raise
    found = connection.execute(f"SELECT max(version) FROM {SCHEMA_TABLE}").fetchone()[0] or 0
    if found > LATEST:
        raise NewerSchema(found)
    return int(found)


ASSISTED = 5  # the column of both queries below that SQLite keeps as 0 or 1
EXPORT = ("SELECT replay_id, day, difficulty, install_hash, name, assisted, score, turns, powers_used, board, at, "
          "replay FROM games ORDER BY replay_id",
          "SELECT day, difficulty, install_hash, replay_id, name, assisted, score, turns, powers_used, board, at "
          "FROM entries ORDER BY day, difficulty, install_hash")


def export_rows(connection: sqlite3.Connection) -> bytes:
    lines = []
    for query in EXPORT:
        for row in connection.execute(query):
            lines.append(json.dumps(exported(row), ensure_ascii=False))
        lines.append("--")
    return "\n".join(lines).encode("utf-8")


def exported(row: Sequence[Any]) -> list[Any]:
    """A row as both stores export it (a truth value as true or false)."""
    return [bool(value) if column == ASSISTED else value for column, value in enumerate(row)]
