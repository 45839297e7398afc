"""The one place background thoughts run: the expert's moves and its reviews of finished
games. Each takes up to seconds of CPU, so none may run inside a frame.

A player's game gets its own threads; tests hand in an ``Executor`` that thinks at once, so
a fake clock and the thoughts stay in step however busy the machine is."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Callable, Generic, TypeVar

if TYPE_CHECKING:  # concurrent.futures (and logging with it) loads with the first thought
    from concurrent.futures import Executor, Future

T = TypeVar("T")

# Two threads: a review of a whole game (seconds) never holds up a computer player's move.
THREADS = 2


class Worker:
    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor  # made at the first thought unless handed in
        self.closed = False

    def submit(self, thought: Callable[[], T]) -> Future[T]:
        from concurrent.futures import Future

        if self.closed:  # the game is ending: nothing new starts, nothing waits for it
            refused: Future[T] = Future()
            refused.cancel()
            return refused
        if self.executor is None:
            from .daemon_threads import DaemonThreads

            self.executor = DaemonThreads(THREADS)
        return self.executor.submit(thought)

    def close(self) -> None:
        """The game is ending: thoughts not begun are dropped, those running are not waited for."""
        self.closed = True
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)


class Answer(Generic[T]):
    """A worker's answer a frame may ask for at any time: None until it is in, and None for
    good if the thought failed (said once, in one line: a bug there hides a feature, no more)."""

    def __init__(self, future: Future[T], failure: str) -> None:
        self.future, self.failure = future, failure
        self.failed = False

    def get(self) -> T | None:
        if not self.future.done() or self.failed:
            return None
        from concurrent.futures import CancelledError

        try:
            return self.future.result()
        except CancelledError:
            self.failed = True
        except Exception as error:  # noqa: BLE001 - handed on as one line, never a traceback
            self.failed = True
            print(f"magdagdon: {self.failure}: {error!r}", file=sys.stderr)
        return None
