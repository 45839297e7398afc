"""The lines set once for the run (text/line_pictures.py): a line drawn in a colour is, pixel
for pixel, the line rendered in that colour; its ink is where that render's pixels lie; a
line set again after a language switch is the one kept; and the pictures kept stay within
their budget."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text import line_pictures  # noqa: E402
from magdagdon.app.text.fonts import FontBook  # noqa: E402

LINES = [("latin", False, "Majda Powers: −1 / +1, re-roll"), ("arabic", True, "ماجدہ کی طاقتیں MAGDAGDON 12"),
         ("devanagari", False, "माज्दा की शक्तियाँ: पासा फेंकें"), ("latin", False, "Ngozi · عائشہ · प्रिया")]
COLOURS = [(255, 255, 255), (250, 240, 200), (20, 30, 40), (201, 160, 60), (0, 0, 0)]


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def _pixels(image: pygame.Surface) -> list[tuple[int, int, int, int]]:
    return [tuple(image.get_at((x, y))) for y in range(image.get_height()) for x in range(image.get_width())]


@pytest.mark.parametrize("script,rtl,line", LINES)
def test_a_line_in_a_colour_is_the_render_in_that_colour_and_its_ink_is_that_renders(script, rtl, line):
    setter = FontBook(script, rtl).setter
    for colour in COLOURS:
        for bold in (False, True):
            kept = setter.render_line(line, 27, colour, bold)
            rendered = setter._set_line(line, 27, colour, bold)  # set afresh in the colour, nothing kept
            assert (kept.ascent, kept.cut) == (rendered.ascent, rendered.cut)
            assert kept.image.get_size() == rendered.image.get_size()
            assert _pixels(kept.image) == _pixels(rendered.image), (line, colour, bold)
            assert setter.line_ink(line, 27, bold) == rendered.image.get_bounding_rect()


def test_a_colour_with_its_own_transparency_is_set_in_it():
    setter = FontBook("latin").setter
    see_through = (250, 240, 200, 120)
    kept = setter.render_line("Still playing?", 31, see_through)
    assert _pixels(kept.image) == _pixels(setter._set_line("Still playing?", 31, see_through, False).image)


def test_a_line_set_before_a_language_switch_is_the_one_kept_and_no_colour_changes_it():
    fonts = FontBook("latin")
    first = fonts.setter.render_line("High scores", 40, (255, 255, 255))
    fonts.setter.render_line("High scores", 40, (20, 30, 40))  # a tinted copy: the white one untouched
    fonts.switch("arabic", True)
    fonts.switch("latin", False)
    again = fonts.setter.render_line("High scores", 40, (255, 255, 255))
    assert again is first and set(_pixels(first.image)) <= {(255, 255, 255, a) for a in range(256)}


def test_the_pictures_kept_stay_within_their_budget(monkeypatch):
    monkeypatch.setattr(line_pictures.LINE_PICTURES, "budget", 1_000_000)
    setter = FontBook("latin").setter
    for n in range(300):
        setter.render_line(f"Guest number {n}", 33, (250, 240, 200))
        assert line_pictures.LINE_PICTURES.weight <= 1_000_000
    assert len(line_pictures.LINE_PICTURES) > 10
