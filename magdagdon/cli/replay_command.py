"""``magdagdon replay FILE``: verify a replay, print its board and score, optionally record it."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timezone
from pathlib import Path

from magdagdon.engine import Replay, ReplayError, ScoreBreakdown

MAX_REPLAY_BYTES = 1_000_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a replay JSON file")
    parser.add_argument("--record", action="store_true",
                        help="add the verified result to the high-score tables")
    parser.add_argument("--name", default="Player", help="player name for --record")
    parser.add_argument("--data-dir", type=Path, help="data folder for --record")


def run(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.file)
        game = replay.verify()
    except ReplayError as error:
        print(f"invalid replay {args.file}: {error}", file=sys.stderr)
        return 1
    print(f"{game.difficulty.name}, seed {game.seed}, {game.turn} turns, "
          f"{game.powers_used} powers used{'' if game.is_over else ' (game not finished)'}")
    print(format_board(str(game.board)))
    print(format_breakdown(game.score()))
    if args.record:
        return _record(replay, args)
    return 0


def load_replay(path: Path) -> Replay:
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_REPLAY_BYTES + 1)
    except OSError as error:
        raise ReplayError(f"cannot read it: {error.strerror or error}") from None
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(f"larger than {MAX_REPLAY_BYTES} bytes")
    return Replay.from_json(data)


def format_board(notation: str) -> str:
    return "\n".join("  " + " ".join(row) for row in notation.split("/"))


def format_breakdown(breakdown: ScoreBreakdown) -> str:
    lines = []
    for line in breakdown.lines:
        bonus = f" +{line.bonus.points} {line.bonus.name.lower().replace('_', ' ')}" if line.bonus.points else ""
        lines.append(f"  {line.name}: {line.total}{bonus}")
    lines += [
        f"  base {breakdown.base}, bonus {breakdown.bonus}, "
        f"ruins -{breakdown.ruin_penalty}, powers -{breakdown.power_penalty}",
        f"  total {breakdown.total}",
    ]
    return "\n".join(lines)


def _record(replay: Replay, args: argparse.Namespace) -> int:
    from magdagdon.storage import open_store

    store = open_store(args.data_dir)
    try:
        outcome = store.record_replay(replay, datetime.now(timezone.utc), name=args.name)
    except (ReplayError, ValueError) as error:
        print(f"not recorded: {error}", file=sys.stderr)
        return 1
    for notice in store.notices:
        print(f"note: {notice.kind.name.lower().replace('_', ' ')}: {notice.path}", file=sys.stderr)
    if not outcome.saved:
        print("not recorded: the scores cannot be saved (see the note above)", file=sys.stderr)
        return 1
    if outcome.duplicate:
        print("already recorded: this game is in the tables once and stays once")
        return 0
    rank = f"rank {outcome.rank}" if outcome.rank else "not in the top table"
    print(f"recorded for {args.name}: {rank}")
    return 0
