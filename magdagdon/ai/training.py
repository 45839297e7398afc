"""Learning the line tables of :mod:`magdagdon.ai.line_values` by TD(0) self-play.

Run ``python -m magdagdon.ai.training --help``. The learner plays seeded games with the
value-greedy turn planner (no powers) and moves the value of each end-of-turn board
("afterstate") toward the value of the next one, and the last one toward the final score:
temporal-difference learning on afterstates, as used for n-tuple networks in 2048. Only
entries of lines with an empty cell learn; complete lines are exact. Dice come from the
engine's seeded generator (RULES.md §10) on training seeds far from the benchmark seeds,
so a run is reproducible.
"""

from __future__ import annotations

import argparse
import ast
import copy
import textwrap
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from magdagdon.engine import Board, Difficulty, roll_dice, score_total
from magdagdon.engine.board import EMPTY, RUIN

from .line_values import (
    TABLE_NAMES,
    LineValues,
    compact,
    difficulty_requiring,
    is_complete,
    load_line_values,
    reverse_code,
)
from .turn_search import Cells, Dice, TurnSearch

TRAINING_SEED_BASE = 10**12
_LEARNABLE = [not is_complete(code) for code in range(8**4)]
_REVERSE = [reverse_code(code) for code in range(8**4)]


def play_turn(search: TurnSearch, cells: Cells, dice: Dice, min_dice: int) -> Cells:
    """The value-greedy end-of-turn board for ``dice`` (a ruin if MAGDAGDON)."""
    need = difficulty_requiring(min_dice).required_dice(cells.count(EMPTY))
    boards = search.end_boards(cells, dice, need)
    after = list(cells)
    if boards:
        _, path = max(boards, key=lambda item: item[0])
        for value, cell in path:
            after[cell] = value
    else:
        after[search.best_ruin(cells)[1]] = RUIN
    return tuple(after)


def play_game(search: TurnSearch, seed: int, min_dice: int) -> list[Cells]:
    """The afterstates of one game, first to last (the last is the full board)."""
    cells: Cells = (EMPTY,) * 16
    states: list[Cells] = []
    turn = 0
    while EMPTY in cells:
        turn += 1
        cells = play_turn(search, cells, roll_dice(seed, turn), min_dice)
        states.append(cells)
    return states


def final_score(cells: Cells) -> float:
    """Score of a finished board without powers (RULES.md §8)."""
    return float(score_total(Board(cells), Difficulty.NIGHTMARE, 0))


def td_update(values: LineValues, search: TurnSearch, states: list[Cells], alpha: float, lam: float) -> None:
    """TD(lambda), forward view: each afterstate's value moves toward the lambda-return
    built backwards from the final score (the last afterstate is exact)."""
    tables = values.tables_by_line()
    target = search.value(states[-1])
    targets = []
    for state in reversed(states[:-1]):
        targets.append(target)
        target = (1 - lam) * search.value(state) + lam * target
    targets.reverse()
    for now, goal in zip(states, targets):
        delta = goal - search.value(now)
        rows, cols = search.line_codes(now)
        codes = rows + cols
        step = alpha * delta
        for line, code in enumerate(codes):
            if _LEARNABLE[code]:
                table = tables[line]
                table[code] += step
                rev = _REVERSE[code]
                if rev != code:
                    table[rev] = table[code]


def train(min_dice: int, games: int, alpha: float, start: int, values: LineValues, lam: float = 0.0) -> LineValues:
    search = TurnSearch(values)
    for index in range(games):
        states = play_game(search, TRAINING_SEED_BASE + start + index, min_dice)
        td_update(values, search, states, alpha, lam)
    return values


def evaluate(values: LineValues, min_dice: int, games: int, first_seed: int = 0) -> float:
    """Mean final score of the value-greedy planner (no powers) on seeds first..first+games-1."""
    search = TurnSearch(values)
    scores = [final_score(play_game(search, first_seed + s, min_dice)[-1]) for s in range(games)]
    return statistics.fmean(scores)


# min_dice, rounds, games per round, alpha, decay, lambda, evaluation games, start, offset, snapshot
_Task = tuple[int, int, int, float, float, float, int, LineValues, int, str | None]


