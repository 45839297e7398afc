"""An on-screen keyboard for a touch screen with no keyboard of its own (a kiosk), shared by
the name entry and Play a code: keys sized for fingers, a layout per script (Latin, Urdu,
Devanagari) switched by a key of its own, and the actions its owner names (space, delete,
OK...). A physical keyboard and an input method type straight into the owner as well; the
keyboard is for fingers, arrows and a game controller.

Plain layout and focus here; the keys are drawn as the table's buttons (``draw``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from ..ui.button_row import LABEL_SHARE, button_row_pieces, draw_button_row, row_label_size
from ..ui.widgets import Button

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..ui.placed import Placed


def keys(row: str) -> tuple[str, ...]:
    """A row's keys: its characters one by one, or, where any key types more than one
    (a conjunct, a letter with its nukta), the words of ``row`` split at spaces."""
    return tuple(row.split()) if " " in row else tuple(row)


MARK_LABEL_SHARE = 0.8  # a label's size in a row of marks alone, as a share of the key's height
DOTTED_CIRCLE = "\u25cc"  # the carrier a mark is shown on alone, as in the script's own charts


@dataclass(frozen=True)
class KeyboardLayout:
    """The letter keys of one script, rows from the top, each row in reading order. A key
    types its characters (one, or a few: a conjunct), and its label is what it types, a
    combining mark of a right-to-left script drawn on a dotted circle."""

    script: str  # the catalog's script name: "latin", "arabic", "devanagari"
    rows: tuple[tuple[str, ...], ...]
    sample: str  # the label of the key that switches to it: a few of its letters
    rtl: bool = False  # its rows read from the right
    capitals: bool = False  # keys in capitals; a word goes on in small letters

    def label(self, key: str) -> str:
        # Devanagari's marks are drawn on a dotted circle by the shaping itself; Urdu's are
        # not, and the joining stroke (tatweel) that carries them in Naskh is a hair in Nastaliq.
        if self.rtl and key and unicodedata.combining(key[0]):
            return DOTTED_CIRCLE + key
        return key


# Checked against each script's alphabet and what names need (docs/LANGUAGES.md, *The
# on-screen keyboard*). Latin: the letters in QWERTY order, then the accented vowels of
# Italian names, the apostrophe and the hyphen (Niccolò, D'Amico, Anna-Lena).
LATIN = KeyboardLayout("latin", (keys("1234567890"), keys("QWERTYUIOP"), keys("ASDFGHJKL"), keys("ZXCVBNM"),
                                 keys("ÀÈÉÌÒÙ'-")), "ABC", capitals=True)
# The Urdu alphabet in its order, read from the right, each hamza form beside its letter
# (و ؤ, ہ ۂ, ی ئ, ے ۓ), then the diacritics names are written with: zabar, zer, pesh,
# tashdid, jazm, do zabar, khari zabar and the hamza above. Western digits, as everywhere
# in the game.
URDU = KeyboardLayout("arabic", (keys("1234567890"), keys("اآبپتٹثجچحخ"), keys("دڈذرڑزژسشصض"),
                                 keys("طظعغفقکگلمن"), keys("ںوؤہۂۃھءیئےۓ"),
                                 keys("\u064e\u0650\u064f\u0651\u0652\u064b\u0670\u0654")), "ابپ", rtl=True)
# The vowels (with ऑ of English names); the consonants in the order of the varnamala, each
# group's conjuncts and nukta letters beside it (क्ष ज्ञ, ड़ ढ़, त्र श्र); the vowel signs
# (with ॉ) and the marks: anusvara, chandrabindu, visarga, halant (virama: any conjunct is
# typed as its letters with a halant between, प ् र ि य ा is प्रिया) and nukta (ज ़ is ज़).
# Twelve keys a row at most, so the keys stay large in a narrow window.
DEVANAGARI = KeyboardLayout("devanagari", (keys("1234567890"), keys("अआइईउऊऋएऐओऔऑ"),
                                           keys("क ख ग घ ङ च छ ज झ ञ क्ष ज्ञ"), keys("ट ठ ड ढ ण त थ द ध न ड़ ढ़"),
                                           keys("पफबभमयरलवशषस"), keys("ह त्र श्र ा ि ी ु ू ृ"),
                                           keys("ेैॉोौंँः़्")), "अआइ")
LAYOUTS = {layout.script: layout for layout in (LATIN, URDU, DEVANAGARI)}
# Challenge codes: digits and the capitals of Crockford's base 32 (no I, L, O, U).
CODE_LETTERS = KeyboardLayout("latin", (keys("1234567890"), keys("QWERTYP"), keys("ASDFGHJK"), keys("ZXCVBNM")), "ABC",
                              capitals=True)
# A web address: small letters, digits and what a host, a port and a path are written with
# ("_", rare in a path and never in a host, is typed on a keyboard: as a key it reads as "-").
ADDRESS_LETTERS = KeyboardLayout("latin", (keys("1234567890"), keys("qwertyuiop"), keys("asdfghjkl:"),
                                           keys("zxcvbnm./-")), "abc")


@dataclass(frozen=True)
class Key:
    ident: str  # a character, an action of the owner's, or "script:<name>"
    row: int
    rect: pygame.Rect


class OnScreenKeyboard:
    """Keys laid out in an area: an optional row of the owner's above the letters (``top``),
    the current layout's letter rows, and the action row (the script keys, where there is
    more than one layout, then the owner's actions). Each action is (ident, width in keys)."""

    def __init__(self, layouts: Sequence[KeyboardLayout], first: str, actions: Sequence[tuple[str, float]],
                 rtl: bool = False) -> None:
        self.layouts = list(layouts)
        self.current = next((i for i, layout in enumerate(self.layouts) if layout.script == first), 0)
        self.actions = list(actions)
        self.rtl = rtl  # the action row and the owner's row read from the right
        self.keys: list[Key] = []
        self.label_sizes: dict[int, int] = {}  # each row's label size (size_labels)
        self.focus: tuple[int, int] = (0, 0)  # (row, index in the row as laid out)
        self.focus_shown = False  # the ring shows once arrows or a pad move it
        self.pressed: str | None = None  # the key a pointer went down on
        self.unit = 0
        self.mirrored: dict[int, bool] = {}  # the rows laid out from the right

    @property
    def layout(self) -> KeyboardLayout:
        return self.layouts[self.current]

    def script_keys(self) -> list[tuple[str, float]]:
        return [(f"script:{layout.script}", 1.5) for layout in self.layouts] if len(self.layouts) > 1 else []

    def rows_needed(self, top: bool = False) -> int:
        """Rows of keys of the layout shown (its letters, the action row, the owner's row)."""
        return len(self.layout.rows) + 1 + (1 if top else 0)

    def widest_row(self, top: Sequence[tuple[str, float]] = ()) -> float:
        """The widest row of the layout shown, in keys."""
        action = sum(span for _, span in self.script_keys() + self.actions)
        letters = max(len(row) for row in self.layout.rows)
        return max(action, letters, sum(span for _, span in top))

    def lay_out(self, area: pygame.Rect, top: Sequence[tuple[str, float]] = (),
                widths: Callable[[str, int], float] | None = None) -> None:
        """Square keys as large as ``area`` holds, rows centred.
        ``widths(ident, key_height)``: the width a key's words need (the action row's keys
        grow to hold them, at one size)."""
        rows = self.rows_needed(bool(top))
        unit = int(min(area.width / max(1.0, self.widest_row(top)), area.height / rows))
        self.unit = unit
        pad = max(2, unit // 14)
        y = area.top + (area.height - unit * rows) // 2
        keys: list[Key] = []
        row_index = 0

        def place(row: Sequence[tuple[str, float]], mirrored: bool) -> None:
            nonlocal y, row_index
            spans = [span * unit for _, span in row]
            if widths is not None:
                spans = [max(s, widths(ident, unit - 2 * pad) + 2 * pad) for s, (ident, _) in zip(spans, row)]
            if sum(spans) > area.width:  # the words need more than the area: shared out as it holds
                spans = [s * area.width / sum(spans) for s in spans]
            order = list(zip(row, spans))
            self.mirrored[row_index] = mirrored
            if mirrored:
                order.reverse()
            x = area.centerx - sum(spans) / 2
            for (ident, _), span in order:
                keys.append(Key(ident, row_index, pygame.Rect(int(x) + pad, y + pad, int(span) - 2 * pad, unit - 2 * pad)))
                x += span
            y += unit
            row_index += 1

        if top:
            place(top, self.rtl)
        for letters in self.layout.rows:
            # Letters read from the right in a right-to-left script; digits always from the left.
            place([(letter, 1.0) for letter in letters], self.layout.rtl and not all(k.isdigit() for k in letters))
        place(self.script_keys() + self.actions, self.rtl)
        self.keys = keys
        row, column = self.focus
        self.focus = (min(row, row_index - 1), column)

    # --- finding keys -----------------------------------------------------------------------
    def row(self, row: int) -> list[Key]:
        return [key for key in self.keys if key.row == row]

    def key_at(self, pos: tuple[int, int]) -> Key | None:
        return next((key for key in self.keys if key.rect.collidepoint(pos)), None)

    def focused(self) -> Key | None:
        row, column = self.focus
        keys = self.row(row)
        return keys[min(column, len(keys) - 1)] if keys else None

    def focus_on(self, ident: str) -> None:
        key = next((k for k in self.keys if k.ident == ident), None)
        if key is not None:
            self.focus = (key.row, self.row(key.row).index(key))

    def move(self, dx: int, dy: int) -> None:
        """Arrows or a pad: the first press shows the focus, the next move it (rows wrap;
        up and down keep the finger's place across)."""
        if not self.focus_shown:
            self.focus_shown = True
            return
        rows = max(key.row for key in self.keys) + 1
        row, column = self.focus
        here = self.row(row)
        if dy:
            x = here[min(column, len(here) - 1)].rect.centerx
            row = (row + dy) % rows
            keys = self.row(row)
            # between two keys, the one further on in the row's reading order
            onward = -1 if self.mirrored.get(row) else 1
            column = min(range(len(keys)), key=lambda c: (abs(keys[c].rect.centerx - x), -onward * keys[c].rect.centerx))
        else:
            column = (min(column, len(here) - 1) + dx) % len(here)  # keys are kept left to right
        self.focus = (row, column)

    def switch_to(self, script: str) -> bool:
        """Show another script's letters; True if it changed (the owner lays out again)."""
        index = next((i for i, layout in enumerate(self.layouts) if layout.script == script), self.current)
        changed = index != self.current
        self.current = index
        return changed

    def letter(self, ident: str, starts_word: bool) -> str:
        """What a letter key types: capitals start a word, small letters go on with it."""
        return ident if starts_word or not self.layout.capitals else ident.lower()

    # --- planning and drawing -------------------------------------------------------------
    def size_labels(self, fonts: "FontBook", label: Callable[[str], str]) -> None:
        """Plan each row's label size for the keys as laid out (after :meth:`lay_out`, in
        the owner's build): every key of a row shows its words at one size, which drawing
        reads."""
        sizes = {}
        for row in {key.row for key in self.keys}:
            keys = self.row(row)
            # A row of marks alone: a mark on its dotted circle has little ink, so its label
            # may take more of the key (never more than the key holds: fitted by ink).
            marks = all(len(key.ident) == 1 and unicodedata.combining(key.ident) for key in keys)
            buttons = [Button(key.ident, key.rect, label(key.ident)) for key in keys]
            sizes[row] = row_label_size(fonts, buttons, MARK_LABEL_SHARE if marks else LABEL_SHARE)
        self.label_sizes = sizes

    def draw(self, surface: pygame.Surface, fonts: "FontBook", label: Callable[[str], str],
             style: Callable[[str], str], shown: Callable[[Key], bool] = lambda key: True) -> None:
        """Each row of keys, its words at the row's planned size and placed by their ink."""
        focused = self.focused() if self.focus_shown else None
        for buttons in self.rows_of_buttons(label, style, shown):
            draw_button_row(surface, fonts, buttons, self.pressed, focused.ident if focused is not None else None)

    def rows_of_buttons(self, label: Callable[[str], str], style: Callable[[str], str] = lambda ident: "normal",
                        shown: Callable[[Key], bool] = lambda key: True) -> list[list[Button]]:
        """The keys shown, row by row, as buttons with their words at the row's planned size."""
        rows: dict[int, list[Button]] = {}
        for key in self.keys:
            if shown(key):
                rows.setdefault(key.row, []).append(Button(key.ident, key.rect, label(key.ident), True, style(key.ident),
                                                           label_size=self.label_sizes.get(key.row)))
        return list(rows.values())

    def pieces(self, fonts: "FontBook", label: Callable[[str], str], shown: Callable[[Key], bool] = lambda key: True,
               layer: int = 0) -> list[Placed | None]:
        """What :meth:`draw` places: each key shown and its words."""
        return [piece for buttons in self.rows_of_buttons(label, shown=shown)
                for piece in button_row_pieces(fonts, buttons, layer)]
