#!/usr/bin/env python3
"""Phones under load: scripted phones play whole games together against a real room server (not a test).

    python scripts/bench_phones.py [--clients 1 8 20 50] [--games 1] [--seed 20261202]
                                   [--pace 0 2] [--turns N] [--difficulty PEACEFUL] [--json]

For each number of phones, ``--games`` rooms one after another (room g on seed + g): the game
itself in this process (its own loop, windowed at 1920x1080 on SDL's dummy driver) hosting
the room as at a party — its phones' host opens the room's server on loopback, its keeper
writes the room's file and records each finished game into a temporary data folder, and the
race screen draws every guest's tile — and the phones in a process of their own (aiohttp's
websocket client; each chooses from what its state offers with its own seeded generator),
so that their CPU is not counted as the host's. Measured:

- latency: from sending an ``act`` to receiving the state that reflects it (the seat's move
  count past the one acted on), p50 / p99 / max, timed in the phones' process;
- host CPU per action: this process's ``time.process_time`` over the play (the server's
  thread and the frame loop together) divided by the actions the room played; and the
  server's thread alone (its own CPU clock, Linux);
- host frames: each frame of the game's own loop while the room plays (the race screen,
  redrawn as the room changes, at most ten times a second), its work without the loop's
  sleep: p50 / p99 / max and how many took over 50 ms.

``--pace`` is each phone's actions per second, each list item a row per number of phones
(0: as fast as the answers come, the worst case; 2: a quick player); ``--turns`` stops each room after that many turns: its phones stop acting, and the host ends the room on seeing it past them (the smoke test uses 2).
Every phone keeps within the server's rate limit (its token bucket, with a margin): beyond it
the server drops a connection's messages and says ``too_fast`` only for the first, so a phone
that sent past it would wait for an answer that never comes and its room would stall.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from magdagdon.phones.room import RoomSnapshot
    from magdagdon.phones.server import RateLimit, TokenBucket

DEFAULT_CLIENTS = (1, 8, 20, 50)
DEFAULT_SEED = 20261202
DEFAULT_PACES = (0.0, 2.0)  # flat out (the worst case), and a quick player's two taps a second
FRAME_BUDGET_MS = 50.0
GUARD_SECONDS = 600.0  # a room that has not ended by then is reported as failed, not waited for
TOO_FAST_PAUSE = 1.0  # after a too_fast (never expected): the server's bucket has tokens again by then
SURFACE_SIZE = (1920, 1080)


# --- the phones (their own process: no pygame, nothing of the host) ----------------------
@dataclass
class BenchPhone:
    """One scripted phone: acts on each fresh state it is sent and times the answer."""

    socket: Any
    name: str
    rng: random.Random
    pace: float
    bucket: TokenBucket  # the phone's own, kept under the server's: see phone_limit
    turns: int | None = None  # --turns: the phone stops acting once the room is past them
    secret: str = ""
    sent_at: int = -1  # the move count of the state last acted on
    sent_time: float = 0.0
    waiting: bool = False  # an act is on its way; its answer not yet in
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)

    async def send(self, message: dict[str, Any]) -> None:
        """Sent once the phone's own bucket has a token, so the server never drops it."""
        while not self.bucket.allow(time.monotonic()):
            await asyncio.sleep(1 / self.bucket.limit.per_second)
        if self.socket.closed:
            return  # --turns: the host closed the room while this phone took its time; "closed" follows
        try:
            await self.socket.send_str(json.dumps(message))
        except ConnectionResetError:  # closing under the send (aiohttp's error is one): the same
            return

    async def receive(self) -> dict[str, Any] | None:
        """The next message; None once the socket is closed."""
        import aiohttp

        message = await asyncio.wait_for(self.socket.receive(), GUARD_SECONDS)
        if message.type is not aiohttp.WSMsgType.TEXT:
            return None
        data: dict[str, Any] = json.loads(message.data)
        return data

    async def join(self, code: str) -> None:
        await self.send({"type": "join", "code": code, "name": self.name})
        while True:
            data = await self.receive()
            if data is None or data["type"] == "error":
                raise RuntimeError(f"{self.name} could not join: {data}")
            if data["type"] == "joined":
                self.secret = data["secret"]
                return

    async def play(self) -> None:
        """Until the room is finished or closed."""
        state: dict[str, Any] | None = None
        while True:
            data = await self.receive()
            if data is None or data["type"] in ("closed", "replaced"):
                return
            if data["type"] == "error" and data.get("code") == "room_not_playing":
                return  # --turns: the host closed the room under an action on its way; "closed" follows
            if data["type"] == "error":  # never expected: the phone sends only what it was offered, paced
                self.errors.append(str(data.get("code")))
                self.waiting = False
                self.sent_at -= 1  # act again on the state as it stands
                if data.get("code") == "too_fast":  # the server drops what follows, unanswered, until tokens are back
                    await asyncio.sleep(TOO_FAST_PAUSE)
            elif data["type"] == "state":
                state = data
                if self.waiting and state["game"]["moves"] > self.sent_at:
                    self.latencies.append(time.perf_counter() - self.sent_time)
                    self.waiting = False
            if state is None or state["room"]["phase"] == "lobby":
                continue
            if state["room"]["phase"] != "playing":
                return
            if self.turns is not None and state["room"]["turn"] > self.turns:
                continue  # the host closes the room on seeing it past them (its frames see it late)
            await self.act_on(state["game"])

    async def act_on(self, game: dict[str, Any]) -> None:
        if self.waiting or game["over"] or game["moves"] <= self.sent_at:
            return  # an answer on its way, or nothing new to act on
        action = choose(game, self.rng)
        if action is None:
            return  # between turns: the room rolls when everyone is done
        if self.pace > 0:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) / self.pace)
        self.sent_at, self.waiting = game["moves"], True
        self.actions += 1
        self.sent_time = time.perf_counter()
        await self.send({"type": "act", "secret": self.secret, "action": action})


