"""Numbers as the screen shows them: one minus sign everywhere, whether a score is negative
or a cost is deducted. It is the en dash (U+2013), as wide as a digit's stroke: the bundled
Noto Sans has no glyph for the mathematical minus (U+2212) and would draw a box.

A sign written right before a number belongs to it, in any language: "−15" is never drawn
"15−" in an Urdu line (:mod:`.bidi_levels`), nor broken after its sign at a line's end
(:mod:`.line_breaks`)."""

from __future__ import annotations

import re
from typing import Iterator

MINUS = "\u2013"
# A plus, a hyphen-minus, a minus or an en dash before a digit, not inside a word or after a
# decimal point ("3-4-5-6" and "1.-2" hold no signs).
_SIGNED_NUMBER = re.compile(r"(?<![\w.])[-+\u2212\u2013]\d")


def signed(value: int) -> str:
    """A score: ``-10`` reads "–10"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def cost(points: int) -> str:
    """Points taken off: "–15" (nothing taken: "0")."""
    return f"{MINUS}{points}" if points else "0"


def signs_of_numbers(text: str) -> Iterator[int]:
    """Where in ``text`` a sign stands that belongs to the number right after it."""
    return (match.start() for match in _SIGNED_NUMBER.finditer(text))


def change(points: int) -> str:
    """Points gained or lost, always with their sign: "+42", "–31" (none: "0")."""
    return f"+{points}" if points > 0 else signed(points)
