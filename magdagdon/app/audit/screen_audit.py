"""The whole-screen audit: what a player would find wrong with a frame, read from its draw
log (:mod:`.render.draw_log`) — not each text against its own box, but everything on the
screen together.

A frame fails when
- two texts' inks overlap, or a text lies over an element it does not belong to, or an
  element hides a text it does not belong to;
- a text's ink leaves its panel or the window, or a clip cut it;
- a text is smaller than the readable floor;
- a state declared content it did not draw (game over: the score, the rank, the review);
- a coach mark or tip covers its own target, the score, or a control it does not name;
- one row of buttons shows its labels in two sizes, or words side by side sit on
  different baselines;
- a text has no role (the log cannot tell what it is), or two dialogs stand on each other;
- two texts of one line in one panel stand so close that they read as one phrase (columns
  jammed), or a value stands nearer another row's words than its own row's;
- tiles side by side or one under another (the players') set their scores, or their
  pictures (a review's boards), at different heights;
- a text stands nearer its box's edge (a button, a card, a dialog) than a fifth of its
  size, or a title nearer the text above or under it than a quarter of its size;
- a button's label is broken so that a sign and its number ("+1") stand on a line of their
  own, a row of buttons breaks one label onto two lines that would fit on one, or a
  button's label is drawn smaller than the note under it;
- a dialog lies over the bar across the window's top though the window has room for it
  under the bar.

What lies under the last veil (a menu or dialog dims the screen) is background: it is
judged on its own screen, not with the dialog over it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable

import pygame

from .draw_log import Drawn, DrawnFrame, Role

CONTROLS = frozenset({Role.BUTTON, Role.DIE, Role.CELL})
TOLERANCE = 1  # pixels a text's ink may stray past its box (anti-aliasing)


@dataclass(frozen=True)
class Finding:
    rule: str
    what: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.what}"


def _short(record: Drawn) -> str:
    words = record.words if len(record.words) <= 40 else record.words[:38] + "…"
    where = "/".join(record.panel[1:]) or (record.panel[0] if record.panel else "")
    return f"{words!r} ({record.role.value if record.role else 'no role'} in {where or 'the window'})"


def active_records(frame: DrawnFrame) -> tuple[list[Drawn], list[Drawn]]:
    """(background, active): the records under the last whole-window veil, and the rest."""
    window = pygame.Rect((0, 0), frame.size)
    cut = 0
    for index, record in enumerate(frame.records):
        if record.role is Role.VEIL and record.rect.contains(window):
            cut = index + 1
    return list(frame.records[:cut]), list(frame.records[cut:])


def belongs(text: Drawn, element: Drawn) -> bool:
    """A text belongs to an element it lies in (its panel path names it), or that lies in
    the same panel as the text's own box around both (a cell's number and the cell)."""
    return element.words in text.panel


def audit_frame(frame: DrawnFrame, floor: int, declared: Iterable[str] = ()) -> list[Finding]:
    background, active = active_records(frame)
    dialogs = [r for r in active if r.role is Role.DIALOG and r.opaque]
    active = [r for r in active if not hidden(r, dialogs)]
    texts = [r for r in active if r.is_text]
    elements = [r for r in active if not r.is_text]
    window = pygame.Rect((0, 0), frame.size)
    findings: list[Finding] = []
    add = findings.append

    for text in texts:
        if text.role is None:
            add(Finding("no role", f"{_short(text)}: the log cannot tell what this text is"))
        if text.role is not Role.SHADOW and text.px < floor:
            add(Finding("too small", f"{_short(text)} at {text.px} px, below {floor} px"))
        if not window.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(text.rect):
            add(Finding("outside the window", f"{_short(text)} ink {tuple(text.rect)} in a {frame.size} window"))
        elif text.panel_rect is not None and not text.panel_rect.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(text.rect):
            add(Finding("outside its panel", f"{_short(text)} ink {tuple(text.rect)} outside {tuple(text.panel_rect)}"))
        if text.cut:
            add(Finding("cut", f"{_short(text)}: only {tuple(text.shown)} of its ink {tuple(text.rect)} shows"
                        if text.shown.size != text.rect.size else f"{_short(text)}: a letter is cut by its own line"))

    for first, second in combinations([t for t in texts if t.role is not Role.SHADOW], 2):
        if _overlap(first, second):
            add(Finding("overlap", f"{_short(first)} and {_short(second)} overlap"))

    for text in texts:
        for element in elements:
            if element.role in (Role.VEIL, Role.WINDOW) or belongs(text, element):
                continue
            if not element.rect.colliderect(text.shown):
                continue
            if element.order < text.order:
                if not _on_its_own_panel(text, element, elements):
                    add(Finding("text over an element", f"{_short(text)} is drawn over {element.words}"))
            elif element.opaque:
                add(Finding("covered", f"{_short(text)} is covered by {element.words}"))

    findings += _marks(elements)
    findings += _rows_of_buttons(texts, elements)
    findings += _baselines(texts)
    findings += _jammed(texts)
    findings += _far_from_its_own(texts, elements)
    findings += _sibling_lines(texts, elements)
    findings += _stacked_dialogs(background, elements)
    findings += _near_the_edge(texts, elements, floor)
    findings += _crowded_titles(texts, elements)
    findings += _parted_signs(texts, elements)
    findings += _label_below_its_note(texts, elements)
    findings += _over_the_header(background, elements, frame.size)
    shown_panels = {name for text in texts for name in text.panel}
    for name in declared:
        if name not in shown_panels:
            add(Finding("missing", f"the screen declares {name!r} and draws none of it"))
    return findings


def hidden(record: Drawn, dialogs: list[Drawn]) -> bool:
    """A record wholly under an opaque dialog drawn after it (that it is not part of)
    cannot be seen."""
    return any(dialog.order > record.order and dialog.rect.contains(record.shown)
               and dialog.words not in record.panel and dialog is not record for dialog in dialogs)


def _on_its_own_panel(text: Drawn, element: Drawn, elements: list[Drawn]) -> bool:
    """The text lies on a panel of its own (a button, a banner) drawn over ``element``."""
    return any(own.words in text.panel and element.order < own.order < text.order and own.rect.contains(text.shown)
               for own in elements)


def _overlap(first: Drawn, second: Drawn) -> bool:
    if not first.shown.colliderect(second.shown):
        return False
    if first.mask is None or second.mask is None:
        return True
    offset = (second.origin[0] - first.origin[0], second.origin[1] - first.origin[1])
    return first.mask.overlap_area(second.mask, offset) > 0


def _marks(elements: list[Drawn]) -> list[Finding]:
    """A coach mark or tip may cover neither what it points at, nor the score, nor a
    control it does not name."""
    findings = []
    for mark in (e for e in elements if e.role in (Role.MARK, Role.TIP)):
        for other in elements:
            if other is mark or not other.rect.colliderect(mark.rect) or other.words in mark.panel:
                continue
            target = bool(mark.names) and other.words == mark.names[0]
            kind = "tip" if mark.role is Role.TIP else "mark"
            if target:
                findings.append(Finding("mark covers", f"the {kind} {mark.words!r} covers its own target {other.words}"))
            elif other.words == "score" or (other.role in CONTROLS and other.words not in mark.names):
                findings.append(Finding("mark covers", f"the {kind} {mark.words!r} covers {other.words}"))
    return findings


def _label_lines(button: Drawn, texts: list[Drawn]) -> list[Drawn]:
    """A button's label, line by line (its sub-label is no part of it)."""
    return [t for t in texts if t.role is Role.BUTTON_LABEL and button.words in t.panel]