def choose(game: dict[str, Any], rng: random.Random) -> str | None:
    """An action among those the state offers (the engine's text form), or None."""
    phase = game["phase"]
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
    if game["take_back"] and rng.random() < 0.05:
        return f"back {rng.choice(game['take_back'])}"
    if game["confirm"] and (not places or rng.random() < 0.6):
        return "confirm"
    if places:
        die, cell = rng.choice(places)
        return f"stage {die} {cell}"
    return "backall"  # what is staged leaves no room for the rest: start the turn again


def phone_limit(server: RateLimit) -> RateLimit:
    """A phone's own rate limit: under the server's, by a margin for the network's jitter (two
    messages sent apart may arrive closer together)."""
    from magdagdon.phones.server import RateLimit

    return RateLimit(per_second=0.9 * server.per_second, burst=max(1.0, server.burst - 2))


async def run_phones(url: str, code: str, count: int, seed: int, pace: float,
                     server_limit: RateLimit | None = None, turns: int | None = None) -> dict[str, Any]:
    import aiohttp

    from magdagdon.phones.server import RateLimit, TokenBucket

    limit = phone_limit(server_limit or RateLimit())
    async with aiohttp.ClientSession() as session:
        phones = []
        for n in range(count):
            socket = await session.ws_connect(url)
            bucket = TokenBucket(limit, limit.burst, time.monotonic())
            phone = BenchPhone(socket, f"Guest {n + 1}", random.Random(seed * 1000 + n), pace, bucket, turns)
            await phone.join(code)
            phones.append(phone)
        await asyncio.gather(*(phone.play() for phone in phones))
        for phone in phones:
            await phone.socket.close()
    return {"latencies": [t for phone in phones for t in phone.latencies],
            "actions": sum(phone.actions for phone in phones),
            "errors": [e for phone in phones for e in phone.errors]}


