"""``magdagdon replay FILE``: verify a replay, print its board and score, optionally record it.

What a replay proves: the seed and the actions rebuild, under the rules, exactly the board
and score it claims. What it cannot prove: who (or what) chose the actions, with what help,
or when the game was played. So ``--record`` dates a result by when it is recorded, names
the player given here, and refuses a replay marked as played by the computer
(``simulate --save-replays`` marks its files): such a game is not a player's result.
Removing the mark by hand is possible and undetectable; the tables cannot tell a copied
or computed game from a played one, only that the game is legal and recorded once.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from magdagdon.app.shell.options import data_dir_option
from magdagdon.engine import Replay, ReplayError, ScoreBreakdown
from magdagdon.shown_value import shown

MAX_REPLAY_BYTES = 1_000_000
PLAYED_BY = "played_by"  # the key ``simulate --save-replays`` adds: {"played_by": "computer:<policy>"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a replay JSON file")
    parser.add_argument("--record", action="store_true",
                        help="add the verified result to the high-score tables")
    parser.add_argument("--name", default="Player", help="player name for --record")
    parser.add_argument("--data-dir", type=data_dir_option, help="data folder for --record")


def run(args: argparse.Namespace) -> int:
    try:
        document = load_document(args.file)
        replay = Replay.from_dict(document)
        game = replay.verify()
    except ReplayError as error:
        print(f"invalid replay {args.file}: {_one_line(error)}", file=sys.stderr)
        return 1
    print(f"{game.difficulty.name}, seed {game.seed}, {game.turn} turns, "
          f"{game.powers_used} powers used{'' if game.is_over else ' (game not finished)'}")
    print(format_board(str(game.board)))
    print(format_breakdown(game.score()))
    if args.record:
        played_by = document.get(PLAYED_BY)
        if played_by is not None:
            print(f"not recorded: this replay was played by the computer ({shown(played_by)}); "
                  "the tables hold players' games", file=sys.stderr)
            return 1
        return _record(replay, args)
    return 0


def load_document(path: Path) -> dict[str, Any]:
    """The replay file's JSON object (ReplayError when it cannot be read or is not one).

    Only a regular file is read: a pipe with no writer would wait for ever."""
    from magdagdon.storage.atomic_file import FileTooLarge, read_limited

    try:
        data = read_limited(path, MAX_REPLAY_BYTES)
    except FileTooLarge:
        raise ReplayError(f"larger than {MAX_REPLAY_BYTES} bytes") from None
    except OSError as error:
        raise ReplayError(f"cannot read it: {error.strerror or error}") from None
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise ReplayError(f"replay is not valid JSON: {error}") from None
    if not isinstance(document, dict):
        raise ReplayError("a replay is a JSON object")
    return document


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
    from magdagdon.storage import RecordRefused, clean_name, open_store

    from .notices import print_notices

    def waiting(lock: Path, seconds: float) -> None:
        print(f"waiting up to {seconds:g} s for another MAGDAGDON to release the data folder lock {lock}",
              file=sys.stderr, flush=True)

    now = datetime.now(timezone.utc)  # the command line is where time is read
    store = open_store(args.data_dir, now, on_wait=waiting, clock=lambda: datetime.now(timezone.utc))
    name = clean_name(args.name)  # echo what is stored, not what was typed
    try:
        outcome = store.record_replay(replay, now, name=name)
    except RecordRefused as error:
        print(f"not recorded: {_one_line(error.detail)}", file=sys.stderr)
        return 1
    print_notices(store.take_notices(), sys.stderr)
    if outcome.duplicate:
        print("already recorded: this game is in the tables once and stays once")
        return 0
    if not outcome.saved:
        print("not recorded: the scores cannot be saved (see the note above)", file=sys.stderr)
        return 1
    rank = f"rank {outcome.rank}" if outcome.rank else "not in the top table"
    print(f"recorded for {name}: {rank}")
    return 0


def _one_line(error: object, limit: int = 200) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
