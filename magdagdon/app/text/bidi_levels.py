"""The bidi level of every character of a line (UAX #9), from ICU's bidi engine through its
public API (PyICU's ``Bidi``: ``setPara``, ``getParaLevel``, ``getLevels``). ICU resolves the
whole algorithm — isolates, paired brackets, rule L1 at the line's end — so the game keeps
only its own one rule on top: a sign keeps to its number. Why ICU and not python-bidi:
docs/LANGUAGES.md. No pygame here.
"""

from __future__ import annotations

import functools
import unicodedata

import icu

from .numbers import signs_of_numbers

# Characters whose presence may make a line anything but left to right throughout.
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI", "FSI"})
_bidi_class = functools.lru_cache(maxsize=4096)(unicodedata.bidirectional)  # every letter of every line


def may_reverse(text: str) -> bool:
    """Whether ``text`` holds anything that can be laid out right to left: without it, a
    line of a left-to-right language is shown in logical order (most lines of English,
    Italian and Hindi, which so never reach ICU)."""
    return any(_bidi_class(char) in _RIGHT_TO_LEFT for char in text)


def _resolved(text: str, paragraph: int) -> tuple[int, list[int]]:
    """ICU's (paragraph level, level of each UTF-16 unit) for ``text`` as one paragraph at
    ``paragraph`` (0, 1, or ``Bidi.DEFAULT_LTR``: the first strong letter outside isolates
    decides, left to right if none)."""
    engine = icu.Bidi()
    units = icu.UnicodeString(text)  # kept alive while the engine reads it
    engine.setPara(units, paragraph)
    return engine.getParaLevel(), list(engine.getLevels())


def _per_character(text: str, unit_levels: list[int]) -> list[int]:
    """Levels of UTF-16 units as levels of ``text``'s characters (an emoji is two units)."""
    if len(unit_levels) == len(text):
        return unit_levels
    levels: list[int] = []
    unit = 0
    for char in text:
        levels.append(unit_levels[unit])
        unit += 2 if ord(char) > 0xFFFF else 1
    return levels


def line_levels(text: str, rtl_language: bool) -> tuple[int, list[int]]:
    """(the paragraph's level, the level of every character) of one line drawn in a
    language that reads right to left (``rtl_language``: the paragraph is right to left even
    when it opens with a Latin word) or not (the first strong letter outside isolates
    decides, so an isolated Urdu name opening an English line does not turn it around).
    A sign written before a number takes the number's level: "−15" stays "−15" in an Urdu
    line, where bare bidi would draw "15−"."""
    if not text:
        return (1 if rtl_language else 0), []
    if not rtl_language and not may_reverse(text):
        return 0, [0] * len(text)
    paragraph, units = _resolved(text, 1 if rtl_language else icu.Bidi.DEFAULT_LTR)
    levels = _per_character(text, units)
    for sign in signs_of_numbers(text):
        levels[sign] = levels[sign + 1]
    return paragraph, levels


def uba_levels(text: str, paragraph_level: int) -> list[int]:
    """The Unicode bidi algorithm's levels of one line at ``paragraph_level`` (0 or 1), as
    ICU resolves them, with nothing of the game's own."""
    return _per_character(text, _resolved(text, paragraph_level)[1]) if text else []


def base_level(text: str, rtl_language: bool) -> int:
    """The level of the paragraph ``text`` is drawn as (see :func:`line_levels`)."""
    return line_levels(text, rtl_language)[0]
