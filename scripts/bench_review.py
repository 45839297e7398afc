"""The game-over review's time: what the player waits for.

    python scripts/bench_review.py [--games 12] [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE]

Plays ``--games`` games per difficulty by careless, greedy and random players (seeded, in
turn) and makes each one's review as the app does (:class:`magdagdon.ai.review.ReviewBuilder`
with a fresh coach and estimator, the networks already loaded), on one core (the process is
pinned to the first core it may use): its best guess, every row there at once, then every
turn refined by the estimator's playouts, one at a time, the costliest-looking first. Prints
per game the turns, the decision points, the CPU seconds to the best guess, to the first
refined turn and to the whole review, and the wall seconds of the whole; per difficulty the
medians and the largest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_calibration import make_player  # noqa: E402

from magdagdon.ai.coach import Coach  # noqa: E402
from magdagdon.ai.evaluation import load_evaluation  # noqa: E402
from magdagdon.ai.review import ReviewBuilder  # noqa: E402
from magdagdon.engine import Difficulty, Game, Replay  # noqa: E402

SEED_BASE = 9_100_000
PLAYERS = ("careless", "greedy", "random")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print("| difficulty | player | seed | turns | decision points | CPU s: best guess / first turn refined / all | wall s, all |")
    print("|---|---|---|---|---|---|---|")
    summary = []
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        load_evaluation(difficulty)  # the app reads it at start-up, not in the review
        guesses, firsts, wholes, walls, turns = [], [], [], [], []
        for index in range(args.games):
            player_name = PLAYERS[index % len(PLAYERS)]
            seed = SEED_BASE + 1000 * difficulty.power_count + index
            game, player = Game(difficulty, seed), make_player(player_name, seed)
            while not game.is_over:
                game.play(player.choose(game))  # type: ignore[attr-defined]
            replay = Replay.of(game)
            wall, cpu = time.perf_counter(), time.process_time()
            builder = ReviewBuilder(replay, Coach())  # as the app's review job makes one
            builder.review()
            guess = time.process_time() - cpu
            builder.refine_next()
            first = time.process_time() - cpu
            builder.refine_all()
            assert builder.review().end_points == game.score().total
            whole, wall = time.process_time() - cpu, time.perf_counter() - wall
            points = sum(len(turn.points) for turn in builder.turns)
            guesses.append(guess)
            firsts.append(first)
            wholes.append(whole)
            walls.append(wall)
            turns.append(len(builder.turns))
            print(f"| {difficulty.name} | {player_name} | {seed} | {len(builder.turns)} | {points} "
                  f"| {guess:.2f} / {first:.1f} / {whole:.1f} | {wall:.1f} |", flush=True)
        summary.append((difficulty, statistics.fmean(turns), guesses, firsts, wholes))
    print("\n| difficulty | turns, mean | CPU s to the best guess, median / max | to the first refined turn | "
          "to the whole review, median / max |")
    print("|---|---|---|---|---|")
    for difficulty, turns_mean, guesses, firsts, wholes in summary:
        print(f"| {difficulty.name} | {turns_mean:.1f} | {statistics.median(guesses):.2f} / {max(guesses):.2f} "
              f"| {statistics.median(firsts):.1f} / {max(firsts):.1f} "
              f"| {statistics.median(wholes):.1f} / {max(wholes):.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
