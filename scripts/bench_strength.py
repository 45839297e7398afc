"""Strength of the expert: before and after the n-tuple network, against an upper bound;
and the strengths the party's computer plays at.

    python scripts/bench_strength.py [--games 500] [--seed 0] [--reference 100]
        [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE]
    python scripts/bench_strength.py --levels [--games 500] [--seed 0] [--difficulties ...]

On the same seeds S..S+games-1 per difficulty (dice as ``magdagdon simulate`` deals them):

- *before*: the expert as it was before the n-tuple network (scripts/baseline_expert),
  played by its twin (scripts/expert_twin.py), which makes its moves exactly;
- *after*: the shipped expert, played in this process by the pure-Python code the game
  runs, with the decision time of every turn (CPU time of all ``choose`` calls from the
  roll to the end of the turn, on one core); its twin plays the same seeds as a check;
- the paired difference (same dice) with its 95% interval;
- the *upper bound* for the first ``--reference`` seeds: a proven bound on the best score
  anyone could reach knowing every die in advance (scripts/expert_sim/src/bound.rs), and
  each expert's mean over those seeds as a share of it.

The targets are the fast path's: the computer player in a party and the demo play the
search alone (the hint, the review and the replay viewer's expert ask the coach, whose
advice and time scripts/bench_coach.py measures). Each row says whether its difficulty
meets them: a mean at least ``STRENGTH_TARGET`` (5 % above the expert before the network)
and a decision's CPU time per turn at the 99th percentile within ``DECISION_P99_TARGET``.

``--levels`` measures instead the computer's three strengths beside the two baselines, on
the same seeds and with the RNG ``magdagdon simulate`` hands each game
(``random.Random(seed)``): random and greedy play, the beginner and the regular, played in
this process by the game's own code, and the expert, played by its twin (the same moves as
the Python expert, which the default run checks game by game). Each row: mean ± 95%,
median, ruins a game, and the CPU time per game of the Python players (docs/AI.md, *The
computer's strengths*).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import expert_twin  # noqa: E402

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.engine import RUIN, Difficulty, Game  # noqa: E402
from magdagdon.engine.actions import Roll  # noqa: E402

STRENGTH_TARGET = {Difficulty.PEACEFUL: 427.0, Difficulty.SURVIVAL: 344.0, Difficulty.NIGHTMARE: 225.0}
DECISION_P99_TARGET = 0.150  # seconds of one core for a whole turn's decisions


def python_games(difficulty: Difficulty, seeds: range) -> tuple[list[int], list[float]]:
    """Scores of the shipped expert and the CPU seconds of each of its turns."""
    scores, turns = [], []
    for seed in seeds:
        game = Game(difficulty, seed)
        policy = make_policy("expert", random.Random(seed))
        while not game.is_over:
            started = time.process_time()
            action = policy.choose(game)
            spent = time.process_time() - started
            if isinstance(action, Roll):
                turns.append(0.0)
            elif turns:
                turns[-1] += spent
            game.push(action)
        scores.append(game.score().total)
    return scores, turns


def policy_games(name: str, difficulty: Difficulty, seeds: range) -> tuple[list[int], list[int], float]:
    """Scores and ruins of ``name``'s games on ``seeds``, and the CPU seconds they took."""
    scores, ruins = [], []
    started = time.process_time()
    for seed in seeds:
        game = Game(difficulty, seed)
        policy = make_policy(name, random.Random(seed))
        while not game.is_over:
            game.push(policy.choose(game))
        scores.append(game.score().total)
        ruins.append(game.board.cells.count(RUIN))
    return scores, ruins, time.process_time() - started


