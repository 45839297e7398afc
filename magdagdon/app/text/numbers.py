"""Numbers as the screen shows them: one minus sign everywhere, whether a score is negative
or a cost is deducted. It is the en dash (U+2013), as wide as a digit's stroke: the bundled
Noto Sans has no glyph for the mathematical minus (U+2212) and would draw a box."""

from __future__ import annotations

MINUS = "\u2013"


def signed(value: int) -> str:
    """A score: ``-10`` reads "–10"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def cost(points: int) -> str:
    """Points taken off: "–15" (nothing taken: "0")."""
    return f"{MINUS}{points}" if points else "0"


def change(points: int) -> str:
    """Points gained or lost, always with their sign: "+42", "–31" (none: "0")."""
    return f"+{points}" if points > 0 else signed(points)
