"""Characters as a reader counts them: user-perceived characters (extended grapheme
clusters, Unicode's UAX #29), not code points. A name of "at most 12 characters" is cut
between clusters, so a letter keeps its marks (नि, not न and a stray ि), a flag keeps both its
halves and an emoji made of several joined by U+200D stays whole.

``regex``'s ``\\X`` is a maintained implementation of UAX #29 (it follows each Unicode
version), so the game does not keep its own copy of the rules."""

from __future__ import annotations

import regex

_CLUSTER = regex.compile(r"\X")


def user_characters(text: str) -> list[str]:
    """``text`` split into the characters a reader sees."""
    clusters: list[str] = _CLUSTER.findall(text)
    return clusters


def character_count(text: str) -> int:
    return len(user_characters(text))


def first_characters(text: str, most: int) -> str:
    """The first ``most`` characters of ``text``, never cutting one in two."""
    return "".join(user_characters(text)[:max(0, most)])
