"""The board on PostgreSQL, through asyncpg: for a deployment of several web nodes over
one database (docs/BOARD.md says why asyncpg). A pool of connections serves the event loop
without threads; each game is stored in one transaction, committed before the answer.
Schema steps run under an advisory lock, so nodes starting together apply each once."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from typing import Any, Sequence

import asyncpg

from ..engine.difficulty import Difficulty
from . import ledger
from .migrations import CREATE_SCHEMA_TABLE, LATEST, MIGRATIONS, SCHEMA_TABLE, NewerSchema
from .records import BoardEntry, NewGame, Standing, to_micros
from .sqlite_store import EXPORT, exported
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
        return list(await self.connection.fetch(sql, *args))

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
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return store

    async def put(self, new: NewGame) -> Standing:
        try:
            async with self.pool.acquire() as connection, connection.transaction():
                return await ledger.put_game(_PostgresTx(connection), new)
        except DOWN as error:
            raise StoreUnavailable(f"the board's database: {error}") from None

    async def page(self, day: date, difficulty: Difficulty, offset: int, limit: int) -> tuple[list[BoardEntry], int]:
        try:
            async with self.pool.acquire() as connection:  # one statement: its own snapshot
                return await ledger.page(_PostgresTx(connection), day, difficulty, offset, limit)
        except DOWN as error:
            raise StoreUnavailable(f"the board's database: {error}") from None

    async def replay(self, replay_id: str) -> str | None:
        try:
            async with self.pool.acquire() as connection:
                return await ledger.replay_of(_PostgresTx(connection), replay_id)
        except DOWN as error:
            raise StoreUnavailable(f"the board's database: {error}") from None

    async def export(self) -> bytes:
        lines = []
        async with self.pool.acquire() as connection, connection.transaction(readonly=True):
            for query in EXPORT:
                for row in await connection.fetch(query):
                    lines.append(json.dumps(exported(tuple(row)), ensure_ascii=False))
                lines.append("--")
        return "\n".join(lines).encode("utf-8")

    async def close(self) -> None:
        await self.pool.close()


async def migrate(connection: Any) -> int:
    """Apply the steps this database has not had, each in its own transaction; its version."""
    for version in range(1, LATEST + 1):
        async with connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await connection.execute(CREATE_SCHEMA_TABLE)
            found = await connection.fetchval(f"SELECT coalesce(max(version), 0) FROM {SCHEMA_TABLE}")
            if found > LATEST:
                raise NewerSchema(found)
            if found < version:
                for statement in MIGRATIONS[version]:
                    await connection.execute(statement)
                await connection.execute(f"INSERT INTO {SCHEMA_TABLE} (version, applied_at) VALUES ($1, $2)",
                                         version, to_micros(datetime.now(timezone.utc)))
    return int(await connection.fetchval(f"SELECT coalesce(max(version), 0) FROM {SCHEMA_TABLE}"))
