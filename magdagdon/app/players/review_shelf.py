"""The reviews and the expert's lines of the games last looked at, one of each per game:
game over asks for its game's review, the replay viewer (from game over or from the high
scores) finds the same one, so a game is never reviewed twice while it is among the last
few looked at; the expert's line on a seed is played once too."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

from magdagdon.engine import Difficulty, Replay
from magdagdon.engine.actions import Action

from .expert_line_job import ExpertLineJob
from .review_job import ReviewJob
from .worker import Worker

KEPT = 8  # games: a review is some kilobytes, and a player looks back at a few games at most

K = TypeVar("K")
V = TypeVar("V")


class _Recent(Generic[K, V]):
    def __init__(self) -> None:
        self.items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        item = self.items.get(key)
        if item is not None:
            self.items.move_to_end(key)
        return item

    def put(self, key: K, item: V) -> V:
        self.items[key] = item
        while len(self.items) > KEPT:
            self.items.popitem(last=False)
        return item


class ReviewShelf:
    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self._reviews: _Recent[tuple[Difficulty, int, tuple[Action, ...]], ReviewJob] = _Recent()
        self._lines: _Recent[tuple[Difficulty, int], ExpertLineJob] = _Recent()

    def review(self, replay: Replay) -> ReviewJob:
        """The review of ``replay``'s game: the one under way or made, else a new one."""
        key = (replay.difficulty, replay.seed, replay.actions)
        return self._reviews.get(key) or self._reviews.put(key, ReviewJob(self.worker, replay))

    def expert_line(self, replay: Replay) -> ExpertLineJob:
        """The coach's own game on ``replay``'s seed."""
        key = (replay.difficulty, replay.seed)
        return self._lines.get(key) or self._lines.put(key, ExpertLineJob(self.worker, replay))
