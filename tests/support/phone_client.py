"""Scripted phones for the room's tests: a websocket client that sees only what a phone
sees (the server's state messages) and plays what they offer, choosing with its own
seeded generator so that every seat plays a game of its own."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Awaitable, Callable

import aiohttp

from magdagdon.engine import Difficulty
from magdagdon.phones.keeper import RoomKeeper
from magdagdon.phones.room import Room
from magdagdon.phones.server import RateLimit, RoomServer, TokenBucket
from magdagdon.storage import open_store
from magdagdon.storage.room_file import RoomFiles

CODE = "K9Y3V2"
STARTED = datetime(2026, 12, 1, 20, 0, tzinfo=timezone.utc)
GUARD_SECONDS = 60  # a guard against a hang, never a wait for timing


class ServerRefused(AssertionError):
    pass


@dataclass
class FakeClock:
    """The turn timer's and the rate limit's clock: moves only when a test moves it."""

    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Host:
    """A room, its keeper on a data folder and its server on loopback."""

    data_dir: Path
    difficulty: Difficulty = Difficulty.PEACEFUL
    seed: int = 20261201
    limit: RateLimit = field(default_factory=lambda: RateLimit(per_second=1e9, burst=1e9))
    clock: FakeClock = field(default_factory=FakeClock)
    code: str = CODE
    started: datetime = STARTED

    def __post_init__(self) -> None:
        self.room = Room(self.code, self.difficulty, self.seed)
        self.store = open_store(self.data_dir, now=self.started)
        self.files = RoomFiles(self.data_dir)
        self.keeper = RoomKeeper(self.files, lambda: self.store, self.room, self.started)
        self.server = RoomServer(self.room, self.keeper, "127.0.0.1", 0, self.clock, lambda: self.started,
                                 self.limit)

    def __enter__(self) -> "Host":
        self.url = self.server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.stop()

    @property
    def socket_url(self) -> str:
        return self.url + "/ws"


class Phone:
    def __init__(self, session: aiohttp.ClientSession, url: str, name: str, choices: int,
                 limit: RateLimit | None = None) -> None:
        """``limit``: the server's rate limit on the real clock, to keep under (by a margin
        for the network's jitter): beyond it the server drops messages, and says too_fast
        only for the first. A phone playing as fast as the answers come can pass it (taking
        back and restaging the same die over and over)."""
        self.session, self.url, self.name = session, url, name
        self.bucket = None if limit is None else TokenBucket(
            RateLimit(per_second=0.9 * limit.per_second, burst=max(1.0, limit.burst - 2)), limit.burst - 2,
            time.monotonic())
        self.rng = random.Random(choices)
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.secret = ""
        self.seat = -1
        self.state: dict[str, Any] = {}
        self.roster: dict[int, dict[str, Any]] = {}  # what this phone was told of each seat
        self.messages: list[dict[str, Any]] = []  # every message received, in order
        self.sent_at = -1  # the move count of the state last acted on
        self.actions: list[str] = []  # what this phone sent, in order

    async def open(self) -> None:
        self.socket = await self.session.ws_connect(self.url)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.socket is not None
        while self.bucket is not None and not self.bucket.allow(time.monotonic()):
            await asyncio.sleep(1 / self.bucket.limit.per_second)
        await self.socket.send_str(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        assert self.socket is not None
        message = await asyncio.wait_for(self.socket.receive(), GUARD_SECONDS)
        assert message.type is aiohttp.WSMsgType.TEXT, message
        data: dict[str, Any] = json.loads(message.data)
        self.messages.append(data)
        if data["type"] == "state":
            self.state = data
        elif data["type"] == "roster":
            if data["full"]:
                self.roster = {}
            self.roster.update({entry["seat"]: entry for entry in data["seats"]})
        return data

    async def receive_until(self, kind: str) -> dict[str, Any]:
        while True:
            data = await self.receive()
            if data["type"] == "error" and kind != "error":
                raise ServerRefused(data)
            if data["type"] == kind:
                return data

    async def answer(self) -> dict[str, Any]:
        """The state that follows this phone's last action (older broadcasts skipped)."""
        while True:
            data = await self.receive_until("state")
            if data["game"]["moves"] > self.sent_at:
                return data

    async def join(self, code: str = CODE) -> None:
        await self.open()
        await self.send({"type": "join", "code": code, "name": self.name})
        joined = await self.receive_until("joined")
        self.secret, self.seat = joined["secret"], joined["seat"]
        await self.receive_until("state")

    async def rejoin(self) -> None:
        await self.open()
        await self.send({"type": "rejoin", "code": CODE, "secret": self.secret})
        await self.receive_until("joined")
        await self.receive_until("state")
        self.sent_at = -1

    async def act(self, action: str) -> None:
        self.actions.append(action)
        self.sent_at = self.state["game"]["moves"]
        await self.send({"type": "act", "secret": self.secret, "action": action})

    async def play(self, stop_after: int | None = None,
                   answered: Callable[["Phone", str], Awaitable[None]] | None = None,
                   until: Callable[[dict[str, Any]], bool] | None = None) -> None:
        """Play until the room is finished (or after ``stop_after`` actions, or once
        ``until`` holds for the game's state); ``answered`` is called with each action
        once the state that follows it has come."""
        waiting: str | None = None
        while True:
            if waiting is not None and self.state["game"]["moves"] > self.sent_at:
                if answered is not None:
                    await answered(self, waiting)
                waiting = None
            if until is not None and self.state and waiting is None and until(self.state["game"]):
                return
            if self.state and self.state["room"]["phase"] == "finished":
                return
            game = self.state.get("game") if self.state else None
            if game is not None and game["moves"] > self.sent_at and not game["over"]:
                action = self.choose(game)
                if action is not None:
                    if stop_after is not None and len(self.actions) >= stop_after:
                        return
                    await self.act(action)
                    waiting = action
            data = await self.receive()
            if data["type"] == "error":
                raise ServerRefused(data)

    def choose(self, game: dict[str, Any]) -> str | None:
        rng, phase = self.rng, game["phase"]
        if phase == "ruin_pick":
            return f"ruin {rng.choice(game['ruin'])}"
        if phase == "magdagdon":
            if game["reroll"] and rng.random() < 0.3:
                return "reroll " + " ".join(map(str, game["tray"]))
            return "accept"
        if phase != "staging":
            return None
        places = [(int(die), cell) for die, cells in game["stage"].items() for cell in cells]
        if game["adjust"] and rng.random() < 0.04:
            die = rng.choice(sorted(game["adjust"]))
            return f"{'plus' if rng.choice(game['adjust'][die]) > 0 else 'minus'} {die}"
        if game["take_back"] and rng.random() < 0.08:
            return f"back {rng.choice(game['take_back'])}"
        if game["confirm"] and (not places or rng.random() < 0.6):
            return "confirm"
        if places:
            die, cell = rng.choice(places)
            return f"stage {die} {cell}"
        return "backall"  # the dice staged leave no room for the rest: start the turn again


def run_phones(host: Host, names: list[str], start: bool = True) -> list[Phone]:
    """Join ``names`` to the room, start it and play every seat to the end, all at once."""

    async def main() -> list[Phone]:
        async with aiohttp.ClientSession() as session:
            phones = [Phone(session, host.socket_url, name, index) for index, name in enumerate(names)]
            for phone in phones:
                await phone.join(host.room.code)
            await asyncio.get_running_loop().run_in_executor(None, host.server.start_game)
            await asyncio.gather(*(phone.play() for phone in phones))
            for phone in phones:
                assert phone.socket is not None
                await phone.socket.close()
            return phones

    return asyncio.run(main())

