"""How much of the playouts' spread the control variate takes off, and what a playout costs.

    python scripts/measure_playouts.py [--positions 60] [--playouts 16] [--difficulties ...]

The estimator (magdagdon/ai/estimate.py) values a choice by the mean of the expert's
playouts, each corrected by ``weight`` times the luck of its rolls
(magdagdon/ai/playouts.py). Any weight keeps the mean; the best one leaves the least
spread. On boards between turns from random, greedy, careless and expert games (seeds far
from the calibration benchmark's, so its figures are not tuned on), this prints for each
stage of the game the standard deviation of one playout's final score, the same corrected
with weight 1, the weight that minimises it (the regression of score on luck) and the
spread left with the shipped weight, and the CPU time of one playout. The standard error of
an estimate is that spread over the square root of the number of playouts.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_calibration  # noqa: E402

from magdagdon.ai.estimate import CONTROL_WEIGHT  # noqa: E402
from magdagdon.ai.planner import Planner  # noqa: E402
from magdagdon.ai.playouts import Playouts, position_key  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

SEED_BASE = 8_000_000  # not the calibration benchmark's games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    args = parser.parse_args(argv)
    print("| difficulty | stage | n | sd of a playout | corrected, weight 1 | best weight | its sd | shipped weight | its sd | ms a playout |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        samples = bench_calibration.positions(difficulty, args.positions, None, base=SEED_BASE, awkward_boards=False)
        planner = Planner(difficulty)
        playouts = Playouts(planner, planner, args.playouts)
        by_stage: dict[str, list[list[tuple[int, float]]]] = {}
        spent: dict[str, float] = {}
        for sample in samples:
            stage = bench_calibration.stage_of(sample.cells)
            key = position_key(difficulty, sample.cells, (), sample.powers_used)
            started = time.process_time()
            played = [playouts.play(key, k, sample.cells, sample.powers_used) for k in range(args.playouts)]
            spent[stage] = spent.get(stage, 0.0) + time.process_time() - started
            by_stage.setdefault(stage, []).append(played)
        shipped = CONTROL_WEIGHT[difficulty]
        for stage, _, _ in bench_calibration.STAGES:
            groups = by_stage.get(stage)
            if not groups:
                continue
            # spreads pooled over the positions: the mean of each position's variance
            def spread(weight: float) -> float:
                return math.sqrt(statistics.fmean(statistics.variance([s - weight * luck for s, luck in g]) for g in groups))

            covariance = statistics.fmean(statistics.covariance([float(s) for s, _ in g], [luck for _, luck in g]) for g in groups)
            variance = statistics.fmean(statistics.variance([luck for _, luck in g]) for g in groups)
            best = covariance / variance if variance else 0.0
            ms = 1000 * spent[stage] / (len(groups) * args.playouts)
            print(f"| {difficulty.name} | {stage} | {len(groups)} | {spread(0.0):.1f} | {spread(1.0):.1f} | {best:.2f} | "
                  f"{spread(best):.1f} | {shipped:.2f} | {spread(shipped):.1f} | {ms:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
