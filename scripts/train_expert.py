"""Rebuild the expert's learned networks (magdagdon/ai/data/<DIFFICULTY>.json).

    python scripts/train_expert.py [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE] [--quick]
    python scripts/train_expert.py --export NET --difficulty D   # one net the twin wrote

Training runs in the expert's twin (scripts/expert_sim, built here with cargo): TD(lambda)
on the boards between turns, the one-turn expert playing on fair dice with the network as
it learns; half the games open with a few turns of random, greedy or careless play, so the
network also learns the boards people make (only the expert's part of a game is learned).
Each round is followed by 500-2000 evaluation games with the full expert (seeds 5,000,000
on, far from the benchmarks'), and the best round is kept. The schedule below is the one that
made the shipped networks; it starts from the line tables of the earlier expert
(scripts/baseline_expert) and takes about two hours on one core (``nice -n 19``). The last
stages of PEACEFUL and SURVIVAL were run on from the networks then shipped, whose weights the
package data rounds to three decimals; run here in one go from the unrounded tables, they
give tables that differ in their last digits and play alike within the benchmarks' noise.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import expert_twin  # noqa: E402

from magdagdon.engine import Difficulty  # noqa: E402


@dataclass(frozen=True)
class Stage:
    """One run of the twin's trainer: ``rounds`` rounds of ``games`` games each, the step
    ``alpha`` shrinking by ``decay`` a round, each round judged on ``evaluation`` games
    with the full expert. It starts from the previous stage's best round, or its last."""

    games: int
    rounds: int
    alpha: float
    decay: float
    evaluation: int
    flags: tuple[str, ...] = ()  # the twin's expert: its reserve in training, its look-ahead in evaluation
    seed: int = 1
    from_last: bool = False  # start from the previous stage's last round, not its best


SCHEDULE: dict[Difficulty, list[Stage]] = {
    Difficulty.PEACEFUL: [Stage(10_000, 3, 0.02, 0.8, 500, ("--no-reserve",)),
                          Stage(30_000, 3, 0.015, 0.8, 500, ("--no-reserve",)),
                          Stage(25_000, 4, 0.008, 0.75, 1000, ("--reserve", "20,15,8")),
                          Stage(100_000, 9, 0.01, 0.85, 2000, seed=11)],
    Difficulty.SURVIVAL: [Stage(25_000, 6, 0.02, 0.75, 1000, ("--no-reserve",)),
                          Stage(100_000, 12, 0.01, 0.85, 2000, seed=11),
                          Stage(100_000, 3, 0.004, 0.9, 2000, seed=13, from_last=True),
                          Stage(100_000, 1, 0.003, 0.9, 2000, ("--explore", "0.1"), seed=17)],
    Difficulty.NIGHTMARE: [Stage(30_000, 7, 0.02, 0.75, 1000),
                           Stage(40_000, 5, 0.006, 0.8, 1000, ("--top", "8", "--margin", "30"))],
}


def train(difficulty: Difficulty, folder: Path, quick: bool) -> Path:
    binary = expert_twin.build()
    best = last = expert_twin.twin_net(difficulty, folder, baseline=True)
    for number, stage in enumerate(SCHEDULE[difficulty]):
        out = folder / f"{difficulty.name}.{number}.net"
        games, rounds = (max(100, stage.games // 100), 1) if quick else (stage.games, stage.rounds)
        start = last if stage.from_last else best
        command = ["nice", "-n", "19", str(binary), "train", "--difficulty", difficulty.name, "--init", str(start),
                   "--out", str(out), "--squares", "--games", str(games), "--rounds", str(rounds),
                   "--alpha", str(stage.alpha), "--decay", str(stage.decay),
                   "--eval", "100" if quick else str(stage.evaluation), "--seed", str(stage.seed), *stage.flags]
        print(" ".join(command[3:]), flush=True)
        subprocess.run(command, check=True)
        best, last = out, out.with_name(out.name + ".last")  # the twin keeps the best round and the last
    return best


def trained(difficulty: Difficulty) -> dict[str, object]:
    """How the package data was made: this script and its schedule."""
    schedule = [{"games": s.games, "rounds": s.rounds, "alpha": s.alpha, "decay": s.decay,
                 "evaluation games": s.evaluation, "flags": list(s.flags), "seed": s.seed, "from last": s.from_last}
                for s in SCHEDULE[difficulty]]
    return {"by": "scripts/train_expert.py", "schedule": schedule}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    parser.add_argument("--quick", action="store_true", help="a tiny schedule, to see that it runs (tables not worth shipping)")
    parser.add_argument("--export", type=Path, metavar="NET", help="only write the package data of this twin net")
    parser.add_argument("--difficulty", help="with --export")
    args = parser.parse_args(argv)
    if args.export:
        difficulty = Difficulty.from_name(args.difficulty)
        out = expert_twin.DATA / f"{difficulty.name}.json"
        expert_twin.net_to_json(args.export, difficulty, out, trained(difficulty))
        print(f"wrote {out}")
        return 0
    folder = Path(tempfile.mkdtemp(prefix="train-expert-"))
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        net = train(difficulty, folder, args.quick)
        out = expert_twin.DATA / f"{difficulty.name}.json"
        expert_twin.net_to_json(net, difficulty, out, trained(difficulty))
        print(f"wrote {out}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
