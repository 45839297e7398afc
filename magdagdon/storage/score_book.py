"""The scores file: every difficulty's table and statistics, and the games already recorded.

Tables and statistics share one file so one atomic write updates both: a crash can never
leave a result in the table but missing from the statistics, or the other way round.
``seen`` holds the id of every game ever recorded so a replay recorded twice (say from two
kiosks) is recognised and not counted twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.difficulty import Difficulty
from .envelope import CorruptFile, FileKind
from .high_scores import ScoreEntry, check_replay_id, insert, parse_table, rank_of
from .statistics import Statistics

SCORES_FILE = "scores.json"
SCORES_KIND = FileKind("magdagdon-scores", 1, max_bytes=64 * 1024 * 1024)
RECENT_GAMES = 200  # replays of the newest games are kept even when off the table


@dataclass
class ScoreBook:
    tables: dict[Difficulty, list[ScoreEntry]] = field(default_factory=lambda: {d: [] for d in Difficulty})
    statistics: dict[Difficulty, Statistics] = field(default_factory=lambda: {d: Statistics() for d in Difficulty})
    recent: list[str] = field(default_factory=list)  # oldest first
    seen: list[str] = field(default_factory=list)  # record order
    _seen_set: set[str] = field(default_factory=set, repr=False)

    def __post_init__(self) -> None:
        self._seen_set = set(self.seen)

    def has(self, replay_id: str) -> bool:
        return replay_id in self._seen_set

    def rank(self, difficulty: Difficulty, replay_id: str) -> int | None:
        return rank_of(self.tables[difficulty], replay_id)

    def add(self, entry: ScoreEntry) -> int | None:
        """Record a new game (the caller has checked it is not a duplicate); returns its rank."""
        difficulty = entry.difficulty
        self.tables[difficulty], rank = insert(self.tables[difficulty], entry)
        self.statistics[difficulty] = self.statistics[difficulty].add(entry.score)
        self.recent = [*self.recent, entry.replay_id][-RECENT_GAMES:]
        self.seen.append(entry.replay_id)
        self._seen_set.add(entry.replay_id)
        return rank

    def note_seen(self, replay_id: str) -> None:
        """Mark a game recorded without an entry of its own (the identity of a game a seat
        recorded), so that a replay of it is not recorded again."""
        if replay_id not in self._seen_set:
            self.seen.append(replay_id)
            self._seen_set.add(replay_id)

    def kept_replays(self) -> set[str]:
        """Replays to keep: every table entry's and the newest games'."""
        return {e.replay_id for table in self.tables.values() for e in table} | set(self.recent)

    def to_data(self) -> dict[str, Any]:
        return {
            "tables": {d.name: [e.to_data() for e in self.tables[d]] for d in Difficulty},
            "statistics": {d.name: self.statistics[d].to_data() for d in Difficulty},
            "recent": list(self.recent),
            "seen": list(self.seen),
        }

    @classmethod
    def from_data(cls, raw: Any) -> "ScoreBook":
        names = {d.name for d in Difficulty}
        if not isinstance(raw, dict) or set(raw) != {"tables", "statistics", "recent", "seen"}:
            raise CorruptFile("scores need tables, statistics, recent and seen")  # pragma: no mutate
        tables, statistics = raw["tables"], raw["statistics"]
        if not isinstance(tables, dict) or set(tables) != names:
            raise CorruptFile("one table per difficulty")  # pragma: no mutate
        if not isinstance(statistics, dict) or set(statistics) != names:
            raise CorruptFile("statistics per difficulty")  # pragma: no mutate
        recent, seen = _id_list(raw["recent"]), _id_list(raw["seen"])
        book = cls(
            {d: parse_table(tables[d.name], d) for d in Difficulty},
            {d: Statistics.from_data(statistics[d.name]) for d in Difficulty},
            recent,
            seen,
        )
        # Ids a hand edit dropped from ``seen`` are put back, so duplicates stay recognised.
        for replay_id in sorted(book.kept_replays() - book._seen_set):
            book.seen.append(replay_id)
            book._seen_set.add(replay_id)
        return book


def _id_list(raw: Any) -> list[str]:
    if not isinstance(raw, list):
        raise CorruptFile("a list of replay ids expected")  # pragma: no mutate
    ids = [check_replay_id(item) for item in raw]
    if len(set(ids)) != len(ids):
        raise CorruptFile("a replay id is listed twice")  # pragma: no mutate
    return ids


def inconsistencies(book: ScoreBook) -> list[str]:
    """Statistics that do not match the tables (hand edits), for ``scores --verify``."""
    problems: list[str] = []
    for difficulty, table in book.tables.items():
        stats = book.statistics[difficulty]
        where = f"{difficulty.name} statistics"
        problems.extend(f"{where}: {p}" for p in stats.inconsistencies())
        if len(table) > stats.games:
            problems.append(f"{where}: {stats.games} games but {len(table)} table entries")
        if table and stats.best != table[0].score:
            problems.append(f"{where}: best {stats.best} but the table's top score is {table[0].score}")
    if len(book.recent) > RECENT_GAMES:
        problems.append(f"{len(book.recent)} recent games listed, at most {RECENT_GAMES} expected")
    return problems
