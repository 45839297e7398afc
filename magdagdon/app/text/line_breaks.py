"""Where a line of text may end, and paragraphs wrapped there (no pygame here).

The places a line may end are UAX #14's line-break opportunities, from ICU's line break
iterator through its public API (PyICU's ``BreakIterator.createLineInstance``): after the
spaces that follow a word, after a hyphen ("re-|roll"), between two emoji; never before a
closing bracket or a full stop, inside an emoji sequence, a flag, a conjunct or a number
such as "3-4-5-6" or "12/25". On top of it the game keeps one rule of its own: a sign
stays with its number ("–1", not "–" at one line's end and "1" at the next; UAX #14 lets
a line end after an en dash).

Wrapping is greedy, in logical order, before any reordering for bidi: each line takes as
many words as fit its width. A word wider than a whole line is split between grapheme
clusters (never inside स्ट्रे or 👩‍💻) — except an Urdu word, which stays whole: its letters
join only within one run, so split it would lose its joined forms. A name isolated in its
sentence (FSI ... PDI) that a line break parts stays isolated on both lines: the line that
ends inside it closes it, the next one opens it again, so its second half cannot turn its
new line around.
"""

from __future__ import annotations

import threading
import unicodedata
from typing import Callable

import icu

from magdagdon.graphemes import clusters

from .numbers import signs_of_numbers
from .text_runs import ARABIC, letter_script

SURE_FIT = 0.9  # a line estimated at this share of the width fits whatever its kerning
_INITIATORS = {"LRI", "RLI", "FSI"}
POP_DIRECTIONAL_ISOLATE = "\u2069"
_local = threading.local()  # an ICU break iterator holds the text it walks: one per thread


def _line_break_iterator() -> "icu.BreakIterator":
    iterator = getattr(_local, "line_breaks", None)
    if iterator is None:  # made once (~0.1 ms): the root locale's rules, UAX #14 as it stands
        iterator = _local.line_breaks = icu.BreakIterator.createLineInstance(icu.Locale.getRoot())
    return iterator


def break_opportunities(text: str) -> list[int]:
    """The offsets (in characters, ascending, the last one ``len(text)``) at which a line of
    ``text`` may end: a line ending at offset ``n`` holds ``text[:n]``."""
    if not text:
        return []
    units = icu.UnicodeString(text)  # kept alive while the iterator walks it
    iterator = _line_break_iterator()
    iterator.setText(units)
    offsets = list(iterator)
    if len(units) != len(text):  # UTF-16 offsets: an emoji is two units, one character
        character_at = [index for index, char in enumerate(text) for _ in range(2 if ord(char) > 0xFFFF else 1)]
        character_at.append(len(text))
        offsets = [character_at[offset] for offset in offsets]
    inside_numbers = {sign + 1 for sign in signs_of_numbers(text)}
    return [offset for offset in offsets if offset not in inside_numbers]


def _trailing_space(segment: str) -> int:
    return len(segment) - len(segment.rstrip())


def _stays_whole(word: str) -> bool:
    """An Urdu word: its letters join only when shaped in one run."""
    return any(letter_script(char) == ARABIC for char in word)


def wrap_ranges(text: str, width: int, measure: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """The lines of ``text`` as (start, end) offsets, each no wider than ``width`` where
    possible by ``measure(start, end)`` (the width of ``text[start:end]`` as drawn); a line
    holds neither the spaces it ends at nor those a paragraph opens with."""
    lines: list[tuple[int, int]] = []
    start: int | None = None  # of the line being filled
    end = estimate = 0  # where its words end, and their widths added up
    word_start = 0
    for segment_end in break_opportunities(text):
        word_end = segment_end - _trailing_space(text[word_start:segment_end])
        while word_start < word_end and text[word_start].isspace():
            word_start += 1  # the spaces a paragraph opens with
        if word_start == word_end:
            word_start = segment_end
            continue
        word_width = measure(word_start, word_end)
        if start is not None:
            # Shaping a line costs in proportion to its length, and each word tried measures
            # the whole line again; a line's width is the sum of its words and spaces give
            # or take kerning, so only a line that comes near the width is measured whole.
            gap = measure(end, word_start) if word_start > end else 0
            trial_estimate = estimate + gap + word_width
            if trial_estimate <= width * SURE_FIT or measure(start, word_end) <= width:
                end, estimate = word_end, trial_estimate
                word_start = segment_end
                continue
            lines.append((start, end))
        start, end, estimate = word_start, word_end, word_width
        if word_width > width and not _stays_whole(text[word_start:word_end]):
            position = word_start
            for cluster in clusters(text[word_start:word_end]):
                if position > start and measure(start, position + len(cluster)) > width:
                    lines.append((start, position))
                    start = position
                position += len(cluster)
            estimate = measure(start, end)
        word_start = segment_end
    if start is not None:
        lines.append((start, end))
    return lines


def isolates_open(text: str) -> list[str]:
    """For each offset of ``text`` (and its end), the isolate initiators open there, outermost
    first (rule BD9's pairing: a PDI closes the innermost open isolate, if any)."""
    opened = ""
    open_at: list[str] = []
    for char in text:
        open_at.append(opened)
        kind = unicodedata.bidirectional(char)
        if kind in _INITIATORS:
            opened += char
        elif kind == "PDI" and opened:
            opened = opened[:-1]
    open_at.append(opened)
    return open_at


def with_isolates_carried(text: str, start: int, end: int, open_at: list[str] | None) -> tuple[str, str]:
    """What a line ``text[start:end]`` needs before and after it so that every isolate it
    shares with the lines around it is whole: the initiators open at its start, and a PDI
    for each isolate still open at its end. ``open_at``: :func:`isolates_open` of ``text``
    (None: ``text`` holds no isolate)."""
    if open_at is None:
        return "", ""
    return open_at[start], POP_DIRECTIONAL_ISOLATE * len(open_at[end])


def holds_isolates(text: str) -> bool:
    return any(unicodedata.bidirectional(char) in _INITIATORS for char in text)


def wrap_paragraph(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Lines of ``text`` (one paragraph) no wider than ``width`` where possible, broken at
    its line-break opportunities, each measured by ``measure`` as it will be drawn."""
    open_at = isolates_open(text) if holds_isolates(text) else None

    def line(start: int, end: int) -> str:
        before, after = with_isolates_carried(text, start, end, open_at)
        return before + text[start:end] + after

    return [line(start, end) for start, end in wrap_ranges(text, width, lambda start, end: measure(line(start, end)))]
