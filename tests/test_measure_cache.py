"""The measures kept for the whole run (text/measure_cache.py): each is the font's own for
its face, size and style, they outlive a language switch, and there are never more than
the limit."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text import measure_cache  # noqa: E402
from magdagdon.app.text.fonts import FontBook, font_paths  # noqa: E402
from magdagdon.app.text.measure_cache import MeasureCache  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def test_a_kept_width_is_the_fonts_own_for_each_face_size_and_style():
    regular_path, bold_path = font_paths("latin")
    fonts = FontBook("latin")
    words = "Majda Powers"
    for size in (14, 31, 14):  # the face's font is set to another size and back
        regular = pygame.font.Font(regular_path, size).size(words)[0]
        bold = pygame.font.Font(bold_path, size).size(words)[0]
        assert regular != bold
        assert fonts.size(words, size)[0] == regular
        assert fonts.size(words, size, bold=True)[0] == bold


def test_a_kept_ink_box_is_the_rendered_lines_own_in_each_script():
    for script, rtl, words in (("latin", False, "Majda"), ("arabic", True, "ماجدہ"), ("devanagari", False, "माजदा")):
        fonts = FontBook(script, rtl=rtl)
        for size, bold in ((20, False), (20, True), (36, False)):
            drawn = fonts.setter.render(words, size, (255, 255, 255), bold).get_bounding_rect()
            assert fonts.ink(words, size, bold) == drawn, (script, size, bold)


def test_measures_outlive_a_language_switch():
    """Every screen plans again after a switch: coming back to a language measures nothing
    its labels were measured for before."""
    fonts = FontBook("latin")
    labels = [f"Label {n} of the menu" for n in range(30)]
    for label in labels:
        fonts.size(label, 24)
        fonts.ink(label, 24)
    fonts.switch("arabic", rtl=True)
    fonts.size("اردو", 24)
    fonts.switch("latin", rtl=False)
    sizes, inks = len(measure_cache.RUN_SIZES), len(measure_cache.LINE_INKS)
    measured = []
    real = measure_cache.RUN_SIZES.get

    def counting(key, make):
        return real(key, lambda: measured.append(key) or make())

    measure_cache.RUN_SIZES.get = counting  # type: ignore[method-assign]
    try:
        for label in labels:
            fonts.size(label, 24)
            fonts.ink(label, 24)
    finally:
        del measure_cache.RUN_SIZES.get
    assert measured == []
    assert (len(measure_cache.RUN_SIZES), len(measure_cache.LINE_INKS)) == (sizes, inks)


def test_the_least_recently_used_measure_goes_first_past_the_limit():
    kept = MeasureCache[int](3)
    made = []

    def make(value):
        return lambda: made.append(value) or value

    for key in "abc":
        kept.get(key, make(ord(key)))
    assert kept.get("a", make(0)) == ord("a")  # used again: now the most recent
    kept.get("d", make(ord("d")))  # past the limit: "b" goes
    assert len(kept) == 3
    kept.get("b", make(ord("b")))
    assert made == [ord("a"), ord("b"), ord("c"), ord("d"), ord("b")]
