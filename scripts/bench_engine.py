"""Engine speed: µs per call of legal_cells, is_magdagdon, reachable_bonuses and score;
random games per second.

is_magdagdon runs over thousands of distinct positions met in seeded play (every
difficulty's rule applied to each, so late NIGHTMARE boards — the hard, exhaustive
cases — are included) and is compared, on the same positions in the same run, with a
plain depth-first search over every order of the dice and every legal cell, written two
ways: on the engine's bit-mask primitive (the strict baseline) and on its public
``legal_cells`` (the search a caller of the engine would write).

    python scripts/bench_engine.py [--positions 4000] [--games 2000] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.engine import (  # noqa: E402
    Board, Difficulty, Game, Phase, is_magdagdon, legal_cells, reachable_bonuses, required_dice, score,
)
from magdagdon.engine.board import NUMBERS, iter_bits  # noqa: E402
from magdagdon.engine.legality import legal_mask_from  # noqa: E402


def collect_positions(count: int) -> list[tuple[Board, tuple[int, ...]]]:
    """Distinct (board, roll) pairs seen right after a roll in seeded random play."""
    positions: dict[tuple[Board, tuple[int, ...]], None] = {}
    seed = 0
    while len(positions) < count:
        difficulty = list(Difficulty)[seed % 3]
        game = Game(difficulty, seed)
        policy = make_policy("random", random.Random(seed))
        while not game.is_over and len(positions) < count:
            before = game.phase
            game.push(policy.choose(game))
            if before is Phase.ROLL:
                positions[(game.board, game.dice)] = None
        seed += 1
    return list(positions)


def plain_dfs_can_place(board: Board, dice: list[int], need: int) -> bool:
    """The baseline: every order of the dice, every legal cell, no pruning, no memo.

    It asks the engine's cheapest one-value legality (bit masks, no tables), so the
    comparison measures the search, not the legality primitive.
    """
    if need == 0:
        return True
    masks = board.masks
    for i, value in enumerate(dice):
        rest = dice[:i] + dice[i + 1 :]
        for cell in iter_bits(legal_mask_from(masks, masks[NUMBERS], value)):
            if plain_dfs_can_place(board.with_cell(cell, value), rest, need - 1):
                return True
    return False


def public_api_dfs_can_place(board: Board, dice: list[int], need: int) -> bool:
    """The same plain search written against the engine's public API (``legal_cells``)."""
    if need == 0:
        return True
    for i, value in enumerate(dice):
        rest = dice[:i] + dice[i + 1 :]
        for cell in legal_cells(board, value):
            if public_api_dfs_can_place(board.with_cell(cell, value), rest, need - 1):
                return True
    return False


def public_api_is_magdagdon(board: Board, dice, difficulty: Difficulty) -> bool:
    need = required_dice(board, difficulty)
    return not public_api_dfs_can_place(board, list(dice), need) if need else False


def plain_is_magdagdon(board: Board, dice, difficulty: Difficulty) -> bool:
    need = required_dice(board, difficulty)
    return not plain_dfs_can_place(board, list(dice), need) if need else False


def time_pair(first, second, argument_lists) -> tuple[list[float], list[float]]:
    """Microseconds per call of two functions on each argument tuple, back to back, so a
    busy machine slows both alike. Which one goes first alternates: the first call on a
    position pays the cache misses on its board, the second finds it warm."""
    clock = time.perf_counter_ns
    timings: dict = {first: [], second: []}
    for index, arguments in enumerate(argument_lists):
        for function in ((second, first) if index % 2 else (first, second)):
            start = clock()
            function(*arguments)
            timings[function].append((clock() - start) / 1000)
    a, b = timings[first], timings[second]
    return a, b


def time_calls(function, argument_lists) -> list[float]:
    """Microseconds per call, one measurement per argument tuple."""
    timings = []
    clock = time.perf_counter_ns
    for arguments in argument_lists:
        start = clock()
        function(*arguments)
        timings.append((clock() - start) / 1000)
    return timings


def percentiles(timings: list[float]) -> dict[str, float]:
    ordered = sorted(timings)
    return {
        "median_us": statistics.median(ordered),
        "p99_us": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "mean_us": statistics.fmean(ordered),
        "calls": len(ordered),
    }


def random_games_per_second(games: int) -> float:
    started = time.perf_counter()
    for seed in range(games):
        game = Game(Difficulty.PEACEFUL, seed)
        policy = make_policy("random", random.Random(seed))
        while not game.is_over:
            game.push(policy.choose(game))
        game.score()
    return games / (time.perf_counter() - started)


def push_us_per_action(games: int) -> float:
    """Game.push alone: the logs of seeded random games replayed, µs per action (best of 5)."""
    logs = []
    for seed in range(games):
        game = Game(Difficulty.PEACEFUL, seed)
        policy = make_policy("random", random.Random(seed))
        while not game.is_over:
            game.push(policy.choose(game))
        logs.append((seed, game.log))
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for seed, log in logs:
            game = Game(Difficulty.PEACEFUL, seed)
            for action in log:
                game.push(action)
        best = min(best, time.perf_counter() - started)
    return best * 1e6 / sum(len(log) for _, log in logs)


