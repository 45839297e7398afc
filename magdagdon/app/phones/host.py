"""The room the game hosts for phones: at most one open at a time, its server running only
while it is open. The game's loop reads ``snapshot`` each frame; the host's choices (start,
remove, the lobby's settings, close) go to the server's thread through its calls.

The keeper records finished games on the server's thread, so it has a ``Store`` of its own
on the same data folder (the folder's lock keeps the files right; docs/PHONES.md).
"""

from __future__ import annotations

import enum
import math
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from magdagdon.engine import Difficulty
from magdagdon.phones.keeper import RoomKeeper
from magdagdon.phones.lan import lan_address
from magdagdon.phones.room import Room, RoomPhase, RoomSnapshot, new_room_code
from magdagdon.storage import Store, StorageNotice, open_store
from magdagdon.storage.room_file import RoomFiles, RoomRecord

from ..services.wall_clock import now as wall_now

if TYPE_CHECKING:  # aiohttp and segno are the ``phones`` extra: imported when a room opens
    from magdagdon.phones.server import RoomServer

DEFAULT_PORT = 8765  # the server's own choice (it falls back to any free port when taken)

TURN_TIMERS: tuple[float | None, ...] = (None, 30.0, 60.0, 120.0)  # the lobby's choices, off first


def kiosk_timers(turn_seconds: float) -> tuple[float | None, ...]:
    """A kiosk's choices: never off (a guest who walks away must not hold the room up for
    ever), the operator's own first."""
    others = tuple(t for t in TURN_TIMERS if t is not None and t != turn_seconds)
    return (turn_seconds, *others)


class Trouble(enum.Enum):
    """Why the room could not open; the title words each in the player's language."""

    MISSING = "missing"  # aiohttp or segno is not installed (the ``phones`` extra)
    NO_FOLDER = "no_folder"  # no data folder to keep the room's file and the results in
    NO_NETWORK = "no_network"  # only loopback: no phone could reach the game
    PORT = "port"  # the address could not be bound (port busy, address gone)
    SERVER = "server"  # anything else the server met while starting


class HostFailed(Exception):
    def __init__(self, trouble: Trouble, detail: str) -> None:
        self.trouble, self.detail = trouble, detail
        super().__init__(f"{trouble.value}: {detail}")


@dataclass(frozen=True)
class OpenRoom:
    room: Room
    url: str
    server: "RoomServer | None"  # None: a room shown for a screenshot, kept in memory only
    qr: tuple[tuple[bool, ...], ...]  # the URL's QR code, modules with the quiet zone


