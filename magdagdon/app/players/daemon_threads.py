"""The worker's own executor: threads that never hold up the end of the process."""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Executor, Future
from typing import Any, Callable, TypeVar

T = TypeVar("T")

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
