"""The on-screen keyboard holds every letter and mark its language's names are written with,
and names in each script are typed by taps alone, with keys a finger can hit."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.input.keyboard import CODE_LETTERS, LAYOUTS
from magdagdon.engine import Difficulty
from magdagdon.storage import open_store

from support.player import Player

# Each script's letters and marks, listed here from its alphabet, not from the keyboard.
URDU_ALPHABET = "ا آ ب پ ت ٹ ث ج چ ح خ د ڈ ذ ر ڑ ز ژ س ش ص ض ط ظ ع غ ف ق ک گ ل م ن ں و ہ ھ ء ی ے".split()
URDU_HAMZA_FORMS = ["ئ", "ؤ", "ۓ", "ۂ"]
URDU_DIACRITICS = ["\u064e", "\u0650", "\u064f", "\u0651", "\u0652", "\u064b", "\u0670", "\u0654"]  # zabar … hamza
HINDI_VOWELS = "अ आ इ ई उ ऊ ऋ ए ऐ ओ औ ऑ".split()
HINDI_CONSONANTS = ("क ख ग घ ङ च छ ज झ ञ ट ठ ड ढ ण त थ द ध न प फ ब भ म य र ल व श ष स ह").split()
HINDI_MATRAS = ["\u093e", "\u093f", "\u0940", "\u0941", "\u0942", "\u0943", "\u0947", "\u0948", "\u0949", "\u094b", "\u094c"]
HINDI_MARKS = {"halant": "\u094d", "nukta": "\u093c", "anusvara": "\u0902", "chandrabindu": "\u0901", "visarga": "\u0903"}
ITALIAN_ACCENTS = ["À", "È", "É", "Ì", "Ò", "Ù"]


def every_key(script: str) -> set[str]:
    return {key for row in LAYOUTS[script].rows for key in row}


def test_the_urdu_keys_hold_the_alphabet_its_hamza_forms_and_diacritics():
    missing = set(URDU_ALPHABET + URDU_HAMZA_FORMS + URDU_DIACRITICS) - every_key("arabic")
    assert not missing, sorted(missing)


def test_the_hindi_keys_hold_every_vowel_consonant_matra_and_mark():
    missing = set(HINDI_VOWELS + HINDI_CONSONANTS + HINDI_MATRAS + list(HINDI_MARKS.values())) - every_key("devanagari")
    assert not missing, sorted(missing)
    assert {"क्ष", "त्र", "ज्ञ", "श्र", "ड़", "ढ़"} <= every_key("devanagari")  # the usual conjuncts, nukta letters


def test_the_latin_keys_hold_an_italian_name_s_accents_apostrophe_and_hyphen():
    assert set(ITALIAN_ACCENTS + ["'", "-"]) <= every_key("latin")
    assert all(key.isupper() for key in ITALIAN_ACCENTS)  # capitals start a word, small letters go on


def test_no_key_repeats_and_no_row_is_wider_than_twelve():
    for layout in (*LAYOUTS.values(), CODE_LETTERS):
        keys = [key for row in layout.rows for key in row]
        assert len(keys) == len(set(keys)), layout.script
        assert max(len(row) for row in layout.rows) <= 12, layout.script


def test_a_diacritic_key_shows_its_mark_on_a_dotted_circle():
    assert LAYOUTS["arabic"].label("\u064e") == "\u25cc\u064e" and LAYOUTS["arabic"].label("ب") == "ب"


NAMES = [("ur", ["ع", "ا", "ئ", "ش", "ہ"], "عائشہ"),
         ("hi", ["प", "\u094d", "र", "\u093f", "य", "\u093e"], "प्रिया"),
         ("en", ["N", "I", "C", "C", "O", "L", "Ò"], "Niccolò")]


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)], ids=["800x600", "1080x1920"])
@pytest.mark.parametrize("locale, taps, name", NAMES, ids=[locale for locale, _, _ in NAMES])
def test_a_name_in_each_script_is_typed_by_taps_alone_on_keys_a_finger_hits(tmp_path, size, locale, taps, name):
    player = Player(tmp_path, seed=7, scene="name_entry", size=size, locale=locale)
    try:
        player.wait_for(lambda: player.top_key == "name_entry", limit=6.0)
        window = pygame.Rect((0, 0), size)
        for key in player.top.keys:  # every key of the page shown: in the window, finger-sized
            assert window.contains(key.rect) and min(key.rect.size) >= 44, (key.ident, key.rect)
        for tap in taps:
            player.tap(next(key.rect for key in player.top.keys if key.ident == tap).center)
        assert player.top.name == name
        player.tap(next(key.rect for key in player.top.keys if key.ident == "ok").center, then=1.0)
        assert [entry.name for entry in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)] == [name]
    finally:
        player.close()