def phones_main(url: str, code: str, count: int, seed: int, pace: float, turns: int | None) -> int:
    cpu_before = time.process_time()
    result = asyncio.run(run_phones(url, code, count, seed, pace, turns=turns))
    result["cpu"] = time.process_time() - cpu_before  # the phones' own, to tell when they are the bottleneck
    print(json.dumps(result))
    return 0


# --- the host ----------------------------------------------------------------------------
class SleepCountingClock:
    """The game's real clock, counting the time its loop sleeps (a frame's work is the rest)."""

    def __init__(self) -> None:
        self.slept = 0.0

    def now(self) -> float:
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            started = time.perf_counter()
            time.sleep(seconds)
            self.slept += time.perf_counter() - started


def host_game(data_dir: Path, difficulty: Any, clock: SleepCountingClock) -> Any:
    """The game itself, windowed at 1920x1080 on SDL's dummy driver, its phones' host on
    loopback: the room it opens is served, kept and drawn as at a party."""
    from magdagdon.app.shell.control import Control
    from magdagdon.app.shell.options import Options

    control = Control(Options(difficulty=difficulty, windowed=True, size=SURFACE_SIZE, data_dir=data_dir,
                              sound=False), clock=clock)
    host = control.phones
    host.address, host.port, host.allow_loopback = (lambda: "127.0.0.1"), 0, True
    return control


def run_frames(control: Any, clock: SleepCountingClock, stop: Callable[[], bool]) -> list[float]:
    """The game's own loop until ``stop``; each frame's work in seconds (its sleep not counted)."""
    times: list[float] = []
    frame = control._frame

    def timed() -> None:
        slept, started = clock.slept, time.perf_counter()
        frame()
        times.append(time.perf_counter() - started - (clock.slept - slept))

    control._frame = timed
    try:
        # At least one frame: the one that sees the room where it is, however fast the phones
        # got there (a frame held up by a busy machine must not leave the run with no frames).
        control.loop(lambda: bool(times) and stop())
    finally:
        control._frame = frame
    return times


def server_thread_clock() -> Callable[[], float] | None:
    """The room server thread's own CPU clock (Linux), or None where there is none."""
    thread = next((t for t in threading.enumerate() if t.name == "room-server"), None)
    if thread is None or thread.ident is None or not hasattr(time, "pthread_getcpuclockid"):
        return None
    clock_id = time.pthread_getcpuclockid(thread.ident)
    return lambda: time.clock_gettime(clock_id)


@dataclass
class GameRun:
    phones: int
    latencies: list[float]
    actions: int  # played by the room (rolls not counted)
    sent: int  # sent by the phones
    errors: list[str]
    host_cpu: float
    server_cpu: float | None
    frames: list[float]
    finished: bool
    seconds: float
    phones_cpu: float  # the phones' process, joining included


