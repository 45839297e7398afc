"""``magdagdon simulate``: play seeded games with a policy and print statistics.

Game ``i`` uses dice seed ``S + i`` and a policy RNG ``random.Random(S + i)``, so any
game of a run can be replayed alone and every policy meets the same dice.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import signal
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from magdagdon.ai import POLICY_NAMES, make_policy
from magdagdon.app.shell.options import difficulty_option, seed_option, whole_number
from magdagdon.engine import Difficulty, Game, Replay
from magdagdon.engine.dice import MAX_SEED

from .replay_command import PLAYED_BY


@dataclass(frozen=True)
class GameSummary:
    seed: int
    score: int
    ruins: int
    turns: int
    replay_json: str


def play_one(policy_name: str, difficulty: Difficulty, seed: int) -> GameSummary:
    """One whole game; the policy uses the unchecked fast path (it only picks legal moves)."""
    game = Game(difficulty, seed)
    policy = make_policy(policy_name, random.Random(seed))
    while not game.is_over:
        game.push(policy.choose(game))
    final = game.score()
    return GameSummary(seed, final.total, final.ruins, game.turn, Replay.of(game).to_json())


def _play_chunk(task: tuple[str, str, list[int]]) -> list[GameSummary]:
    policy_name, difficulty_name, seeds = task
    difficulty = Difficulty[difficulty_name]
    return [play_one(policy_name, difficulty, s) for s in seeds]


def _leave_ctrl_c_to_the_parent() -> None:
    """In each worker: Ctrl+C reaches the whole process group; the parent alone answers it
    (one line), and leaving the pool stops the workers at once. SIGTERM, which the pool
    sends to stop them, ends a worker whatever handler it inherited from a forking parent
    (SDL's turns it into a QUIT event, the game's into a request: neither ends a worker
    waiting for work, and leaving the pool would wait for it for ever)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_WHILE_STARTING)


# A worker is forked before its initializer runs: a Ctrl+C in between would reach it with
# the parent's handler (a KeyboardInterrupt in the worker, which the pool answers with a
# new worker while the parent is ending it). So the workers are started with these held,
# and each lets them through once it has said what they do to it.
HELD_WHILE_STARTING = {signal.SIGINT, signal.SIGTERM}


def _start_pool(jobs: int) -> "multiprocessing.pool.Pool":
    if not hasattr(signal, "pthread_sigmask"):  # no such race where there is no fork
        return multiprocessing.Pool(jobs, initializer=_leave_ctrl_c_to_the_parent)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_WHILE_STARTING)
    try:  # the pool's own threads start with them held too: the main thread alone answers them
        return multiprocessing.Pool(jobs, initializer=_leave_ctrl_c_to_the_parent)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl+C that came meanwhile arrives now


def run_games(policy: str, difficulty: Difficulty, games: int, seed: int, jobs: int = 1) -> list[GameSummary]:
    seeds = list(range(seed, seed + games))
    if jobs <= 1:
        return _play_chunk((policy, difficulty.name, seeds))
    chunks = [seeds[i::jobs] for i in range(jobs)]
    # Leaving the ``with`` terminates the workers (a pool of concurrent.futures would let
    # each finish its whole share first: minutes after a Ctrl+C).
    with _start_pool(jobs) as pool:
        parts = pool.map(_play_chunk, [(policy, difficulty.name, c) for c in chunks])
    return sorted((g for part in parts for g in part), key=lambda g: g.seed)


def summarise(policy: str, difficulty: Difficulty, results: list[GameSummary], seconds: float) -> dict:
    scores = [g.score for g in results]
    return {
        "policy": policy,
        "difficulty": difficulty.name,
        "games": len(results),
        "mean": statistics.fmean(scores),
        "median": statistics.median(scores),
        "min": min(scores),
        "max": max(scores),
        "stdev": statistics.stdev(scores) if len(scores) > 1 else 0.0,
        "mean_ruins": statistics.fmean(g.ruins for g in results),
        "mean_turns": statistics.fmean(g.turns for g in results),
        "games_per_second": len(results) / seconds if seconds > 0 else float("inf"),
    }


MAX_GAMES = 10**7
MAX_JOBS = 64


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--policy", choices=POLICY_NAMES, default="random")
    parser.add_argument("--difficulty", type=difficulty_option, default=Difficulty.PEACEFUL,
                        help="PEACEFUL, SURVIVAL or NIGHTMARE")
    parser.add_argument("--games", type=_games, default=100, help=f"how many games (1 to {MAX_GAMES})")
    parser.add_argument("--seed", type=seed_option, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=_jobs, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save-replays", type=Path, metavar="DIR",
                        help="write one replay file per game into DIR (marked as played by the computer)")


def run(args: argparse.Namespace) -> int:
    if args.seed > MAX_SEED - (args.games - 1):
        print(f"magdagdon simulate: argument --seed: game {args.games} would need seed {args.seed + args.games - 1}, "
              f"above the largest seed {MAX_SEED}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    results = run_games(args.policy, args.difficulty, args.games, args.seed, args.jobs)
    summary = summarise(args.policy, args.difficulty, results, time.perf_counter() - started)
    if args.save_replays:
        try:
            _save_replays(args.save_replays, args.policy, args.difficulty, results)
        except OSError as error:
            print(f"cannot save replays in {args.save_replays}: {error}", file=sys.stderr)
            return 1
    if args.json:
        print(json.dumps(summary))
    else:
        _print_table(summary)
    return 0


def _save_replays(folder: Path, policy: str, difficulty: Difficulty, results: list[GameSummary]) -> None:
    """Each file says who played it: ``replay --record`` refuses computer-played games."""
    folder.mkdir(parents=True, exist_ok=True)
    for game in results:
        name = f"{policy}-{difficulty.name.lower()}-seed{game.seed}.json"
        document = {**json.loads(game.replay_json), PLAYED_BY: f"computer:{policy}"}
        (folder / name).write_text(json.dumps(document, separators=(",", ":")) + "\n", encoding="utf-8")


def _print_table(summary: dict) -> None:
    print(f"{summary['games']} {summary['difficulty']} games, policy {summary['policy']}")
    rows = [
        ("mean", f"{summary['mean']:.1f}"),
        ("median", f"{summary['median']:g}"),
        ("min / max", f"{summary['min']} / {summary['max']}"),
        ("stdev", f"{summary['stdev']:.1f}"),
        ("mean ruins", f"{summary['mean_ruins']:.2f}"),
        ("mean turns", f"{summary['mean_turns']:.2f}"),
        ("games/s", f"{summary['games_per_second']:.0f}"),
    ]
    for label, value in rows:
        print(f"  {label:<12}{value:>12}")


def _games(text: str) -> int:
    return whole_number(text, 1, MAX_GAMES)


def _jobs(text: str) -> int:
    return whole_number(text, 1, MAX_JOBS)
