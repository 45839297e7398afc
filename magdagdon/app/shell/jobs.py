"""Work that must not delay a frame (saving costs an fsync: milliseconds each): it runs
once the frame showing the change is on screen."""

from __future__ import annotations

from typing import Callable

Job = Callable[[], None]


class AfterFrame:
    def __init__(self) -> None:
        self.jobs: list[Job] = []

    def add(self, job: Job) -> None:
        if job not in self.jobs:
            self.jobs.append(job)

    def run(self) -> bool:
        """Run the waiting jobs; True if there were any (what they did may show)."""
        jobs, self.jobs = self.jobs, []
        for job in jobs:
            job()
        return bool(jobs)
