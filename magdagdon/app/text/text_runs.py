"""How a line of mixed text splits into runs and in which order they appear (no pygame here).

SDL_ttf shapes one string as one run, in one font, in one direction, with no bidi. So a
line such as "MAGDAGDON میں 12 پاسے" must be cut before it is drawn: into runs that share a
bidi embedding level (resolved by ICU, :mod:`.bidi_levels`) and a script (each script has
its font), then the runs are put in visual order (rule L2 of the Unicode bidi algorithm) and
each is shaped by HarfBuzz in its own direction. A name or a code inside a line is an
isolate (:func:`isolated`): its own direction inside, one neutral character to the line
around it. Where lines break: :mod:`.line_breaks`.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from typing import Callable

from .bidi_levels import line_levels

LATIN, ARABIC, DEVANAGARI = "latin", "arabic", "devanagari"

_RANGES = (
    (0x0600, 0x06FF, ARABIC), (0x0750, 0x077F, ARABIC), (0x08A0, 0x08FF, ARABIC),
    (0xFB50, 0xFDFF, ARABIC), (0xFE70, 0xFEFF, ARABIC),
    (0x0900, 0x097F, DEVANAGARI), (0xA8E0, 0xA8FF, DEVANAGARI), (0x1CD0, 0x1CFF, DEVANAGARI),
)
_REMOVED_BY_X9 = {"RLE", "LRE", "RLO", "LRO", "PDF", "BN"}
_INITIATORS = {"LRI", "RLI", "FSI"}
_ISOLATE_CONTROLS = _INITIATORS | {"PDI"}
_FORMAT_CONTROLS = _REMOVED_BY_X9 | _ISOLATE_CONTROLS  # invisible: never the start of a run of their own
_BIDI_CONTROLS = (_REMOVED_BY_X9 - {"BN"}) | _ISOLATE_CONTROLS
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"


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


def isolated(text: str) -> str:
    """``text`` as an isolate (FSI ... PDI): inside a line it keeps its own direction and
    moves nothing around it, whatever scripts either side hold (a name, a code)."""
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


def without_controls(text: str) -> str:
    """``text`` without the invisible bidi controls (isolates, embeddings, overrides): the
    words a reader sees, spelt as typed (joiners stay)."""
    return "".join(c for c in text if unicodedata.bidirectional(c) not in _BIDI_CONTROLS)


_bidi_class = functools.lru_cache(maxsize=4096)(unicodedata.bidirectional)  # every letter of every line


def _classes(text: str) -> list[str]:
    return [_bidi_class(c) for c in text]


def split_runs(text: str, home_script: str, rtl_language: bool,
               drawing_script: Callable[[str, str], str] | None = None) -> list[Run]:
    """``text`` (one line, logical order) cut into runs of one level and one script, in
    logical order. Digits, spaces and punctuation take the script of the letters before
    them (else after them, else ``home_script``); ``drawing_script(script, char)`` may move
    a character to another script whose font has it. Invisible controls (isolates,
    embeddings) ride with the run they stand in, and the spaces where a run meets another
    are a run of their own in Latin (see :func:`_spaces_apart`)."""
    if not text:
        return []
    classes = _classes(text)
    paragraph_level, levels = line_levels(text, rtl_language)
    if not any(level % 2 for level in levels):
        levels = [0] * len(text)  # no right-to-left stretch: shown in logical order, one run per script
    chars = list(zip(text, levels))
    scripts = [letter_script(c) for c, _ in chars]
    # A neutral takes the script of the letters beside it in its own isolate: the ":" after
    # an isolated Urdu name in an English line is drawn in Latin, as the words after it.
    within = _isolate_of(text) if any(kind in _ISOLATE_CONTROLS for kind in classes) else [-1] * len(text)
    previous: dict[int, str] = {}
    following: list[str | None] = [None] * len(chars)
    upcoming: dict[int, str] = {}
    for index in range(len(chars) - 1, -1, -1):
        following[index] = upcoming.get(within[index])
        own = scripts[index]
        if own:
            upcoming[within[index]] = own
    runs: list[Run] = []
    current = ""
    run_level: int | None = None  # of the run being built, once it holds a visible character
    run_script = home_script
    for index, (char, level) in enumerate(chars):
        if classes[index] in _FORMAT_CONTROLS:
            current += char  # draws nothing: it rides with the run it stands in
            continue
        own = scripts[index]
        script = own or previous.get(within[index]) or following[index] or home_script
        if drawing_script is not None:
            script = drawing_script(script, char)
        if own:
            previous[within[index]] = own
        if run_level is not None and (level != run_level or script != run_script):
            runs.append(Run(current, run_level, run_script))
            current, run_level = "", None
        if run_level is None:
            run_level, run_script = level, script
        current += char
    runs.append(Run(current, paragraph_level if run_level is None else run_level, run_script))
    return _spaces_apart(runs)


def _isolate_of(text: str) -> list[int]:
    """For each character, where the innermost isolate holding it opens (-1: none); an
    isolate's initiator and its PDI belong to the text around it (rule BD9 pairs them)."""
    opened: list[int] = []
    within: list[int] = []
    for index, kind in enumerate(_classes(text)):
        if kind == "PDI" and opened:
            opened.pop()
        within.append(opened[-1] if opened else -1)
        if kind in _INITIATORS:
            opened.append(index)
    return within


def _spaces_apart(runs: list[Run]) -> list[Run]:
    """Where a Nastaliq run meets another, its spaces at that edge become a run of their own
    in Latin: SDL_ttf with HarfBuzz draws a space at the edge of a right-to-left Nastaliq run
    nearly zero wide ("کوڈXGF270"), and Noto Sans draws a real one. Latin and Devanagari
    runs draw real spaces and keep theirs, so English and Hindi lines are drawn as before."""
    apart: list[Run] = []
    for index, run in enumerate(runs):
        text = run.text
        lead = _edge(text) if index > 0 else 0
        trail = _edge(text[::-1]) if index < len(runs) - 1 else 0
        if run.script != ARABIC or " " not in text[:lead] + text[len(text) - trail:]:
            apart.append(run)
            continue
        if lead + trail >= len(text):  # nothing but the spaces between two runs
            apart.append(Run(text, run.level, LATIN))
            continue
        pieces = (text[:lead], LATIN), (text[lead:len(text) - trail], run.script), (text[len(text) - trail:], LATIN)
        apart += [Run(piece, run.level, script) for piece, script in pieces if piece]
    return apart


def _edge(text: str) -> int:
    """How many characters at the start of ``text`` are spaces or invisible controls, if any
    of them is a space."""
    count = 0
    while count < len(text) and (text[count] == " " or _bidi_class(text[count]) in _FORMAT_CONTROLS):
        count += 1
    return count if " " in text[:count] else 0


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
