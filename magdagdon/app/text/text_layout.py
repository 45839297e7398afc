"""Drawing a line of any of the game's languages with pygame: each run (see
:mod:`.text_runs`) in its script's font, shaped by HarfBuzz in its own direction, the runs
placed side by side in visual order on one shared baseline.

Line heights come from the fonts: Noto Nastaliq Urdu needs about 1.8 times the height of
Noto Sans at the same point size, so an Urdu line is tall even when its letters look small.
A line's box is its language's (its own font's and Latin's), grown to hold every glyph
SDL_ttf drew past those fonts' ascent or descent, and every letter of another script in it
(an Urdu name in an English line) as far as that letter's ink reaches.

A character none of the game's fonts has (an emoji in a guest's name, a script the game
has no font for) would be an empty box: each such user-perceived character — an emoji
sequence joined by zero-width joiners is one — is drawn as one replacement mark (U+FFFD,
a question mark in a diamond) instead (:meth:`TextSetter.drawable`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, NamedTuple

import pygame

from magdagdon.graphemes import clusters

from .font_cmap import Overhang, covered_code_points, overhang
from .line_pictures import LINE_PICTURES
from .measure_cache import LINE_INKS, LINE_RUNS, RUN_INKS, RUN_SIZES
from .styled_text import Span, plain
from .line_breaks import wrap_paragraph
from .text_runs import ARABIC, DEVANAGARI, LATIN, Run, split_runs, visual_order, without_controls

if TYPE_CHECKING:
    from pygame.typing import ColorLike as ColorValue


@dataclass(frozen=True)
class ScriptFont:
    regular: str  # file paths
    bold: str | None  # None: the regular file, emboldened by SDL_ttf
    harfbuzz_script: str  # ISO 15924 code for HarfBuzz ("Arab", "Deva", "Latn")


_DIRECTIONS = {False: getattr(pygame, "DIRECTION_LTR", 0), True: getattr(pygame, "DIRECTION_RTL", 1)}
SMALLEST_PX = 6  # no text is drawn or measured smaller
REPLACEMENT = "\ufffd"  # what stands for a character no font draws: Noto Sans has it
# (fonts, language's script, direction) -> a number naming them in the kept measures' keys
_SETTERS: dict[tuple[object, ...], int] = {}
_NO_BREAK_AS_SPACE = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " "})


def _invisible(char: str) -> bool:
    """Drawn by no glyph of its own: a format or control character (a joiner, an isolate),
    or a variation selector (it chooses the look of the character before it)."""
    code = ord(char)
    return unicodedata.category(char)[0] == "C" or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


class TextSetter:
    """Measures, wraps and renders text in a language whose own script is ``home_script``
    (letters of the other scripts are drawn in their fonts: a language list shows اردو and
    हिन्दी in any UI language). Fonts and run splits are cached."""

    CACHE_LIMIT = 2000
    # Sizes of a face kept open at once: a frame measures a face at a few sizes (a title,
    # its lines, a fitted label); going round more, each other size costs ~0.3 ms.
    SIZES_PER_FACE = 4

    def __init__(self, fonts: dict[str, ScriptFont], home_script: str = LATIN, rtl: bool = False) -> None:
        self.fonts = fonts
        self.home_script = home_script if home_script in fonts else LATIN
        self.rtl = rtl
        # A few open fonts per face (script, bold, direction, slant), each set to a size:
        # fitting text tries sizes, and every window size and Large text brings others. A
        # font per size, the least recently used of 48 closed, opened some 3 fonts per random
        # action (0.2-0.33 MB each in SDL_ttf, HarfBuzz's tables copied each time), and the
        # freed pieces scattered the heap between rests. Now the face's least recently used
        # font is set to the size asked for instead (as costly as opening one, ~0.3 ms, but
        # nothing is freed); it draws and measures exactly as a font opened at that size.
        self._faces: dict[tuple[str, bool, bool, bool], list[pygame.font.Font]] = {}  # most recent last
        # Which fonts, language and direction this setter draws with, as one number: the key
        # of its measures kept for the whole run (measure_cache), shared with every setter
        # made for the same language again.
        self._identity = _SETTERS.setdefault((tuple(sorted(fonts.items())), self.home_script, rtl), len(_SETTERS))
        self._face_of: dict[int, tuple[object, ...]] = {}  # id of an open font -> its file, style, direction
        self._widths: dict[tuple[str, int, bool], int] = {}
        self._metrics: dict[tuple[str, int, bool], tuple[int, int]] = {}  # ascent, descent
        self._overhangs: dict[int, Overhang] = {}  # id of an open face -> its file's overhang
        self._drawn_by: dict[tuple[str, str], str] = {}  # (script, letter) -> the script whose font draws it
        self._drawable: dict[str, str] = {}  # text -> the text with what no font draws replaced
        order = [self.home_script, LATIN, ARABIC, DEVANAGARI]
        self._fallbacks = [s for i, s in enumerate(order) if s in fonts and s not in order[:i]]

    # --- fonts ----------------------------------------------------------------------------
    def font(self, script: str, size: int, bold: bool = False, rtl: bool = False, italic: bool = False) -> pygame.font.Font:
        """A font of the face at ``size``, until the face is next asked for sizes it lacks:
        use it at once."""
        key = (script, bold, rtl, italic)
        size = max(SMALLEST_PX, int(size))
        fonts = self._faces.setdefault(key, [])
        font = next((font for font in fonts if font.point_size == size), None)
        if font is None and len(fonts) < self.SIZES_PER_FACE:
            font = self._open(script, size, bold, rtl, italic)
        elif font is None:
            font = fonts[0]
            font.point_size = size
        if font in fonts:
            fonts.remove(font)
        fonts.append(font)
        return font

    def _open(self, script: str, size: int, bold: bool, rtl: bool, italic: bool) -> pygame.font.Font:
        spec = self.fonts.get(script) or self.fonts[LATIN]
        path = spec.bold if bold and spec.bold else spec.regular
        font = pygame.font.Font(path, size)
        if bold and not spec.bold:
            font.set_bold(True)
        if italic:  # no bundled font has an italic face: SDL_ttf slants the regular one
            font.set_italic(True)
        if hasattr(font, "set_script"):  # HarfBuzz shaping (SDL_ttf >= 2.20)
            font.set_script(spec.harfbuzz_script)
            font.set_direction(_DIRECTIONS[rtl])
        self._overhangs[id(font)] = overhang(path)
        self._face_of[id(font)] = (path, bold and not spec.bold, italic, spec.harfbuzz_script, rtl)
        return font

    def _measure(self, font: pygame.font.Font, text: str) -> tuple[int, int]:
        """``font.size(text)``, measured once in the program's run (HarfBuzz shapes it anew
        at each call: some 0.1 ms for a label)."""
        return RUN_SIZES.get((self._face_of[id(font)], font.point_size, text), lambda: font.size(text))

    def open_fonts(self) -> int:
        return sum(len(fonts) for fonts in self._faces.values())

    def home_font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.font(self.home_script, size, bold, self.rtl and self.home_script == ARABIC)

    def _covers(self, script: str, char: str) -> bool:
        # Each font's letters are read when a letter first asks (covered_code_points keeps them):
        # an English screen never reads the Urdu and Hindi fonts' tables.
        spec = self.fonts.get(script)
        coverage = covered_code_points(spec.regular) if spec is not None else None
        return not coverage or ord(char) in coverage or char.isspace()

    def _drawing_script(self, script: str, char: str) -> str:
        """``script`` if its font has ``char``; else the first font that has it (Noto Nastaliq
        Urdu has no "…", Noto Sans no "−")."""
        key = (script, char)
        drawn_by = self._drawn_by.get(key)
        if drawn_by is None:
            drawn_by = next((c for c in (script, *self._fallbacks) if self._covers(c, char)), script)
            self._drawn_by[key] = drawn_by
        return drawn_by

    def drawable(self, text: str) -> str:
        """``text`` with each user-perceived character that no font of the game draws (an
        emoji, a whole emoji sequence, a letter of a script it has no font for) replaced by
        one :data:`REPLACEMENT` mark: never an empty box."""
        if text.isascii():
            return text
        shown = self._drawable.get(text)
        if shown is None:
            if len(self._drawable) > self.CACHE_LIMIT:
                self._drawable.clear()
            shown = self._drawable[text] = "".join(
                cluster if all(_invisible(c) or self._drawn_anywhere(c) for c in cluster) else REPLACEMENT
                for cluster in clusters(text))
        return shown

    def _drawn_anywhere(self, char: str) -> bool:
        return any(self._covers(script, char) for script in self._fallbacks)

    # --- runs -----------------------------------------------------------------------------
    def runs(self, line: str) -> list[Run]:
        """The runs of one line in visual order (left to right on screen)."""
        return LINE_RUNS.get((self._identity, line), lambda: self._split(line))

    def _split(self, line: str) -> list[Run]:
        # A line of digits and signs alone (a score, a sum) is drawn in Noto Sans. A no-break
        # space only keeps a line whole when it is wrapped; drawn, it is a space of the
        # line's own width (Nastaliq's own is a hairline: "19±–102").
        shown = self.drawable(line).translate(_NO_BREAK_AS_SPACE)
        logical = split_runs(shown, LATIN, self.rtl, self._drawing_script)
        return _drawn_runs(visual_order(logical))

    # --- measuring ------------------------------------------------------------------------
    def metrics(self, size: int, bold: bool = False) -> tuple[int, int]:
        """(ascent, descent) shared by every line at ``size``: the tallest of the language's
        own font and Latin, so lines with and without a Latin word are equally tall."""
        fonts = [self.home_font(size, bold), self.font(LATIN, size, bold)]
        return max(f.get_ascent() for f in fonts), max(-f.get_descent() for f in fonts)

    def line_metrics(self, line: str, size: int, bold: bool = False) -> tuple[int, int]:
        """(ascent, descent) of one line: as :meth:`metrics`, except that a line wholly in
        Latin letters and digits (a score, "(+60)") is only as tall as Latin, even in Urdu;
        grown to hold every letter drawn in it (see :meth:`_extent`)."""
        return self._line_metrics(line, size, bold)

    def _line_metrics(self, line: str, size: int, bold: bool, heights: dict[int, int] | None = None) -> tuple[int, int]:
        key = (line, size, bold)
        measured = self._metrics.get(key)
        if measured is None:
            if len(self._metrics) > self.CACHE_LIMIT:
                self._metrics.clear()
            pieces = [_Piece(self.font(run.script, size, bold, run.rtl), run.text, run.script)
                      for run in self.runs(_one_line(line))]
            measured = self._metrics[key] = self._extent(pieces, size, bold, heights)
        return measured

    def _extent(self, pieces: list["_Piece"], size: int, bold: bool,
                heights: dict[int, int] | None = None) -> tuple[int, int]:
        """(ascent, descent) of ``pieces`` side by side on one baseline: the line of the
        language's own font and Latin (Latin's alone for a line of Latin letters and digits:
        a score in Urdu), grown to hold the pictures SDL_ttf draws of their runs, and the ink
        of each run in another script."""
        if all(piece.script == LATIN for piece in pieces):
            latin = self.font(LATIN, size, bold)
            ascent, descent = latin.get_ascent(), -latin.get_descent()
        else:
            ascent, descent = self.metrics(size, bold)
        for index, piece in enumerate(pieces):
            font = piece.font
            if not piece.text.strip():
                continue  # spaces reach nowhere
            if piece.script in (LATIN, self.home_script):
                piece_height = heights[index] if heights and index in heights else self._measure(font, piece.text)[1]
                above = self._baseline_in(font, piece_height)
                taller = max(0, piece_height - font.get_height()) - (above - font.get_ascent())
                below = -font.get_descent() + taller
                if font.get_height() > font.get_ascent() - font.get_descent():
                    # SDL_ttf's picture is a rounding row taller than ascent and descent: the line
                    # takes it where a letter reaches into it (a Nastaliq bowl, a "p" at 10 px)
                    below = max(below, self._ink(font, piece.text)[1])
            else:  # not its whole font's height: Nastaliq's would double an English line for one name
                above, below = self._ink(font, piece.text)
            ascent, descent = max(ascent, above), max(descent, below)
        return ascent, descent

    def _ink(self, font: pygame.font.Font, text: str) -> tuple[int, int]:
        """How far ``text``'s letters reach above and below the baseline in ``font``."""
        return RUN_INKS.get((self._face_of[id(font)], font.point_size, text), lambda: self._reach(font, text))

    def _reach(self, font: pygame.font.Font, text: str) -> tuple[int, int]:
        try:
            image = font.render(text, True, (255, 255, 255))
        except (pygame.error, ValueError):
            return (0, 0)
        ink, baseline = image.get_bounding_rect(), self._baseline_in(font, image.get_height())
        return (baseline - ink.top, ink.bottom - baseline) if ink.height else (0, 0)

    def _baseline_in(self, font: pygame.font.Font, height: int) -> int:
        """Where the baseline lies in ``font``'s picture of a text ``height`` pixels tall:
        SDL_ttf adds the room a glyph takes past the font's ascent or descent to the side it
        reaches (below, for a font whose glyphs may go either way)."""
        taller = max(0, height - font.get_height())
        side = self._overhangs.get(id(font), Overhang())
        return font.get_ascent() + (taller if side.above and not side.below else 0)

    def line_height(self, size: int, bold: bool = False) -> int:
        fonts = [self.home_font(size, bold), self.font(LATIN, size, bold)]
        ascent, descent = self.metrics(size, bold)
        return max(ascent + descent, *(f.get_linesize() for f in fonts))

    def width(self, line: str, size: int, bold: bool = False) -> int:
        key = (line, size, bold)
        width = self._widths.get(key)
        if width is None:  # menus and the table measure the same labels at every build
            if len(self._widths) > self.CACHE_LIMIT:
                self._widths.clear()
            width = sum(self._run_width(self.font(r.script, size, bold, r.rtl), r.text) for r in self.runs(_one_line(line)))
            self._widths[key] = width
        return width

    def _run_width(self, font: pygame.font.Font, text: str) -> int:
        return self._measure(font, text)[0]

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines no wider than ``width``, broken where a line may end (:mod:`.line_breaks`)
        and at explicit line breaks."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            lines += wrap_paragraph(paragraph, width, lambda line: self.width(line, size, bold)) or [""]
        return lines

    # --- drawing --------------------------------------------------------------------------
    def render(self, line: str, size: int, colour: "ColorValue", bold: bool = False) -> pygame.Surface:
        """One line, runs in visual order on a shared baseline; transparent background."""
        return self.render_line(line, size, colour, bold).image

    def line_ink(self, line: str, size: int, bold: bool = False) -> pygame.Rect:
        """Where the pixels of :meth:`render`'s picture of ``line`` lie in it."""
        box = LINE_INKS.get((self._identity, line, size, bold),
                            lambda: tuple(self.render(line, size, WHITE, bold).get_bounding_rect()))
        return pygame.Rect(box)

    def render_line(self, line: str, size: int, colour: "ColorValue", bold: bool = False) -> "SetLine":
        """As :meth:`render`, with where the baseline lies and whether a letter reached past
        the line's box (and was cut)."""
        line = _one_line(line)
        return self._in_colour(("plain", line, size, bold), colour, lambda shade: self._set_line(line, size, shade, bold))

    def _in_colour(self, key: tuple[object, ...], colour: "ColorValue",
                   set_in: Callable[["ColorValue"], "SetLine"]) -> "SetLine":
        """The line ``set_in`` sets, in ``colour``: its white picture, kept for the run
        (text/line_pictures.py), tinted (the very pixels a render in the colour gives); a
        colour with its own transparency is set in it afresh."""
        rgba = tuple(pygame.Color(colour))
        if rgba[3] != 255:
            return set_in(colour)
        key = (self._identity, *key)
        white = LINE_PICTURES.get(key)
        if white is None:
            white = LINE_PICTURES[key] = set_in(WHITE)
        if rgba == (255, 255, 255, 255):
            return white
        image = white.image.copy()
        image.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
        return SetLine(image, white.ascent, white.cut)

    def _set_line(self, line: str, size: int, colour: "ColorValue", bold: bool) -> "SetLine":
        pieces = [_Piece(self.font(run.script, size, bold, run.rtl), run.text, run.script) for run in self.runs(line)]
        pictures = self._rendered(pieces, colour)
        heights = {index: picture.height for index, picture in enumerate(pictures) if picture is not None}
        return self._on_baseline([p for p in pictures if p is not None], *self._line_metrics(line, size, bold, heights))

    def _rendered(self, runs: list["_Piece"], colour: "ColorValue") -> list["_Picture | None"]:
        """Each piece's picture, where its baseline lies in it and where its ink lies (None:
        nothing to draw); what the ink reaches is kept, so measuring the line renders nothing
        again. Spaces alone draw nothing: they only take their width."""
        pictures: list[_Picture | None] = []
        for font, text, _script in runs:
            if not text.strip():
                width, height = self._measure(font, text)
                pictures.append(_Picture(None, width, height, font.get_ascent(), pygame.Rect(0, 0, 0, 0)))
                continue
            try:
                image = font.render(text, True, colour)
            except (pygame.error, ValueError):  # nothing visible to draw (a lone joiner or control character)
                pictures.append(None)
                continue
            baseline, ink = self._baseline_in(font, image.get_height()), image.get_bounding_rect()
            RUN_INKS.get((self._face_of[id(font)], font.point_size, text),
                         lambda: (baseline - ink.top, ink.bottom - baseline) if ink.height else (0, 0))
            pictures.append(_Picture(image, image.get_width(), image.get_height(), baseline, ink))
        return pictures

    def _on_baseline(self, pictures: list["_Picture"], ascent: int, descent: int) -> "SetLine":
        """Each rendered piece placed left to right on one shared baseline."""
        height = ascent + descent
        surface = pygame.Surface((sum(picture.width for picture in pictures), height), pygame.SRCALPHA)
        x, cut = 0, False
        for picture in pictures:
            top = ascent - picture.baseline
            if picture.image is not None:
                surface.blit(picture.image, (x, top))
            ink = picture.ink
            cut = cut or (ink.height > 0 and (top + ink.top < 0 or top + ink.bottom > height))
            x += picture.width
        return SetLine(surface, ascent, cut)

    # --- lines with words in bold or italic ------------------------------------------------
    def styled_runs(self, spans: tuple[Span, ...]) -> list[tuple[Run, bool, bool]]:
        """(run, bold, italic) in visual order: the runs of the whole line (so direction and
        scripts are as for plain text), each cut where the style changes."""
        spans = tuple(replace(span, text=self.drawable(span.text)) for span in spans)
        styles = [span.style for span in spans for _ in span.text]
        cut: list[Run] = []
        cut_styles: dict[int, tuple[bool, bool]] = {}
        position = 0
        for run in split_runs(plain(spans), LATIN, self.rtl, self._drawing_script):
            start = position
            for index in range(position + 1, position + len(run.text) + 1):
                if index == position + len(run.text) or styles[index] != styles[start]:
                    piece = Run(run.text[start - position:index - position], run.level, run.script)
                    cut_styles[id(piece)] = styles[start]
                    cut.append(piece)
                    start = index
            position += len(run.text)
        return [(drawn, *cut_styles[id(run)]) for run in visual_order(cut) for drawn in _drawn_runs([run])]

    def styled_width(self, spans: tuple[Span, ...], size: int, bold: bool = False) -> int:
        return sum(self._measure(self.font(run.script, size, bold or b, run.rtl, i), run.text)[0]
                   for run, b, i in self.styled_runs(spans))

    def render_styled(self, spans: tuple[Span, ...], size: int, colour: "ColorValue", bold: bool = False) -> "SetLine":
        """As :meth:`render_line`, with each span in its own style (``bold``: the whole line)."""
        return self._in_colour(("styled", spans, size, bold), colour,
                               lambda shade: self._set_styled(spans, size, shade, bold))

    def _set_styled(self, spans: tuple[Span, ...], size: int, colour: "ColorValue", bold: bool) -> "SetLine":
        runs = [_Piece(self.font(run.script, size, bold or run_bold, run.rtl, italic), run.text, run.script)
                for run, run_bold, italic in self.styled_runs(spans)]
        pictures = self._rendered(runs, colour)
        heights = {index: picture.height for index, picture in enumerate(pictures) if picture is not None}
        drawn = [picture for picture in pictures if picture is not None]
        return self._on_baseline(drawn, *self._extent(runs, size, bold or any(span.bold for span in spans), heights))


def _drawn_runs(runs: list[Run]) -> list[Run]:
    """The runs as fonts draw them: without the bidi controls, which have done their work
    (levels, order) and which a font without their glyphs draws as a sliver of room — the
    gap after an isolated name ("अनु 's turn")."""
    return [Run(shown, run.level, run.script) for run in runs if (shown := without_controls(run.text))]


class _Piece(NamedTuple):
    """A run as it is drawn: its font (script, size, style, direction) and its text."""

    font: pygame.font.Font
    text: str
    script: str


class _Picture(NamedTuple):
    """A piece as drawn: its picture (None for spaces alone), its size, where its baseline and
    its ink lie in it."""

    image: pygame.Surface | None
    width: int
    height: int
    baseline: int
    ink: pygame.Rect


@dataclass(frozen=True)
class SetLine:
    """A rendered line: its picture, the baseline's height in it, and whether the picture
    cut a letter that reached above or below the line's box."""

    image: pygame.Surface
    ascent: int
    cut: bool


WHITE = (255, 255, 255)


def _one_line(text: str) -> str:
    """Line breaks become spaces; NUL, which SDL_ttf refuses, goes."""
    text = text.replace("\x00", "")
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text
