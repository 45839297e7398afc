"""The game-over review's time: what the next guest waits for.

    python scripts/bench_review.py [--games 12] [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE]

Plays ``--games`` games per difficulty by careless, greedy and random players (seeded, in
turn) and times ``review_game`` on each as the app asks for it (every turn, a fresh expert and
estimator, the networks already loaded), on one core (the process is pinned to the first
core it may use). Prints per game the turns, the decision points where the player chose
otherwise than the expert (the ones whose choices the estimator values by playouts), the
wall and CPU seconds, and per difficulty the median and the
largest.
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

from magdagdon.ai.estimate import Choice, Estimator  # noqa: E402
from magdagdon.ai.evaluation import load_evaluation  # noqa: E402
from magdagdon.ai.planner import Position  # noqa: E402
from magdagdon.ai.playouts import Estimate  # noqa: E402
from magdagdon.ai.review import review_game  # noqa: E402
from magdagdon.engine import Difficulty, Game, Replay  # noqa: E402
from magdagdon.engine.actions import Roll  # noqa: E402

SEED_BASE = 9_100_000
PLAYERS = ("careless", "greedy", "random")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print("| difficulty | player | seed | turns | decision points valued | wall s | CPU s |")
    print("|---|---|---|---|---|---|---|")
    summary = []
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        load_evaluation(difficulty)  # the app reads it at start-up, not in the review
        walls, cpus, turns = [], [], []
        for index in range(args.games):
            player_name = PLAYERS[index % len(PLAYERS)]
            seed = SEED_BASE + 1000 * difficulty.power_count + index
            game, player = Game(difficulty, seed), make_player(player_name, seed)
            while not game.is_over:
                game.play(player.choose(game))  # type: ignore[attr-defined]
            replay = Replay.of(game)
            wall, cpu = time.perf_counter(), time.process_time()
            estimator = CountingEstimator()  # as the app's review_game(replay, limit) makes one
            reviews = review_game(replay, limit=len(replay.actions), estimator=estimator)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            count = sum(isinstance(action, Roll) for action in replay.actions)
            walls.append(wall)
            cpus.append(cpu)
            turns.append(count)
            print(f"| {difficulty.name} | {player_name} | {seed} | {count} | {len(estimator.valued)} | {wall:.1f} | {cpu:.1f} |",
                  flush=True)
            del reviews
        summary.append((difficulty, statistics.fmean(turns), statistics.median(walls), max(walls),
                        statistics.median(cpus), max(cpus)))
    print("\n| difficulty | turns, mean | wall s, median / max | CPU s, median / max |")
    print("|---|---|---|---|")
    for difficulty, turns_mean, wall_median, wall_max, cpu_median, cpu_max in summary:
        print(f"| {difficulty.name} | {turns_mean:.1f} | {wall_median:.1f} / {wall_max:.1f} | {cpu_median:.1f} / {cpu_max:.1f} |")
    return 0


class CountingEstimator(Estimator):
    """The app's estimator (the expert decides, its playouts value), counting the decision
    points whose choices it valued."""

    def __init__(self) -> None:
        super().__init__()
        self.valued: set[Position] = set()

    def estimate(self, position: Position, choice: Choice) -> Estimate:
        self.valued.add(position)
        return super().estimate(position, choice)


if __name__ == "__main__":
    raise SystemExit(main())
