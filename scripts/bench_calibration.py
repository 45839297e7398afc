"""Calibration of the estimator on the positions people reach.

    python scripts/bench_calibration.py [--positions 300] [--playouts 100] [--pairs 150]
        [--difficulties PEACEFUL,SURVIVAL,NIGHTMARE] [--experts after] [--values network,playouts]
        [--data-dir DIR] [--rows FILE]

For each difficulty it gathers boards between turns (with the powers used so far) from
games by several players — random play, greedy play, careless play (greedy, but one turn
in three at random and now and then a careless re-roll), the expert's own games, the
recorded games of a data folder (``--data-dir``: the high-score tables' archive) — and
hand-made awkward boards. Each board's *estimate* is
:meth:`magdagdon.ai.estimate.Estimator.between_turns` (``--values playouts``: the shipped
estimator, the game's own Python playouts) or the expert's network's reckoning of the board
(``--values network``: its search's value, as the estimator gave before playouts); its
*truth* is the mean final score of ``--playouts`` expert playouts continued from it on
other fair dice, played by the expert's twin (scripts/expert_twin.py: the same moves as the
Python expert, much faster). The table gives, by stage of the game and by source, the mean
absolute error (also as a percentage of the mean true value), the mean signed error (the
bias) and the error the truth's own noise alone would give; and the estimator's CPU time
per position.

*Turn losses.* ``--pairs`` positions after a roll from the non-expert games where both the
expert and the player ended the turn on a board: the estimated loss (the two estimates'
difference, as the review computes a choice) against the true one (the difference of the two
boards' playout means, on common dice), by stage and by the empty cells at the roll (at
least 8, fewer).

``--experts``: ``after`` the shipped expert, ``before`` the expert before the n-tuple
network (its line tables and settings, kept in scripts/baseline_expert); the truth is that
expert's play. Positions, dice and playouts are seeded: a run repeats exactly.
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

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.ai.estimate import EndTurn, Estimator  # noqa: E402
from magdagdon.ai.planner import Planner, Position  # noqa: E402
from magdagdon.engine import Board, Difficulty, Game, Phase  # noqa: E402
from magdagdon.engine.actions import Action, Reroll  # noqa: E402

SEED_BASE = 7_000_000  # far from the strength benchmark's seeds 0..499
STAGES = (("early (12-16 empty)", 12, 16), ("middle (7-11)", 7, 11), ("late (1-6)", 1, 6))

# Boards people make and the expert never would: values that cannot meet, cells no die
# can fill, high numbers in the corners, ruins; each with the powers used.
AWKWARD = [
    ("1.6./..../..../....", 0), ("1..6/..../..../6..1", 1), ("6.1./.1../..../....", 0), ("3.5./.4../..../....", 0),
    ("6543/..../..../....", 1), ("1111/..../6666/....", 0), ("1234/2345/..../....", 2), ("6.6./.6.6/6.6./.6.6", 0),
    ("5.2./..../.2.5/....", 1), ("12../21../..65/..56", 0), ("X.../.X../..X./...X", 1), ("6666/5555/..../1...", 0),
    ("3456/..../..../....", 0), ("2..5/.3../..4./5..2", 0), ("1212/2121/1212/....", 3), ("6565/5656/..../12..", 1),
    ("X1X./..../..../....", 0), ("44../44../..11/..11", 0), ("123./.3../..56/....", 0), ("6.../.5../..4./...3", 2),
    ("1.../..../..../...6", 0), ("2222/3333/4444/5...", 0), ("3456/3456/..../1...", 1), ("65../56../..12/..21", 2),
    ("1.../..../..../....", 0), ("6.../..../..../....", 3), ("3X3X/X3X3/..../....", 0), ("1.3./.5../3.1./....", 0),
]


class CarelessPolicy:
    """Greedy play with one turn in three at random, and now and then a careless re-roll."""

    name = "careless"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.greedy = make_policy("greedy", rng)
        self.random = make_policy("random", rng)
        self.turn_style: tuple[int, bool] = (-1, False)

    def choose(self, game: Game) -> Action:
        if game.phase is Phase.STAGING and not game.staged and game.powers_left and game.board.empty_count < 16:
            if self.turn_style[0] != game.turn and self.rng.random() < 0.12:
                self.turn_style = (game.turn, self.rng.random() < 1 / 3)
                return Reroll((self.rng.randrange(len(game.dice)),))
        if self.turn_style[0] != game.turn:
            self.turn_style = (game.turn, self.rng.random() < 1 / 3)
        return (self.random if self.turn_style[1] else self.greedy).choose(game)


def make_player(source: str, seed: int) -> object:
    rng = random.Random(seed)
    return CarelessPolicy(rng) if source == "careless" else make_policy(source, rng)


@dataclass(frozen=True)
class Sample:
    source: str
    cells: tuple[int, ...]
    powers_used: int


def _afterstates(game: Game, player: object) -> list[tuple[tuple[int, ...], int]]:
    states = []
    while not game.is_over:
        action = player.choose(game)  # type: ignore[attr-defined]
        game.play(action)
        if game.phase in (Phase.ROLL,) and not game.board.is_full:
            states.append((game.board.cells, game.powers_used))
    return states


def positions(difficulty: Difficulty, count: int, data_dir: Path | None, base: int = SEED_BASE,
              awkward_boards: bool = True) -> list[Sample]:
    """``count`` boards between turns, spread over the sources and the game's stages (the
    games' seeds from ``base`` on)."""
    rng = random.Random(f"calibration {difficulty.name}" + ("" if base == SEED_BASE else f" {base}"))
    samples: list[Sample] = []
    recorded = _recorded_states(difficulty, data_dir)
    rng.shuffle(recorded)
    samples += [Sample("recorded", c, u) for c, u in recorded[: count // 6]]
    awkward = [(Board.parse(t).cells, min(u, difficulty.power_count)) for t, u in AWKWARD]
    if awkward_boards:
        samples += [Sample("awkward", c, u) for c, u in awkward]
    sources = ("random", "greedy", "careless", "expert")
    index = 0
    while len(samples) < count:
        source = sources[index % len(sources)]
        seed = base + 1000 * difficulty.power_count + index
        states = _afterstates(Game(difficulty, seed), make_player(source, seed))
        index += 1
        if states:
            cells, used = states[rng.randrange(len(states))]
            samples.append(Sample(source, cells, used))
    return samples


def _recorded_states(difficulty: Difficulty, data_dir: Path | None) -> list[tuple[tuple[int, ...], int]]:
    """Afterstates of the recorded games of ``data_dir`` (the high-score tables' archive)."""
    if data_dir is None:
        return []
    from magdagdon.storage.replay_archive import ReplayArchive

    archive = ReplayArchive(data_dir)
    states = []
    for replay_id in archive.stored_ids():
        try:
            replay = archive.load(replay_id).replay
        except Exception:  # noqa: BLE001 - a damaged record is left out, the rest count
            continue
        if replay.difficulty is not difficulty:
            continue
        game = Game(replay.difficulty, replay.seed)
        for action in replay.actions:
            game.play(action)
            if game.phase is Phase.ROLL and not game.board.is_full:
                states.append((game.board.cells, game.powers_used))
    return states


def truths(net: Path, difficulty: Difficulty, options: list[str], lines: list[str], playouts: int) -> list[tuple[float, float]]:
    """(mean, standard error) of the twin's playouts for each 'BOARD TURN USED [STREAM]' line."""
    out = subprocess.run(["nice", "-n", "19", str(expert_twin.build()), "playouts", "--tables", str(net),
                          "--difficulty", difficulty.name, "--count", str(playouts), "--seed", "20261201", *options],
                         input="\n".join(lines) + "\n", check=True, capture_output=True, text=True).stdout
    return [(float(a), float(b)) for a, b in (line.split() for line in out.splitlines())]


def board_text(cells: tuple[int, ...]) -> str:
    return str(Board(cells))


@dataclass(frozen=True)
class Pair:
    source: str
    position: Position
    expert_after: tuple[int, ...]
    player_after: tuple[int, ...]


def pairs(difficulty: Difficulty, count: int, planner: Planner) -> list[Pair]:
    """Positions after a roll where the player and the expert end the turn on different
    boards (turns where the player used a power, or the expert would, are left out)."""
    found: list[Pair] = []
    index = 0
    sources = ("random", "greedy", "careless")
    while len(found) < count:
        source = sources[index % len(sources)]
        seed = SEED_BASE + 500_000 + 1000 * difficulty.power_count + index
        index += 1
        game, player = Game(difficulty, seed), make_player(source, seed)
        pick = random.Random(seed).randrange(1, 12)
        while not game.is_over and not (game.turn == pick and game.phase is Phase.STAGING and not game.staged):
            game.play(player.choose(game))  # type: ignore[attr-defined]
        if game.is_over:
            continue
        position = Position.of(game)
        decision = planner.decide(position)
        used = game.powers_used
        while game.phase not in (Phase.ROLL, Phase.GAME_OVER):
            game.play(player.choose(game))  # type: ignore[attr-defined]
        expert_after = decision.after(position.cells)
        if decision.power is None and game.powers_used == used and game.board.cells != expert_after:
            found.append(Pair(source, position, expert_after, game.board.cells))
    return found


def stage_of(cells: tuple[int, ...]) -> str:
    empties = cells.count(0)
    return next(name for name, low, high in STAGES if low <= empties <= high)


def summarise(rows: list[tuple[str, str, float, float, float]]) -> list[tuple[str, int, float, float, float, float, float]]:
    """rows: (stage, source, estimate, truth, stderr) -> per group: n, mean truth, MAE, MAE %, bias, noise."""
    groups: dict[str, list[tuple[float, float, float]]] = {}
    for stage, source, estimate, truth, error in rows:
        for key in (f"stage: {stage}", f"source: {source}", "all"):
            groups.setdefault(key, []).append((estimate, truth, error))
    order = [f"stage: {name}" for name, _, _ in STAGES] + sorted(k for k in groups if k.startswith("source")) + ["all"]
    out = []
    for key in order:
        if key not in groups:
            continue
        items = groups[key]
        mean_truth = statistics.fmean(t for _, t, _ in items)
        mae = statistics.fmean(abs(e - t) for e, t, _ in items)
        bias = statistics.fmean(e - t for e, t, _ in items)
        noise = statistics.fmean(s for _, _, s in items) * 0.798  # E|N(0, s)|: the MAE pure noise would give
        out.append((key, len(items), mean_truth, mae, 100 * mae / abs(mean_truth) if mean_truth else float("nan"), bias, noise))
    return out


class NetworkValues:
    """An estimator of the network's reckoning (as the game's was before playouts): the
    expert decides and its search on its network values."""

    def __init__(self, planner: Planner, valuer: Planner) -> None:
        self.planner, self.valuer = planner, valuer

    def between_turns(self, difficulty: Difficulty, cells: tuple[int, ...], powers_used: int) -> float:
        return self.valuer.board_value(cells, powers_used) - difficulty.penalty_for(powers_used)

    def loss(self, position: Position, after: tuple[int, ...]) -> float:
        expert = self.planner.decide(position).after(position.cells)
        return self.valuer.end_value(position, expert) - self.valuer.end_value(position, after)


class PlayoutValues:
    """The shipped estimator (:class:`magdagdon.ai.estimate.Estimator`)."""

    def __init__(self, planner: Planner) -> None:
        self.estimator = Estimator({planner.difficulty: planner})

    def between_turns(self, difficulty: Difficulty, cells: tuple[int, ...], powers_used: int) -> float:
        return self.estimator.between_turns(difficulty, cells, powers_used)

    def loss(self, position: Position, after: tuple[int, ...]) -> float:
        expert = self.estimator.planner(position.difficulty).decide(position).after(position.cells)
        return self.estimator.value(position, EndTurn(expert)) - self.estimator.value(position, EndTurn(after))


def valuers(values: str, planner: Planner) -> NetworkValues | PlayoutValues:
    return PlayoutValues(planner) if values == "playouts" else NetworkValues(planner, planner)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--pairs", type=int, default=150)
    parser.add_argument("--difficulties", default=",".join(d.name for d in Difficulty))
    parser.add_argument("--experts", default="after", help="before (the line tables' expert), after (the shipped one)")
    parser.add_argument("--values", default="network,playouts",
                        help="network (the expert's network's reckoning), playouts (the shipped estimator)")
    parser.add_argument("--data-dir", type=Path, help="a data folder whose recorded games to include")
    parser.add_argument("--rows", type=Path, help="a file to write every position's estimate and truth to (JSON lines)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="calibration-"))
    for difficulty in [Difficulty.from_name(d) for d in args.difficulties.split(",")]:
        samples = positions(difficulty, args.positions, args.data_dir)
        lines = [f"{board_text(s.cells)} 0 {s.powers_used}" for s in samples]
        for which in args.experts.split(","):
            baseline = which == "before"
            planner = expert_twin.baseline_planner(difficulty) if baseline else Planner(difficulty)
            net = expert_twin.twin_net(difficulty, folder, baseline=baseline)
            options = expert_twin.twin_options(planner.settings)
            measured = truths(net, difficulty, options, lines, args.playouts)
            found = pairs(difficulty, args.pairs, planner) if args.pairs else []
            pair_lines = []
            for k, pair in enumerate(found):
                pair_lines.append(f"{board_text(pair.expert_after)} 0 {pair.position.powers_used} {k}")
                pair_lines.append(f"{board_text(pair.player_after)} 0 {pair.position.powers_used} {k}")
            pair_truths = truths(net, difficulty, options, pair_lines, args.playouts) if found else []
            for values in args.values.split(","):
                _report(args, difficulty, which, values, valuers(values, planner), samples,
                        measured, found, pair_truths)
    return 0


def _report(args: argparse.Namespace, difficulty: Difficulty, which: str, values: str,
            estimator: NetworkValues | PlayoutValues, samples: list[Sample], measured: list[tuple[float, float]],
            found: list[Pair], pair_truths: list[tuple[float, float]]) -> None:
    started = time.process_time()
    rows = [(stage_of(s.cells), s.source, estimator.between_turns(difficulty, s.cells, s.powers_used), t, e)
            for s, (t, e) in zip(samples, measured)]
    spent = time.process_time() - started
    if args.rows:
        with args.rows.open("a") as out:
            for s, row in zip(samples, rows):
                out.write(json.dumps({"difficulty": difficulty.name, "expert": which, "values": values,
                                      "board": board_text(s.cells), "used": s.powers_used, "stage": row[0],
                                      "source": row[1], "estimate": row[2], "truth": row[3], "stderr": row[4]}) + "\n")
    print(f"\n### {difficulty.name}, {which} expert, values by {values}: {len(samples)} positions x "
          f"{args.playouts} playouts ({1000 * spent / len(samples):.0f} ms CPU a position)")
    print("| group | n | mean true value | MAE | MAE % of true | bias (est - true) | noise of truth |")
    print("|---|---|---|---|---|---|---|")
    for key, n, mean_truth, mae, pct, bias, noise in summarise(rows):
        print(f"| {key} | {n} | {mean_truth:.1f} | {mae:.1f} | {pct:.1f} % | {bias:+.1f} | {noise:.1f} |")
    if not found:
        return
    errors: list[float] = []
    stages: dict[str, list[float]] = {}
    for k, pair in enumerate(found):
        true_loss = pair_truths[2 * k][0] - pair_truths[2 * k + 1][0]
        error = estimator.loss(pair.position, pair.player_after) - true_loss
        errors.append(error)
        stages.setdefault(stage_of(pair.position.cells), []).append(error)
    print(f"\nturn losses, {len(found)} turns: MAE {statistics.fmean(abs(e) for e in errors):.1f}, "
          f"bias {statistics.fmean(errors):+.1f}; by stage: " + ", ".join(
              f"{name}: MAE {statistics.fmean(abs(e) for e in stages[name]):.1f} "
              f"bias {statistics.fmean(stages[name]):+.1f} (n {len(stages[name])})"
              for name, _, _ in STAGES if name in stages), flush=True)
    many = [abs(e) for pair, e in zip(found, errors) if pair.position.empties >= 8]
    few = [abs(e) for pair, e in zip(found, errors) if pair.position.empties < 8]
    print("by empty cells at the roll: " + ", ".join(f"{name}: MAE {statistics.fmean(group):.1f} (n {len(group)})"
                                                   for name, group in (("8 or more", many), ("fewer", few)) if group))


if __name__ == "__main__":
    raise SystemExit(main())
