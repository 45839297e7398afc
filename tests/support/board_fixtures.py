"""What the board's tests share: a real PostgreSQL started once per run (a throwaway
cluster in a temporary folder, on 127.0.0.1), the verifiers' processes, a database URL for
each store, and finished games on a day's dice.

Without PostgreSQL's binaries the PostgreSQL half of the tests skips with the reason,
except in CI (``CI=true``), where it fails (.ci/run installs them)."""

from __future__ import annotations

import asyncio
import glob
import itertools
import os
import random
import shutil
import socket
import subprocess
import tempfile
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Iterator

import pytest

from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Game
from magdagdon.engine.challenge import day_seed

STORES = ("sqlite", "postgresql")
NOW = datetime(2026, 12, 6, 12, 0, tzinfo=timezone.utc)  # the board's clock in the tests that pin it
TODAY = NOW.date()


def postgres_bin() -> Path | None:
    """Debian's PostgreSQL binaries (``/usr/local/bin``'s may be another build)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresCluster:
    """``initdb`` and ``pg_ctl`` in a temporary folder; as root, run as the ``postgres`` user
    (PostgreSQL refuses root). Trust authentication on 127.0.0.1 only; no fsync (a test's
    database dies with the run) unless ``durable`` (the benchmark: commits on disk)."""

    def __init__(self, binaries: Path, durable: bool = False) -> None:
        self.binaries = binaries
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="magdagdon-pg-"))
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.folder, "postgres")
        self._numbers = itertools.count()
        self._shared: str | None = None

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        data = self.folder / "data"
        self._run(str(self.binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "board", "--no-sync")
        quick = "" if self.durable else "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
        self._run(str(self.binaries / "pg_ctl"), "-D", str(data), "-l", str(self.folder / "log"), "-w", "-o",
                  f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 {quick}-c max_connections=200",
                  "start")

    def stop(self) -> None:
        try:
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://board@127.0.0.1:{self.port}/{database}"

    def fresh_database(self) -> str:
        """A new empty database's URL (no schema yet)."""
        name = f"t_{next(self._numbers)}"
        self._run_sql(self.url(), f"CREATE DATABASE {name}")
        return self.url(name)

    def emptied_database(self) -> str:
        """The database the tests share, with every game and entry deleted (its schema
        stays): a test's clean board for a fraction of a new database's cost."""
        if self._shared is None:
            self._shared = self.fresh_database()
        self._run_sql(self._shared, "DO $$ BEGIN IF to_regclass('games') IS NOT NULL THEN TRUNCATE entries, games; END IF; "
                                    "END $$")
        return self._shared

    @staticmethod
    def _run_sql(url: str, statement: str) -> None:
        import asyncpg

        async def run() -> None:
            connection = await asyncpg.connect(url)
            try:
                await connection.execute(statement)
            finally:
                await connection.close()

        asyncio.run(run())


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    binaries = postgres_bin()
    reason = None
    if binaries is None:
        reason = "the board's PostgreSQL tests need PostgreSQL (apt-get install -y postgresql)"
    else:
        try:
            import asyncpg  # noqa: F401
        except ImportError:
            reason = "the board's PostgreSQL tests need asyncpg (pip install '.[test]')"
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the board's PostgreSQL tests: " + reason)
        pytest.skip(reason)
    assert binaries is not None
    cluster = PostgresCluster(binaries)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def board_verifiers():
    """One verifier process for the whole run (spawning one costs a few tenths of a second)."""
    from magdagdon.board.verifiers import Verifiers

    verifiers = Verifiers(1)
    verifiers.start()
    yield verifiers
    verifiers.close()


def empty_board_database(request: pytest.FixtureRequest, store: str, folder: Path) -> str:
    """An empty board database of ``store``: SQLite, a new file in ``folder``; PostgreSQL,
    the shared database emptied."""
    if store == "sqlite":
        return f"sqlite:{folder / 'board.sqlite3'}"
    return request.getfixturevalue("postgres_cluster").emptied_database()


@pytest.fixture(params=STORES)
def board_db(request, tmp_path) -> str:
    """An empty board database of each store in turn: the same test runs on both."""
    return empty_board_database(request, request.param, tmp_path)


def finished_game(day: date = TODAY, difficulty: Difficulty = Difficulty.PEACEFUL, salt: int = 0,
                  policy: str = "random") -> Game:
    """A finished game on ``day``'s dice, different for each ``salt``."""
    game = Game(difficulty, day_seed(day, difficulty))
    chooser = make_policy(policy, random.Random(salt))
    while not game.is_over:
        game.play(chooser.choose(game))
    return game
