"""Statistics of one difficulty: games played, average, best and a score histogram."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .decoding import Fields, Unfit, integer, list_of, nullable
from .envelope import is_int
from .high_scores import MAX_SCORE, MIN_SCORE

HISTOGRAM_BUCKET = 50  # points per bar; bucket key = lower bound (e.g. 150 holds 150..199)
MAX_GAMES = 10**12
MAX_TOTAL = MAX_GAMES * max(MAX_SCORE, -MIN_SCORE)  # keeps the average a finite float
STATISTICS_FIELDS = ("games", "total", "best", "histogram")


def bucket_of(score: int) -> int:
    return score // HISTOGRAM_BUCKET * HISTOGRAM_BUCKET


@dataclass(frozen=True)
class Statistics:
    games: int = 0
    total: int = 0  # sum of all scores, so the average survives merging exactly
    best: int | None = None
    histogram: Mapping[int, int] = field(default_factory=dict)  # bucket lower bound -> games

    @property
    def average(self) -> float | None:
        return self.total / self.games if self.games else None

    def add(self, score: int) -> "Statistics":
        histogram = dict(self.histogram)
        histogram[bucket_of(score)] = histogram.get(bucket_of(score), 0) + 1
        best = score if self.best is None else max(self.best, score)
        return Statistics(self.games + 1, self.total + score, best, dict(sorted(histogram.items())))

    def to_data(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "total": self.total,
            "best": self.best,
            "histogram": [[bucket, count] for bucket, count in sorted(self.histogram.items())],
        }

    def inconsistencies(self) -> list[str]:
        """What does not add up (hand edits); the file still loads, ``scores --verify`` reports."""
        problems: list[str] = []
        if sum(self.histogram.values()) != self.games:
            problems.append(f"histogram holds {sum(self.histogram.values())} games, not {self.games}")
        if not self.games * MIN_SCORE <= self.total <= self.games * MAX_SCORE:
            problems.append(f"total {self.total} is impossible for {self.games} games")
        if (self.best is None) != (self.games == 0):
            problems.append(f"best {self.best} does not fit {self.games} games")
        return problems

    @classmethod
    def from_data(cls, raw: Any, document: str = "statistics") -> "Statistics":
        return cls.read(Fields(raw, document, what="statistics", exactly=STATISTICS_FIELDS))

    @classmethod
    def read(cls, stats: Fields) -> "Statistics":
        """The statistics ``stats`` holds (an object of exactly ``STATISTICS_FIELDS``)."""
        games = stats.get("games", integer(0, MAX_GAMES))
        total = stats.get("total", integer(-MAX_TOTAL, MAX_TOTAL))
        best = stats.get("best", nullable(integer(MIN_SCORE, MAX_SCORE)))
        bars = stats.get("histogram", list_of(_bar, max_items=(MAX_SCORE - MIN_SCORE) // HISTOGRAM_BUCKET + 2, items="bars"))
        histogram: dict[int, int] = {}
        for bucket, count in bars:
            if bucket in histogram:
                raise stats.bad("histogram", f"has two bars for {bucket}")  # pragma: no mutate
            histogram[bucket] = count
        return cls(games, total, best, dict(sorted(histogram.items())))


def _bar(raw: Any) -> tuple[int, int]:
    """One bar of a histogram: [its bucket's lower bound, its games]."""
    if not (isinstance(raw, list) and len(raw) == 2 and all(is_int(x) for x in raw)):
        raise Unfit("a bar is [bucket, games]")  # pragma: no mutate
    bucket, count = raw
    if bucket != bucket_of(bucket) or not MIN_SCORE - HISTOGRAM_BUCKET < bucket <= MAX_SCORE or not 1 <= count <= MAX_GAMES:
        raise Unfit(f"a bucket is a multiple of {HISTOGRAM_BUCKET} within the scores, with 1 game or more")  # pragma: no mutate
    return bucket, count
