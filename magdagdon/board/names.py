"""A player's name as the board keeps it: at most the game's 12 characters (as a reader
counts them, as the game cuts a name typed: a letter keeps its marks, an emoji sequence stays
whole), spaces collapsed, and never a character that changes what is around it.

Control characters (a line break, an escape), direction overrides, embeddings and isolates
(which would turn the rest of a page's line around) and any other invisible formatting are
refused, not cleaned: the game never sends them (its names are cleaned as they are typed),
so a name that carries them was made to abuse a page. The joiners Urdu and Hindi may need
(U+200C, U+200D) are letters' business and pass."""

from __future__ import annotations

import unicodedata

from ..graphemes import cut
from ..storage.high_scores import DEFAULT_NAME, MAX_NAME_CHARACTERS
from .refusals import Refusal, Refused

JOINERS = {"\u200c", "\u200d"}


def board_name(raw: object) -> str:
    """The name to show; Refused (bad_name, bad_request) for one the board will not show."""
    if raw is None:
        return DEFAULT_NAME
    if not isinstance(raw, str) or len(raw) > 200:
        raise Refused(Refusal.BAD_REQUEST, "the name is text of at most 200 characters")
    for char in raw:
        category = unicodedata.category(char)
        if category[0] == "C" and char not in JOINERS or category in ("Zl", "Zp"):
            raise Refused(Refusal.BAD_NAME, f"the name holds U+{ord(char):04X}, a control or direction character")
    name = cut(" ".join(raw.split()), MAX_NAME_CHARACTERS).strip()
    return name or DEFAULT_NAME
