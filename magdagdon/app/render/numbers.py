"""Numbers as the screen shows them: one minus sign everywhere, the true minus (U+2212),
whether a score is negative or a cost is deducted."""

from __future__ import annotations

MINUS = "\u2212"


def signed(value: int) -> str:
    """A score: ``-10`` reads "−10"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def cost(points: int) -> str:
    """Points taken off: "−15" (nothing taken: "0")."""
    return f"{MINUS}{points}" if points else "0"
