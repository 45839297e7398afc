"""Rebuilding the scores from the replay archive after the scores file was damaged.

Each archived game holds its replay (the evidence), player name and time, so the tables
come back exactly for every game still archived: all table entries and the newest 200
games (issue 4 pruning). Statistics then cover those games only; a notice says so.
"""

from __future__ import annotations

from ..engine import ReplayError
from .document_file import PARSE_ERRORS
from .envelope import NewerVersion
from .recorded_game import RecordedGame
from .replay_archive import ReplayArchive
from .score_book import ScoreBook


def rebuild_from_archive(archive: ReplayArchive) -> ScoreBook:
    games: list[RecordedGame] = []
    for replay_id in archive.stored_ids():
        try:
            recorded = archive.load(replay_id)
            if recorded.replay.verify().is_over:
                games.append(recorded)
        except (OSError, NewerVersion, ReplayError, *PARSE_ERRORS):
            continue  # unreadable, tampered or foreign: not evidence of a result
    book = ScoreBook()
    for recorded in sorted(games, key=lambda g: (g.when, g.replay_id)):
        book.add(recorded.entry())
    return book