class PhoneHost:
    def __init__(self, data_dir: Path | None, address: Callable[[], str] = lan_address, port: int = DEFAULT_PORT,
                 allow_loopback: bool = False, clock: Callable[[], float] = time.monotonic,
                 timers: tuple[float | None, ...] = TURN_TIMERS, continues: bool = True) -> None:
        self.data_dir = data_dir
        self.address, self.port, self.allow_loopback, self.clock = address, port, allow_loopback, clock
        self.timers = timers  # the lobby's turn timer choices, the first a new room's
        self.continues = continues  # a room left open is offered (a kiosk starts every room afresh)
        self.open_room: OpenRoom | None = None
        self.file_notices: list[StorageNotice] = []  # rooms' files set aside since last asked

    # --- reading (any frame) ----------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.open_room is not None

    @property
    def snapshot(self) -> RoomSnapshot | None:
        return self.open_room.room.snapshot if self.open_room is not None else None

    @property
    def url(self) -> str:
        return self.open_room.url if self.open_room is not None else ""

    @property
    def qr(self) -> tuple[tuple[bool, ...], ...]:
        return self.open_room.qr if self.open_room is not None else ()

    def seconds_left(self) -> int | None:
        """The turn timer's whole seconds left (None: no timer running)."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.deadline is None:
            return None
        return max(0, math.ceil(snapshot.deadline - self.clock()))

    # --- the room's file ----------------------------------------------------------------
    def unfinished(self) -> RoomRecord | None:
        """The newest room a crash or a quit left open, to be continued. A room whose games
        are all over (the crash came at its end) records them now and is not offered."""
        if not self.continues:
            return None
        try:
            store = self._open_store()
        except HostFailed:
            return None
        files = RoomFiles(store.data_dir)
        try:
            for _ in range(20):
                record = files.unfinished(wall_now())
                if record is None:
                    return None
                keeper = RoomKeeper.resume(files, lambda: store, record, self.clock())
                if keeper.room.snapshot.phase is not RoomPhase.FINISHED:
                    return record
                keeper.save(wall_now())  # records the guests not yet in the tables, marks it finished
            return None
        finally:
            self.file_notices += files.take_notices()  # a file set aside: the lobby says so

    def take_notices(self) -> list[StorageNotice]:
        notices, self.file_notices = self.file_notices, []
        return notices

    # --- the host's choices ---------------------------------------------------------------
    def open(self, difficulty: Difficulty, resume: RoomRecord | None = None, seed: int | None = None) -> str:
        """Open a new room (or ``resume`` one) and start its server; returns the URL.
        :class:`HostFailed` when it cannot (nothing is left running). ``seed``: the new
        room's dice (a benchmark's, to repeat a run); a random one when None."""
        self.close()
        try:
            from magdagdon.phones.qr import qr_matrix
            from magdagdon.phones.server import RoomServer
        except ImportError as missing:
            raise HostFailed(Trouble.MISSING, f"{missing.name or missing} is not installed "
                                              "(reinstall the game: pip install .)") from None
        address = self.address()
        if address.startswith("127.") and not self.allow_loopback:
            raise HostFailed(Trouble.NO_NETWORK, "no network address other than loopback")
        store = self._open_store()
        files = RoomFiles(store.data_dir)
        if resume is not None:
            keeper = RoomKeeper.resume(files, lambda: store, resume, self.clock())
        else:
            dice = secrets.randbelow(10**9) + 1 if seed is None else seed
            room = Room(new_room_code(), difficulty, dice, self.timers[0])
            keeper = RoomKeeper(files, lambda: store, room, wall_now())
        server = RoomServer(keeper.room, keeper, address, self.port, self.clock, wall_now, resumable=self.continues)
        try:
            url = server.start()
        except OSError as error:
            raise HostFailed(Trouble.PORT, f"{address}:{self.port}: {error.strerror or error}") from None
        except Exception as error:  # the server's thread met something else: say it, go on
            server.stop()
            raise HostFailed(Trouble.SERVER, f"{type(error).__name__}: {error}") from None
        self.open_room = OpenRoom(keeper.room, url, server, qr_matrix(url))
        return url

    def show(self, room: Room, url: str) -> None:
        """A room in memory only, with no server (``--scene``: screenshots and the audit)."""
        from magdagdon.phones.qr import qr_matrix

        self.close()
        self.open_room = OpenRoom(room, url, None, qr_matrix(url))

    def configure(self, difficulty: Difficulty, turn_seconds: float | None) -> None:
        server = self._server()
        if server is not None:
            server.configure(difficulty, turn_seconds)

    def start_game(self) -> None:
        server = self._server()
        if server is not None:
            server.start_game()

    def remove(self, seat: int) -> None:
        server = self._server()
        if server is not None:
            server.remove(seat)

    def lock(self, locked: bool) -> None:
        """Nobody new joins while the room is locked."""
        server = self._server()
        if server is not None:
            server.lock(locked)

    def _server(self) -> "RoomServer | None":
        return self.open_room.server if self.open_room is not None else None

    def close(self) -> None:
        """Stop the server: the phones are told ``closed``, the file is written, the port
        let go. A finished room stays finished; an unfinished one can be continued."""
        opened, self.open_room = self.open_room, None
        if opened is not None and opened.server is not None:
            opened.server.stop()

    def _open_store(self) -> Store:
        try:
            store = open_store(self.data_dir, wall_now(), clock=wall_now)
        except OSError as error:
            raise HostFailed(Trouble.NO_FOLDER, str(error)) from None
        if store.data_dir is None:
            raise HostFailed(Trouble.NO_FOLDER, "no data folder")
        return store


def report(failed: HostFailed) -> None:
    """The operator's line on stderr (the screen shows its own, translated)."""
    print(f"magdagdon: the phones' room did not open: {failed.detail}", file=sys.stderr)