def bench_room(count: int, seed: int, pace: float, turns: int | None, difficulty_name: str,
               guard_seconds: float = GUARD_SECONDS) -> GameRun:
    from magdagdon.app.shell.play_context import PlayContext
    from magdagdon.engine import Difficulty, Roll
    from magdagdon.phones.room import RoomPhase

    difficulty = Difficulty.from_name(difficulty_name)
    clock = SleepCountingClock()
    with tempfile.TemporaryDirectory() as data_dir:
        control = host_game(Path(data_dir), difficulty, clock)
        host = control.phones
        url = host.open(difficulty, seed=seed)
        opened = host.open_room
        room = opened.room
        # The lobby on the title, as a host opens it: the guests join there, then Start.
        control.machine.restart("rolling", PlayContext(control.games.new_session()), ("title", "phones_lobby"))
        command = [sys.executable, str(Path(__file__).resolve()), "--phones-of", url + "/ws",
                   room.code, str(count), str(seed), str(pace), str(turns or 0)]
        phones = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                                  env=dict(os.environ, PYTHONPATH=str(ROOT)))
        try:
            guard = time.monotonic() + guard_seconds

            def joined() -> bool:
                if phones.poll() is not None or time.monotonic() > guard:
                    raise RuntimeError(f"the phones did not all join ({len(room.snapshot.seats)} of {count})")
                return len(room.snapshot.seats) >= count

            run_frames(control, clock, joined)  # the frames before the play: imports, caches, start-up
            thread_clock = server_thread_clock()
            cpu_before, wall_before = time.process_time(), time.perf_counter()
            server_before = thread_clock() if thread_clock else 0.0
            lobby = control.machine.top
            lobby.on_choice("start")  # what the host's tap on Start does: the room starts, the race shows
            control.machine.apply_requests()

            def done(snapshot: RoomSnapshot) -> bool:
                return snapshot.phase is not RoomPhase.PLAYING or (turns is not None and snapshot.turn > turns)

            frames = run_frames(control, clock, lambda: done(room.snapshot) or time.monotonic() > guard
                                or phones.poll() is not None)
            host_cpu = time.process_time() - cpu_before
            server_cpu = thread_clock() - server_before if thread_clock else None
            seconds = time.perf_counter() - wall_before
            if not done(room.snapshot):
                raise RuntimeError(f"the room of {count} phones stopped at turn {room.snapshot.turn} "
                                   f"(the phones' process: {'ended' if phones.poll() is not None else 'still running'})")
            with room.lock():
                actions = sum(1 for seat in room.seats for action in seat.game.log if not isinstance(action, Roll))
            finished = room.snapshot.phase is RoomPhase.FINISHED
        finally:
            control.close()  # stops the server: the phones are told
            output, _ = phones.communicate(timeout=60)
    if phones.returncode != 0:
        raise RuntimeError(f"the phones' process failed ({phones.returncode})")
    result = json.loads(output.strip().splitlines()[-1])
    return GameRun(count, result["latencies"], actions, result["actions"], result["errors"], host_cpu, server_cpu,
                   frames, finished, seconds, result["cpu"])


@dataclass
class Row:
    pace: float
    phones: int
    games: int
    finished: int
    actions: int
    seconds: float
    latency_ms: tuple[float, float, float]  # p50, p99, max
    host_cpu_ms: float  # per action, the whole host process
    host_load: float  # the host process's CPU over the play, in cores
    server_cpu_ms: float | None  # per action, the server's thread
    frames: int
    frame_ms: tuple[float, float, float]
    frames_over: int
    errors: int
    phones_load: float  # the phones' process CPU over the play, in cores (near 1: they are the bottleneck)

    def as_dict(self) -> dict[str, Any]:
        return self.__dict__.copy()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def spread_ms(seconds: list[float]) -> tuple[float, float, float]:
    ms = [s * 1000 for s in seconds]
    return (statistics.median(ms), percentile(ms, 0.99), max(ms)) if ms else (math.nan,) * 3  # type: ignore[return-value]


def summarise(pace: float, runs: list[GameRun]) -> Row:
    actions = sum(run.actions for run in runs)
    latencies = [t for run in runs for t in run.latencies]
    frames = [t for run in runs for t in run.frames]
    server = None if any(run.server_cpu is None for run in runs) else sum(run.server_cpu or 0.0 for run in runs)
    seconds = sum(run.seconds for run in runs)
    host_cpu = sum(run.host_cpu for run in runs)
    return Row(pace, runs[0].phones, len(runs), sum(run.finished for run in runs), actions, seconds,
               spread_ms(latencies), 1000 * host_cpu / max(1, actions), host_cpu / max(seconds, 1e-9),
               None if server is None else 1000 * server / max(1, actions), len(frames), spread_ms(frames),
               sum(1 for t in frames if t * 1000 > FRAME_BUDGET_MS), sum(len(run.errors) for run in runs),
               sum(run.phones_cpu for run in runs) / max(seconds, 1e-9))


