"""Player names as typed at the name entry: what is kept of what was typed, and the name
offered to the next player.

A name goes on the shared table and the game-over screen, so nothing that could hide or
reorder text survives: control characters, format characters (bidi overrides, zero-width
spaces, a joiner anywhere but inside an emoji sequence), private-use and unassigned code
points are dropped; a letter keeps a few combining marks, not a tower; runs of spaces
become one; at most ``MAX_NAME_CHARACTERS`` remain, counted as a reader counts them (an
emoji sequence is one, and never cut); an empty name is the default name.
"""

from __future__ import annotations

from typing import Callable

from magdagdon.graphemes import clusters, cut, length, tidy_text
from magdagdon.storage import DEFAULT_NAME, MAX_NAME_CHARACTERS

_LINES = "\t\n\r\v\f\x85\u2028\u2029"


def typed_characters(text: str) -> str:
    """``text`` without the characters a name never holds (categories C*: Cc, Cf, Cs, Co, Cn,
    but an emoji sequence's joiners). Line and tab characters become spaces, so pasted
    ``a\\nb`` reads ``a b``."""
    return tidy_text("".join(" " if ch in _LINES else ch for ch in text), invisible="")


def add_typed(name: str, text: str) -> str:
    """``name`` with ``text`` appended as far as it fits; no leading or double spaces. A mark
    typed after the last letter that fits joins it; a letter past the last does not go in."""
    for cluster in clusters(typed_characters(text)):
        if length(name + cluster) > MAX_NAME_CHARACTERS:
            break
        if cluster.isspace():
            if not name or name.endswith(" "):
                continue
            cluster = " "
        name += cluster
    return name


def final_name(name: str) -> str:
    """The name to record: cleaned, trimmed, the default when nothing is left."""
    cleaned = cut(" ".join(typed_characters(name).split()), MAX_NAME_CHARACTERS).strip()
    return cleaned or DEFAULT_NAME


class LastName:
    """The name last entered, offered again to the next player; ``save`` keeps it between
    runs (the settings file)."""

    def __init__(self, name: str | None = None, save: Callable[[str], object] | None = None) -> None:
        self.name = final_name(name) if name else None
        self.save = save

    def offer(self) -> str:
        return self.name or ""

    def remember(self, name: str) -> None:
        self.name = final_name(name)
        if self.save is not None:
            self.save(self.name)
