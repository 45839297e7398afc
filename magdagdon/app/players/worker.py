"""The one place background thoughts run: the expert's moves and its reviews of finished
games. Each takes up to seconds of CPU, so none may run inside a frame.

A player's game gets its own threads; tests hand in an ``Executor`` that thinks at once, so
a fake clock and the thoughts stay in step however busy the machine is."""

from __future__ import annotations

import queue
import sys
import threading
from concurrent.futures import CancelledError, Executor, Future
from typing import Any, Callable, Generic, TypeVar

T = TypeVar("T")

# Two threads: a review of a whole game (seconds) never holds up a computer player's move.
THREADS = 2

_Job = tuple["Future[Any]", Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class DaemonThreads(Executor):
    """An executor whose threads never hold up the end of the process: a review still
    thinking when the game quits is simply dropped (``ThreadPoolExecutor``'s threads are
    joined at exit, which would keep a kiosk from restarting for seconds)."""

    def __init__(self, count: int) -> None:
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.count = count
        for number in range(count):
            threading.Thread(target=self._work, name=f"magdagdon-thinking-{number}", daemon=True).start()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        self.jobs.put((future, fn, args, kwargs))
        return future

    def _work(self) -> None:
        while (job := self.jobs.get()) is not None:
            future, fn, args, kwargs = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as error:  # handed back through the future, to whoever asked
                future.set_exception(error)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            while True:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None:
                    job[0].cancel()
        for _ in range(self.count):
            self.jobs.put(None)


class Worker:
    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor  # made at the first thought unless handed in
        self.closed = False

    def submit(self, thought: Callable[[], T]) -> Future[T]:
        if self.closed:  # the game is ending: nothing new starts, nothing waits for it
            refused: Future[T] = Future()
            refused.cancel()
            return refused
        if self.executor is None:
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
        try:
            return self.future.result()
        except CancelledError:
            self.failed = True
        except Exception as error:  # noqa: BLE001 - handed on as one line, never a traceback
            self.failed = True
            print(f"magdagdon: {self.failure}: {error!r}", file=sys.stderr)
        return None
