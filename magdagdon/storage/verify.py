"""``scores --verify``: replay every table entry (the score tables and Today's dice) and
compare with what the table claims.

The replay is the evidence (RULES.md §10). A hand-edited score, board, turn count or
power count no longer matches its replay; a replay that claims a false result does not
verify; another game put in a replay's file no longer matches the file's id; an edited
name or time no longer matches the archived copy. A Today's dice entry must also have been
recorded within its day's window and not after now.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from ..engine.difficulty import Difficulty
from ..engine.replay import ReplayError, ReplayResult
from .atomic_file import FileTooLarge, read_limited
from .daily_table import entries_of, in_window
from .decoding import BadField
from .document_file import PARSE_ERRORS
from .envelope import NewerVersion, decode
from .high_scores import ScoreEntry
from .recorded_game import RecordedGame
from .replay_archive import ARCHIVE_KIND, ReplayArchive, document_of
from .score_book import inconsistencies

if TYPE_CHECKING:
    from .store import Store


class MismatchKind(enum.Enum):
    REPLAY_MISSING = "replay_missing"
    REPLAY_UNREADABLE = "replay_unreadable"  # not a valid recorded-game file
    REPLAY_NEWER = "replay_newer"  # written by a newer version: cannot be checked here
    REPLAY_TAMPERED = "replay_tampered"  # content no longer matches its id
    REPLAY_INVALID = "replay_invalid"  # does not replay, or its own claimed result is false
    NOT_FINISHED = "not_finished"
    DIFFICULTY = "difficulty"
    SEED = "seed"
    BOARD = "board"
    SCORE = "score"
    TURNS = "turns"
    POWERS_USED = "powers_used"
    NAME = "name"
    WHEN = "when"
    ASSISTED = "assisted"
    STATISTICS = "statistics"
    DAY = "day"  # a Today's dice entry recorded outside its day, or after now (a clock ahead)


@dataclass(frozen=True)
class Mismatch:
    kind: MismatchKind
    difficulty: Difficulty | None
    rank: int | None
    replay_id: str | None
    stored: str  # what the table says (or the problem, for file-level kinds)
    actual: str  # what the replay gives
    day: date | None = None  # the day of a Today's dice table; None: the score tables


def verify_store(store: "Store", now: datetime | None = None) -> list[Mismatch]:
    """Every mismatch found, table by table, best rank first; empty when all is well.

    ``now``: Today's dice entries recorded after it are from a clock that ran ahead."""
    book = store.score_book()
    mismatches: list[Mismatch] = []
    for difficulty in Difficulty:
        for rank, entry in enumerate(book.tables[difficulty], start=1):
            mismatches.extend(check_entry(store.archive, entry, rank))
    mismatches.extend(Mismatch(MismatchKind.STATISTICS, None, None, None, problem, "") for problem in inconsistencies(book))
    for day, _, rank, entry in entries_of(store.daily_days(now)):
        mismatches.extend(check_daily_entry(store.archive, day, entry, rank, now))
    return mismatches


def check_daily_entry(archive: ReplayArchive, day: date, entry: ScoreEntry, rank: int,
                      now: datetime | None) -> list[Mismatch]:
    """What is wrong with one entry of ``day``'s table; empty when it stands."""
    found = [replace(m, day=day) for m in check_entry(archive, entry, rank)]
    if not in_window(entry.when, day) or (now is not None and entry.when > now):
        found.append(Mismatch(MismatchKind.DAY, entry.difficulty, rank, entry.replay_id, entry.when.isoformat(),
                              day.isoformat(), day))
    return found


def check_entry(archive: ReplayArchive, entry: ScoreEntry, rank: int) -> list[Mismatch]:
    def mismatch(kind: MismatchKind, stored: object, actual: object) -> Mismatch:
        return Mismatch(kind, entry.difficulty, rank, entry.replay_id, str(stored), str(actual))

    path = archive.path_of(entry.replay_id)
    try:
        raw = decode(ARCHIVE_KIND, read_limited(path, ARCHIVE_KIND.max_bytes))
        recorded = RecordedGame.from_data(raw, document_of(entry.replay_id))
    except FileNotFoundError:
        return [mismatch(MismatchKind.REPLAY_MISSING, path, "")]
    except NewerVersion as error:
        return [mismatch(MismatchKind.REPLAY_NEWER, path, error)]
    except BadField as bad:  # the line names the file already: the field and what is wrong with it
        return [mismatch(MismatchKind.REPLAY_UNREADABLE, path, bad.problem)]
    except (FileTooLarge, OSError, *PARSE_ERRORS) as error:
        return [mismatch(MismatchKind.REPLAY_UNREADABLE, path, error)]
    replay = recorded.replay
    try:
        game = replay.verify()
    except ReplayError as error:
        return [mismatch(MismatchKind.REPLAY_INVALID, path, error)]
    if not recorded.known_as(entry.replay_id):  # another game put in this one's file
        return [mismatch(MismatchKind.REPLAY_TAMPERED, entry.replay_id, recorded.replay_id)]
    if not game.is_over:
        return [mismatch(MismatchKind.NOT_FINISHED, "finished", f"stops at turn {game.turn}")]
    actual = ReplayResult.of(game)
    pairs = [
        (MismatchKind.DIFFICULTY, entry.difficulty.name, replay.difficulty.name),
        (MismatchKind.SEED, entry.seed, replay.seed),
        (MismatchKind.BOARD, entry.board, actual.board),
        (MismatchKind.SCORE, entry.score, actual.score),
        (MismatchKind.TURNS, entry.turns, actual.turns),
        (MismatchKind.POWERS_USED, entry.powers_used, actual.powers_used),
        (MismatchKind.NAME, entry.name, recorded.name),
        (MismatchKind.WHEN, entry.when.isoformat(), recorded.when.isoformat()),
        (MismatchKind.ASSISTED, entry.assisted, recorded.assisted),
    ]
    return [mismatch(kind, stored, real) for kind, stored, real in pairs if stored != real]
