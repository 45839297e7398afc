"""How a line of mixed text splits into runs and in which order they appear (no pygame here).

SDL_ttf shapes one string as one run, in one font, in one direction, with no bidi. So a
line such as "MAGDAGDON میں 12 پاسے" must be cut before it is drawn: into runs that share a
bidi embedding level (python-bidi resolves the levels; the isolates it does not know, and
the paired brackets, are resolved here) and a script (each script has its font), then the
runs are put in visual order (rule L2 of the Unicode bidi algorithm) and each is shaped by
HarfBuzz in its own direction. A name or a code inside a line is an isolate (:func:`isolated`):
its own direction inside, one neutral character to the line around it.

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
# Rule X9 removes these; they take their neighbour's level here (they draw nothing).
_REMOVED_BY_X9 = {"RLE", "LRE", "RLO", "LRO", "PDF", "BN"}
_INITIATORS = {"LRI", "RLI", "FSI"}
_ISOLATE_CONTROLS = _INITIATORS | {"PDI"}
_FORMAT_CONTROLS = _REMOVED_BY_X9 | _ISOLATE_CONTROLS  # invisible: never the start of a run of their own
_BIDI_CONTROLS = (_REMOVED_BY_X9 - {"BN"}) | _ISOLATE_CONTROLS
_RIGHT_TO_LEFT = {"R", "AL", "AN", "RLE", "RLO", "RLI", "FSI"}
_STRONG_LEVEL = {"L": 0, "R": 1, "AL": 1}
# python-bidi's steps know no isolates: each isolate of a line is handed to them as this one
# neutral character (rules BD8, X5a-X5c, X6a), and its content is resolved on its own.
_ISOLATE_STANDS_IN = "\ufffc"  # OBJECT REPLACEMENT CHARACTER, of class ON
_DEEPEST = 61  # python-bidi's deepest embedding level
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
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
            for bracket in (opening, closing):
                chars[bracket]["type"] = direction
                follower = bracket + 1  # marks on a bracket follow it (they took its ON in W1)
                while follower < end and chars[follower]["orig"] == "NSM":
                    chars[follower]["type"] = direction
                    follower += 1


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


def _isolate_ends(classes: list[str]) -> dict[int, int]:
    """Rule BD9 for the isolates that open at the outermost depth: each initiator's index ->
    the index of its matching PDI (the length: none, the isolate runs to the end of the line)."""
    ends: dict[int, int] = {}
    opened: list[int] = []
    for index, kind in enumerate(classes):
        if kind in _INITIATORS:
            opened.append(index)
        elif kind == "PDI" and opened:
            begun = opened.pop()
            if not opened:
                ends[begun] = index
    if opened:
        ends[opened[0]] = len(classes)
    return ends


def _first_strong(classes: list[str]) -> int | None:
    """Rules P2 and P3: the level the first strong letter asks for, skipping what isolates
    hold; None when there is no strong letter."""
    depth = 0
    for kind in classes:
        if kind in _INITIATORS:
            depth += 1
        elif kind == "PDI":
            depth = max(0, depth - 1)
        elif depth == 0 and kind in _STRONG_LEVEL:
            return _STRONG_LEVEL[kind]
    return None


def base_level(text: str, rtl_language: bool) -> int:
    """An Urdu paragraph is right to left even when it opens with a Latin word; another
    takes the direction of its first strong letter outside isolates (left to right if none),
    so an Urdu name opening an English line does not turn the line around."""
    return 1 if rtl_language else _first_strong(_classes(text)) or 0


def _python_bidi(text: str, level: int) -> tuple[list[int], list[int]]:
    """python-bidi's steps (X1-X10, W1-W7, N0 here, N1-N2, I1-I2) on ``text``, which holds no
    isolate, as a paragraph at ``level``: every character's (embedding level, resolved level);
    those rule X9 removes take their neighbour's."""
    storage = uba.get_empty_storage()
    storage["base_level"] = level
    storage["base_dir"] = ("L", "R")[level % 2]
    uba.get_embedding_levels(text, storage)
    uba.explicit_embed_and_overrides(storage)
    kept = list(storage["chars"])
    embedding = [char["level"] for char in kept]
    uba.resolve_weak_types(storage, False)
    _resolve_paired_brackets(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    embeddings: list[int] = []
    levels: list[int] = []
    position = 0
    for kind in _classes(text):
        if kind in _REMOVED_BY_X9 or position >= len(kept):
            embeddings.append(embeddings[-1] if embeddings else level)
            levels.append(levels[-1] if levels else level)
        else:
            embeddings.append(embedding[position])
            levels.append(kept[position]["level"])
            position += 1
    return embeddings, levels


def _resolved(text: str, level: int) -> list[int]:
    """The resolved level of every character of ``text`` as a paragraph at ``level`` (even or
    odd, and above 1 for an isolate's content). Each isolate counts as one neutral character
    in the text around it, its initiator and PDI taking that character's level (BD8, X6a);
    what it holds is resolved on its own at the next level above its initiator's (X5a-X5c)."""
    classes = _classes(text)
    if level % 2 == 0 and not any(kind in _RIGHT_TO_LEFT for kind in classes):
        return [level] * len(text)  # nothing to reorder: most lines of English, Italian and Hindi
    if not any(kind in _ISOLATE_CONTROLS for kind in classes):
        return _python_bidi(text, level)[1]
    ends = _isolate_ends(classes)
    outer: list[str] = []
    spans: list[tuple[int, int, int]] = []  # (initiator, end, its index in ``outer``)
    index = 0
    while index < len(text):
        if index in ends:
            spans.append((index, ends[index], len(outer)))
            outer.append(_ISOLATE_STANDS_IN)
            index = ends[index] + 1
        else:  # an unmatched PDI is a neutral like any other (X6a)
            outer.append(_ISOLATE_STANDS_IN if classes[index] == "PDI" else text[index])
            index += 1
    embeddings, outer_levels = _python_bidi("".join(outer), level)
    levels: list[int] = []
    at = 0
    for start, end, stand_in in spans:
        levels += outer_levels[at:stand_in]
        at = stand_in + 1
        levels.append(outer_levels[stand_in])
        inner = text[start + 1:end]
        kind = classes[start]
        if kind == "FSI":
            kind = "RLI" if _first_strong(classes[start + 1:end]) == 1 else "LRI"
        around = embeddings[stand_in]
        raised = (around + 1) | 1 if kind == "RLI" else (around + 2) & ~1
        levels += _resolved(inner, raised if raised <= _DEEPEST else around)
        if end < len(text):
            levels.append(outer_levels[stand_in])
    levels += outer_levels[at:]
    return levels


def _line_ends_reset(text: str, levels: list[int], paragraph_level: int) -> None:
    """Rule L1: segment separators, and the white space and isolate controls before one or at
    the end of the line, return to the paragraph's level."""
    trailing = True
    for index in range(len(text) - 1, -1, -1):
        kind = _bidi_class(text[index])
        if kind in ("S", "B"):
            levels[index], trailing = paragraph_level, True
        elif trailing and kind in ("WS", *_ISOLATE_CONTROLS, *_REMOVED_BY_X9):
            levels[index] = paragraph_level
        else:
            trailing = False


def uba_levels(text: str, paragraph_level: int) -> list[int]:
    """The Unicode bidi algorithm's levels for one line of ``text`` (logical order), rule L1
    included: what python-bidi resolves, with isolates and paired brackets added."""
    levels = _resolved(text, paragraph_level)
    _line_ends_reset(text, levels, paragraph_level)
    return levels


def bidi_levels(text: str, paragraph_level: int) -> list[int]:
    """The level of every character of ``text`` (logical order) as the game draws it: the
    bidi algorithm's, except that a sign keeps to its number ("−15", not "15−")."""
    levels = uba_levels(text, paragraph_level)
    for match in _SIGNED_NUMBER.finditer(text):
        levels[match.start()] = levels[match.start() + 1]
    return levels


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
    paragraph_level = 1 if rtl_language else _first_strong(classes) or 0
    levels = [0] * len(text)  # no right-to-left stretch: shown in logical order, one run per script
    if paragraph_level or any(kind in _RIGHT_TO_LEFT for kind in classes):
        resolved = bidi_levels(text, paragraph_level)
        if any(level % 2 for level in resolved):
            levels = resolved
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


# Where a line may break: at any space but a no-break one (U+00A0, U+2007, U+202F), which a
# sentence puts where a number must stay with its sign or label ("–32 ± 1", "= 442").
_BREAKABLE_SPACES = re.compile(r"[^\S\u00a0\u2007\u202f]+")


def wrap_paragraph(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Lines of ``text`` no wider than ``width`` where possible: breaks at spaces (never a
    no-break space), in logical order. A single word wider than a line is split between
    grapheme clusters — except an Urdu word, which stays whole (split, its letters would lose
    their joined forms)."""
    lines: list[str] = []
    line = ""
    # Shaping a line costs in proportion to its length, and each word tried measures the
    # whole line again; a line's width is the sum of its words and spaces give or take
    # kerning, so only a line that comes near the width is measured whole.
    space = measure(" ") if text else 0
    estimate = 0
    for word in _BREAKABLE_SPACES.split(text):
        if not word:
            continue
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
