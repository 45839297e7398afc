"""The expert's fast twin (scripts/expert_sim, Rust): building it and talking to it.

The game ships the pure-Python expert (``magdagdon.ai``); the twin plays the same games
move for move, hundreds of times faster, so that training and the large benchmarks fit on
a small machine. ``python scripts/expert_twin.py --check`` plays seeded games both ways and
reports any game that differs (there must be none).

Networks travel between the two as text: ``net <squares 0/1> <offset rows>``, then one
line of 4096 weights per base tuple (magdagdon.ai.evaluation.BASES order), then one line
of 17 offsets per number of powers used. The package data is the same numbers in JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from typing import TYPE_CHECKING  # noqa: E402

from magdagdon.ai.evaluation import BASES, FORMAT, VERSION  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

if TYPE_CHECKING:
    from magdagdon.ai.planner import Planner, Settings

CRATE = ROOT / "scripts" / "expert_sim"
BINARY = CRATE / "target" / "release" / "expert_sim"
DATA = ROOT / "magdagdon" / "ai" / "data"
# The expert as it was before the n-tuple network (its line tables, in the network format,
# and its settings), kept for the before/after benchmarks.
BASELINE = ROOT / "scripts" / "baseline_expert"


def build() -> Path:
    """Builds the twin (cargo, release) when its sources are newer than the binary."""
    sources = [CRATE / "Cargo.toml", *sorted((CRATE / "src").glob("*.rs"))]
    if not BINARY.exists() or max(p.stat().st_mtime for p in sources) > BINARY.stat().st_mtime:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=CRATE, check=True)
    return BINARY


def json_to_net(path: Path, out: Path) -> Path:
    """The twin's text form of a network file (package data)."""
    data = json.loads(path.read_text())
    lines = [f"net 1 {len(data['offset'])}"]
    lines += [" ".join(repr(float(x)) for x in data["bases"][name]) for name, _ in BASES]
    lines += [" ".join(repr(float(x)) for x in row) for row in data["offset"]]
    out.write_text("\n".join(lines) + "\n")
    return out


def net_to_json(net: Path, difficulty: Difficulty, out: Path, trained: dict[str, object], digits: int = 3) -> None:
    """Package data from a net the twin wrote; weights rounded to ``digits`` decimals."""
    rows = net.read_text().split("\n")
    squares, offsets = (int(x) for x in rows[0].split()[1:])
    bases = {}
    for b, (name, _) in enumerate(BASES):
        if b < 2 or squares:
            weights = [float(x) for x in rows[1 + b].split()]
        else:
            weights = [0.0] * 4096
        bases[name] = [round(w, digits) for w in weights]
    first = 1 + (len(BASES) if squares else 2)
    offset = [[round(float(x), digits) for x in rows[first + k].split()] for k in range(offsets)]
    data = {"format": FORMAT, "version": VERSION, "difficulty": difficulty.name, "trained": trained,
            "bases": bases, "offset": offset}
    text = json.dumps(data, separators=(",", ":"))
    # one base per line keeps diffs readable
    for name, _ in BASES:
        text = text.replace(f'"{name}":', f'\n"{name}":')
    out.write_text(text.replace('"offset":', '\n"offset":') + "\n")


def twin_net(difficulty: Difficulty, folder: Path, baseline: bool = False) -> Path:
    """The shipped network of ``difficulty`` (or the baseline's) as a twin net file in ``folder``."""
    source = (BASELINE if baseline else DATA) / f"{difficulty.name}.json"
    return json_to_net(source, folder / f"{'baseline-' if baseline else ''}{difficulty.name}.net")


def baseline_settings(difficulty: Difficulty) -> "Settings":
    """The search settings of the expert before the n-tuple network."""
    from dataclasses import replace

    from magdagdon.ai.planner import SETTINGS

    old_reserve = {Difficulty.PEACEFUL: (40.0, 30.0, 15.0), Difficulty.SURVIVAL: (0.0,), Difficulty.NIGHTMARE: ()}
    return replace(SETTINGS[difficulty], reserve=old_reserve[difficulty], lookahead_top=5, lookahead_margin=20.0,
                   lookahead_empties=10, reserve_full_empties=4, open_board_empties=12, wide_empties=0)


def baseline_planner(difficulty: Difficulty) -> "Planner":
    """The expert before the n-tuple network, in the shipped search (plays as it did)."""
    from magdagdon.ai.evaluation import parse_network
    from magdagdon.ai.planner import Planner

    evaluation = parse_network(difficulty, (BASELINE / f"{difficulty.name}.json").read_text())
    return Planner(difficulty, baseline_settings(difficulty), evaluation)


def twin_options(settings: "Settings") -> list[str]:
    """The twin's command-line flags for a planner's settings."""
    options = ["--top", str(settings.lookahead_top), "--margin", repr(settings.lookahead_margin),
               "--max-empties", str(settings.lookahead_empties), "--open-board", str(settings.open_board_empties),
               "--wide-empties", str(settings.wide_empties), "--wide-top", str(settings.wide_top),
               "--wide-margin", repr(settings.wide_margin)]
    if settings.reserve:
        options += ["--reserve", ",".join(repr(r) for r in settings.reserve)]
    if not settings.lookahead:
        options.append("--quick")
    return options


def shipped_options(difficulty: Difficulty) -> list[str]:
    from magdagdon.ai.planner import SETTINGS

    return twin_options(SETTINGS[difficulty])


def twin_games(net: Path, difficulty: Difficulty, first: int, count: int, *options: str) -> list[tuple[int, int, int, int]]:
    """(seed, score, ruins, powers used) of the twin's games on seeds first..first+count-1."""
    out = subprocess.run([str(build()), "games", "--tables", str(net), "--difficulty", difficulty.name,
                          "--first", str(first), "--count", str(count), *options],
                         check=True, capture_output=True, text=True).stdout
    return [tuple(int(x) for x in line.split()) for line in out.splitlines()]  # type: ignore[misc]


def python_game(difficulty: Difficulty, seed: int) -> tuple[int, int, int, int]:
    from magdagdon.ai import make_policy
    from magdagdon.engine import Game

    game = Game(difficulty, seed)
    policy = make_policy("expert", random.Random(seed))
    while not game.is_over:
        game.push(policy.choose(game))
    final = game.score()
    return seed, final.total, final.ruins, game.powers_used


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, default=40, metavar="GAMES", help="games per difficulty to compare")
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    import tempfile

    differ = 0
    with tempfile.TemporaryDirectory() as folder:
        for difficulty in Difficulty:
            twin = twin_games(twin_net(difficulty, Path(folder)), difficulty, args.first, args.check,
                              *shipped_options(difficulty))
            for row in twin:
                ours = python_game(difficulty, row[0])
                if ours != row:
                    differ += 1
                    print(f"{difficulty.name} seed {row[0]}: Python {ours[1:]}, twin {row[1:]}")
            print(f"{difficulty.name}: {args.check} games compared", flush=True)
    print("the twin plays as the expert" if not differ else f"{differ} games differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
