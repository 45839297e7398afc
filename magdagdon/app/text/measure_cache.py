"""What the fonts measured of a text, kept for the whole run of the program.

A run's width, how far its ink reaches and a line's split into runs depend only on the
font files, the size, the style, the direction and the text: not on the screen or the
window that asked. Each language switch makes a new text setter, and every screen plans
its sizes again after one; kept here, measures taken in English are still known when the
guest comes back from Urdu. Bounded, the least recently used going first, so an evening
of typed names and rooms does not grow it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

from .text_runs import Run

Value = TypeVar("Value")


class MeasureCache(Generic[Value]):
    """At most ``limit`` measures, each made once by the function that makes it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: OrderedDict[Hashable, Value] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], Value]) -> Value:
        kept = self._kept
        try:
            value = kept[key]
        except KeyError:
            value = kept[key] = make()
            if len(kept) > self.limit:
                kept.popitem(last=False)
            return value
        kept.move_to_end(key)
        return value

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()


# Bounded to some 6 MB in all, full (measured with tracemalloc: a width about 270 bytes with
# its key, an ink box about 300, a line's runs about 700).
RUN_SIZES: MeasureCache[tuple[int, int]] = MeasureCache(8_000)  # (face, px, text) -> font.size
RUN_INKS: MeasureCache[tuple[int, int]] = MeasureCache(4_000)  # (face, px, text) -> ink above, below
LINE_INKS: MeasureCache[tuple[int, ...]] = MeasureCache(4_000)  # (setter, text, px, bold) -> ink box
LINE_RUNS: MeasureCache[list[Run]] = MeasureCache(2_000)  # (setter, line) -> runs in visual order
