"""Storage figures: the time to record a result, and results kept through kill -9.

    python scripts/bench_storage.py [--games 250] [--records 100] [--rounds 25] [--json]

*Record*: a data folder already holding ``--games`` results (so the tables are full and
pruning runs) records ``--records`` more; median and p95 of ``Store.record_result``
(re-read, merge, write replay and table with fsync, prune) under the lock.
*kill -9*: ``--rounds`` times, a child process plays and records games (saving the game in
progress after each turn) and is killed with SIGKILL at a seeded moment; the folder is
then opened and every result the child reported as recorded must be there, with no file
set aside as damaged.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from magdagdon.engine import Difficulty  # noqa: E402
from magdagdon.storage import open_store  # noqa: E402

from test_storage_support import finished_games  # noqa: E402

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)
RECORD_TARGET_MS = 15.0

CHILD = textwrap.dedent("""
    import sys
    from datetime import datetime, timezone
    sys.path[:0] = [sys.argv[2], sys.argv[3]]
    from magdagdon.engine import Phase
    from magdagdon.storage import open_store
    from test_storage_support import play_game
    now = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)
    store = open_store(sys.argv[1], now)
    def save(game):
        if game.phase is Phase.ROLL or game.is_over:
            store.save_in_progress(game, now)
    seed = int(sys.argv[4])
    while True:
        game = play_game(seed, on_action=save)
        outcome = store.record_result(game, now)
        if outcome.saved:
            print(outcome.replay_id, flush=True)
        seed += 1
""")


def time_records(games: int, records: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each record (wall includes the fsyncs)."""
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(folder, NOW)
        per_difficulty = games // len(Difficulty)
        for index, difficulty in enumerate(Difficulty):
            for minute, game in enumerate(finished_games(per_difficulty, difficulty, first_seed=10_000 * index)):
                store.record_result(game, NOW + timedelta(minutes=minute))
        fresh = finished_games(records, Difficulty.PEACEFUL, first_seed=50_000)
        wall, cpu = [], []
        for minute, game in enumerate(fresh):
            start, start_cpu = time.perf_counter(), time.process_time()
            outcome = store.record_result(game, NOW + timedelta(days=1, minutes=minute))
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            assert outcome.saved
        return wall, cpu


def kill_rounds(rounds: int, seed: int = 7) -> dict[str, int]:
    rng = random.Random(seed)
    reported_total = lost = damaged = 0
    for round_number in range(rounds):
        with tempfile.TemporaryDirectory() as folder:
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, folder, str(ROOT), str(ROOT / "tests"), str(1000 * round_number)],
                stdout=subprocess.PIPE, text=True,
            )
            reported: list[str] = []
            wanted = rng.randint(1, 4)
            while len(reported) < wanted:
                line = child.stdout.readline() if child.stdout else ""
                if not line:
                    break
                reported.append(line.strip())
            time.sleep(rng.uniform(0, 0.05))  # somewhere in the next game or the next write
            child.send_signal(signal.SIGKILL)
            child.wait()
            store = open_store(folder, NOW)
            seen = set(store.score_book().seen)
            lost += len(set(reported) - seen)
            damaged += len(list(Path(folder).rglob("*.corrupt-*")))
            reported_total += len(reported)
    return {"rounds": rounds, "results reported": reported_total, "lost": lost, "set aside as damaged": damaged}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=250)
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=25, help="kill -9 rounds (0: none)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wall, cpu = (sorted(times) for times in time_records(args.games, args.records))
    median, p95 = statistics.median(wall), wall[int(0.95 * (len(wall) - 1))]
    killed = kill_rounds(args.rounds)
    rows = [
        {"benchmark": "storage", "measure": f"record a result into {args.games} games: median / p95 (CPU median)",
         "value": f"{median:.1f} / {p95:.1f} ms ({statistics.median(cpu):.1f} ms)", "target": f"median ≤ {RECORD_TARGET_MS:g} ms"},
        {"benchmark": "storage", "measure": f"kill -9 while recording: {killed['rounds']} rounds, "
                                            f"{killed['results reported']} results reported",
         "value": f"{killed['lost']} lost, {killed['set aside as damaged']} damaged", "target": "0 lost, 0 damaged"},
    ]
    if args.json:
        print(json.dumps({"rows": rows}, indent=1))
    else:
        for row in rows:
            print(f"{row['measure']}: {row['value']} (target {row['target']})")
    # Time depends on the machine (and its load); a lost or damaged result is a failure anywhere.
    return 0 if killed["lost"] == 0 and killed["set aside as damaged"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