def _rows_of_buttons(texts: list[Drawn], elements: list[Drawn]) -> list[Finding]:
    """Buttons side by side in one row (same top and height, same panel) show their labels
    at one size, and on one line each where a label broken onto more would fit on one: a
    row reads as one row (a label in two lines beside labels in one reads as another kind
    of button)."""
    findings = []
    buttons = [e for e in elements if e.role is Role.BUTTON]
    rows: dict[tuple[tuple[str, ...], int, int], list[Drawn]] = {}
    for button in buttons:
        rows.setdefault((button.panel, button.rect.top, button.rect.height), []).append(button)
    for row in rows.values():
        if len(row) < 2:
            continue
        sizes, lines = {}, {}
        for button in row:
            label = _label_lines(button, texts)
            if label:
                sizes[button.words] = label[0].px
                lines[button.words] = len(label)
        if len(set(sizes.values())) > 1:
            listed = ", ".join(f"{name.removeprefix('button ')} {px} px" for name, px in sizes.items())
            findings.append(Finding("row sizes", f"one row of buttons in {len(set(sizes.values()))} sizes: {listed}"))
        if len(set(lines.values())) > 1:
            for button in row:
                label = _label_lines(button, texts)
                if len(label) > 1 and _would_fit_one_line(button, label):
                    words = " ".join(t.words for t in label)
                    findings.append(Finding("row lines", f"{_short(label[0])}: {words!r} is broken onto {len(label)} "
                                            f"lines in a row of one-line labels, though it fits its button on one"))
    return findings


