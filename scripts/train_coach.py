"""Rebuild the coach's networks (magdagdon/ai/data/<DIFFICULTY>.coach.json).

    python scripts/train_coach.py [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE] [--quick]

The coach values the expert's play from any board, the boards people make included
(docs/AI.md, *The coach's network*). It is learned in the expert's twin (scripts/expert_sim,
``coach``) by policy evaluation: the expert plays with its full search on the shipped
network it plays by (``<DIFFICULTY>.json``, never changed here) from boards left by
openings of 1 to 15 turns of random, greedy or careless play (or from an empty board), and
a second network, starting as a copy of the first, learns by TD(lambda) the final score
that play reaches. Each round's network is the mean of its weights over the round; it is
judged on held-out boards against the mean of 32 playouts, and the best round is kept.
About ten minutes a difficulty on one core.
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

from magdagdon.ai.planner import SETTINGS  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

# games per round, rounds, alpha, alpha's decay per round, lambda, share of games opened by others
SCHEDULE: dict[Difficulty, tuple[int, int, float, float, float, float]] = {
    Difficulty.PEACEFUL: (60_000, 4, 0.02, 0.6, 1.0, 0.9),
    Difficulty.SURVIVAL: (60_000, 4, 0.02, 0.6, 1.0, 0.9),
    Difficulty.NIGHTMARE: (60_000, 4, 0.01, 0.6, 0.7, 0.8),
}


def train(difficulty: Difficulty, folder: Path, quick: bool) -> Path:
    binary = expert_twin.build()
    play = expert_twin.twin_net(difficulty, folder)
    out = folder / f"{difficulty.name}.coach.net"
    games, rounds, alpha, decay, lambda_, explore = SCHEDULE[difficulty]
    if quick:
        games, rounds = 500, 1
    command = ["nice", "-n", "19", str(binary), "coach", "--difficulty", difficulty.name, "--play", str(play),
               "--init", str(play), "--out", str(out), "--games", str(games), "--rounds", str(rounds),
               "--alpha", str(alpha), "--decay", str(decay), "--lambda", str(lambda_), "--explore", str(explore),
               "--valid", "100" if quick else "1500", *expert_twin.twin_options(SETTINGS[difficulty])]
    print(" ".join(command[3:]), flush=True)
    subprocess.run(command, check=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    parser.add_argument("--quick", action="store_true", help="a tiny schedule, to see that it runs (not worth shipping)")
    parser.add_argument("--out", type=Path, default=expert_twin.DATA, help="the folder to write the networks to")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="train-coach-"))
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        net = train(difficulty, folder, args.quick)
        games, rounds, alpha, decay, lambda_, explore = SCHEDULE[difficulty]
        out = args.out / f"{difficulty.name}.coach.json"
        expert_twin.net_to_json(net, difficulty, out, {
            "by": "scripts/train_coach.py", "plays by": f"{difficulty.name}.json", "games per round": games,
            "rounds": rounds, "alpha": alpha, "decay": decay, "lambda": lambda_, "opened by others": explore})
        print(f"wrote {out}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
