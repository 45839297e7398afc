"""``magdagdon scores``: print the high-score tables, or ``--verify`` them against their replays."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timezone

from magdagdon.app.shell.options import data_dir_option, difficulty_option
from magdagdon.engine import Difficulty
from magdagdon.storage import (
    HISTOGRAM_BUCKET,
    Mismatch,
    MismatchKind,
    NoticeKind,
    ScoreEntry,
    Statistics,
    Store,
    open_store,
    verify_store,
)

from .notices import describe_notice, print_notices

# The table itself could not be read: there is nothing to verify.
_UNREADABLE_TABLE = {NoticeKind.NOT_READABLE, NoticeKind.NEWER_VERSION, NoticeKind.NOT_A_FOLDER, NoticeKind.CORRUPT_UNMOVABLE}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--difficulty", type=difficulty_option, metavar="D",
                        help="only this difficulty: " + ", ".join(d.name.lower() for d in Difficulty))
    parser.add_argument("--data-dir", type=data_dir_option, metavar="DIR",
                        help="data folder (default: MAGDAGDON_DATA_DIR, then the per-user folder)")
    parser.add_argument("--verify", action="store_true",
                        help="replay every entry (the tables and Today's dice) and check its board, score, turns "
                             "and powers; exit 1 on any mismatch")


def run(args: argparse.Namespace) -> int:
    store = open_store(args.data_dir, datetime.now(timezone.utc), clock=lambda: datetime.now(timezone.utc))  # the CLI reads the time
    notices = store.take_notices()
    print_notices(notices, sys.stderr)
    difficulties = [args.difficulty] if args.difficulty else list(Difficulty)
    unreadable = [n for n in notices if n.kind in _UNREADABLE_TABLE and n.path in (str(store.scores_path), str(store.data_dir))]
    if args.verify:
        if unreadable:
            print(f"cannot verify: {unreadable[0].path} cannot be read", file=sys.stderr)
            return 1
        damaged = any(n.kind is not NoticeKind.RECOVERED_RESULT for n in notices)
        return _verify(store, difficulties, damaged)
    print(f"data folder: {store.data_dir}")
    for difficulty in difficulties:
        print()
        print(format_table(difficulty, store.high_scores(difficulty), store.statistics(difficulty)))
    return 1 if unreadable else 0  # what is shown is not the table on disk


def _verify(store: Store, difficulties: list[Difficulty], damaged: bool) -> int:
    """Exit 1 on any mismatch, and when a damaged file was found (and moved aside) on opening."""
    wanted = set(difficulties)
    now = datetime.now(timezone.utc)
    mismatches = [m for m in verify_store(store, now) if m.difficulty is None or m.difficulty in wanted]
    for notice in store.take_notices():
        print("note: " + describe_notice(notice), file=sys.stderr)
        damaged = True
    days = store.daily_days(now)
    checked = sum(len(store.high_scores(d)) for d in difficulties) + sum(
        len(tables.get(d, [])) for tables in days.values() for d in difficulties)
    for mismatch in mismatches:
        print("MISMATCH " + describe_mismatch(mismatch))
    if mismatches:
        print(f"{len(mismatches)} mismatch(es) in {checked} entries checked")
        return 1
    print(f"all {checked} entries match their replays" if checked else "no entries to check")
    return 1 if damaged else 0


def format_table(difficulty: Difficulty, table: list[ScoreEntry], statistics: Statistics) -> str:
    lines = [f"{difficulty.name}: {statistics.games} games" + (
        f", average {statistics.average:.1f}, best {statistics.best}" if statistics.games else "")]
    if not table:
        lines.append("  no scores yet")
        return "\n".join(lines)
    lines.append(f"  {'#':>2}  {'name':<24} {'score':>5} {'turns':>5} {'powers':>6}  {'date and time':<22} {'seed':>20}  replay")
    for rank, entry in enumerate(table, start=1):
        mark = " (assisted)" if entry.assisted else ""
        lines.append(
            f"  {rank:>2}  {entry.name:<24} {entry.score:>5} {entry.turns:>5} {entry.powers_used:>6}  "
            f"{entry.when.strftime('%Y-%m-%d %H:%M %z'):<22} {entry.seed:>20}  {entry.replay_id}{mark}"
        )
    if statistics.histogram:
        bars = ", ".join(f"{low}..{low + HISTOGRAM_BUCKET - 1}: {count}" for low, count in statistics.histogram.items())
        lines.append(f"  histogram: {bars}")
    return "\n".join(lines)


_FIELD = {
    MismatchKind.DIFFICULTY: "difficulty", MismatchKind.SEED: "seed", MismatchKind.BOARD: "board",
    MismatchKind.SCORE: "score", MismatchKind.TURNS: "turns", MismatchKind.POWERS_USED: "powers used",
    MismatchKind.NAME: "player name", MismatchKind.WHEN: "date and time", MismatchKind.ASSISTED: "assisted flag",
}


def describe_mismatch(m: Mismatch) -> str:
    if m.kind is MismatchKind.STATISTICS:
        return f"statistics: {m.stored}"
    table = f"Today's dice {m.day.isoformat()} " if m.day is not None else ""
    where = f"{table}{m.difficulty.name if m.difficulty else '?'} #{m.rank} (replay {m.replay_id})"
    if m.kind in _FIELD:
        return f"{where}: {_FIELD[m.kind]} is {m.stored} in the table but {m.actual} in the replay"
    text = {
        MismatchKind.REPLAY_MISSING: f"its replay file {m.stored} is missing",
        MismatchKind.REPLAY_UNREADABLE: f"its replay file {m.stored} is unreadable: {m.actual}",
        MismatchKind.REPLAY_NEWER: f"its replay file {m.stored} is from a newer version and cannot be checked",
        MismatchKind.REPLAY_TAMPERED: f"its replay file was altered (content now hashes to {m.actual})",
        MismatchKind.REPLAY_INVALID: f"its replay does not verify: {m.actual}",
        MismatchKind.NOT_FINISHED: f"its replay is not a finished game ({m.actual})",
        MismatchKind.DAY: f"it was recorded at {m.stored}, outside its day's window or after now",
    }[m.kind]
    return f"{where}: {text}"