def summary_rows(results: dict) -> list[dict]:
    """The lines this benchmark contributes to scripts/bench.py's table."""
    return [
        {"benchmark": "engine", "measure": "legal_cells median / p99",
         "value": f"{results['legal_cells']['median_us']:.1f} / {results['legal_cells']['p99_us']:.1f} µs", "target": ""},
        {"benchmark": "engine", "measure": "is_magdagdon median / p99",
         "value": f"{results['is_magdagdon']['median_us']:.1f} / {results['is_magdagdon']['p99_us']:.1f} µs", "target": ""},
        {"benchmark": "engine", "measure": "is_magdagdon vs plain DFS on bit masks (all / MAGDAGDON positions)",
         "value": f"{results['speedup_total_time']:.1f}x / {results['speedup_hard_total_time']:.1f}x", "target": ">= 10x"},
        {"benchmark": "engine", "measure": "is_magdagdon vs plain DFS on the public legal_cells (all positions)",
         "value": f"{results['speedup_vs_public_api_dfs']:.1f}x", "target": ">= 10x"},
        {"benchmark": "engine", "measure": "score median / p99",
         "value": f"{results['score']['median_us']:.1f} / {results['score']['p99_us']:.1f} µs", "target": ""},
        {"benchmark": "engine", "measure": "reachable_bonuses median / p99 (fresh boards)",
         "value": f"{results['reachable_bonuses']['median_us']:.1f} / {results['reachable_bonuses']['p99_us']:.1f} µs",
         "target": "< 1000 µs median"},
        {"benchmark": "engine", "measure": "Game.push per action (replayed random games)",
         "value": f"{results['push_us']:.2f} µs", "target": ""},
        {"benchmark": "engine", "measure": "random-policy games per second (one core)",
         "value": f"{results['random_games_per_second']:.0f}", "target": ">= 1000"},
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4000)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    positions = collect_positions(args.positions)
    # One check per distinct question: PEACEFUL and SURVIVAL ask the same one (2 dice),
    # and an engine cache must not be credited for answering a repeat.
    questions = {(b, tuple(sorted(d)), required_dice(b, diff)): (b, d, diff) for b, d in positions for diff in Difficulty}
    checks = list(questions.values())
    hard = [c for c in checks if plain_is_magdagdon(*c)]
    legal_args = [(b, v) for b, d in positions for v in set(d)]
    score_args = [(b, Difficulty.PEACEFUL, 0) for b, _ in positions]
    # Fresh copies of each distinct board: nothing cached on them yet, as after a real move.
    bonus_args = [(Board(b.cells),) for b in dict.fromkeys(b for b, _ in positions)]

    # Warm up, and check both searches agree on every position before timing them.
    for c in checks:
        assert is_magdagdon(*c) == plain_is_magdagdon(*c), c
    fast, plain = time_pair(is_magdagdon, plain_is_magdagdon, checks)
    fast_hard, plain_hard = time_pair(is_magdagdon, plain_is_magdagdon, hard)
    fast_again, public = time_pair(is_magdagdon, public_api_is_magdagdon, checks)
    results = {
        "positions": len(positions),
        "magdagdon_checks": len(checks),
        "magdagdon_true": len(hard),
        "legal_cells": percentiles(time_calls(legal_cells, legal_args)),
        "is_magdagdon": percentiles(fast),
        "plain_dfs": percentiles(plain),
        "is_magdagdon_hard": percentiles(fast_hard),
        "plain_dfs_hard": percentiles(plain_hard),
        "speedup_total_time": sum(plain) / sum(fast),
        "speedup_hard_total_time": sum(plain_hard) / sum(fast_hard),
        "speedup_vs_public_api_dfs": sum(public) / sum(fast_again),
        "score": percentiles(time_calls(score, score_args)),
        "reachable_bonuses": percentiles(time_calls(reachable_bonuses, bonus_args)),
        "random_games_per_second": random_games_per_second(args.games),
        "push_us": push_us_per_action(min(args.games, 300)),
    }
    if args.json:
        results["rows"] = summary_rows(results)
        print(json.dumps(results, indent=1))
        return 0
    print(f"{len(positions)} distinct positions, {len(checks)} MAGDAGDON checks "
          f"({len(hard)} are MAGDAGDON: the exhaustive, hard cases)")
    print(f"{'call':<28}{'median µs':>11}{'p99 µs':>10}{'mean µs':>10}")
    for key in ("legal_cells", "is_magdagdon", "plain_dfs", "is_magdagdon_hard", "plain_dfs_hard", "score",
                "reachable_bonuses"):
        r = results[key]
        print(f"{key:<28}{r['median_us']:>11.2f}{r['p99_us']:>10.1f}{r['mean_us']:>10.2f}")
    print(f"is_magdagdon speed-up over plain DFS on bit masks (total time): {results['speedup_total_time']:.1f}x "
          f"overall, {results['speedup_hard_total_time']:.1f}x on MAGDAGDON positions")
    print(f"is_magdagdon speed-up over the same DFS written with the public legal_cells: "
          f"{results['speedup_vs_public_api_dfs']:.1f}x overall")
    print(f"random-policy games per second (one core): {results['random_games_per_second']:.0f}")
    print(f"Game.push per action, replaying those games' logs: {results['push_us']:.2f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
