"""The board on PostgreSQL, through asyncpg: for a deployment of several web nodes over
one database (docs/BOARD.md says why asyncpg). A pool of connections serves the event loop
without threads; each game is stored in one transaction, committed before the answer.
Schema steps run under an advisory lock, so nodes starting together apply each once. What
is read and written is the ledger's, the schema the migrations' (the same as SQLite's)."""

from __future__ import annotations

from contextlib import asynccontextmanager
from datetime import date
from typing import Any, AsyncIterator, Sequence

import asyncpg

from ..engine.difficulty import Difficulty
from . import ledger
from .migrations import migrate
from .records import BoardEntry, NewGame, Standing, StoredReplay
from .store import StoreUnavailable

POOL_SIZE = 10
MIGRATION_LOCK = 0x4D41_4744  # "MAGD": the advisory lock the schema steps are applied under
CONNECT_SECONDS = 10.0
# What asyncpg raises when the server is away or refuses: a 503, never a crash.
DOWN = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError)


class _PostgresTx:
    def __init__(self, connection: Any) -> None:
        self.connection = connection

    async def row(self, sql: str, *args: Any) -> Sequence[Any] | None:
        found: Sequence[Any] | None = await self.connection.fetchrow(sql, *args)
        return found

    async def rows(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        return [tuple(row) for row in await self.connection.fetch(sql, *args)]

    async def run(self, sql: str, *args: Any) -> None:
        await self.connection.execute(sql, *args)


class PostgresStore:
    name = "postgresql"

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @classmethod
    async def open(cls, url: str) -> "PostgresStore":
        try:
            pool = await asyncpg.create_pool(url, min_size=2, max_size=POOL_SIZE, timeout=CONNECT_SECONDS)
        except DOWN as error:
            raise StoreUnavailable(f"the board's database cannot be reached: {error}") from None
        store = cls(pool)
        try:
            await migrate(store._transaction, first=f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        except BaseException:
            await pool.close()
            raise
        return store

    @asynccontextmanager
    async def _transaction(self, in_transaction: bool = True, readonly: bool = False) -> AsyncIterator[ledger.Tx]:
        """A connection of the pool, in a transaction unless a read is one statement (a page
        is: its own snapshot, and no BEGIN and COMMIT to wait for); the database away is
        StoreUnavailable."""
        try:
            async with self.pool.acquire() as connection:
                if not in_transaction:
                    yield _PostgresTx(connection)
                    return
                async with connection.transaction(readonly=readonly):
                    yield _PostgresTx(connection)
        except DOWN as error:
            raise StoreUnavailable(f"the board's database: {error}") from None

    async def put(self, new: NewGame) -> Standing:
        async with self._transaction() as tx:
            return await ledger.put_game(tx, new)

    async def page(self, day: date, difficulty: Difficulty, offset: int, limit: int) -> tuple[list[BoardEntry], int]:
        async with self._transaction(in_transaction=False) as tx:  # the page and its count: one statement
            return await ledger.page(tx, day, difficulty, offset, limit)

    async def replay(self, replay_id: str) -> StoredReplay | None:
        async with self._transaction(in_transaction=False) as tx:
            return await ledger.replay_of(tx, replay_id)

    async def export(self) -> bytes:
        async with self._transaction(readonly=True) as tx:
            return await ledger.export(tx)

    async def close(self) -> None:
        await self.pool.close()
