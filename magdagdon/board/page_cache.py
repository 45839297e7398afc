"""The day's pages as last answered, kept for a second: a board is read far more often than
it changes, and people refreshing it need not each cost the database a query.

A page is asked of the store once however many readers want it at that moment (the others
wait for that answer), kept ``FRESH_SECONDS``, and dropped at once when this node stores a
game of its day and difficulty (so a player who just sent a game sees it). A game stored by
another node behind the same load balancer shows within ``FRESH_SECONDS``."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from datetime import date
from typing import Awaitable, Callable

from ..engine.difficulty import Difficulty

FRESH_SECONDS = 1.0
MAX_PAGES = 4096
Key = tuple[date, Difficulty, int, int]  # day, difficulty, offset, limit


class PageCache:
    def __init__(self, clock: Callable[[], float], fresh: float = FRESH_SECONDS) -> None:
        self.clock, self.fresh = clock, fresh
        self._pages: OrderedDict[Key, tuple[float, int, bytes]] = OrderedDict()  # key -> (until, generation, body)
        self._asking: dict[Key, asyncio.Future[bytes]] = {}
        self._generations: dict[tuple[date, Difficulty], int] = {}

    def changed(self, day: date, difficulty: Difficulty) -> None:
        """A game of that board was stored here: its pages are read afresh."""
        self._generations[(day, difficulty)] = self._generations.get((day, difficulty), 0) + 1

    async def page(self, key: Key, make: Callable[[], Awaitable[bytes]]) -> bytes:
        generation = self._generations.get((key[0], key[1]), 0)
        kept = self._pages.get(key)
        if kept is not None and kept[0] > self.clock() and kept[1] == generation:
            return kept[2]
        asking = self._asking.get(key)
        if asking is not None:
            return await asyncio.shield(asking)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._asking[key] = future
        try:
            body = await make()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # read here: the waiters, if any, get it too
            raise
        else:
            future.set_result(body)
        finally:
            del self._asking[key]
        if self._generations.get((key[0], key[1]), 0) == generation:  # not changed meanwhile
            self._pages[key] = (self.clock() + self.fresh, generation, body)
            self._pages.move_to_end(key)
            while len(self._pages) > MAX_PAGES:
                self._pages.popitem(last=False)
        return body