def _job(task: _Task) -> tuple[int, LineValues, list[tuple[int, float]]]:
    min_dice, rounds, games_per_round, alpha, decay, lam, eval_games, start_values, offset, snapshot = task
    values = start_values
    history = []
    best = (evaluate(values, min_dice, eval_games, first_seed=5_000_000), copy.deepcopy(values))
    print(f"[{min_dice} dice] start: mean {best[0]:.2f}", flush=True)
    for r in range(rounds):
        values = train(min_dice, games_per_round, alpha, offset + r * games_per_round + min_dice * 10**9, values, lam)
        score = evaluate(values, min_dice, eval_games, first_seed=5_000_000)
        history.append(((r + 1) * games_per_round, round(score, 2)))
        print(f"[{min_dice} dice] {history[-1][0]} games, alpha {alpha:.4f}: mean {score:.2f}", flush=True)
        if score > best[0]:
            best = (score, copy.deepcopy(values))
            if snapshot:
                write_tables(Path(f"{snapshot}.{min_dice}.py"), {min_dice: values})
        alpha *= decay
    return min_dice, best[1], history


def write_tables(path: Path, tables: dict[int, LineValues]) -> None:
    lines = [
        '"""Learned line tables (generated by ``python -m magdagdon.ai.training``; do not edit).',
        "",
        "Each list holds the entries of line_values.LEARNED_CODES, in that order.",
        '"""',
        "",
        "TABLES: dict[str, dict[str, list[float]]] = {",
    ]
    for min_dice, values in sorted(tables.items()):
        lines.append(f"    {TABLE_NAMES[min_dice]!r}: {{")
        for kind in ("outer", "inner"):
            numbers = ", ".join(repr(v) for v in compact(getattr(values, kind)))
            wrapped = textwrap.wrap(numbers, width=92)
            lines.append(f"        {kind!r}: [")
            lines.extend(f"            {chunk}" for chunk in wrapped)
            lines.append("        ],")
        lines.append("    },")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def read_tables(path: Path, name: str) -> LineValues:
    """Tables of a file written by :func:`write_tables` (read as data, never executed)."""
    tree = ast.parse(path.read_text(), str(path))
    assigned = {
        node.target.id: node.value
        for node in tree.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    tables = assigned.get("TABLES")
    if tables is None:
        raise ValueError(f"{path}: no TABLES")
    data = ast.literal_eval(tables)[name]
    return LineValues(_read_stored(data["outer"]), _read_stored(data["inner"]))


def _read_stored(stored: list[float] | dict[int, float]) -> list[float]:
    from .line_values import LEARNED_CODES, _expand

    if isinstance(stored, dict):  # early snapshots kept {code: value}
        return _expand([stored[code] for code in LEARNED_CODES])
    return _expand(stored)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m magdagdon.ai.training", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=int, default=5000, help="games per round")
    parser.add_argument("--alpha", type=float, default=0.01)
    parser.add_argument("--decay", type=float, default=0.8, help="alpha multiplier per round")
    parser.add_argument("--lam", type=float, default=0.5, help="TD(lambda)")
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--offset", type=int, default=0, help="first training game")
    parser.add_argument("--start", type=Path, help="a tables file to start from (default: the shipped one)")
    parser.add_argument("--snapshot", help="write the best tables so far to SNAPSHOT.<dice>.py")
    parser.add_argument("--from-heuristic", action="store_true", help="start from the hand-made tables")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("line_values_data.py"))
    args = parser.parse_args(argv)
    from magdagdon.engine import Difficulty

    starts = {}
    for min_dice, difficulty in ((2, Difficulty.PEACEFUL), (3, Difficulty.NIGHTMARE)):
        if args.from_heuristic:
            starts[min_dice] = LineValues.heuristic()
        elif args.start:
            starts[min_dice] = read_tables(args.start, TABLE_NAMES[min_dice])
        else:
            starts[min_dice] = load_line_values(difficulty)
    began = time.time()
    tasks = [
        (m, args.rounds, args.games, args.alpha, args.decay, args.lam, args.eval_games, starts[m], args.offset, args.snapshot)
        for m in (2, 3)
    ]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_job, tasks))
    write_tables(args.out, {m: v for m, v, _ in results})
    print(f"wrote {args.out} in {time.time() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
