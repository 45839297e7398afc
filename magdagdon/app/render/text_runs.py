"""How a line of mixed text splits into runs and in which order they appear (no pygame here).

SDL_ttf shapes one string as one run, in one font, in one direction, with no bidi. So a
line such as "MAGDAGDON میں 12 پاسے" must be cut before it is drawn: into runs that share a
bidi embedding level (python-bidi resolves the levels) and a script (each script has its
font), then the runs are put in visual order (rule L2 of the Unicode bidi algorithm) and
each is shaped by HarfBuzz in its own direction.

Also here: breaking a paragraph into lines at spaces in logical order, and the grapheme
clusters that an over-long word may be split between (never inside a conjunct such as
स्ट्रे, and never inside an Urdu word at all: Urdu letters join only within one run).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import Callable

from bidi import algorithm as uba

LATIN, ARABIC, DEVANAGARI = "latin", "arabic", "devanagari"

_RANGES = (
    (0x0600, 0x06FF, ARABIC), (0x0750, 0x077F, ARABIC), (0x08A0, 0x08FF, ARABIC),
    (0xFB50, 0xFDFF, ARABIC), (0xFE70, 0xFEFF, ARABIC),
    (0x0900, 0x097F, DEVANAGARI), (0xA8E0, 0xA8FF, DEVANAGARI), (0x1CD0, 0x1CFF, DEVANAGARI),
)
_VIRAMA = "\u094d"
_ZWJ, _ZWNJ = "\u200d", "\u200c"
# The bidi algorithm drops these (rule X9); they take their neighbour's level here.
_REMOVED_BY_X9 = {"RLE", "LRE", "RLO", "LRO", "PDF", "BN"}
# python-bidi's algorithm refuses the isolates (an assertion): they are left out of what it
# reads and, like the above, take their neighbour's level (their isolation is lost, not the line).
_ISOLATES = {"LRI", "RLI", "FSI", "PDI"}
_NEIGHBOUR_LEVEL = _REMOVED_BY_X9 | _ISOLATES
_RIGHT_TO_LEFT = {"R", "AL", "AN", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI"}
# A sign written right before a number belongs to it: "−15" stays "−15" in an Urdu line
# (bare bidi would draw "15−"). The sign takes its number's level, as if the two were
# isolated together; the characters around them resolve as usual.
_SIGNED_NUMBER = re.compile(r"(?<![\w.])[-+\u2212\u2013]\d")


@functools.lru_cache(maxsize=4096)  # called for every letter of every line measured
def letter_script(char: str) -> str | None:
    """The script whose font must draw ``char``; None for characters that any font draws
    and that follow the script around them (digits, spaces, common punctuation, marks)."""
    code = ord(char)
    for low, high, script in _RANGES:
        if low <= code <= high:
            return script  # letters, marks, digits and punctuation of the script alike
    return LATIN if unicodedata.category(char)[0] == "L" else None


@dataclass(frozen=True)
class Run:
    text: str
    level: int  # bidi embedding level: odd = right to left
    script: str

    @property
    def rtl(self) -> bool:
        return self.level % 2 == 1


_OPENING = {"(": ")", "[": "]", "{": "}", "«": "»", "‹": "›"}
_CLOSING = set(_OPENING.values())


def _strong(bidi_type: str) -> str | None:
    """The direction a resolved type counts as inside brackets (numbers count as R)."""
    return "L" if bidi_type == "L" else "R" if bidi_type in ("R", "AL", "EN", "AN") else None


def _resolve_paired_brackets(storage: dict) -> None:
    """Rule N0 (Unicode 6.3), which python-bidi's step functions lack: a bracket pair takes
    the direction of the text it encloses, so "Majda Powers (0)" in an Urdu line keeps its
    brackets around the 0 instead of drawing "(Majda Powers (0"."""
    chars = storage["chars"]
    for run in storage["runs"]:
        start, end = run["start"], run["start"] + run["length"]
        if start >= end:
            continue
        embedding = "R" if chars[start]["level"] % 2 else "L"
        stack: list[tuple[str, int]] = []
        pairs: list[tuple[int, int]] = []
        for index in range(start, end):
            char = chars[index]
            if char["type"] != "ON":
                continue
            if char["ch"] in _OPENING and len(stack) < 63:
                stack.append((_OPENING[char["ch"]], index))
            elif char["ch"] in _CLOSING:
                for depth in range(len(stack) - 1, -1, -1):
                    if stack[depth][0] == char["ch"]:
                        pairs.append((stack[depth][1], index))
                        del stack[depth:]
                        break
        for opening, closing in sorted(pairs):
            inside = {_strong(chars[k]["type"]) for k in range(opening + 1, closing)} - {None}
            if not inside:
                continue
            direction = embedding
            if embedding not in inside:
                before = run["sor"]
                for k in range(opening - 1, start - 1, -1):
                    if _strong(chars[k]["type"]):
                        before = _strong(chars[k]["type"])
                        break
                direction = before if before != embedding else embedding
            chars[opening]["type"] = chars[closing]["type"] = direction


def base_level(text: str, rtl_language: bool) -> int:
    """An Urdu paragraph is right to left even when it opens with a Latin word."""
    return 1 if rtl_language else uba.get_base_level(text)


def bidi_levels(text: str, paragraph_level: int) -> list[int]:
    """The resolved embedding level of every character of ``text`` (logical order)."""
    if paragraph_level == 0 and not any(unicodedata.bidirectional(c) in _RIGHT_TO_LEFT for c in text):
        return [0] * len(text)  # nothing to reorder: most lines of English, Italian and Hindi
    storage = uba.get_empty_storage()
    storage["base_level"] = paragraph_level
    storage["base_dir"] = ("L", "R")[paragraph_level]
    uba.get_embedding_levels("".join(c for c in text if unicodedata.bidirectional(c) not in _ISOLATES), storage)
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage, False)
    _resolve_paired_brackets(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    kept = iter(storage["chars"])
    levels: list[int] = []
    for char in text:
        if unicodedata.bidirectional(char) in _NEIGHBOUR_LEVEL:
            levels.append(levels[-1] if levels else paragraph_level)
        else:
            levels.append(next(kept)["level"])
    for match in _SIGNED_NUMBER.finditer(text):
        levels[match.start()] = levels[match.start() + 1]
    # Rule L1: spaces before the end of the line return to the paragraph level.
    for index in range(len(text) - 1, -1, -1):
        if not text[index].isspace():
            break
        levels[index] = paragraph_level
    return levels


def split_runs(text: str, home_script: str, rtl_language: bool,
               drawing_script: Callable[[str, str], str] | None = None) -> list[Run]:
    """``text`` (one line, logical order) cut into runs of one level and one script, in
    logical order. Digits, spaces and punctuation take the script of the letters before
    them (else after them, else ``home_script``); ``drawing_script(script, char)`` may move
    a character to another script whose font has it."""
    if not text:
        return []
    levels = bidi_levels(text, base_level(text, rtl_language))
    chars = list(zip(text, levels))
    scripts = [letter_script(c) for c, _ in chars]
    following: list[str | None] = [None] * len(chars)
    upcoming = None
    for index in range(len(chars) - 1, -1, -1):
        following[index] = upcoming
        upcoming = scripts[index] or upcoming
    runs: list[Run] = []
    current, previous = "", None
    run_level, run_script = -1, ""
    for index, (char, level) in enumerate(chars):
        script = scripts[index] or previous or following[index] or home_script
        if drawing_script is not None:
            script = drawing_script(script, char)
        if scripts[index]:
            previous = scripts[index]
        if current and (level != run_level or script != run_script):
            runs.append(Run(current, run_level, run_script))
            current = ""
        if not current:
            run_level, run_script = level, script
        current += char
    runs.append(Run(current, run_level, run_script))
    return runs


def visual_order(runs: list[Run]) -> list[Run]:
    """Rule L2: from the highest level down to the lowest odd one, reverse every stretch of
    runs at that level or above. Each run keeps its own text; its shaping direction comes
    from its level."""
    if not runs:
        return []
    ordered = list(runs)
    highest = max(run.level for run in ordered)
    lowest_odd = min(run.level for run in ordered) | 1
    for level in range(highest, lowest_odd - 1, -1):
        index = 0
        while index < len(ordered):
            if ordered[index].level >= level:
                end = index
                while end < len(ordered) and ordered[end].level >= level:
                    end += 1
                ordered[index:end] = reversed(ordered[index:end])
                index = end
            else:
                index += 1
    return ordered


def grapheme_clusters(word: str) -> list[str]:
    """User-perceived characters: a base with its marks, joiners, and — in Devanagari — a
    consonant joined to the next by a virama (क्ष, स्ट्रे are one cluster each)."""
    clusters: list[str] = []
    for char in word:
        joins = clusters and (
            unicodedata.category(char) in ("Mn", "Mc", "Me")
            or char in (_ZWJ, _ZWNJ)
            or clusters[-1].endswith((_VIRAMA, _ZWJ))
        )
        if joins:
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


def _is_arabic_word(word: str) -> bool:
    return any(letter_script(c) == ARABIC for c in word)


SURE_FIT = 0.9  # a line estimated at this share of the width fits whatever its kerning


def wrap_paragraph(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Lines of ``text`` no wider than ``width`` where possible: breaks at spaces, in logical
    order. A single word wider than a line is split between grapheme clusters — except an
    Urdu word, which stays whole (split, its letters would lose their joined forms)."""
    lines: list[str] = []
    line = ""
    # Shaping a line costs in proportion to its length, and each word tried measures the
    # whole line again; a line's width is the sum of its words and spaces give or take
    # kerning, so only a line that comes near the width is measured whole.
    space = measure(" ") if text else 0
    estimate = 0
    for word in text.split():
        trial = f"{line} {word}" if line else word
        word_width = measure(word)
        trial_estimate = estimate + space + word_width if line else word_width
        if trial_estimate <= width * SURE_FIT or measure(trial) <= width:
            line, estimate = trial, trial_estimate
            continue
        if line:
            lines.append(line)
            line = ""
        if word_width <= width or _is_arabic_word(word):
            line, estimate = word, word_width
            continue
        for cluster in grapheme_clusters(word):
            if line and measure(line + cluster) > width:
                lines.append(line)
                line = ""
            line += cluster
        estimate = measure(line) if line else 0
    if line:
        lines.append(line)
    return lines