def levels(difficulties: list[Difficulty], seeds: range) -> None:
    """The computer's strengths beside the baselines (``--levels``)."""
    folder = Path(tempfile.mkdtemp(prefix="levels-"))
    print(f"{len(seeds)} games per player and difficulty, seeds {seeds.start}..{seeds.stop - 1}\n")
    print("| difficulty | player | mean ± 95% | median | ruins a game | CPU a game |")
    print("|---|---|---|---|---|---|")
    for difficulty in difficulties:
        for name in ("random", "greedy", "beginner", "regular"):
            scores, ruins, seconds = policy_games(name, difficulty, seeds)
            mean, ci = mean_ci([float(s) for s in scores])
            print(f"| {difficulty.name} | {name} | {mean:.1f} ± {ci:.1f} | {statistics.median(scores):g} "
                  f"| {statistics.fmean(ruins):.2f} | {1000 * seconds / len(seeds):.0f} ms |", flush=True)
        rows = expert_twin.twin_games(expert_twin.twin_net(difficulty, folder), difficulty, seeds.start, len(seeds),
                                      *expert_twin.shipped_options(difficulty))
        scores, ruins = [row[1] for row in rows], [row[2] for row in rows]
        mean, ci = mean_ci([float(s) for s in scores])
        print(f"| {difficulty.name} | expert (its twin) | {mean:.1f} ± {ci:.1f} | {statistics.median(scores):g} "
              f"| {statistics.fmean(ruins):.2f} | |", flush=True)


def mean_ci(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / len(values) ** 0.5


def bounds(difficulty: Difficulty, first: int, count: int) -> list[int]:
    out = subprocess.run(["nice", "-n", "19", str(expert_twin.build()), "bound", "--difficulty", difficulty.name,
                          "--first", str(first), "--count", str(count)], check=True, capture_output=True, text=True).stdout
    return [int(line.split()[1]) for line in out.splitlines()]


def _met(met: bool, target: str) -> str:
    return f"{target} {'met' if met else 'MISSED'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reference", type=int, default=100, help="seeds given the upper bound")
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    parser.add_argument("--levels", action="store_true", help="the computer's strengths beside the baselines")
    args = parser.parse_args(argv)
    if args.levels:
        levels([Difficulty.from_name(d) for d in args.difficulties.split(",")], range(args.seed, args.seed + args.games))
        return 0
    folder = Path(tempfile.mkdtemp(prefix="strength-"))
    seeds = range(args.seed, args.seed + args.games)
    print(f"{args.games} games per difficulty, seeds {seeds.start}..{seeds.stop - 1}; decision time = CPU per turn, one core\n")
    print("| difficulty | before: mean ± 95% | after: mean ± 95% | after − before (paired) | after ÷ before "
          "| after: time per turn median / p99 / max | upper bound, first "
          f"{args.reference} seeds | before / after as share of it | targets: mean / p99 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        before_net = expert_twin.twin_net(difficulty, folder, baseline=True)
        before = [row[1] for row in expert_twin.twin_games(before_net, difficulty, seeds.start, args.games,
                                                          *expert_twin.twin_options(expert_twin.baseline_settings(difficulty)))]
        after, turns = python_games(difficulty, seeds)
        twin = [row[1] for row in expert_twin.twin_games(expert_twin.twin_net(difficulty, folder), difficulty,
                                                        seeds.start, args.games, *expert_twin.shipped_options(difficulty))]
        agree = sum(a == b for a, b in zip(after, twin))
        diff = [a - b for a, b in zip(after, before)]
        ordered = sorted(turns)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        reference = bounds(difficulty, seeds.start, args.reference)
        bound_mean = statistics.fmean(reference)
        share_before = statistics.fmean(before[: args.reference]) / bound_mean
        share_after = statistics.fmean(after[: args.reference]) / bound_mean
        (mb, cb), (ma, ca), (md, cd) = mean_ci(before), mean_ci(after), mean_ci(diff)
        print(f"| {difficulty.name} | {mb:.1f} ± {cb:.1f} | {ma:.1f} ± {ca:.1f} | {md:+.1f} ± {cd:.1f} | {ma / mb:.3f} "
              f"| {1000 * statistics.median(ordered):.1f} / {1000 * p99:.0f} / {1000 * ordered[-1]:.0f} ms "
              f"| {bound_mean:.1f} | {100 * share_before:.0f} % / {100 * share_after:.0f} % "
              f"| {_met(ma >= STRENGTH_TARGET[difficulty], f'≥ {STRENGTH_TARGET[difficulty]:.0f}')} / "
              f"{_met(p99 <= DECISION_P99_TARGET, f'≤ {1000 * DECISION_P99_TARGET:.0f} ms')} |", flush=True)
        if agree != len(after):
            print(f"(the twin of the shipped expert agreed on {agree} of {len(after)} games)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
