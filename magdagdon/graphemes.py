"""User-perceived characters (UAX #29 extended grapheme clusters, found by the ``regex``
module's ``\\X``): names are counted, cut and cleaned by them, so that an emoji sequence
joined by zero-width joiners (👩‍💻, 👨‍👩‍👧), a flag or a skin tone stays whole.

What a cluster of a name keeps (:func:`tidy`): its zero-width joiners only between the
pictographs of an emoji sequence, its tag characters only in a flag (🏴 and the tags of a
region), at most ``MAX_MARKS`` combining marks in a row on a letter (a tower of them would
climb out of its row and over the rows around it), and no other invisible character.
No pygame here: the tables, the party and the phones' room clean names with it too.
"""

from __future__ import annotations

import unicodedata

import regex

MAX_MARKS = 4  # Vietnamese stacks two, fully pointed Arabic or Hebrew three; a tower dozens
ZWJ, ZWNJ = "\u200d", "\u200c"
BLACK_FLAG = "\U0001F3F4"  # a region's flag: the flag, then tag characters naming the region
_CLUSTER = regex.compile(r"\X")
_PICTOGRAPH = regex.compile(r"[\p{Extended_Pictographic}\p{Regional_Indicator}]")


def clusters(text: str) -> list[str]:
    return _CLUSTER.findall(text)


def cut(text: str, count: int) -> str:
    """The first ``count`` user-perceived characters of ``text`` (never half an emoji)."""
    return "".join(clusters(text)[:count])


def length(text: str) -> int:
    return len(clusters(text))


def is_pictograph(cluster: str) -> bool:
    """An emoji or a flag (its first character is a pictograph or a regional indicator)."""
    return bool(cluster) and _PICTOGRAPH.match(cluster) is not None


def is_invisible(cluster: str) -> bool:
    """A cluster that is a control or format character alone (a bidi override, a zero-width
    space, a line break): never a character of a name."""
    return unicodedata.category(cluster[0]).startswith("C")


def tidy(cluster: str) -> str:
    """``cluster`` as a name keeps it (see the module's docstring)."""
    emoji = is_pictograph(cluster)
    kept: list[str] = []
    marks = 0
    for index, char in enumerate(cluster):
        category = unicodedata.category(char)
        if char == ZWJ:
            keep = emoji and index + 1 < len(cluster)  # between two pictographs of one sequence
        elif 0xE0020 <= ord(char) <= 0xE007F:
            keep = cluster[0] == BLACK_FLAG
        elif category.startswith("C"):
            keep = char == ZWNJ  # kept between letters by the caller; any other is invisible
        elif category in ("Mn", "Me"):
            marks += 1
            keep = marks <= MAX_MARKS
        else:
            marks = 0
            keep = True
        if keep:
            kept.append(char)
    return "".join(kept)


def tidy_text(text: str, invisible: str = " ") -> str:
    """``text`` cluster by cluster: each tidied, an invisible one replaced by ``invisible``;
    a zero-width non-joiner only between two letters (it keeps Urdu and Hindi letters apart
    where the name wants them apart)."""
    parts = clusters(text)
    out: list[str] = []
    for index, part in enumerate(parts):
        if is_invisible(part):
            out.append(invisible)
            continue
        kept = tidy(part)
        if kept.endswith(ZWNJ):
            following = parts[index + 1] if index + 1 < len(parts) else ""
            if not (_letter(kept) and following and _letter(following)):
                kept = kept.rstrip(ZWNJ)
        out.append(kept)
    return "".join(out)


def _letter(cluster: str) -> bool:
    return unicodedata.category(cluster[0]).startswith("L")
