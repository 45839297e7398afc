"""The board on SQLite: the embedded default, one file in the data folder.

WAL lets readers read while a game is written; ``synchronous=FULL`` puts each commit on
disk before the server answers, so an accepted game survives a crash (and a power cut).
Writes go through one thread and one connection, one transaction at a time; reads through
a few threads, each with its own connection. Nothing here runs on the event loop. What is
read and written is the ledger's, the schema the migrations' (the same as PostgreSQL's)."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from datetime import date
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Coroutine, Sequence, TypeVar

from ..engine.difficulty import Difficulty
from . import ledger
from .migrations import NewerSchema, migrate
from .records import BoardEntry, NewGame, Standing, StoredReplay
from .store import StoreUnavailable

T = TypeVar("T")
READERS = 4
BUSY_SECONDS = 10.0
_NUMBERED = re.compile(r"\$(\d+)")


def sqlite_sql(sql: str) -> str:
    """The ledger's SQL (PostgreSQL's numbered parameters, ``$1``) in SQLite's (``?1``)."""
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


class _WriterTx:
    """The writer's transaction: each statement sent to the thread that owns its connection."""

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


class _ReaderTx:
    """A read transaction on the calling thread's own connection (a reader's): its steps
    never wait, so :func:`_read_on` drives them to the end on that thread."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    async def row(self, sql: str, *args: Any) -> Sequence[Any] | None:
        found: Sequence[Any] | None = self.connection.execute(sqlite_sql(sql), args).fetchone()
        return found

    async def rows(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        return list(self.connection.execute(sqlite_sql(sql), args).fetchall())

    async def run(self, sql: str, *args: Any) -> None:
        self.connection.execute(sqlite_sql(sql), args)


def _read_on(connection: sqlite3.Connection, steps: Callable[[_ReaderTx], Coroutine[Any, Any, T]]) -> T:
    """The ledger's read ``steps`` on a reader's thread, in one read transaction (a page and
    its count agree), with no event loop on this thread: on :class:`_ReaderTx` a coroutine
    never waits, so it is finished by its first ``send``."""
    connection.execute("BEGIN")
    try:
        coroutine = steps(_ReaderTx(connection))
        try:
            coroutine.send(None)
        except StopIteration as done:
            value: T = done.value
            return value
        coroutine.close()
        raise RuntimeError("a read step waited on a reader's thread")
    finally:
        connection.execute("COMMIT")


def _roll_back(connection: sqlite3.Connection) -> None:
    if connection.in_transaction:
        connection.execute("ROLLBACK")


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
            await migrate(store._transaction)  # BEGIN IMMEDIATE: one writer, so one migrator
        except NewerSchema:
            await store.close()
            raise
        except (OSError, StoreUnavailable) as error:
            await store.close()
            raise StoreUnavailable(f"the board's database {path} cannot be opened: {error}") from None
        return store

    async def _on(self, executor: ThreadPoolExecutor, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(executor, lambda: work(self._connections.get()))
        except sqlite3.Error as error:
            raise StoreUnavailable(f"the board's database: {error}") from None

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[ledger.Tx]:
        """A writing transaction on the writer's connection, committed when the block ends."""
        async with self._writing:
            tx = _WriterTx(lambda work: self._on(self._writer, work))
            await tx.run("BEGIN IMMEDIATE")
            try:
                yield tx
                await tx.run("COMMIT")
            except BaseException:
                await self._on(self._writer, _roll_back)
                raise

    async def _read(self, steps: Callable[[_ReaderTx], Coroutine[Any, Any, T]]) -> T:
        return await self._on(self._readers, lambda connection: _read_on(connection, steps))

    async def put(self, new: NewGame) -> Standing:
        async with self._transaction() as tx:
            return await ledger.put_game(tx, new)

    async def page(self, day: date, difficulty: Difficulty, offset: int, limit: int) -> tuple[list[BoardEntry], int]:
        return await self._read(lambda tx: ledger.page(tx, day, difficulty, offset, limit))

    async def replay(self, replay_id: str) -> StoredReplay | None:
        return await self._read(lambda tx: ledger.replay_of(tx, replay_id))

    async def export(self) -> bytes:
        return await self._read(ledger.export)

    async def close(self) -> None:
        for executor in (self._readers, self._writer):
            for _ in range(READERS):
                executor.submit(self._connections.close)
            executor.shutdown(wait=True)
