#!/usr/bin/env python3
"""The world board under load, on both stores (not a test; all traffic to 127.0.0.1).

    python scripts/bench_board.py [--stores sqlite postgresql] [--verifiers 2] [--games 600]
                                  [--readers 200] [--rate 20] [--seconds 20] [--json]

For each store the board runs as it is deployed, ``python -m magdagdon board serve`` in a
process of its own with ``--verifiers`` verifier processes (PostgreSQL: a throwaway cluster
this script starts in a temporary folder on 127.0.0.1 and stops at the end; SQLite: a file in
a temporary folder, WAL, every commit synchronous). The senders and readers are aiohttp
clients in this process. The rate limits are raised for the run: every request comes from
127.0.0.1. Measured:

- verification per core: the engine playing and checking each sent replay (what a verifier
  does for a game), one process, games a second;
- verified submissions a second: ``--games`` distinct finished games on today's dice, each
  from its own installation, sent by 16 senders at once as fast as the answers come — each
  parsed, verified in a verifier process, stored and committed before its answer;
- read latency: ``--readers`` readers each reading the PEACEFUL board's first page (100
  entries of a board of over 600) again a second after each answer (a page refreshed by
  people), while ``--rate`` new games a second arrive, for ``--seconds``: p50 / p99 / max;
  then the same readers with no pause (each reads again the moment its answer comes: the
  node's ceiling), reads a second and p99.

Bounded: at most ``--games`` sends and ``--seconds`` per phase, every request with a 30 s
timeout, and each option within ``BOUNDS`` (a larger one is refused, not run); the server
and the cluster stop at the end, also on failure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.board.install_key import new_key  # noqa: E402
from magdagdon.board.verification import verify_game  # noqa: E402
from magdagdon.engine import Difficulty, Game, Replay  # noqa: E402
from magdagdon.engine.challenge import day_seed  # noqa: E402

SENDERS = 16
# The most each option may ask: the whole run stays within minutes on a shared machine.
BOUNDS = {"verifiers": (1, 16), "games": (1, 5000), "readers": (1, 1000), "rate": (0.1, 200.0), "seconds": (1.0, 60.0)}
GENEROUS = ["--limit-reads", "10000000/1000000", "--limit-games-per-address", "10000000/1000000",
            "--limit-games-per-installation", "10000000/1000000"]


def games(day, count: int, salt: int) -> list[dict]:
    """``count`` distinct finished games on ``day``'s PEACEFUL dice, as their replay files."""
    seed = day_seed(day, Difficulty.PEACEFUL)
    found: dict[str, dict] = {}
    n = salt
    while len(found) < count:
        if n - salt > 20 * count:  # random play repeats a game rarely; never loop for ever
            raise RuntimeError(f"only {len(found)} distinct games in {n - salt} tries")
        game = Game(Difficulty.PEACEFUL, seed)
        policy = make_policy("random", random.Random(n))
        n += 1
        while not game.is_over:
            game.play(policy.choose(game))
        document = Replay.of(game).to_dict()
        found.setdefault(json.dumps(document["actions"]), document)
    return list(found.values())


def verification_per_core(documents: list[dict], day) -> float:
    began = time.process_time()
    for document in documents:
        verify_game(document, day, Difficulty.PEACEFUL)
    return len(documents) / (time.process_time() - began)


