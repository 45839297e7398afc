"""Caches of drawn things that stay within a budget however long the game runs: the least
recently used entry goes first once the budget is spent.

A cache that was emptied whenever it grew past a count kept up to that many images of any
size (a count of window-sized banners is tens of megabytes) and then drew them all again at
once; an evening of random input grew the game by a hundred megabytes, mostly memory that
freed images left scattered. Entries are weighed here: fonts count one each, images their
pixel bytes.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, Iterator, TypeVar

import pygame

Value = TypeVar("Value")


class BoundedCache(Generic[Value]):
    """A mapping from keys to values whose weights add up to at most ``budget`` (the
    newest entry is kept even if it alone weighs more)."""

    def __init__(self, budget: int, weigh: Callable[[Value], int] = lambda value: 1,
                 dropped: Callable[[Value], None] = lambda value: None) -> None:
        self.budget = budget
        self.weigh = weigh
        self.dropped = dropped  # told of each entry let go to keep within the budget
        self.weight = 0
        self._entries: OrderedDict[Hashable, tuple[Value, int]] = OrderedDict()

    def get(self, key: Hashable) -> Value | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        self._entries.move_to_end(key)
        return entry[0]

    def __setitem__(self, key: Hashable, value: Value) -> None:
        old = self._entries.pop(key, None)
        if old is not None:
            self.weight -= old[1]
        weight = self.weigh(value)
        self._entries[key] = (value, weight)
        self.weight += weight
        while self.weight > self.budget and len(self._entries) > 1:
            _key, (oldest, weight) = self._entries.popitem(last=False)
            self.weight -= weight
            self.dropped(oldest)

    def __len__(self) -> int:
        return len(self._entries)

    def values(self) -> Iterator[Value]:
        return (value for value, _ in self._entries.values())

    def clear(self) -> None:
        self._entries.clear()
        self.weight = 0


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
