"""Where the loop gets time and input: the real ones, or a script with a fake clock.

The control object reads events only from an ``EventSource`` and time only from a
``Clock``, so a test can play "launch, wait 5 s, tap" through the very loop a player runs:
``FakeClock.sleep`` advances the fake time at once, and ``ScriptedEvents`` hands out each
scripted event when the fake time reaches it.
"""

from __future__ import annotations

import time
from typing import Protocol

import pygame


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic clock."""
        ...

    def sleep(self, seconds: float) -> None:
        ...


class EventSource(Protocol):
    def poll(self) -> list[pygame.event.Event]:
        """The events that arrived since the last call (never blocks)."""
        ...

    def waiting(self) -> bool:
        """True when an event is there to poll (none is taken)."""
        ...


class RealClock:
    def now(self) -> float:
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class PygameEvents:
    def poll(self) -> list[pygame.event.Event]:
        return pygame.event.get()

    def waiting(self) -> bool:
        return bool(pygame.event.peek())


class FakeClock:
    """Time that passes only when the loop sleeps (or a test says so). ``slowest`` plays a
    slower machine: no sleep is shorter, so each frame runs several fixed updates (the loop
    catches up as it would on a busy computer) and fewer frames are drawn."""

    def __init__(self, start: float = 0.0, slowest: float = 0.0) -> None:
        self.time = start
        self.slowest = slowest

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.time += max(self.slowest, seconds)


class ScriptedEvents:
    """Events at chosen times of a clock, plus whatever pygame itself queues (window
    events, and the results pygame_gui posts, such as a button press)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.script: list[tuple[float, int, pygame.event.Event]] = []
        self.count = 0

    def at(self, when: float, event: pygame.event.Event) -> None:
        self.count += 1
        self.script.append((when, self.count, event))
        self.script.sort(key=lambda entry: entry[:2])

    def waiting(self) -> bool:
        return bool(self.script and self.script[0][0] <= self.clock.now()) or bool(pygame.event.peek())

    def poll(self) -> list[pygame.event.Event]:
        now = self.clock.now()
        due = [event for when, _, event in self.script if when <= now]
        self.script = [entry for entry in self.script if entry[0] > now]
        return due + pygame.event.get()
