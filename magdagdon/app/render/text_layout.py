"""Drawing a line of any of the game's languages with pygame: each run (see
:mod:`.text_runs`) in its script's font, shaped by HarfBuzz in its own direction, the runs
placed side by side in visual order on one shared baseline.

Line heights come from the fonts: Noto Nastaliq Urdu needs about 1.8 times the height of
Noto Sans at the same point size, so an Urdu line is tall even when its letters look small.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .font_cmap import covered_code_points
from .styled_text import Span, plain
from .text_runs import ARABIC, DEVANAGARI, LATIN, Run, split_runs, visual_order, wrap_paragraph

if TYPE_CHECKING:
    from pygame.typing import ColorLike as ColorValue


@dataclass(frozen=True)
class ScriptFont:
    regular: str  # file paths
    bold: str | None  # None: the regular file, emboldened by SDL_ttf
    harfbuzz_script: str  # ISO 15924 code for HarfBuzz ("Arab", "Deva", "Latn")


_DIRECTIONS = {False: getattr(pygame, "DIRECTION_LTR", 0), True: getattr(pygame, "DIRECTION_RTL", 1)}


class TextSetter:
    """Measures, wraps and renders text in a language whose own script is ``home_script``
    (letters of the other scripts are drawn in their fonts: a language list shows اردو and
    हिन्दी in any UI language). Fonts and run splits are cached."""

    CACHE_LIMIT = 2000

    def __init__(self, fonts: dict[str, ScriptFont], home_script: str = LATIN, rtl: bool = False) -> None:
        self.fonts = fonts
        self.home_script = home_script if home_script in fonts else LATIN
        self.rtl = rtl
        self._loaded: dict[tuple, pygame.font.Font] = {}
        self._runs: dict[str, list[Run]] = {}
        self._widths: dict[tuple[str, int, bool], int] = {}
        self._drawn_by: dict[tuple[str, str], str] = {}  # (script, letter) -> the script whose font draws it
        self._coverage = {script: covered_code_points(font.regular) for script, font in fonts.items()}
        order = [self.home_script, LATIN, ARABIC, DEVANAGARI]
        self._fallbacks = [s for i, s in enumerate(order) if s in fonts and s not in order[:i]]

    # --- fonts ----------------------------------------------------------------------------
    def font(self, script: str, size: int, bold: bool = False, rtl: bool = False, italic: bool = False) -> pygame.font.Font:
        key = (script, max(6, int(size)), bold, rtl, italic)
        font = self._loaded.get(key)
        if font is None:
            spec = self.fonts.get(script) or self.fonts[LATIN]
            path = spec.bold if bold and spec.bold else spec.regular
            font = pygame.font.Font(path, key[1])
            if bold and not spec.bold:
                font.set_bold(True)
            if italic:  # no bundled font has an italic face: SDL_ttf slants the regular one
                font.set_italic(True)
            if hasattr(font, "set_script"):  # HarfBuzz shaping (SDL_ttf >= 2.20)
                font.set_script(spec.harfbuzz_script)
                font.set_direction(_DIRECTIONS[rtl])
            self._loaded[key] = font
        return font

    def home_font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.font(self.home_script, size, bold, self.rtl and self.home_script == ARABIC)

    def _covers(self, script: str, char: str) -> bool:
        coverage = self._coverage.get(script)
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

    # --- runs -----------------------------------------------------------------------------
    def runs(self, line: str) -> list[Run]:
        """The runs of one line in visual order (left to right on screen)."""
        runs = self._runs.get(line)
        if runs is None:
            if len(self._runs) > self.CACHE_LIMIT:
                self._runs.clear()
            # A line of digits and signs alone (a score, a sum) is drawn in Noto Sans.
            logical = split_runs(line, LATIN, self.rtl, self._drawing_script)
            runs = self._runs[line] = visual_order(logical)
        return runs

    # --- measuring ------------------------------------------------------------------------
    def metrics(self, size: int, bold: bool = False) -> tuple[int, int]:
        """(ascent, descent) shared by every line at ``size``: the tallest of the language's
        own font and Latin, so lines with and without a Latin word are equally tall."""
        fonts = [self.home_font(size, bold), self.font(LATIN, size, bold)]
        return max(f.get_ascent() for f in fonts), max(-f.get_descent() for f in fonts)

    def line_metrics(self, line: str, size: int, bold: bool = False) -> tuple[int, int]:
        """(ascent, descent) of one line: as :meth:`metrics`, except that a line wholly in
        Latin letters and digits (a score, "(+60)") is only as tall as Latin, even in Urdu."""
        if all(run.script == LATIN for run in self.runs(_one_line(line))):
            font = self.font(LATIN, size, bold)
            return font.get_ascent(), -font.get_descent()
        return self.metrics(size, bold)

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
            one_line = _one_line(line)
            width = sum(self.font(r.script, size, bold, r.rtl).size(r.text)[0] for r in self.runs(one_line))
            self._widths[key] = width
        return width

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines no wider than ``width``, broken at spaces (and at explicit line breaks)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            lines += wrap_paragraph(paragraph, width, lambda line: self.width(line, size, bold)) or [""]
        return lines

    # --- drawing --------------------------------------------------------------------------
    def render(self, line: str, size: int, colour: "ColorValue", bold: bool = False) -> pygame.Surface:
        """One line, runs in visual order on a shared baseline; transparent background."""
        return self.render_line(line, size, colour, bold).image

    def render_line(self, line: str, size: int, colour: "ColorValue", bold: bool = False) -> "SetLine":
        """As :meth:`render`, with where the baseline lies and whether a letter reached past
        the line's box (and was cut)."""
        line = _one_line(line)
        ascent, descent = self.line_metrics(line, size, bold)
        return _on_baseline([(self.font(run.script, size, bold, run.rtl), run.text) for run in self.runs(line)],
                            colour, ascent, descent)


    # --- lines with words in bold or italic ------------------------------------------------
    def styled_runs(self, spans: tuple[Span, ...]) -> list[tuple[Run, bool, bool]]:
        """(run, bold, italic) in visual order: the runs of the whole line (so direction and
        scripts are as for plain text), each cut where the style changes."""
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
        return [(run, *cut_styles[id(run)]) for run in visual_order(cut)]

    def styled_width(self, spans: tuple[Span, ...], size: int, bold: bool = False) -> int:
        return sum(self.font(run.script, size, bold or b, run.rtl, i).size(run.text)[0]
                   for run, b, i in self.styled_runs(spans))

    def render_styled(self, spans: tuple[Span, ...], size: int, colour: "ColorValue", bold: bool = False) -> "SetLine":
        """As :meth:`render_line`, with each span in its own style (``bold``: the whole line)."""
        ascent, descent = self.line_metrics(plain(spans), size, bold or any(span.bold for span in spans))
        return _on_baseline([(self.font(run.script, size, bold or run_bold, run.rtl, italic), run.text)
                             for run, run_bold, italic in self.styled_runs(spans)], colour, ascent, descent)


