"""The hint against the best choice an analysis can find, on positions people reach.

    python scripts/bench_coach.py [--positions 40] [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE]
        [--hints before,after] [--rows FILE]

*Positions.* For each difficulty, decision points (the dice just rolled) from seeded games of
random, greedy, careless, expert and awkward play (one position a game, at a random turn
after the first; awkward play places each turn's dice where the board scores least, or
starts from one of the hand-made awkward boards that play can reach); in PEACEFUL also the
two positions where the hint was first seen to go wrong (``6666/555./44../333.`` with
4 5 1 6 and a power used, ``6543/5432/5.22/....`` with 3 3 3 1). Everything is seeded: a
run repeats exactly.

*The analysis.* Every candidate worth a thought — every board the dice reach (the best 40 by
the search's reckoning), every ±1 followed by the best boards it reaches, every re-roll,
every cell to ruin, and the hints' own choices — is played out by the expert's twin
(scripts/expert_twin.py: the same moves as the game's expert, hundreds of times faster), on
common dice: 48 playouts each, then 192 for those the leader is not three standard errors
ahead of, then 768 for the best three. The best of those is *the best candidate found*.
Its value and each hint's are then measured again on 1536 fresh playouts, paired, so the
gap (best − hint) is not flattered by the choice of the best.

*The hints.* ``before``: the expert's search alone (its decision, and after a ±1 its play
on); ``after``: the coach (:mod:`magdagdon.ai.coach`), which the game's hint asks, with its
CPU time on this machine.

Printed: per position the gap ± its standard error; per difficulty and source the mean
gap, the largest, how many gaps exceed 5 points at two standard errors (gap − 2 se > 5) and
how many exceed 5 at all, and the coach's time (median / 90th percentile / largest).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import expert_twin  # noqa: E402
from bench_calibration import AWKWARD, make_player  # noqa: E402

from magdagdon.ai.candidates import Candidate, adjusted, candidates_of, expert_candidate, same_choice  # noqa: E402
from magdagdon.ai.coach import Coach  # noqa: E402
from magdagdon.ai.planner import Planner, Position  # noqa: E402
from magdagdon.engine import Board, Difficulty, Game, Phase, roll_dice  # noqa: E402
from magdagdon.engine.actions import Action, Adjust, Roll  # noqa: E402
from magdagdon.engine.board_reach import unreachable_because  # noqa: E402

SEED_BASE = 8_600_000  # far from the strength, calibration and review benchmarks' seeds
SOURCES = ("random", "greedy", "careless", "expert", "awkward")
EXAMPLES = (("6666/555./44../333.", (4, 5, 1, 6), 1), ("6543/5432/5.22/....", (3, 3, 3, 1), 0))
ROUNDS = ((48, 3.0, 12), (192, 3.0, 6), (768, 2.0, 3))  # playouts, standard errors kept, at most kept
CHECK_PLAYOUTS = 1536
CHECK_FROM = 10_000_000  # the fresh playouts' numbers


@dataclass(frozen=True)
class BenchPosition:
    source: str
    position: Position


def bench_positions(difficulty: Difficulty, count: int) -> list[BenchPosition]:
    rng = random.Random(f"coach {difficulty.name}")
    out: list[BenchPosition] = []
    if difficulty is Difficulty.PEACEFUL:
        out += [BenchPosition("example", Position(difficulty, Board.parse(b).cells, dice, used))
                for b, dice, used in EXAMPLES]
    index = 0
    while len(out) < count + (2 if difficulty is Difficulty.PEACEFUL else 0):
        source = SOURCES[index % len(SOURCES)]
        seed = SEED_BASE + 1000 * difficulty.power_count + index
        index += 1
        if source == "awkward":
            game, player = _awkward_start(difficulty, seed, index // len(SOURCES))
        else:
            game, player = Game(difficulty, seed), make_player(source, seed)
        found = _decision_points(game, player)
        if found:
            out.append(BenchPosition(source, found[rng.randrange(len(found))]))
    return out


class AwkwardPolicy:
    """Each turn's dice where the board then scores least (never a power), ruins where they
    cost most: the boards people make when they place without a plan."""

    name = "awkward"

    def __init__(self, seed: int) -> None:
        self.plan: list[tuple[int, int]] = []

    def choose(self, game: Game) -> Action:
        from magdagdon.ai.placements import reachable_boards
        from magdagdon.engine import RUIN, score_total
        from magdagdon.engine.actions import Accept, Confirm, PlaceRuin, Stage

        if game.phase is Phase.ROLL:
            return Roll()
        if game.phase is Phase.MAGDAGDON:
            return Accept()
        if game.phase is Phase.RUIN_PICK:
            return PlaceRuin(max(game.board.empty_cells(), key=lambda c: -score_total(
                game.board.with_cell(c, RUIN), game.difficulty, game.powers_used)))
        if not game.staged:
            tray = {die: game.dice[die] for die in game.tray}
            worst = min(reachable_boards(game.board, tray, game.required),
                        key=lambda item: (score_total(item[0], game.difficulty, game.powers_used), len(item[1])))
            self.plan = list(worst[1])
        if len(game.staged) < len(self.plan):
            die, cell = self.plan[len(game.staged)]
            return Stage(die, cell)
        return Confirm()


def _awkward_start(difficulty: Difficulty, seed: int, number: int) -> tuple[Game, object]:
    """Awkward play from the empty board, or (every other time) from a hand-made awkward
    board play can reach, the rest of the game played greedily."""
    reachable = [(text, used) for text, used in AWKWARD if unreachable_because(Board.parse(text)) is None]
    if number % 2 == 0:
        return Game(difficulty, seed), AwkwardPolicy(seed)
    text, used = reachable[(number // 2) % len(reachable)]
    board = Board.parse(text)
    game = Game.set_up_position(board, roll_dice(seed, 1), difficulty, min(used, difficulty.power_count), turn=2,
                                seed=seed)
    return game, make_player("greedy", seed)


def _decision_points(game: Game, player: object) -> list[Position]:
    """The positions just after each roll of a game (the first turn's open board left out:
    any roll starts it well enough, and its choices differ by less than the analysis can
    tell)."""
    found = []
    if game.set_up and game.phase in (Phase.STAGING, Phase.MAGDAGDON):
        found.append(Position.of(game))
    while not game.is_over:
        action = player.choose(game)  # type: ignore[attr-defined]
        game.play(action)
        if isinstance(action, Roll) and game.turn > 1 and game.phase in (Phase.STAGING, Phase.MAGDAGDON):
            found.append(Position.of(game))
    return found


# --- the analysis's candidates --------------------------------------------------------------
def broad_candidates(planner: Planner, position: Position) -> list[Candidate]:
    """Everything worth a thought, each choice once."""
    found: dict[object, Candidate] = {}

    def add(candidate: Candidate) -> None:
        found.setdefault(same_choice(position, candidate), candidate)

    add(expert_candidate(planner, position))
    for candidate in candidates_of(planner, position, wide=True):
        add(candidate)
    for candidate in _all_boards(planner, position, 40):
        add(candidate)
    if position.powers_used < position.difficulty.power_count and position.dice:
        for die, value in enumerate(position.dice):
            for delta in (-1, 1):
                if 1 <= value + delta <= 6:
                    power = Adjust(die, delta)
                    for candidate in _all_boards(planner, adjusted(position, power), 4, (power,)):
                        add(candidate)
    return list(found.values())


def _all_boards(planner: Planner, position: Position, top: int, powers: tuple[Adjust, ...] = ()) -> list[Candidate]:
    if not position.dice:
        return []
    boards = planner.search.end_boards(position.cells, position.powers_used, position.dice, position.need)
    valued = []
    for _, path in boards:
        after = list(position.cells)
        for value, cell in path:
            after[cell] = value
        valued.append(Candidate(powers, path, None, planner.end_value(position, tuple(after))))
    valued.sort(key=lambda c: -c.prior)
    return valued[:top]


def spec(position: Position, candidate: Candidate) -> str:
    """The twin's steps for a candidate (scripts/expert_sim/src/choices.rs)."""
    steps = []
    for power in candidate.powers:
        if isinstance(power, Adjust):
            steps.append(f"a{power.die}{'+' if power.delta > 0 else '-'}")
        else:
            steps.append("r" + "".join(map(str, power.dice)))
    after = candidate.after(position.cells)
    if after is not None:
        steps.append("e" + str(Board(after)))
    return ",".join(steps) or "x"


