"""The room's web server: aiohttp on an asyncio loop of its own, in a thread of the game.

It serves the phone page at ``/r/<code>``, the page's files at ``/static/<name>`` (looked
up by name among the files the package ships: no request path ever reaches the file
system; the fonts may be kept by the phone), ``/favicon.ico``, and one websocket per phone
at ``/r/<code>/ws``, opened only from the page's own origin. A request whose head has not
come whole within ``request_seconds`` is closed. It runs only while the room is open:
:meth:`RoomServer.stop` closes the room, tells every phone (``paused`` when the room can be
continued, so that the phones wait and rejoin; ``closed`` otherwise) and lets the port go.

The game's thread calls :meth:`start_game`, :meth:`remove`, :meth:`stop` and reads
``room.snapshot``; everything else happens on the server's loop, so the room changes in
one thread and every change is followed by the phones' updates and the room's file.

A phone is told only what changed for it: its own state (with the moves the engine allows)
when its game, its status or the room's turn changes, and a small ``roster`` of the seats
that changed (name, score, done, status, connected) whenever one does. The room's file is
written by a :class:`RoomWriter` thread: whole once per room turn (and when a seat comes or
goes, the host changes a setting, the room ends), each turn a guest finishes appended in
between; a phone hears of its finished turn only once it is on disk.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Coroutine

from aiohttp import WSMsgType, web

from magdagdon.web_pages import SECURITY_HEADERS, page_files
from magdagdon.engine import Difficulty

from .keeper import RoomKeeper
from .messages import Act, BadMessage, Join, Ping, Rejoin, Watch, parse_message, refusal_message, roster_entry, \
    roster_message, seat_view, watch_message
from .room import Room, RoomPhase, RoomRefused
from .writer import RoomWriter

DEFAULT_PORT = 8765
HEADERS = {**SECURITY_HEADERS, "Cache-Control": "no-store"}
WEBSOCKET_MAX_BYTES = 64 * 1024  # aiohttp closes beyond this; under it, parse_message refuses >1 KiB politely
TICK_SECONDS = 0.5  # how often the turn timer is looked at
REQUEST_SECONDS = 10.0  # a phone on the Wi-Fi sends a request's head in milliseconds; a half-open one is closed
# The fonts are the same for every room and version of the page: a phone keeps them a month.
FONT_HEADERS = {**HEADERS, "Cache-Control": "public, max-age=2592000"}
FAVICON = "favicon.png"


@dataclass
class RateLimit:
    """A token bucket per connection: ``burst`` messages at once, ``per_second`` after."""

    per_second: float = 15.0
    burst: float = 30.0
    hang_up_after: int = 200  # messages refused in a row before the connection is closed


@dataclass
class TokenBucket:
    limit: RateLimit
    tokens: float
    refilled: float

    def allow(self, now: float) -> bool:
        """One message's token if there is one; tokens come back at the limit's rate."""
        self.tokens = min(self.limit.burst, self.tokens + max(0.0, now - self.refilled) * self.limit.per_second)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Connection:
    socket: web.WebSocketResponse
    bucket: TokenBucket
    address: str = ""  # where the phone connects from
    seat: int | None = None
    watching: bool = False  # a phone that only watches: no seat
    refused_in_row: int = 0
    told: object = None  # what its phone was last told of its own seat and the room's turn



@dataclass
class RoomServer:
    room: Room
    keeper: RoomKeeper | None = None
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    clock: Callable[[], float] = time.monotonic  # the turn timer's and the rate limit's clock
    wall_clock: Callable[[], datetime] = field(default=lambda: datetime.now(timezone.utc))
    limit: RateLimit = field(default_factory=RateLimit)
    resumable: bool = True  # a room closed before its end can be continued (not in a kiosk): phones wait
    request_seconds: float = REQUEST_SECONDS

    def __post_init__(self) -> None:
        self._files = page_files("magdagdon.phones")
        self._connections: dict[web.WebSocketResponse, Connection] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._saved_key: object = None
        self._told_seats: list[dict[str, Any]] = []  # each seat's roster entry the phones were told
        self._telling: asyncio.Lock | None = None  # one round of updates at a time: each phone's in order
        self._tick_task: asyncio.Task[None] | None = None
        self.writer: RoomWriter | None = None
        self._unsaved_turns: dict[int, int] = {}  # seats whose finished turn is being written

    # --- the game's thread -------------------------------------------------------------
    def start(self) -> str:
        """Open the server; returns the page's URL. The port falls back to any free one
        when the chosen one is taken; OSError when the address cannot be bound at all."""
        self._thread = threading.Thread(target=self._run, name="room-server", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            self._thread.join()
            raise self._failure
        return self.url

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/r/{self.room.code}"

    def start_game(self) -> None:
        self._call(self._host_does(lambda: self.room.start(self.clock())))

    def configure(self, difficulty: Difficulty, turn_seconds: float | None) -> None:
        """The host's choices in the lobby (the phones are told)."""
        self._call(self._host_does(lambda: self.room.configure(difficulty, turn_seconds)))

    def remove(self, seat: int) -> None:
        """Take a guest out for good; their phone is told and let go of the seat."""
        self._call(self._remove(seat))

    def lock(self, locked: bool) -> None:
        """The host locks the room (nobody new joins) or opens it again."""
        self._call(self._host_does(lambda: self.room.set_locked(locked)))

    def stop(self) -> None:
        """Close the room, tell the phones, let the port go. Safe to call twice."""
        if self._loop is None or self._thread is None:
            return
        self._call(self._close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()
        self._loop = self._thread = None

    def _call(self, coroutine: Coroutine[Any, Any, None]) -> None:
        if self._loop is None:
            coroutine.close()
            return
        asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    # --- the server's thread -----------------------------------------------------------
    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except OSError as error:
            self._failure = error
            self._ready.set()
            loop.close()
            self._loop = None
            return
        self._ready.set()
        loop.run_forever()

    async def _open(self) -> None:
        self._telling = asyncio.Lock()
        self._settled = asyncio.Event()  # set while no finished turn waits for the disk
        self._settled.set()
        app = web.Application(client_max_size=4096)
        app.router.add_get("/r/{code}", self._page)
        app.router.add_get("/r/{code}/ws", self._socket)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/favicon.ico", self._favicon)
        # keepalive_timeout runs from a connection's start until its first request is whole,
        # and between requests: a half-open request is closed after it.
        runner = web.AppRunner(app, access_log=None, handle_signals=False, keepalive_timeout=self.request_seconds)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            try:
                await site.start()
            except OSError:
                if self.port == 0:
                    raise
                site = web.TCPSite(runner, self.host, 0)
                await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.keeper is not None:
            self.writer = RoomWriter(self.keeper, self.wall_clock)
        self.port = runner.addresses[0][1]  # the port really bound (the fallback's, too)
        self._tick_task = asyncio.get_running_loop().create_task(self._ticks())

    async def _close(self) -> None:
        self.room.close()
        if self._tick_task is not None:
            self._tick_task.cancel()
        await self._keep(None, force=True)  # the last state, and any game not yet recorded
        await self._settled.wait()  # every finished turn on disk has been told to its phone...
        assert self._telling is not None
        # A room closed before its end (the host closed it, or the game quit) is continued
        # from its file: its phones wait and rejoin by themselves.
        paused = self.resumable and self.room.snapshot.phase is RoomPhase.CLOSED
        async with self._telling:  # ... and its round has gone out before "closed"
            for socket in list(self._connections):
                await self._send(socket, {"type": "paused" if paused else "closed"})
                await socket.close()
        if self.writer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.writer.close)
        if self._runner is not None:
            await self._runner.cleanup()

    async def _ticks(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            before = self.room.version
            self.room.tick(self.clock())
            if self.room.version != before:
                await self._after_change(None)

    async def _host_does(self, change: Callable[[], None]) -> None:
        change()
        await self._after_change(None)

    async def _remove(self, seat: int) -> None:
        self.room.remove(seat, self.clock())
        for connection in list(self._connections.values()):
            if connection.seat == seat:
                self._unbind(connection)
                await self._send(connection.socket, refusal_message("removed"))
        await self._after_change(None)

    def _respond(self, body: bytes, content_type: str) -> web.Response:
        return web.Response(body=body, content_type=content_type, headers=HEADERS)

    def _right_code(self, request: web.Request) -> bool:
        try:
            self.room.check_code(request.match_info["code"])
        except RoomRefused:
            return False
        return True

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if not self._right_code(request):
            raise web.HTTPNotFound(text="No room here.")
        return self._respond(*self._files["index.html"])

    async def _static(self, request: web.Request) -> web.StreamResponse:
        found = self._files.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound(text="No such file.")
        if found[1].startswith("font/"):
            return web.Response(body=found[0], content_type=found[1], headers=FONT_HEADERS)
        return self._respond(*found)

    async def _favicon(self, request: web.Request) -> web.StreamResponse:
        return web.Response(body=self._files[FAVICON][0], content_type="image/png", headers=FONT_HEADERS)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not self._right_code(request):
            raise web.HTTPNotFound(text="No room here.")
        # A browser always says which page opens a websocket: only the room's own page may
        # (another site a guest visits must not play in their name).
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"{request.scheme}://{request.host}":
            raise web.HTTPForbidden(text="Not from this room's page.")
        socket = web.WebSocketResponse(max_msg_size=WEBSOCKET_MAX_BYTES, heartbeat=20.0)
        await socket.prepare(request)
        connection = Connection(socket, TokenBucket(self.limit, self.limit.burst, self.clock()), request.remote or "")
        self._connections[socket] = connection
        try:
            async for message in socket:
                if message.type is WSMsgType.TEXT:
                    await self._handle(connection, message.data)
                elif message.type is WSMsgType.BINARY:
                    await self._handle(connection, None)
                if connection.refused_in_row >= self.limit.hang_up_after:
                    break
        finally:
            del self._connections[socket]
            if connection.seat is not None:
                self._unbind(connection)
                await self._after_change(None)
        return socket

    async def _handle(self, connection: Connection, text: str | None) -> None:
        if not connection.bucket.allow(self.clock()):
            connection.refused_in_row += 1
            if connection.refused_in_row == 1:
                await self._send(connection.socket, refusal_message("too_fast"))
            return
        try:
            message = parse_message(text)
            if isinstance(message, Ping):
                await self._send(connection.socket, {"type": "pong"})
            elif isinstance(message, Join):
                await self._join(connection, message)
            elif isinstance(message, Rejoin):
                await self._rejoin(connection, message)
            elif isinstance(message, Watch):
                await self._watch(connection, message)
            else:
                await self._act(connection, message)
        except BadMessage as bad:
            connection.refused_in_row += 1
            await self._send(connection.socket, refusal_message(bad.code))
        except RoomRefused as refused:
            connection.refused_in_row += 1
            await self._send(connection.socket, refusal_message(refused.refusal.value, refused.detail))
        else:
            connection.refused_in_row = 0

    async def _join(self, connection: Connection, message: Join) -> None:
        if connection.seat is not None:
            raise BadMessage("already_joined")
        index = self.room.join(message.code, message.name, connection.address or None, self.clock())
        connection.watching = False
        await self._keep(None)  # the seat is on disk before its phone holds the secret
        await self._bind(connection, index)

    async def _watch(self, connection: Connection, message: Watch) -> None:
        self.room.check_code(message.code)
        if connection.seat is not None:
            raise BadMessage("already_joined")
        connection.watching = True
        await self._tell(connection)

    async def _rejoin(self, connection: Connection, message: Rejoin) -> None:
        self.room.check_code(message.code)
        index = self.room.seat_of(message.secret)
        if connection.seat is not None and connection.seat != index:
            raise BadMessage("already_joined")
        await self._bind(connection, index)

    async def _bind(self, connection: Connection, index: int) -> None:
        for other in list(self._connections.values()):
            if other is not connection and other.seat == index:  # the seat's older tab or a dead socket
                other.seat = None
                await self._send(other.socket, {"type": "replaced"})
                await other.socket.close()
        connection.seat = index
        if connection.address:
            self.room.note_address(index, connection.address)
        await self._send(connection.socket, {"type": "joined", "seat": index,
                                             "secret": self.room.seats[index].secret})
        self.room.set_connected(index, True)
        await self._after_change(index, newcomer=connection)

    def _unbind(self, connection: Connection) -> None:
        index, connection.seat = connection.seat, None
        if index is not None and not any(c.seat == index for c in self._connections.values()):
            self.room.set_connected(index, False)

    async def _act(self, connection: Connection, message: Act) -> None:
        if connection.seat is None:
            raise BadMessage("not_joined")
        index = self.room.seat_of(message.secret)
        if index != connection.seat:
            raise BadMessage("not_your_seat")
        before = self.room.snapshot.seats[index].turns_done
        self.room.act(message.secret, message.action, self.clock())
        finished_turn = self.room.snapshot.seats[index].turns_done > before
        await self._after_change(index, finished_turn=finished_turn)

    async def _after_change(self, acting: int | None, finished_turn: bool = False,
                            newcomer: Connection | None = None) -> None:
        """Keep what must not be lost, then tell the phones what changed. A seat whose
        finished turn is being written hears of it only after: its own round tells it."""
        if finished_turn and acting is not None:
            self._unsaved_turns[acting] = self._unsaved_turns.get(acting, 0) + 1
            self._settled.clear()
            try:
                await self._keep(acting)
            finally:
                self._unsaved_turns[acting] -= 1
                if not self._unsaved_turns[acting]:
                    del self._unsaved_turns[acting]
                if not self._unsaved_turns:
                    self._settled.set()
        else:
            await self._keep(None)
        await self._tell(newcomer)

    async def _keep(self, finished_turn_of: int | None, force: bool = False) -> None:
        """The room's file when the room's turn, its phase, a setting or the seats changed;
        else the turn a seat just finished. Waits (without holding the loop) until it is on
        disk."""
        if self.writer is None:
            return
        snapshot = self.room.snapshot
        key = (snapshot.phase, snapshot.turn, snapshot.difficulty, snapshot.turn_seconds, snapshot.locked,
               tuple(s.status for s in snapshot.seats))
        if key != self._saved_key or force:
            self._saved_key = key
            written = self.writer.save()
        elif finished_turn_of is not None:
            written = self.writer.keep_turn(finished_turn_of)
        else:
            return
        try:
            await asyncio.wrap_future(written)
        except Exception as error:  # noqa: BLE001 - a bug in writing: one line, the room goes on
            print(f"The room's file could not be written: {error}", file=sys.stderr)

    async def _tell(self, newcomer: Connection | None) -> None:
        """Each phone gets its own state when its game, its status or the room's turn moved;
        every phone a roster of the seats that changed. One round at a time, so each phone
        hears the changes in the order they happened."""
        assert self._telling is not None
        async with self._telling:
            snapshot = self.room.snapshot
            room_key = (snapshot.phase, snapshot.turn, snapshot.deadline)
            entries = [roster_entry(seat) for seat in snapshot.seats]
            told = self._told_seats
            changed = [n for n, entry in enumerate(entries) if n >= len(told) or told[n] != entry]
            self._told_seats = entries
            now = self.clock()
            roster = json.dumps(roster_message(snapshot, [entries[n] for n in changed], now), ensure_ascii=False)
            for connection in list(self._connections.values()):
                seat = connection.seat
                if seat is None:
                    if connection.watching:
                        await self._tell_watcher(connection, connection is newcomer, room_key, changed, roster)
                    continue
                if connection is newcomer:
                    await self._send(connection.socket, roster_message(snapshot, entries, now, full=True))
                elif changed:
                    await self._send_text(connection.socket, roster)
                if seat in self._unsaved_turns:
                    continue  # its own round, once the turn is on disk
                own = (room_key, len(self.room.seats[seat].game.log), self.room.seats[seat].status)
                if own != connection.told or connection is newcomer:
                    connection.told = own
                    with self.room.lock():
                        view = seat_view(self.room, seat, now)
                    await self._send(connection.socket, view)

    async def _tell_watcher(self, connection: Connection, new: bool, room_key: object, changed: list[int],
                            roster: str) -> None:
        """A watching phone: every seat when it starts watching, then the seats that changed;
        the room's view when its phase, turn or timer moved."""
        now = self.clock()
        if new:
            await self._send(connection.socket, roster_message(self.room.snapshot,
                                                               [roster_entry(s) for s in self.room.snapshot.seats],
                                                               now, full=True))
        elif changed:
            await self._send_text(connection.socket, roster)
        if new or connection.told != room_key:
            connection.told = room_key
            with self.room.lock():
                view = watch_message(self.room, now)
            await self._send(connection.socket, view)

    async def _send(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> None:
        await self._send_text(socket, json.dumps(data, ensure_ascii=False))

    async def _send_text(self, socket: web.WebSocketResponse, text: str) -> None:
        if socket.closed:
            return
        try:
            await socket.send_str(text)
        except (ConnectionError, RuntimeError):
            pass  # the phone went away; its socket's loop above ends and unbinds it
