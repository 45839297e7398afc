"""The verifiers: worker processes that play each sent replay through the engine, so the
event loop keeps answering readers while games are checked (a process each, to use every
core: the engine is pure Python). Started by spawning, never by forking a process that
runs threads (the store's); a verifier that dies is replaced and its game answered 503."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import date
from typing import Any, Callable, TypeVar

from ..engine.difficulty import Difficulty
from .records import VerifiedGame
from .refusals import Refusal, Refused
from .verification import verify_game, warm_up

T = TypeVar("T")


def default_count() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


class Verifiers:
    def __init__(self, count: int | None = None) -> None:
        self.count = count or default_count()
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.count, mp_context=multiprocessing.get_context("spawn"))

    def start(self) -> None:
        """Start every verifier now and load the engine in it, before the first game."""
        for future in [self._pool.submit(warm_up) for _ in range(self.count)]:
            future.result()

    async def verify(self, document: dict[str, Any], day: date, difficulty: Difficulty) -> VerifiedGame:
        return await self.run(verify_game, document, day, difficulty)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, work, *args)
        except BrokenProcessPool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            raise Refused(Refusal.UNAVAILABLE, "a verifier stopped; send the game again") from None

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