def start_board(db: str, folder: Path, verifiers: int) -> tuple[subprocess.Popen, int]:
    server = subprocess.Popen([sys.executable, "-m", "magdagdon", "board", "serve", "--db", db, "--port", "0",
                               "--data-dir", str(folder), "--verifiers", str(verifiers), *GENEROUS],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline() if server.stdout else ""
    if "http://" not in line:
        server.kill()
        raise RuntimeError(f"the board did not start: {line} {server.stderr.read() if server.stderr else ''}")
    return server, int(line.split("http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def send_all(base: str, path: str, documents: list[dict]) -> tuple[float, int]:
    import aiohttp

    queue = list(documents)
    accepted = 0

    async def sender(session: aiohttp.ClientSession) -> None:
        nonlocal accepted
        while queue:
            document = queue.pop()
            async with session.post(base + path, json={"replay": document, "name": "Bench",
                                                       "install": new_key()}) as answer:
                await answer.read()
                accepted += answer.status == 201

    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(timeout=timeout, connector=aiohttp.TCPConnector(limit=0)) as session:
        began = time.perf_counter()
        await asyncio.gather(*(sender(session) for _ in range(SENDERS)))
        return time.perf_counter() - began, accepted


async def read_under_load(base: str, day: str, documents: list[dict], readers: int, rate: float, seconds: float,
                          pause: float) -> dict[str, float]:
    import aiohttp

    latencies: list[float] = []
    errors = 0
    sent = 0
    end = time.perf_counter() + seconds
    page = f"{base}/v1/days/{day}/PEACEFUL?limit=100"

    async def reader(session: aiohttp.ClientSession, first: float) -> None:
        nonlocal errors
        await asyncio.sleep(first)
        while time.perf_counter() < end:
            began = time.perf_counter()
            async with session.get(page) as answer:
                await answer.read()
                errors += answer.status != 200
            latencies.append(time.perf_counter() - began)
            if pause:
                await asyncio.sleep(pause)

    sending: list[asyncio.Task[None]] = []

    async def send(session: aiohttp.ClientSession, document: dict) -> None:
        async with session.post(f"{base}/v1/days/{day}/PEACEFUL/games",
                                json={"replay": document, "name": "Bench", "install": new_key()}) as answer:
            await answer.read()

    async def arrivals(session: aiohttp.ClientSession) -> None:
        nonlocal sent
        step, due = 1 / rate, time.perf_counter()
        while time.perf_counter() < end and documents:
            sending.append(asyncio.ensure_future(send(session, documents.pop())))
            sent += 1
            due += step
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
        await asyncio.gather(*sending)

    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(timeout=timeout, connector=aiohttp.TCPConnector(limit=0)) as session:
        started = time.perf_counter()
        await asyncio.gather(arrivals(session),
                             *(reader(session, random.random() * (pause or 0.05)) for _ in range(readers)))
        elapsed = time.perf_counter() - started
    return {"reads": len(latencies), "reads_per_second": len(latencies) / elapsed, "errors": errors,
            "p50_ms": 1000 * percentile(latencies, 0.5), "p99_ms": 1000 * percentile(latencies, 0.99),
            "max_ms": 1000 * max(latencies, default=float("nan")), "games_sent": sent,
            "games_per_second": sent / elapsed}


def run_store(store: str, args: argparse.Namespace, folder: Path, cluster) -> dict[str, object]:
    day = datetime.now(timezone.utc).date()
    documents = games(day, args.games + int(args.rate * args.seconds * 2) + 20, salt=1000 * len(store))
    db = f"sqlite:{folder / store / 'board.sqlite3'}" if store == "sqlite" else cluster.fresh_database()
    (folder / store).mkdir(parents=True, exist_ok=True)
    server, port = start_board(db, folder / store, args.verifiers)
    base = f"http://127.0.0.1:{port}"
    try:
        batch, rest = documents[:args.games], documents[args.games:]
        seconds, accepted = asyncio.run(send_all(base, f"/v1/days/{day.isoformat()}/PEACEFUL/games", batch))
        paced = asyncio.run(read_under_load(base, day.isoformat(), rest, args.readers, args.rate, args.seconds,
                                            pause=1.0))
        flat = asyncio.run(read_under_load(base, day.isoformat(), rest, args.readers, args.rate,
                                           min(args.seconds, 10.0), pause=0.0))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
    return {"store": store, "submissions": accepted, "submissions_per_second": accepted / seconds,
            "reads_paced": paced, "reads_flat_out": flat}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stores", nargs="+", default=["sqlite", "postgresql"], choices=["sqlite", "postgresql"])
    parser.add_argument("--verifiers", type=int, default=2)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for option, (low, high) in BOUNDS.items():
        if not low <= getattr(args, option) <= high:
            parser.error(f"--{option} is from {low:g} to {high:g}")
    day = datetime.now(timezone.utc).date()
    per_core = verification_per_core(games(day, 200, salt=7), day)
    results: dict[str, object] = {"verified_per_core_per_second": per_core, "cores": os.cpu_count(),
                                  "load_before": os.getloadavg()[0], "stores": []}
    with tempfile.TemporaryDirectory(prefix="bench-board-") as temporary:
        cluster = None
        if "postgresql" in args.stores:
            from support.board_fixtures import PostgresCluster, postgres_bin

            binaries = postgres_bin()
            if binaries is None:
                print("no PostgreSQL binaries: apt-get install -y postgresql", file=sys.stderr)
                return 1
            cluster = PostgresCluster(binaries, durable=True)
            cluster.start()
        try:
            for store in args.stores:
                results["stores"].append(run_store(store, args, Path(temporary), cluster))  # type: ignore[union-attr]
        finally:
            if cluster is not None:
                cluster.stop()
    results["load_after"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"verification, one core: {per_core:.0f} games a second (load {results['load_before']:.1f} before)")
    print(f"{'store':<11} {'verified sends/s':>16} {'paced reads: p50 / p99 / max ms (reads/s, games/s)':>52}"
          f" {'flat-out reads: reads/s, p99 ms':>32}")
    for row in results["stores"]:  # type: ignore[attr-defined]
        paced, flat = row["reads_paced"], row["reads_flat_out"]
        print(f"{row['store']:<11} {row['submissions_per_second']:>16.1f} "
              f"{paced['p50_ms']:>14.1f} / {paced['p99_ms']:.1f} / {paced['max_ms']:.1f} "
              f"({paced['reads_per_second']:.0f}, {paced['games_per_second']:.1f}){'':>6}"
              f" {flat['reads_per_second']:>12.0f}, {flat['p99_ms']:.1f}")
    print(f"load after: {results['load_after']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
