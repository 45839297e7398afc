"""Rebuilding the scores from the replay archive when the scores file is missing or damaged.

Each archived game holds its replay (the evidence), player name and time, so the tables
come back exactly for every game still archived: all table entries and the newest
games. Statistics then cover those games only; a notice says so. An archived file that
cannot be read as a finished game is set aside (renamed, its bytes unchanged) so that it
is neither lost nor read again; one from a newer version is left where it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from ..engine.replay import ReplayError
from .document_file import PARSE_ERRORS, set_aside
from .envelope import NewerVersion
from .notices import NoticeKind, StorageNotice
from .recorded_game import RecordedGame
from .replay_archive import ReplayArchive
from .score_book import ScoreBook


@dataclass
class Rebuilt:
    book: ScoreBook
    notices: list[StorageNotice] = field(default_factory=list)


def rebuild_from_archive(archive: ReplayArchive, now: datetime | None, may_move: bool) -> Rebuilt:
    """The score book of every readable archived game; ``may_move``: set the others aside."""
    games: list[tuple[RecordedGame, str]] = []
    notices: list[StorageNotice] = []
    for replay_id in archive.stored_ids():
        path = archive.path_of(replay_id)
        try:
            recorded = archive.load(replay_id)
            if not recorded.replay.verify().is_over or recorded.replay.result is None:
                raise ReplayError("not a finished game")  # pragma: no mutate
        except (NewerVersion, OSError):
            continue  # kept as it is: a newer program or the operating system may read it
        except (ReplayError, *PARSE_ERRORS):
            moved = set_aside(path, now) if may_move else None
            kind = NoticeKind.CORRUPT_MOVED_ASIDE if moved is not None else NoticeKind.CORRUPT_UNMOVABLE
            notices.append(StorageNotice(kind, str(path), None if moved is None else str(moved)))
            continue
        games.append((recorded, replay_id))
    book = ScoreBook()
    ranked: set[str] = set()  # the games' identities: one game may be archived under two ids
    for recorded, stored_id in sorted(games, key=lambda g: (g[0].when.timestamp(), g[1])):
        if recorded.replay_id not in ranked:
            ranked.add(recorded.replay_id)
            # A game an earlier version recorded keeps its file's (content-hash) id.
            book.add(replace(recorded.entry(), replay_id=stored_id))
        book.note_seen(recorded.game_id)  # a seated game's replay alone stays "already recorded"
    return Rebuilt(book, notices)
