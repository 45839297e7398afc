"""A board on 127.0.0.1 for tests: the real aiohttp application on a real port, its store
opened on the server's own event loop in a thread, and plain HTTP to talk to it."""

from __future__ import annotations

import asyncio
import http.client
import json
import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from aiohttp import web

from magdagdon.board.limits import Limits, Rule
from magdagdon.board.server import BoardNode
from magdagdon.board.store import BoardStore, open_board_store
from magdagdon.board.verifiers import Verifiers

GENEROUS = Limits(Rule(10**6, 10**6), Rule(10**6, 10**6), Rule(10**6, 10**6))  # no limit in the way


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class LoopbackBoard:
    db: str
    data_dir: Path
    verifiers: Verifiers
    limits: Limits = GENEROUS
    now: Callable[[], datetime] | None = None
    clock: Callable[[], float] | None = None
    port: int = 0
    store: BoardStore | None = field(default=None, init=False)

    def __enter__(self) -> "LoopbackBoard":
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        failure: list[BaseException] = []

        def serve() -> None:
            asyncio.set_event_loop(self._loop)
            try:
                self._loop.run_until_complete(self._open())
            except BaseException as error:  # handed to the test's thread
                failure.append(error)
                ready.set()
                return
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=serve, daemon=True)
        self._thread.start()
        ready.wait(60)
        if failure:
            raise failure[0]
        return self

    async def _open(self) -> None:
        self.store = await open_board_store(self.db, self.data_dir)
        extra: dict[str, Any] = {}
        if self.now is not None:
            extra["now"] = self.now
        if self.clock is not None:
            extra["clock"] = self.clock
        self.board = BoardNode(self.store, self.verifiers, self.limits, **extra)
        self._runner = web.AppRunner(self.board.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()
        self.port = self._runner.addresses[0][1]

    def __exit__(self, *_: object) -> None:
        async def close() -> None:
            await self._runner.cleanup()
            assert self.store is not None
            await self.store.close()
            # a connection a client dropped mid-request may still have its handler waiting
            left = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in left:
                task.cancel()
            await asyncio.gather(*left, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(60)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(60)
        self._loop.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def export(self) -> bytes:
        assert self.store is not None
        return asyncio.run_coroutine_threadsafe(self.store.export(), self._loop).result(60)

    def call(self, method: str, path: str, body: Any = None, raw: bytes | None = None,
             headers: dict[str, str] | None = None) -> Answer:
        return call(self.port, method, path, body, raw, headers)


def call(port: int, method: str, path: str, body: Any = None, raw: bytes | None = None,
         headers: dict[str, str] | None = None, timeout: float = 60) -> Answer:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        return _exchange(connection, method, path, body, raw, headers)
    finally:
        connection.close()


def _exchange(connection: http.client.HTTPConnection, method: str, path: str, body: Any, raw: bytes | None,
              headers: dict[str, str] | None) -> Answer:
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode("utf-8"))
    sent = {"Content-Type": "application/json", **(headers or {})}
    connection.request(method, path, body=data, headers=sent)
    response = connection.getresponse()
    return Answer(response.status, {k: v for k, v in response.getheaders()}, response.read())


class KeptConnection:
    """Requests one after another on one connection, as a browser or the bench sends them
    (a thousand took 15-40 % less time than on a new connection each), opened again if the
    board closed it."""

    def __init__(self, port: int, timeout: float = 60) -> None:
        self.port, self.timeout = port, timeout
        self._connection: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body: Any = None, raw: bytes | None = None) -> Answer:
        for attempt in (1, 2):
            if self._connection is None:
                self._connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            try:
                return _exchange(self._connection, method, path, body, raw, None)
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