WORD_SPACE = 0.3  # a word space, in ems


def _would_fit_one_line(button: Drawn, label: list[Drawn]) -> bool:
    """The label's lines side by side, a word space apart, fit the button clear of its
    sides (as :func:`_near_the_edge` asks)."""
    px = label[0].px
    joined = sum(t.rect.width for t in label) + round(WORD_SPACE * px) * (len(label) - 1)
    return joined <= button.rect.width - 2 * math.ceil(EDGE * px)


SIGNED_NUMBER = re.compile(r"^[+\-\u2212\u2013]\d+$")  # +1, −1 (a minus, or the en dash the catalogs use)


def _parted_signs(texts: list[Drawn], elements: list[Drawn]) -> list[Finding]:
    """A sign and its number belong to the word before them ("AUMENTA +1"): a label broken
    so that they stand on a line of their own reads as a second label."""
    findings = []
    for button in (e for e in elements if e.role is Role.BUTTON):
        label = _label_lines(button, texts)
        if len(label) > 1:
            for line in label:
                if SIGNED_NUMBER.match(line.words.strip()):
                    findings.append(Finding("parted", f"{_short(line)} stands on a line of its own, parted from "
                                            f"{' '.join(t.words for t in label if t is not line)!r}"))
    return findings


def _label_below_its_note(texts: list[Drawn], elements: list[Drawn]) -> list[Finding]:
    """A button's label (its name) is drawn no smaller than the note under it (a cost, "pick
    a die first"): the name is what a player reads first."""
    findings = []
    for button in (e for e in elements if e.role is Role.BUTTON):
        label = _label_lines(button, texts)
        notes = [t for t in texts if t.role is Role.LABEL and button.words in t.panel]
        if label and notes and min(t.px for t in label) < max(t.px for t in notes):
            findings.append(Finding("label below its note", f"{_short(label[0])} at {min(t.px for t in label)} px "
                                    f"under a note at {max(t.px for t in notes)} px"))
    return findings


def _baselines(texts: list[Drawn]) -> list[Finding]:
    """Words side by side in one panel, at one size, on one line, share a baseline."""
    findings = []
    for first, second in combinations(texts, 2):
        if first.panel != second.panel or first.px != second.px or first.role is Role.SHADOW:
            continue
        if first.rect.colliderect(second.rect):
            continue
        low = max(first.rect.top, second.rect.top)
        high = min(first.rect.bottom, second.rect.bottom)
        if high - low < 0.6 * min(first.rect.height, second.rect.height):
            continue  # not on one line
        if abs(first.baseline - second.baseline) > TOLERANCE + 1:
            findings.append(Finding("baselines", f"{_short(first)} and {_short(second)} sit side by side on "
                                    f"baselines {first.baseline} and {second.baseline}"))
    return findings


def _stacked_dialogs(background: list[Drawn], elements: list[Drawn]) -> list[Finding]:
    """A dialog opened over another dialog hides it only in part: the first should step aside."""
    findings = []
    lower = [e for e in background if e.role is Role.DIALOG]
    for dialog in (e for e in elements if e.role is Role.DIALOG):
        for under in lower:
            if under.rect.colliderect(dialog.rect) and not dialog.rect.contains(under.rect):
                findings.append(Finding("stacked dialogs", f"{dialog.words} stands over part of {under.words}"))
    return findings


JAMMED = 0.75  # the least gap between two texts of one line, in ems of the smaller: a word space is ~0.3


