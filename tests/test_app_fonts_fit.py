"""Fitting text to a width: the size it finds, and how few sizes it measures to find it
(each size measured sets a font to it; a race of guests' long names took a frame)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def stepped(fonts: FontBook, words: str, size: int, width: int, bold: bool) -> int:
    """The size fit promises: down from ``size`` by tenths, the first at which the words fit."""
    fitted = max(6, size)
    while fitted > 8 and fonts.setter.width(words, fonts._px(fitted), bold) > width:
        fitted = int(fitted * 0.9)
    return fitted


NAMES = ["Bartholomew-Long", "Wolfgang Amadeus Mozart", "ابو بکر صدیق", "ज़ोया अग्रवाल", "Ana", "WWWWWWWWWWWW"]


@pytest.mark.parametrize("locale", ["en", "ur", "hi"])
@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_fit_finds_the_largest_stepped_size_that_fits(locale, scale):
    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    fonts.set_scale(scale)
    for words in NAMES:
        for size in (9, 20, 37, 60, 96):
            for width in (12, 40, 90, 180, 400, 900):
                for bold in (False, True):
                    assert fonts.fit(words, size, width, bold) == stepped(fonts, words, size, width, bold), \
                        (words, size, width, bold)


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_a_long_name_in_a_narrow_box_is_measured_at_few_sizes(locale, monkeypatch):
    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    measured: list[int] = []
    width = fonts.setter.width

    def counted(words, px, bold=False):
        measured.append(px)
        return width(words, px, bold)

    monkeypatch.setattr(fonts.setter, "width", counted)
    name = "Wolfgang Amadeus Mozart"
    fitted = fonts.fit(name, 96, 260, True)
    assert fitted < 60  # five or more tenths down
    assert len(measured) <= 3, measured
