"""Statistics of one difficulty: games played, average, best and a score histogram."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .envelope import CorruptFile, is_int
from .high_scores import MAX_SCORE, MIN_SCORE
from ..shown_value import shown

HISTOGRAM_BUCKET = 50  # points per bar; bucket key = lower bound (e.g. 150 holds 150..199)
MAX_GAMES = 10**12
MAX_TOTAL = MAX_GAMES * max(MAX_SCORE, -MIN_SCORE)  # keeps the average a finite float


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
    def from_data(cls, raw: Any) -> "Statistics":
        if not isinstance(raw, dict) or set(raw) != {"games", "total", "best", "histogram"}:
            raise CorruptFile("statistics need games, total, best and histogram")  # pragma: no mutate
        games, total, best, bars = raw["games"], raw["total"], raw["best"], raw["histogram"]
        if not is_int(games) or not 0 <= games <= MAX_GAMES:
            raise CorruptFile(f"bad games {shown(games)}")  # pragma: no mutate
        if not is_int(total) or abs(total) > MAX_TOTAL:
            raise CorruptFile(f"bad total {shown(total)}")  # pragma: no mutate
        if best is not None and not (is_int(best) and MIN_SCORE <= best <= MAX_SCORE):
            raise CorruptFile(f"bad best {shown(best)}")  # pragma: no mutate
        if not isinstance(bars, list) or len(bars) > (MAX_SCORE - MIN_SCORE) // HISTOGRAM_BUCKET + 2:
            raise CorruptFile("bad histogram")  # pragma: no mutate
        histogram: dict[int, int] = {}
        for bar in bars:
            if not (isinstance(bar, list) and len(bar) == 2 and all(is_int(x) for x in bar)):
                raise CorruptFile(f"bad histogram bar {shown(bar)}")  # pragma: no mutate
            bucket, count = bar
            if bucket != bucket_of(bucket) or not MIN_SCORE - HISTOGRAM_BUCKET < bucket <= MAX_SCORE or not 1 <= count <= MAX_GAMES or bucket in histogram:
                raise CorruptFile(f"bad histogram bar {shown(bar)}")  # pragma: no mutate
            histogram[bucket] = count
        return cls(games, total, best, dict(sorted(histogram.items())))