def _one_line(first: Drawn, second: Drawn) -> bool:
    """Two texts on one line: their baselines within a quarter of the smaller size."""
    return abs(first.baseline - second.baseline) <= max(TOLERANCE + 1, min(first.px, second.px) // 4)


def _gap(first: Drawn, second: Drawn) -> int:
    """The room between two inks across the line (negative: they share columns)."""
    return max(second.rect.left - first.rect.right, first.rect.left - second.rect.right)


def _jammed(texts: list[Drawn]) -> list[Finding]:
    """Texts drawn apart on one line of one panel (columns of a table, a label and its
    figure) keep more than a word space between them, or a reader takes them for one phrase
    ("Score Date" read as one header) — whatever the script's own spacing. A value and the
    words it belongs to ("ANA 220") are one phrase: :func:`_far_from_its_own` judges them."""
    findings = []
    for first, second in combinations([t for t in texts if t.role is not Role.SHADOW], 2):
        if first.panel != second.panel or first.panel_rect != second.panel_rect or not _one_line(first, second):
            continue  # in boxes of their own (digits on a small board's cells), they are apart
        if (first.role is Role.VALUE) != (second.role is Role.VALUE) or _continues(first) or _continues(second):
            continue
        gap = _gap(first, second)
        least = JAMMED * min(first.px, second.px)
        if 0 <= gap < least:
            findings.append(Finding("jammed", f"{_short(first)} and {_short(second)} stand {gap} px apart on one line, "
                                    f"less than {least:.0f} px"))
    return findings


def _continues(text: Drawn) -> bool:
    """A piece of a line drawn in two colours carries the space where it meets the rest
    ("Majda Powers" + " · 3 left"): the drawing code says it is one phrase."""
    return text.words[:1].isspace() or text.words[-1:].isspace()


def _far_from_its_own(texts: list[Drawn], elements: list[Drawn]) -> list[Finding]:
    """A value (a score) drawn in a row beside its own words (a name, a label) stands nearer
    to them than to any other row's words on its line in the same card (words with a value
    of their own beside them): a reader pairs a figure with the nearest words."""
    findings = []
    cards = {e.words for e in elements if e.role in (Role.PANEL, Role.DIALOG)}
    for value in (t for t in texts if t.role is Role.VALUE):
        own = [t for t in texts if t is not value and t.panel == value.panel and t.role is not Role.SHADOW
               and t.role is not Role.VALUE and _one_line(t, value)]
        if not own:
            continue
        card = next((name for name in reversed(value.panel) if name in cards), None)
        others = [t for t in texts if t.panel != value.panel and t.role not in (Role.SHADOW, Role.VALUE)
                  and _one_line(t, value) and (card is None or card in t.panel) and _a_row(t, texts)]
        nearest_own = min(max(0, _gap(value, t)) for t in own)
        for other in others:
            if 0 <= _gap(value, other) < nearest_own:
                findings.append(Finding("far from its own", f"{_short(value)} stands {_gap(value, other)} px from "
                                        f"{_short(other)} but {nearest_own} px from its own row's words"))
    return findings


def _a_row(words: Drawn, texts: list[Drawn]) -> bool:
    """``words`` have a value of their own on their line in their panel: a row's name or label."""
    return any(t.role is Role.VALUE and t.panel == words.panel and _one_line(t, words) for t in texts)


def _sibling_lines(texts: list[Drawn], elements: list[Drawn]) -> list[Finding]:
    """Cards of one size side by side or one under another in one panel (the players'
    tiles) set their first value (the score) at the same height in each card."""
    findings = []
    for cards in _tiles(elements):
        for role in (Role.VALUE,):
            heights = {}
            for card in cards:
                own = sorted((t for t in texts if t.role is role and t.panel[-1:] == (card.words,)),
                             key=lambda t: t.baseline)
                if own:
                    heights[card.words] = own[0].baseline - card.rect.top
            if heights and max(heights.values()) - min(heights.values()) > TOLERANCE + 1:
                listed = ", ".join(f"{name} {height}" for name, height in heights.items())
                findings.append(Finding("sibling lines", f"cards of one size set their first {role.value} at "
                                        f"different heights (baseline below the top): {listed}"))
        tops = {}
        for card in cards:  # their pictures (a review's boards) too: the top of the highest
            pictures = [e.rect.top for e in elements if e.role is Role.PICTURE and e.panel[-1:] == (card.words,)]
            if pictures:
                tops[card.words] = min(pictures) - card.rect.top
        if len(tops) > 1 and max(tops.values()) - min(tops.values()) > TOLERANCE + 1:
            listed = ", ".join(f"{name} {height}" for name, height in tops.items())
            findings.append(Finding("sibling lines", f"cards of one size set their pictures at different heights "
                                    f"(below the top): {listed}"))
    return findings


def _tiles(elements: list[Drawn]) -> list[list[Drawn]]:
    """Groups of two or more panels of one size in one panel: tiles, cards, standings."""
    groups: dict[tuple[tuple[str, ...], int, int], list[Drawn]] = {}
    for card in (e for e in elements if e.role is Role.PANEL):
        groups.setdefault((card.panel, card.rect.width, card.rect.height), []).append(card)
    return [group for group in groups.values() if len(group) > 1]


EDGE = 0.2  # the least room between a text's ink and its box's edge, in ems of the text (up to twice the floor)
BOXES = frozenset({Role.BUTTON, Role.PANEL, Role.DIALOG, Role.TIP, Role.MARK})


def _box(text: Drawn, boxes: dict[str, Drawn]) -> Drawn | None:
    """The innermost box (a button, a card, a dialog) the text lies in and within."""
    for name in reversed(text.panel):
        box = boxes.get(name)
        if box is not None and box.rect.contains(text.rect):
            return box
    return None


def _boxes(elements: list[Drawn]) -> dict[str, Drawn]:
    return {e.words: e for e in elements if e.role in BOXES}


def _near_the_edge(texts: list[Drawn], elements: list[Drawn], floor: int) -> list[Finding]:
    """A text keeps clear of its box's edges by a fifth of its size: closer, it reads as
    touching the edge (a name 3 px from its tile's side). A large figure (a score) needs no
    more room than a text twice the readable size."""
    findings = []
    boxes = _boxes(elements)
    for text in (t for t in texts if t.role is not Role.SHADOW):
        box = _box(text, boxes)
        if box is None:
            continue
        room = min(text.rect.left - box.rect.left, box.rect.right - text.rect.right,
                   text.rect.top - box.rect.top, box.rect.bottom - text.rect.bottom)
        least = EDGE * min(text.px, 2 * floor)
        if room < least:
            findings.append(Finding("near the edge", f"{_short(text)} at {text.px} px stands {room} px from the edge "
                                    f"of {box.words}, less than {math.ceil(least)} px"))
    return findings


HEADING_ROOM = 0.25  # the least room under (or over) a title, in ems of the title


def _crowded_titles(texts: list[Drawn], elements: list[Drawn]) -> list[Finding]:
    """A title stands apart from the text under or over it in its box by a quarter of its
    size: closer, the two read as one block (a subtitle touching its title)."""
    findings = []
    boxes = _boxes(elements)
    words = [t for t in texts if t.role is not Role.SHADOW]
    for title in (t for t in words if t.role is Role.TITLE):
        box = _box(title, boxes)
        for other in words:
            if other is title or other.role is Role.TITLE or _box(other, boxes) is not box:
                continue
            if other.rect.right <= title.rect.left or title.rect.right <= other.rect.left:
                continue  # not one over the other
            room = max(other.rect.top - title.rect.bottom, title.rect.top - other.rect.bottom)
            least = HEADING_ROOM * title.px
            if 0 <= room < least:
                findings.append(Finding("crowded title", f"{_short(other)} stands {room} px from the title "
                                        f"{_short(title)}, less than {least:.0f} px"))
    return findings


def _over_the_header(background: list[Drawn], elements: list[Drawn], size: tuple[int, int]) -> list[Finding]:
    """A dialog leaves the bar across the window's top (the game's header) in sight where the
    window has room for the dialog under it."""
    findings = []
    bars = [e for e in background if e.role is Role.PANEL and e.rect.top <= 0 and e.rect.width >= size[0]
            and e.rect.height < size[1] // 4]
    for dialog in (e for e in elements if e.role is Role.DIALOG):
        for bar in bars:
            if dialog.rect.colliderect(bar.rect) and dialog.rect.height <= size[1] - bar.rect.bottom:
                findings.append(Finding("over the header", f"{dialog.words} lies over {bar.words} (its top at "
                                        f"{dialog.rect.top}, the bar's bottom at {bar.rect.bottom}) though "
                                        f"{size[1] - bar.rect.bottom} px under the bar hold its {dialog.rect.height}"))
    return findings