@dataclass(frozen=True)
class SetLine:
    """A rendered line: its picture, the baseline's height in it, and whether the picture
    cut a letter that reached above or below the line's box."""

    image: pygame.Surface
    ascent: int
    cut: bool


def _on_baseline(runs: list[tuple[pygame.font.Font, str]], colour: "ColorValue", ascent: int,
                 descent: int) -> SetLine:
    """Each (font, text) drawn left to right on one shared baseline."""
    pieces = []
    for font, text in runs:
        try:
            pieces.append((font.render(text, True, colour), font.get_ascent()))
        except (pygame.error, ValueError):  # nothing visible to draw (a lone joiner or control character)
            continue
    # A glyph's foot may reach a little below the font's descent (Nastaliq's meem in کم):
    # the picture is as tall as every piece drawn on the baseline.
    height = max([ascent + descent] + [ascent - piece_ascent + piece.get_height() for piece, piece_ascent in pieces])
    surface = pygame.Surface((sum(p.get_width() for p, _ in pieces), height), pygame.SRCALPHA)
    x, cut = 0, False
    for piece, piece_ascent in pieces:
        top = ascent - piece_ascent
        surface.blit(piece, (x, top))
        ink = piece.get_bounding_rect()
        cut = cut or (ink.height > 0 and (top + ink.top < 0 or top + ink.bottom > height))
        x += piece.get_width()
    return SetLine(surface, ascent, cut)


def _one_line(text: str) -> str:
    """Line breaks become spaces; NUL, which SDL_ttf refuses, goes."""
    text = text.replace("\x00", "")
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text
