"""Rebuild the expert's learned networks (magdagdon/ai/data/<DIFFICULTY>.json).

    python scripts/train_expert.py [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE] [--quick]
    python scripts/train_expert.py --export NET --difficulty D   # one net the twin wrote

Training runs in the expert's twin (scripts/expert_sim, built here with cargo): TD(lambda)
on the boards between turns, the one-turn expert playing on fair dice with the network as
it learns; half the games open with a few turns of random, greedy or careless play, so the
network also learns the boards people make (only the expert's part of a game is learned).
Each round is followed by 1000 evaluation games with the full expert (seeds 5,000,000 on,
far from the benchmarks'), and the best round is kept. The schedule below is the one that
made the shipped networks; it starts from the line tables of the earlier expert
(scripts/baseline_expert) and takes about an hour on one core (``nice -n 19``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import expert_twin  # noqa: E402

from magdagdon.engine import Difficulty  # noqa: E402

# Stages per difficulty: (games per round, rounds, alpha, alpha decay per round, evaluation
# games, flags for the twin's expert: its reserve in training, its look-ahead in evaluation)
SCHEDULE: dict[Difficulty, list[tuple[int, int, float, float, int, tuple[str, ...]]]] = {
    Difficulty.PEACEFUL: [(10_000, 3, 0.02, 0.8, 500, ("--no-reserve",)), (30_000, 3, 0.015, 0.8, 500, ("--no-reserve",)),
                          (25_000, 4, 0.008, 0.75, 1000, ("--reserve", "20,15,8"))],
    Difficulty.SURVIVAL: [(25_000, 6, 0.02, 0.75, 1000, ("--no-reserve",))],
    Difficulty.NIGHTMARE: [(30_000, 7, 0.02, 0.75, 1000, ()), (40_000, 5, 0.006, 0.8, 1000, ("--top", "8", "--margin", "30"))],
}


def train(difficulty: Difficulty, folder: Path, quick: bool) -> Path:
    binary = expert_twin.build()
    current = expert_twin.twin_net(difficulty, folder, baseline=True)
    for stage, (games, rounds, alpha, decay, evaluation, flags) in enumerate(SCHEDULE[difficulty]):
        out = folder / f"{difficulty.name}.{stage}.net"
        if quick:
            games, rounds = max(100, games // 100), 1
        command = ["nice", "-n", "19", str(binary), "train", "--difficulty", difficulty.name, "--init", str(current),
                   "--out", str(out), "--squares", "--games", str(games), "--rounds", str(rounds), "--alpha", str(alpha),
                   "--decay", str(decay), "--eval", "100" if quick else str(evaluation), "--seed", "1", *flags]
        print(" ".join(command[3:]), flush=True)
        subprocess.run(command, check=True)
        current = out
    return current


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
        expert_twin.net_to_json(args.export, difficulty, out, {"by": "scripts/train_expert.py", "from": args.export.name})
        print(f"wrote {out}")
        return 0
    folder = Path(tempfile.mkdtemp(prefix="train-expert-"))
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        net = train(difficulty, folder, args.quick)
        out = expert_twin.DATA / f"{difficulty.name}.json"
        schedule = [{"games": g, "rounds": r, "alpha": a, "decay": d, "evaluation games": e, "flags": list(f)}
                    for g, r, a, d, e, f in SCHEDULE[difficulty]]
        expert_twin.net_to_json(net, difficulty, out, {"by": "scripts/train_expert.py", "schedule": schedule})
        print(f"wrote {out}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
