"""The room's writer: one thread that writes the room's file and its kept turns, in the order
asked, never two at once, so the server's loop never waits for the disk.

Each job comes with a future that is done once what it holds is on disk. A file waiting
behind a newer file is not written: the newer one holds everything it held (and every kept
turn asked before it), so its future is done when the newer one is written. The last file
asked for is always written; :meth:`close` waits for it.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Union

from .keeper import KeptTurn, RoomKeeper, RoomMoment


@dataclass(frozen=True)
class _Job:
    what: Union[RoomMoment, KeptTurn]
    done: "Future[bool]"


class RoomWriter:
    def __init__(self, keeper: RoomKeeper, wall_clock: Callable[[], datetime]) -> None:
        self.keeper, self.wall_clock = keeper, wall_clock
        self._jobs: list[_Job] = []
        self._ready = threading.Condition()
        self._closing = False
        self.files_written = 0  # for the tests and the benchmark: rewrites of the room's file
        self.turns_written = 0
        self._thread = threading.Thread(target=self._run, name="room-writer", daemon=True)
        self._thread.start()

    def save(self) -> "Future[bool]":
        """Write the room as it is now (taken here, on the caller's thread)."""
        return self._add(self.keeper.moment())

    def keep_turn(self, index: int) -> "Future[bool]":
        """Append the turn seat ``index`` just finished."""
        return self._add(self.keeper.turn_of(index))

    def close(self) -> None:
        """Write what is waiting, then end the thread. Safe to call twice."""
        with self._ready:
            self._closing = True
            self._ready.notify()
        self._thread.join()

    def _add(self, what: Union[RoomMoment, KeptTurn]) -> "Future[bool]":
        job = _Job(what, Future())
        with self._ready:
            if self._closing:
                job.done.set_result(False)
                return job.done
            self._jobs.append(job)
            self._ready.notify()
        return job.done

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._jobs and not self._closing:
                    self._ready.wait()
                jobs, self._jobs = self._jobs, []
                if not jobs and self._closing:
                    return
            newest_file = max((n for n, job in enumerate(jobs) if isinstance(job.what, RoomMoment)), default=-1)
            skipped, jobs = jobs[:max(newest_file, 0)], jobs[max(newest_file, 0):]
            for job in jobs:
                self._write(job.what, job.done)
                for earlier in skipped:  # held by the file just written
                    _copy(job.done, earlier.done)
                skipped = []

    def _write(self, what: Union[RoomMoment, KeptTurn], done: "Future[bool]") -> None:
        """Write ``what``; a failure the storage did not word (a bug) goes to the future,
        so the thread lives on and the server says it in one line."""
        try:
            if isinstance(what, RoomMoment):
                self.files_written += 1
                done.set_result(self.keeper.write(what, self.wall_clock()))
            else:
                self.turns_written += 1
                done.set_result(self.keeper.write_turn(what))
        except Exception as error:  # noqa: BLE001 - handed on, not swallowed
            done.set_exception(error)


def _copy(source: "Future[bool]", target: "Future[bool]") -> None:
    error = source.exception()
    if error is not None:
        target.set_exception(error)
    else:
        target.set_result(source.result())