def run_bench(clients: list[int], games: int, seed: int, paces: list[float], turns: int | None = None,
              difficulty: str = "PEACEFUL", report: Callable[[str], None] | None = None,
              guard_seconds: float = GUARD_SECONDS) -> list[Row]:
    """One row per pace and number of phones, each over ``games`` rooms."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    opened = not pygame.display.get_init()
    try:
        rows = []
        for pace in paces:
            for count in clients:
                runs = []
                for game in range(games):
                    runs.append(bench_room(count, seed + game, pace, turns, difficulty, guard_seconds))
                    if report:
                        run = runs[-1]
                        report(f"  pace {pace:g}, {count} phones, room {game + 1}/{games}: "
                               f"{run.actions} actions in {run.seconds:.1f} s")
                rows.append(summarise(pace, runs))
        return rows
    finally:
        if opened:
            pygame.display.quit()


def table(rows: list[Row]) -> str:
    head = ("pace (actions/s a phone)", "phones", "rooms (finished)", "actions", "seconds",
            "latency p50 / p99 / max ms", "host CPU / action ms", "of it the server thread ms", "host CPU (cores)",
            "frames", "frame p50 / p99 / max ms", "frames > 50 ms", "phones' CPU (cores)")
    lines = [" | ".join(head), " | ".join("---" for _ in head)]
    for row in rows:
        server = "n/a" if row.server_cpu_ms is None else f"{row.server_cpu_ms:.2f}"
        lines.append(" | ".join((
            "flat out" if row.pace == 0 else f"{row.pace:g}", str(row.phones), f"{row.games} ({row.finished})",
            str(row.actions), f"{row.seconds:.1f}", "{:.1f} / {:.1f} / {:.1f}".format(*row.latency_ms),
            f"{row.host_cpu_ms:.2f}", server, f"{row.host_load:.2f}", str(row.frames),
            "{:.2f} / {:.2f} / {:.1f}".format(*row.frame_ms), str(row.frames_over), f"{row.phones_load:.2f}")))
    return "\n".join("| " + line + " |" for line in lines)


def main() -> int:
    if len(sys.argv) == 8 and sys.argv[1] == "--phones-of":  # the phones' own process
        url, code, count, seed, pace, turns = sys.argv[2:]
        return phones_main(url, code, int(count), int(seed), float(pace), int(turns) or None)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=list(DEFAULT_CLIENTS), help="numbers of phones")
    parser.add_argument("--games", type=int, default=1, help="rooms played per number of phones")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--pace", type=float, nargs="+", default=list(DEFAULT_PACES),
                        help="each phone's actions a second (0: flat out)")
    parser.add_argument("--turns", type=int, default=None, help="stop each room after this many turns")
    parser.add_argument("--difficulty", default="PEACEFUL")
    parser.add_argument("--json", action="store_true", help="the rows as JSON, for scripts/bench.py")
    args = parser.parse_args()
    if any(n < 1 or n > 50 for n in args.clients) or args.games < 1 or any(p < 0 for p in args.pace):
        parser.error("--clients from 1 to 50 (the room's seats), --games at least 1, --pace 0 or more")
    rows = run_bench(args.clients, args.games, args.seed, args.pace, args.turns, args.difficulty,
                     report=lambda line: print(line, file=sys.stderr))
    if args.json:
        print(json.dumps({"rows": [bench_rows(row) for row in rows]}))
    else:
        print(table(rows))
    errors = sum(row.errors for row in rows)
    if errors:
        print(f"{errors} actions refused (the phones chose only what they were offered: a bug)", file=sys.stderr)
    return 1 if errors else 0


def bench_rows(row: Row) -> dict[str, Any]:
    p50, p99, _ = row.latency_ms
    f50, f99, fmax = row.frame_ms
    pace = "flat out" if row.pace == 0 else f"{row.pace:g} actions/s"
    return {"benchmark": "phones", "measure": f"{row.phones} phones ({pace}): latency p50/p99, host CPU/action, frames",
            "value": f"{p50:.1f}/{p99:.1f} ms, {row.host_cpu_ms:.2f} ms, {f50:.2f}/{f99:.2f}/{fmax:.1f} ms "
                     f"({row.frames_over} > 50 ms)",
            "target": "no frame > 50 ms"}


if __name__ == "__main__":
    raise SystemExit(main())
