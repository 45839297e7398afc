"""A player's name set into a sentence ("अनु की चाल", "Tocca a Ada") reads as the language
writes it: no English possessive left in another language's catalog, no double space at a
name, and the invisible isolates around a name (which keep its direction apart from the
sentence's) take no room where it meets the words after it."""

from __future__ import annotations

import json
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.i18n import Catalog, catalog_dir  # noqa: E402
from magdagdon.app.text.text_runs import without_controls  # noqa: E402

NAMES = ("अनु", "Ada", "عائشہ")  # Devanagari, Latin, Urdu
PLACEHOLDER = re.compile(r"\{[^}]*\}")


def _strings(locale: str) -> dict[str, str]:
    document = json.loads((catalog_dir() / f"{locale}.json").read_text(encoding="utf-8"))
    return {key: value for key, value in document.items() if isinstance(value, str)}


@pytest.mark.parametrize("locale", ["it", "ur", "hi"])
def test_no_english_possessive_after_a_name_in_another_language(locale):
    joined = {key: value for key, value in _strings(locale).items()
              if re.search(r"\}\s*['’]s\b", value)}
    assert joined == {}, f"{locale}: an English 's after a placeholder"


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_no_double_space_beside_a_name(locale):
    spaced = {key: value for key, value in _strings(locale).items()
              if re.search(r"\{name\}\s{2,}|\s{2,}\{name\}", value)}
    assert spaced == {}


@pytest.fixture(scope="module")
def fonts_by_locale():
    pygame.font.init()
    books = {}
    for locale in ("en", "it", "ur", "hi"):
        text = Catalog(locale)
        books[locale] = (text, FontBook(text.script, rtl=text.rtl))
    return books


# Each language's hand-over line with a name of its own script: the words around the name
# fall to the same fonts with or without the isolates, so the line drawn must be exactly as
# wide as its visible words drawn alone.
OWN_SCRIPT = [("en", "Ada"), ("it", "Ada"), ("ur", "عائشہ"), ("hi", "अनु")]


@pytest.mark.parametrize("locale, name", OWN_SCRIPT)
def test_the_hand_over_line_leaves_no_gap_at_the_name(fonts_by_locale, locale, name):
    text, fonts = fonts_by_locale[locale]
    line = text("party.handover", name=name)
    assert "\u2068" in line  # the name is isolated, as every name set into a sentence
    drawn = fonts.render(line, 60, (255, 255, 255), bold=True)
    bare = fonts.render(without_controls(line), 60, (255, 255, 255), bold=True)
    assert drawn.get_width() == bare.get_width()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_no_font_is_given_an_isolate_to_draw(fonts_by_locale, locale, name):
    """Whatever the name's script, the runs handed to the fonts hold no bidi control: a font
    without their glyphs draws each as a sliver of room ("अनु 's turn")."""
    text, fonts = fonts_by_locale[locale]
    line = text("party.handover", name=name)
    assert all(run.text == without_controls(run.text) for run in fonts.setter.runs(line))
