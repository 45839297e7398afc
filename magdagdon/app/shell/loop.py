"""The fixed-timestep clock (Nystrom, *Game Loop*): updates at a fixed rate from an
accumulator, with a cap on catch-up steps, and the leftover fraction for drawing."""

from __future__ import annotations

UPDATES_PER_SECOND = 120
MAX_CATCH_UP_STEPS = 12  # after a long stall, skip time rather than spiral


def ticks(seconds: float) -> int:
    """A duration in fixed updates: every time the states count is stated in seconds."""
    return round(seconds * UPDATES_PER_SECOND)


class FixedStep:
    def __init__(self, hz: int = UPDATES_PER_SECOND, max_steps: int = MAX_CATCH_UP_STEPS) -> None:
        self.dt = 1.0 / hz
        self.max_steps = max_steps
        self.accumulator = 0.0

    def advance(self, elapsed: float) -> int:
        """Add ``elapsed`` seconds; returns how many fixed updates to run now."""
        self.accumulator += max(0.0, min(elapsed, self.dt * self.max_steps))
        steps = int(self.accumulator / self.dt)
        self.accumulator -= steps * self.dt
        return steps

    @property
    def alpha(self) -> float:
        """How far (0..1) the present lies between the last update and the next."""
        return min(1.0, self.accumulator / self.dt)

    def reset(self) -> None:
        self.accumulator = 0.0
