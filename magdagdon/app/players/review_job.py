"""The expert's review of a finished game, asked for once and shared: game over shows its
costliest turns, the replay viewer every turn's. It runs on the worker; a review that
cannot be made only hides the expert's side, it never stops the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magdagdon.engine import Replay

from .worker import Answer, Worker

if TYPE_CHECKING:
    from concurrent.futures import Future
    from magdagdon.ai.review import TurnReview


class ReviewJob:
    def __init__(self, worker: Worker, replay: Replay) -> None:
        self.replay = replay
        # Every turn that lost points, costliest first (a game has fewer turns than actions).
        self.future: Future[list[TurnReview]] = worker.submit(lambda: _review(replay))
        self._answer = Answer(self.future, "the expert's review could not be made")

    @property
    def done(self) -> bool:
        return self.future.done()

    @property
    def reviews(self) -> list[TurnReview] | None:
        """The review once it is in; None while it is being made, or if it could not be."""
        return self._answer.get()


def _review(replay: Replay) -> list[TurnReview]:
    from magdagdon.ai.review import review_game  # on the worker: the AI is never loaded in a frame for it

    return review_game(replay, limit=len(replay.actions))
