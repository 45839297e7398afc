"""Player names as typed at the name entry: what is kept of what was typed, and the name
offered to the next player.

A name goes on the shared table and the game-over screen, so nothing that could hide or
reorder text survives: control characters, format characters (bidi overrides, zero-width
joiners and spaces), private-use and unassigned code points are dropped; runs of spaces
become one; at most ``MAX_NAME_CHARACTERS`` remain, counted as a reader counts them (a letter
with its marks is one: :mod:`magdagdon.storage.characters`); an empty name is the default name.
"""

from __future__ import annotations

import unicodedata
from typing import Callable

from magdagdon.storage import DEFAULT_NAME, MAX_NAME_CHARACTERS
from magdagdon.storage.characters import character_count, first_characters


def typed_characters(text: str) -> str:
    """``text`` without the characters a name never holds (categories C*: Cc, Cf, Cs, Co, Cn).
    Line and tab characters become spaces, so pasted ``a\\nb`` reads ``a b``."""
    kept = []
    for ch in text:
        if ch in "\t\n\r\v\f\x85\u2028\u2029":
            kept.append(" ")
        elif not unicodedata.category(ch).startswith("C"):
            kept.append(ch)
    return "".join(kept)


def add_typed(name: str, text: str) -> str:
    """``name`` with ``text`` appended as far as it fits; no leading or double spaces. A mark
    typed after the last letter that fits joins it; a letter past the last does not go in."""
    for ch in typed_characters(text):
        if character_count(name + ch) > MAX_NAME_CHARACTERS:
            break
        if ch.isspace():
            if not name or name.endswith(" "):
                continue
            ch = " "
        name += ch
    return name


def final_name(name: str) -> str:
    """The name to record: cleaned, trimmed, the default when nothing is left."""
    cleaned = first_characters(" ".join(typed_characters(name).split()), MAX_NAME_CHARACTERS).strip()
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
