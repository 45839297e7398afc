"""Words in bold or italic inside a line of page text: the catalog's ``<b>`` and ``<i>``
parsed into spans, and spans wrapped into lines where a line may end. Drawing is the text
setter's (:meth:`TextSetter.render_styled`): the line's direction and scripts are worked
out over the whole line, then each run is cut where the style changes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from .line_breaks import holds_isolates, isolates_open, with_isolates_carried, wrap_ranges

_STYLE_TAG = re.compile(r"<\s*(/?)\s*([bi])\s*>", re.IGNORECASE)
_ANY_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False
    italic: bool = False

    @property
    def style(self) -> tuple[bool, bool]:
        return self.bold, self.italic


Spans = tuple[Span, ...]


def plain(spans: Sequence[Span]) -> str:
    return "".join(span.text for span in spans)


def merged(spans: Sequence[Span]) -> Spans:
    """Neighbours of one style joined, empty spans dropped."""
    result: list[Span] = []
    for span in spans:
        if not span.text:
            continue
        if result and result[-1].style == span.style:
            result[-1] = Span(result[-1].text + span.text, span.bold, span.italic)
        else:
            result.append(span)
    return tuple(result)


def parse_inline(markup: str) -> Spans:
    """One line of the catalog's markup as spans: ``<b>`` and ``<i>`` style the words
    between them (and may nest); other tags are dropped; entities are unescaped."""
    spans: list[Span] = []
    bold = italic = 0
    position = 0
    for tag in _STYLE_TAG.finditer(markup):
        spans.append(Span(_text(markup[position:tag.start()]), bold > 0, italic > 0))
        step = -1 if tag.group(1) else 1
        if tag.group(2).lower() == "b":
            bold = max(0, bold + step)
        else:
            italic = max(0, italic + step)
        position = tag.end()
    spans.append(Span(_text(markup[position:]), bold > 0, italic > 0))
    return merged(spans)


def _text(piece: str) -> str:
    return unescaped(_ANY_TAG.sub("", piece))


def unescaped(text: str) -> str:
    """``text`` with its character references (``&amp;``…) replaced; the html module is
    loaded only for a text that has one (most have none, and start-up draws several)."""
    if "&" not in text:
        return text
    import html

    return html.unescape(text)


def stripped(spans: Spans) -> Spans:
    """Without the spaces at either end, and with runs of spaces as one."""
    words = styled_words(spans)
    return _joined(words)


def styled_words(spans: Spans) -> list[Spans]:
    """The words of ``spans`` (split at white space), each keeping the styles of its letters."""
    words: list[list[Span]] = [[]]
    for span in spans:
        for index, piece in enumerate(re.split(r"\s+", span.text)):
            if index > 0 and words[-1]:
                words.append([])
            if piece:
                words[-1].append(Span(piece, span.bold, span.italic))
    return [merged(word) for word in words if word]


def _joined(words: Sequence[Spans]) -> Spans:
    """Words with one space between them; the space takes the style both sides share."""
    spans: list[Span] = []
    for word in words:
        if spans:
            before, after = spans[-1], word[0]
            spans.append(Span(" ", before.bold and after.bold, before.italic and after.italic))
        spans.extend(word)
    return merged(spans)


def wrap_spans(spans: Spans, width: int, measure: Callable[[Spans], int]) -> list[Spans]:
    """Lines no wider than ``width`` where possible, broken where a line may end, as plain
    text is (:func:`.line_breaks.wrap_ranges`), each letter keeping its style."""
    text = plain(spans)
    styles = [span.style for span in spans for _ in span.text]
    open_at = isolates_open(text) if holds_isolates(text) else None

    def line(start: int, end: int) -> Spans:
        before, after = with_isolates_carried(text, start, end, open_at)
        pieces = [Span(before, *styles[start])] if before else []
        position = 0
        for span in spans:
            low, high = max(start, position), min(end, position + len(span.text))
            if low < high:
                pieces.append(Span(span.text[low - position:high - position], span.bold, span.italic))
            position += len(span.text)
        if after:
            pieces.append(Span(after, *styles[end - 1]))
        return merged(pieces)

    return [line(start, end) for start, end in wrap_ranges(text, width, lambda start, end: measure(line(start, end)))]
