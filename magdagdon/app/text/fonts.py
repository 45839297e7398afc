"""Fonts, always loaded by explicit path from ``assets/fonts`` (never the system font lookups,
which break in a frozen app and differ between machines), and the text drawn with them.

Every script the game's languages use has its font: Latin (Noto Sans), Devanagari (Noto
Sans Devanagari) and Urdu's Arabic script (Noto Nastaliq Urdu, the style Urdu readers
expect). A language's catalog names its own script; the others stay available for the
words of other scripts in its text (see :mod:`.render.text_layout`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.assets_path import asset_path

from ..ui.bounded_cache import BoundedCache, surface_bytes
from ..audit.draw_log import text_image
from .direction import LEFT_TO_RIGHT, RIGHT_TO_LEFT, Direction
from .styled_text import Spans, plain, wrap_spans
from .text_layout import SMALLEST_PX, ScriptFont, SetLine, TextSetter
from .text_runs import without_controls

if TYPE_CHECKING:
    from ..ui.palette import Colour

# script of a catalog (i18n ``_meta.script``) -> (regular file, bold file or None, HarfBuzz script)
FONT_FILES: dict[str, tuple[str, str | None, str]] = {
    "latin": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "Latn"),
    "devanagari": ("NotoSansDevanagari-Regular.ttf", None, "Deva"),
    "arabic": ("NotoNastaliqUrdu-Regular.ttf", None, "Arab"),
}


def script_fonts() -> dict[str, ScriptFont]:
    return {
        script: ScriptFont(str(asset_path("fonts", regular)), str(asset_path("fonts", bold)) if bold else None, code)
        for script, (regular, bold, code) in FONT_FILES.items()
    }


# Settings' Large text: every text this many times larger (still fitted to its room).
LARGE_TEXT_SCALE = 1.25


def font_paths(script: str) -> tuple[str, str]:
    """(regular, bold) files of a script; the regular one again where there is no bold file."""
    regular, bold, _code = FONT_FILES.get(script, FONT_FILES["latin"])
    return str(asset_path("fonts", regular)), str(asset_path("fonts", bold or regular))


class FontBook:
    """Measures and renders text in the UI language (right-to-left runs, scripts and their
    fonts handled by :class:`TextSetter`), caching rendered surfaces and fitted sizes."""

    TEXT_CACHE_LIMIT = 600  # entries of the measuring caches (sizes, wrapped lines, ink boxes)
    # The drawn images kept, in windows' worth of pixels: a few screens' texts and buttons,
    # two banners (each up to a window); the least recently drawn go first.
    TEXT_IMAGES_WINDOWS = 1  # (each made again by a tint of its white picture: text/line_pictures.py)
    WIDGET_IMAGES_WINDOWS = 1
    BANNER_WINDOWS = 2

    def __init__(self, script: str = "latin", rtl: bool = False, logged: bool = False,
                 window: tuple[int, int] = (1280, 800)) -> None:
        self.scale = 1.0  # the Large text setting: every size asked for is drawn this much larger
        self.generation = 0  # changes whenever drawn text may look different (painters repaint)
        # Tests and the screen audit: each line rendered knows what it says (see render.draw_log).
        self.logged = logged
        self.window_bytes = 4 * window[0] * window[1]
        self.switch(script, rtl)

    @property
    def direction(self) -> Direction:
        """Which way the language drawn reads (its catalog's, handed in by ``switch``)."""
        return RIGHT_TO_LEFT if self.rtl else LEFT_TO_RIGHT

    def switch(self, script: str, rtl: bool) -> None:
        """Draw in another language's script and direction from now on (the player chose
        another language); every cached image is of the old one."""
        self.setter = TextSetter(script_fonts(), script, rtl)
        self.rtl = rtl
        self.generation += 1
        window = self.window_bytes
        self._texts: BoundedCache[pygame.Surface] = BoundedCache(self.TEXT_IMAGES_WINDOWS * window, surface_bytes)
        self._fits: dict[tuple[object, ...], int] = {}
        self._wraps: dict[tuple[object, ...], tuple[str, ...]] = {}  # a page is wrapped once, not per menu build
        self._inks: dict[tuple[object, ...], pygame.Rect] = {}
        self.images: BoundedCache[pygame.Surface] = BoundedCache(self.WIDGET_IMAGES_WINDOWS * window,
                                                                 surface_bytes)  # drawn widgets (render.widgets)
        self.banners: BoundedCache[tuple[pygame.Surface, pygame.Rect]] = BoundedCache(
            self.BANNER_WINDOWS * window, lambda banner: surface_bytes(banner[0]))  # see render.hud

    def fit_window(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: the images drawn for the old one are let go (every
        text and button is sized to the window) and the budgets follow its pixels."""
        window_bytes = 4 * size[0] * size[1]
        if window_bytes != self.window_bytes:
            self.window_bytes = window_bytes
            self.switch(self.setter.home_script, self.rtl)

    def set_scale(self, scale: float) -> None:
        """Draw every text ``scale`` times larger from now on; ``fit`` still keeps each
        within the room it is given."""
        if scale == self.scale:
            return
        self.scale = scale
        self.generation += 1
        for cache in (self._texts, self._fits, self._wraps, self._inks, self.images, self.banners):
            cache.clear()

    def _px(self, size: float) -> int:
        """The pixel size text asked for at ``size`` is drawn at (Large text scales it)."""
        return max(SMALLEST_PX, int(size * self.scale))

    def px(self, size: float) -> int:
        """The pixel size a text asked for at ``size`` shows at: what a plan says it places."""
        return self._px(size)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of the language's own script (for its line size; text goes through
        :meth:`render`, :meth:`size` and :meth:`wrap`)."""
        return self.setter.home_font(self._px(size), bold)

    def render(self, text: str, size: int, colour: "Colour", bold: bool = False) -> pygame.Surface:
        key = (text, int(size), tuple(colour), bold)
        surface = self._texts.get(key)
        if surface is None:
            px = self._px(size)
            line = self.setter.render_line(text, px, colour, bold)
            surface = self._logged(line, text, px)
            self._texts[key] = surface
        return surface

    def render_styled(self, spans: Spans, size: int, colour: "Colour", bold: bool = False) -> pygame.Surface:
        """A line whose words carry their own bold or italic (a page's inline markup)."""
        if len(spans) <= 1 and not any(span.italic for span in spans):
            return self.render(plain(spans), size, colour, bold or any(span.bold for span in spans))
        key = ("styled", spans, int(size), tuple(colour), bold)
        surface = self._texts.get(key)
        if surface is None:
            px = self._px(size)
            line = self.setter.render_styled(spans, px, colour, bold)
            surface = self._logged(line, plain(spans), px)
            self._texts[key] = surface
        return surface

    def _logged(self, line: SetLine, words: str, px: int) -> pygame.Surface:
        """The line, as a picture that knows the words it shows (without invisible controls)."""
        return text_image(line.image, without_controls(words), px, line.ascent, line.cut) if self.logged else line.image

    def styled_width(self, spans: Spans, size: int, bold: bool = False) -> int:
        return self.setter.styled_width(spans, self._px(size), bold)

    def wrap_styled(self, spans: Spans, size: int, width: int, bold: bool = False) -> list[Spans]:
        return wrap_spans(spans, width, lambda line: self.styled_width(line, size, bold))

    def ink(self, text: str, size: int, bold: bool = False) -> pygame.Rect:
        """Where ``text``'s pixels lie in its rendered image: for placing lines by what
        shows of them (Nastaliq's line box stands far taller than its letters)."""
        key = (text, int(size), bold)
        ink = self._inks.get(key)
        if ink is None:
            if len(self._inks) > self.TEXT_CACHE_LIMIT:
                self._inks.clear()
            ink = self._inks[key] = self.setter.line_ink(text, self._px(size), bold)
        return ink.copy()

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        size = self._px(size)
        return self.setter.width(text, size, bold), sum(self.setter.line_metrics(text, size, bold))

    def line_height(self, size: int, bold: bool = False) -> int:
        return self.setter.line_height(self._px(size), bold)

    def baseline(self, text: str, size: int, bold: bool = False) -> int:
        """How far below the top of :meth:`render`'s picture of ``text`` its baseline lies:
        pictures of separate words (table cells, a label and its value) share a line by it."""
        return self.setter.line_metrics(text, self._px(size), bold)[0]

    def ink_height(self, text: str, size: int, bold: bool = False) -> int:
        """How tall ``text``'s letters reach at ``size``, top of the highest to foot of the
        lowest: a line of Latin words in Urdu needs far less than Nastaliq's line height."""
        return self.ink(text, size, bold).height

    def line_step(self, size: int) -> int:
        """From one line of running text to the next at ``size``: 1.25 × the size in Latin;
        in another script at least its font's line height, as far as its letters reach
        (Noto Nastaliq Urdu's is about twice Noto Sans')."""
        px = self._px(size)
        step = round(px * 1.25)
        return step if self.setter.home_script == "latin" else max(step, self.setter.line_height(px, False))

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        key = (text, int(size), int(width), bold)
        lines = self._wraps.get(key)
        if lines is None:
            if len(self._wraps) > self.TEXT_CACHE_LIMIT:
                self._wraps.clear()
            lines = self._wraps[key] = tuple(self.setter.wrap(text, self._px(size), width, bold))
        return list(lines)

    def fit(self, text: str, size: int, max_width: int, bold: bool = False) -> int:
        """The largest size <= ``size`` at which ``text`` fits in ``max_width`` pixels."""
        key = (text, int(size), int(max_width), bold)
        fitted = self._fits.get(key)
        if fitted is None:
            if len(self._fits) > self.TEXT_CACHE_LIMIT:
                self._fits.clear()
            fitted = self._fitted(text, max(SMALLEST_PX, int(size)), max_width, bold)
            self._fits[key] = fitted
        return fitted

    def _fitted(self, text: str, start: int, max_width: int, bold: bool) -> int:
        """Sizes down from ``start`` by tenths until ``text`` fits. Each size measured costs
        a font set to it (~0.3 ms when the face's open sizes are all in use: fifty guests'
        names took a frame), so sizes that are surely too wide are passed over unmeasured:
        a width grows with the size, give or take a pixel a letter."""
        fitted = start
        full = self.setter.width(text, self._px(start), bold)
        if full <= max_width:
            return fitted
        slack = 2 + len(text)  # each letter's advance is rounded on its own
        while fitted > 8:
            fitted = int(fitted * 0.9)
            guess = full * self._px(fitted) / self._px(start)
            if guess * 0.95 - slack > max_width and fitted > 8:
                continue
            if self.setter.width(text, self._px(fitted), bold) <= max_width:
                break
        return fitted
