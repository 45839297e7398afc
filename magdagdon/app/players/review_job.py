"""The expert's review of a finished game, asked for once and shared: game over shows its
sum and its costliest turns, the replay viewer every turn's luck and choices. It runs on the
worker: the best guess first (the search's own reckoning, a fraction of a second), then turn
by turn by the estimator's playouts, each snapshot published as it is ready, so a screen
always has every row to show and each firms up in place. A review that cannot be made only
hides the expert's side, it never stops the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magdagdon.engine import Replay

from .worker import Answer, Worker

if TYPE_CHECKING:
    from concurrent.futures import Future

    from magdagdon.ai.review import GameReview


class ReviewJob:
    def __init__(self, worker: Worker, replay: Replay) -> None:
        self.replay = replay
        self.latest: GameReview | None = None  # the last snapshot (a frame reads it; the worker replaces it)
        self.future: Future[GameReview] = worker.submit(self._review)
        self._answer = Answer(self.future, "the expert's review could not be made")

    @property
    def done(self) -> bool:
        return self.future.done()

    @property
    def review(self) -> GameReview | None:
        """The review as far as it is made; None before its best guess, or if it failed."""
        if self.future.done():
            return self._answer.get()
        return self.latest

    def _review(self) -> GameReview:
        from magdagdon.ai.review import ReviewBuilder  # on the worker: the AI is never loaded in a frame for it

        builder = ReviewBuilder(self.replay)
        self.latest = builder.review()
        while builder.refine_next():
            self.latest = builder.review()
        return self.latest
