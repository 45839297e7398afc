"""Scores, replays and the game in progress, kept safe on disk. Never imports pygame.

Entry point: :func:`open_store`; see docs/CONTRACTS.md. Files are versioned JSON envelopes
``{"kind", "version", "data"}`` written atomically (:mod:`.atomic_file`, :mod:`.envelope`);
problems become :class:`StorageNotice` values and the game goes on.

The data folder::

    replays/<id>.json        each recorded game: engine replay + name, time recorded, assisted;
                             id = the game's identity (what was confirmed). The record of truth.
    scores.json              tables (top 20) and statistics per difficulty, ids of all recorded
                             games: an index of the archive, rebuilt from it when missing or damaged
    in_progress.json         the unfinished game, as a replay (resume = Replay.play())
    magdagdon.lock           advisory lock, held around every write and every read-merge-write
    magdagdon.reserve        disk space set aside for a held result on a full disk (space_reserve.py)
    *.corrupt-<timestamp>    damaged files set aside unchanged, for a human to look at
"""

from .data_dir import ENVIRONMENT_VARIABLE, resolve_data_dir
from .high_scores import DEFAULT_NAME, MAX_NAME_CHARACTERS, TABLE_SIZE, ScoreEntry, clean_name
from .notices import NoticeKind, StorageNotice
from .outcomes import RecordOutcome, RecordRefused, RefusalReason
from .recorded_game import RecordedGame, replay_id
from .score_book import RECENT_GAMES
from .statistics import HISTOGRAM_BUCKET, Statistics
from .store import Store, open_store
from .verify import Mismatch, MismatchKind, verify_store

__all__ = [
    "DEFAULT_NAME",
    "ENVIRONMENT_VARIABLE",
    "HISTOGRAM_BUCKET",
    "MAX_NAME_CHARACTERS",
    "Mismatch",
    "MismatchKind",
    "NoticeKind",
    "RECENT_GAMES",
    "RecordOutcome",
    "RecordRefused",
    "RecordedGame",
    "RefusalReason",
    "ScoreEntry",
    "Statistics",
    "StorageNotice",
    "Store",
    "TABLE_SIZE",
    "clean_name",
    "open_store",
    "replay_id",
    "resolve_data_dir",
    "verify_store",
]