class Twin:
    def __init__(self, difficulty: Difficulty, folder: Path) -> None:
        self.difficulty = difficulty
        self.net = expert_twin.twin_net(difficulty, folder)
        self.options = expert_twin.shipped_options(difficulty)

    def samples(self, stream: int, position: Position, specs: list[str], count: int, first: int = 0) -> list[list[float]]:
        board = str(Board(position.cells))
        dice = "".join(map(str, position.dice)) or "0"
        lines = [f"{stream} {board} {position.powers_used} {dice} {s}" for s in specs]
        out = subprocess.run(["nice", "-n", "19", str(expert_twin.build()), "choices", "--tables", str(self.net),
                              "--difficulty", self.difficulty.name, "--count", str(count), "--seed", "20261206",
                              "--first-playout", str(first), *self.options],
                             input="\n".join(lines) + "\n", check=True, capture_output=True, text=True).stdout
        return [[float(x) for x in line.split()] for line in out.splitlines()]


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    diff = [x - y for x, y in zip(a, b)]
    return statistics.fmean(diff), statistics.stdev(diff) / len(diff) ** 0.5


def best_found(twin: Twin, stream: int, position: Position, candidates: list[Candidate]) -> Candidate:
    """Successive rounds on common dice: the best candidate the analysis finds."""
    alive = list(candidates)
    for count, keep_se, most in ROUNDS:
        if len(alive) == 1:
            break
        rows = twin.samples(stream, position, [spec(position, c) for c in alive], count)
        means = [statistics.fmean(r) for r in rows]
        lead = max(range(len(alive)), key=lambda i: means[i])
        kept = []
        for i in sorted(range(len(alive)), key=lambda i: -means[i]):
            gap, se = paired(rows[lead], rows[i]) if i != lead else (0.0, 0.0)
            if gap <= keep_se * se + 1e-9 and len(kept) < most:
                kept.append(alive[i])
        alive = kept
    return alive[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="per difficulty (PEACEFUL adds the two examples)")
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    parser.add_argument("--hints", default="before,after")
    parser.add_argument("--rows", type=Path, help="write every position's row as JSON lines")
    args = parser.parse_args(argv)
    hints = args.hints.split(",")
    folder = Path(tempfile.mkdtemp(prefix="coach-"))
    rows_out = args.rows.open("w") if args.rows else None
    summary = []
    print("| difficulty | source | board | dice | used | hint | gap ± se | coach s |")
    print("|---|---|---|---|---|---|---|---|")
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        twin = Twin(difficulty, folder)
        planner = Planner(difficulty)
        coach = Coach()
        results: list[dict[str, object]] = []
        for stream, bench in enumerate(bench_positions(difficulty, args.positions)):
            position = bench.position
            chosen: dict[str, Candidate] = {}
            spent = 0.0
            if "before" in hints:
                chosen["before"] = expert_candidate(planner, position)
            if "after" in hints:
                started = time.process_time()
                chosen["after"] = coach.choose(position)
                spent = time.process_time() - started
            candidates = broad_candidates(planner, position)
            keys = {same_choice(position, c) for c in candidates}
            for candidate in chosen.values():
                if same_choice(position, candidate) not in keys:
                    candidates.append(candidate)
            best = best_found(twin, stream, position, candidates)
            check = [best] + list(chosen.values())
            rows = twin.samples(stream, position, [spec(position, c) for c in check], CHECK_PLAYOUTS, CHECK_FROM)
            row: dict[str, object] = {"difficulty": difficulty.name, "source": bench.source,
                                      "board": str(Board(position.cells)), "dice": list(position.dice),
                                      "used": position.powers_used, "best": spec(position, best),
                                      "best_value": statistics.fmean(rows[0]), "candidates": len(candidates),
                                      "coach_seconds": spent}
            for index, (name, candidate) in enumerate(chosen.items(), start=1):
                same = same_choice(position, candidate) == same_choice(position, best)
                gap, se = (0.0, 0.0) if same else paired(rows[0], rows[index])
                row[name] = {"choice": spec(position, candidate), "gap": gap, "se": se}
                print(f"| {difficulty.name} | {bench.source} | {row['board']} | {''.join(map(str, position.dice))} "
                      f"| {position.powers_used} | {name} | {gap:+.1f} ± {se:.1f} | {spent if name == 'after' else 0:.2f} |",
                      flush=True)
            results.append(row)
            if rows_out:
                rows_out.write(json.dumps(row) + "\n")
                rows_out.flush()
        summary.append((difficulty, results))
    print("\n| difficulty | source | n | hint | mean gap | largest | > 5 at 2 se | > 5 | coach s median / p90 / max |")
    print("|---|---|---|---|---|---|---|---|---|")
    for difficulty, results in summary:
        groups = sorted({str(r["source"]) for r in results}) + ["all"]
        for group in groups:
            members = [r for r in results if group in ("all", r["source"])]
            times = sorted(float(r["coach_seconds"]) for r in members)  # type: ignore[arg-type]
            for name in hints:
                gaps = [r[name] for r in members]  # type: ignore[misc]
                means = [float(g["gap"]) for g in gaps]  # type: ignore[index]
                sure = sum(float(g["gap"]) - 2 * float(g["se"]) > 5 for g in gaps)  # type: ignore[index]
                timing = (f"{statistics.median(times):.2f} / {times[int(0.9 * (len(times) - 1))]:.2f} / {times[-1]:.2f}"
                          if name == "after" else "")
                print(f"| {difficulty.name} | {group} | {len(members)} | {name} | {statistics.fmean(means):+.2f} "
                      f"| {max(means):+.1f} | {sure} | {sum(m > 5 for m in means)} | {timing} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
