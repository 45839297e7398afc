"""A name too long for its room: its longest start that fits, and an ellipsis."""

from __future__ import annotations

import unicodedata

from magdagdon.graphemes import clusters

from .fonts import FontBook

ELLIPSIS = "…"
MARKS = {"L": "\u200e", "R": "\u200f", "AL": "\u200f"}  # left-to-right / right-to-left marks


def shortened(fonts: FontBook, name: str, size: int, width: int, bold: bool = True) -> str:
    """``name`` as it fits ``width`` at ``size``: whole, or its longest start and "…"
    (which follows the name's own direction, also inside text of the other direction)."""
    if fonts.size(name, size, bold)[0] <= width:
        return name
    mark = next((MARKS[kind] for kind in map(unicodedata.bidirectional, name) if kind in MARKS), "")
    parts = clusters(name)  # cut between the characters a reader sees: never inside an emoji or a conjunct
    low, high = 1, len(parts) - 1  # at least one letter stays, so the player is still named
    while low < high:
        middle = (low + high + 1) // 2
        if fonts.size("".join(parts[:middle]).rstrip() + ELLIPSIS + mark, size, bold)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return "".join(parts[:low]).rstrip() + ELLIPSIS + mark
