"""Words in bold or italic inside a line of page text: the catalog's ``<b>`` and ``<i>``
parsed into spans, and spans wrapped into lines at word breaks. Drawing is the text
setter's (:meth:`TextSetter.render_styled`): the line's direction and scripts are worked
out over the whole line, then each run is cut where the style changes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from .text_runs import grapheme_clusters, letter_script, ARABIC

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
    """Lines no wider than ``width`` where possible, broken at spaces; a word wider than a
    line is split between grapheme clusters, except an Urdu word, which stays whole."""
    lines: list[Spans] = []
    line: list[Spans] = []
    for word in styled_words(spans):
        if measure(_joined([*line, word])) <= width:
            line.append(word)
            continue
        if line:
            lines.append(_joined(line))
            line = []
        if measure(word) <= width or any(letter_script(c) == ARABIC for c in plain(word)):
            line = [word]
            continue
        piece: list[Span] = []
        for span in word:
            for cluster in grapheme_clusters(span.text):
                trial = merged([*piece, Span(cluster, span.bold, span.italic)])
                if piece and measure(trial) > width:
                    lines.append(merged(piece))
                    piece = [Span(cluster, span.bold, span.italic)]
                else:
                    piece = list(trial)
        line = [merged(piece)] if piece else []
    if line:
        lines.append(_joined(line))
    return lines
