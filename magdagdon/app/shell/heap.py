"""Handing freed memory back to the system once the game rests after a burst of activity.

Random play grew the game from 76 MB to 230 MB resident within two minutes while the
Python heap stayed small. Most of it was memory the game had already let go of: text and
button images, fonts, pygame_gui's managers and their themes come and go in pieces of every
size, and glibc kept the pages freed in between for later (``mallinfo2``: 101 MB free in
its heap beside 104 MB in use). ``malloc_trim`` gives those pages back; and glibc, left to
itself, raises its mmap threshold to the size of each large block freed, so window-sized
images soon come from the heap and leave holes there: the threshold is held at glibc's
default, and such an image goes back to the system as soon as it is freed.

pygame_gui's widgets and managers are let go in reference cycles, with their images and
fonts, which the cyclic collector reaches late (it counts objects, not the pixels behind
them): with the trim alone, random play held 97 MB of surfaces and 373 fonts after two
minutes. A full collection comes first; it takes some 30-70 ms on a busy two-core machine,
at a moment when nothing is on its way to the screen.

So when the loop goes idle after drawing (never while something moves, never again while
the game just sits), at most every ``REST_SECONDS``, or at once after a menu manager was
let go (a language, Large text or window size chosen), a full collection, then the trim.
Without glibc (macOS, Windows, musl) the collection alone is done.

While the loop keeps drawing (a roll, a computer's turn, the kiosk's attract loop) no rest
comes for seconds or minutes, and what the frames let go stayed in the heap meanwhile (up to
17 MB at a roll in random play): the trim alone is done every ``BUSY_TRIM_SECONDS`` then.
"""

from __future__ import annotations

import gc
import sys
from typing import Callable

REST_SECONDS = 5.0
BUSY_TRIM_SECONDS = 2.0


M_MMAP_THRESHOLD = -3  # mallopt's parameter (malloc.h)
MMAP_THRESHOLD = 128 * 1024  # glibc's default, held: blocks this large come from the system


def _glibc_allocator() -> Callable[[int], int] | None:
    """``malloc_trim``, once glibc is told to keep its mmap threshold; None without glibc.

    glibc raises the threshold to the size of each large block freed (up to 32 MB), so
    after the first image is let go, images come from the heap and leave holes there; a
    threshold that is set stays put, and a freed image goes back to the system at once."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # ~5 ms: loaded after the first frame, not before it
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim, mallopt = libc.malloc_trim, libc.mallopt
    except (OSError, AttributeError):  # not glibc
        return None
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


class HeapTrimmer:
    def __init__(self) -> None:
        self._trim: Callable[[int], int] | None = None
        self._allocator_held = False
        self.last: float | None = None
        self.drawn_until = -1  # frames presented when it last ran
        self.let_go_much = False
        self.runs = 0
        self.busy_trims = 0
        self.trimmed_at: float | None = None

    def let_go(self) -> None:
        """Much was just let go: run at the next rest, however recent the last one."""
        self.let_go_much = True

    def rest(self, now: float, presented: int) -> None:
        """The loop has nothing to draw; ``presented`` counts the frames shown so far. The
        first rest only starts the count: start-up let go nothing worth a collection, and a
        full one (tens of ms) would hold up the first frame's exit in ``--frames 1``."""
        if self.last is None:
            self.last, self.drawn_until = now, presented
            return
        if not self.let_go_much and (presented == self.drawn_until
                                     or (self.last is not None and now - self.last < REST_SECONDS)):
            return
        self.last, self.drawn_until, self.let_go_much = now, presented, False
        gc.collect()
        self._trim_now(now)
        self.runs += 1

    def drawing(self, now: float) -> None:
        """The loop keeps drawing (a roll, a computer's turn, the attract loop): no rest
        comes, yet what each frame let go piles up in glibc's heap. The trim alone, at most
        every ``BUSY_TRIM_SECONDS`` (0.2-1.7 ms, once in some 200 frames); the collection
        waits for a rest."""
        if self.trimmed_at is None or now - self.trimmed_at >= BUSY_TRIM_SECONDS:
            self._trim_now(now)
            self.busy_trims += 1

    def hold_threshold(self) -> None:
        """Find glibc and hold its mmap threshold (after the first frame: start-up waits for
        nothing it does not show)."""
        if not self._allocator_held:
            self._allocator_held = True
            if self._trim is None:  # (a test may have handed in its own)
                self._trim = _glibc_allocator()

    def _trim_now(self, now: float) -> None:
        self.trimmed_at = now
        self.hold_threshold()
        if self._trim is not None:
            self._trim(0)
