"""Bidi isolates (UAX #9 rules BD8, BD9, X5a-X5c, X6a, P2-P3) and paired brackets (N0): the
levels the game takes from ICU show each line as python-bidi's Rust implementation
(unicode-bidi), a second and independent one, does; and a name, a code or a difficulty set
into a sentence keeps its own direction and moves nothing around it."""

from __future__ import annotations

import re
import unicodedata

import bidi
from hypothesis import given, settings, strategies as st

from magdagdon.app.text.i18n import ISOLATED_PLACEHOLDERS, SENTENCE_PLACEHOLDERS, Catalog
from magdagdon.app.text.bidi_levels import uba_levels
from magdagdon.app.text.text_runs import isolated, split_runs, visual_order, without_controls

ISOLATES = ["\u2066", "\u2067", "\u2068", "\u2069"]  # LRI, RLI, FSI, PDI
BRACKETS = ["(", ")", "[", "]"]
# What the game's lines are made of: Latin, Hebrew, Arabic and Devanagari letters, European
# and Arabic-Indic digits, spaces, the punctuation and signs the catalogs use, a combining
# mark, a tatweel, the directional marks. Not tabs nor embeddings and overrides: no text of
# the game holds them, and the references disagree with each other about them in rule L1.
COMMON = ["a", "B", " ", " ", "\u00a0", "\u05d0", "\u0627", "\u0628", "\u0915", "1", "2", "\u0661", "\u06f1",
          ".", ",", ":", "/", "-", "+", "%", "#", "!", "\u00b0", "\u00b7", "\u2013", "\u2212", "\u060c", "\u06d4",
          "\u0300", "\u0640", "\u200e", "\u200f"]
# ICU and unicode-bidi part on one case, a combining mark right after a closing bracket that
# rule N0 turned (ICU leaves the mark to the neutrals' rules): no text of the game holds one,
# so the lines with brackets are drawn without the mark.
CHAR_CLASSES = {"with isolates": COMMON + ISOLATES,
                "with brackets": [char for char in COMMON if char != "\u0300"] + BRACKETS}


def lines(alphabet: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(alphabet), min_size=1, max_size=30).map("".join)


def lines_of_whole_isolates(alphabet: list[str]) -> st.SearchStrategy[str]:
    """Lines whose every isolate is closed by its PDI, nested at will: what the catalog writes."""
    plain = st.lists(st.sampled_from(alphabet), max_size=8).map("".join)
    isolate = st.sampled_from(ISOLATES[:3])
    return st.recursive(plain, lambda inner: st.lists(
        st.one_of(inner, st.tuples(isolate, inner).map(lambda pair: f"{pair[0]}{pair[1]}\u2069")),
        min_size=1, max_size=4).map("".join), max_leaves=10).filter(bool)


@given(lines_of_whole_isolates(COMMON), st.sampled_from([0, 1]))
@settings(max_examples=800)
def test_nested_isolates_are_shown_as_the_rust_implementation_shows_them(text, paragraph_level):
    assert shown(text, paragraph_level) == bidi.get_display(text, base_dir="LR"[paragraph_level])


def reordered(text: str, levels: list[int]) -> str:
    """Rule L2 on characters: ``text`` in the order it is shown, left to right."""
    order = list(range(len(text)))
    if not levels:
        return ""
    for level in range(max(levels), (min(levels) | 1) - 1, -1):
        start = 0
        while start < len(order):
            if levels[order[start]] < level:
                start += 1
                continue
            end = start
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[start:end] = reversed(order[start:end])
            start = end
    return "".join(text[i] for i in order)


def shown(text: str, paragraph_level: int) -> str:
    return reordered(text, uba_levels(text, paragraph_level))


# --- ICU against python-bidi's Rust implementation (unicode-bidi) --------------------------

@given(lines(CHAR_CLASSES["with isolates"]), st.sampled_from([0, 1]))
@settings(max_examples=1000)
def test_lines_with_isolates_are_shown_as_the_rust_implementation_shows_them(text, paragraph_level):
    assert shown(text, paragraph_level) == bidi.get_display(text, base_dir="LR"[paragraph_level])


@given(lines(CHAR_CLASSES["with brackets"]), st.sampled_from([0, 1]))
@settings(max_examples=1000)
def test_lines_with_brackets_are_shown_as_the_rust_implementation_shows_them(text, paragraph_level):
    # Lines with brackets and isolates together are checked by hand below: unicode-bidi 0.3
    # looks for a bracket's context only within its level run, not its isolating run sequence.
    assert shown(text, paragraph_level) == bidi.get_display(text, base_dir="LR"[paragraph_level])


def test_a_bracket_beside_an_isolate_finds_its_context_past_the_isolate():
    # Checked by hand (unicode-bidi looks for a bracket's context within its level run only):
    # inside an isolate of Devanagari, "[۔·]" follows an Arabic full stop beyond a nested
    # isolate; rule N0 looks through the isolating run sequence, isolates counted as neutrals,
    # finds that right-to-left letter, and the brackets take its direction (level 3).
    assert uba_levels("\u200f\u2068(क۔\u2068/-[١۔\u2069,[۔·]", 1) == \
        [1, 1, 2, 2, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3]
    # A pair of brackets whose content is isolated: the isolate is a neutral, so the pair
    # takes the direction around it.
    assert uba_levels("\u05d0 (\u2066ab\u2069) \u05d1", 0) == [1, 1, 1, 1, 2, 2, 1, 1, 1, 1]


# --- the isolate itself ---------------------------------------------------------------------

def test_an_isolate_counts_as_one_neutral_in_its_line():
    # Without the isolate, "abc 12" is one left-to-right stretch; isolated, "abc" cannot make
    # the 12 left to right with it: the number follows the Urdu word, as a number alone would.
    assert shown("اردو abc 12", 1) == "abc 12 ودرا"
    assert shown("اردو \u2066abc\u2069 12", 1) == "12 \u2069abc\u2066 ودرا"


def directions(text: str, paragraph_level: int) -> str:
    """Each character's direction, "L" or "R" (ICU gives a line that reads one way throughout
    its paragraph's level everywhere: the same picture as the deeper levels would draw)."""
    return "".join("LR"[level % 2] for level in uba_levels(text, paragraph_level))


def test_a_first_strong_isolate_takes_the_direction_of_what_it_holds():
    assert directions("a \u2068\u05d0\u05d1\u2069 b", 0) == "LLLRRLLL"
    assert directions("a \u2068bc\u2069 \u05d0", 0) == "LLLLLLLR"
    assert uba_levels("a \u2068bc\u2069 \u05d0", 0)[3:5] == [2, 2]  # left to right: the next even level
    # Its first strong letter is looked for past the isolates nested in it.
    assert uba_levels("\u2068\u2066a\u2069\u05d0\u2069", 0)[3] == 1


def test_the_paragraph_takes_its_direction_from_outside_isolates():
    # An English line opening with an isolated Urdu name stays left to right (rule P2).
    assert split_runs(isolated("عائشہ") + " wins", "latin", False)[-1].level == 0


def test_unmatched_isolate_controls_never_raise():
    for text in ("\u2069", "a\u2069\u05d0", "\u2067\u2067x", "\u2068", "\u05d0\u2066b\u2069\u2069c"):
        for level in (0, 1):
            assert len(uba_levels(text, level)) == len(text)


def test_isolate_controls_ride_with_the_runs_they_stand_in():
    runs = split_runs(isolated("عائشہ خان") + ": #3", "latin", False)
    assert [run.text.strip("\u2068\u2069") for run in runs] == ["عائشہ خان", ": #3"]
    assert all(without_controls(run.text) for run in runs)  # no run of controls alone


# --- names, codes and difficulties in the catalog's sentences --------------------------------

URDU_NAME, LATIN_NAME = "عائشہ خان", "Ada Lovelace"
HOME = {"en": ("latin", False), "it": ("latin", False), "ur": ("arabic", True), "hi": ("devanagari", False)}


def on_screen(line: str, locale: str) -> str:
    """``line`` as it stands on screen, left to right, a character at a time (a right-to-left
    word therefore reads backwards here: see :func:`backwards`)."""
    script, rtl = HOME[locale]
    runs = visual_order(split_runs(line, script, rtl))
    return without_controls("".join(run.text[::-1] if run.rtl else run.text for run in runs))


def backwards(words: str) -> str:
    return words[::-1]


def test_an_urdu_name_opens_an_english_rank_line_instead_of_ending_it():
    en = Catalog("en")
    line = en("gameover.rank_named", name=URDU_NAME, rank=1, difficulty=en("difficulty.PEACEFUL"))
    assert on_screen(line, "en") == backwards(URDU_NAME) + ": #1 in the PEACEFUL table"
    # The bug: the line laid out right to left, "in the PEACEFUL table 1#:عائشہ خان".
    assert on_screen(without_controls(line), "en") == "in the PEACEFUL table 1# :" + backwards(URDU_NAME)


def test_an_urdu_name_in_the_hand_over_line():
    line = Catalog("en")("party.handover", name="علی")
    assert on_screen(line, "en") == backwards("علی") + "'s turn — same dice"
    assert on_screen(without_controls(line), "en") == "s turn — same dice'" + backwards("علی")


def test_an_urdu_name_before_its_score():
    line = Catalog("en")("attract.best_today", name="علی", score=442)
    assert on_screen(line, "en") == backwards("علی") + " · 442"
    assert on_screen(without_controls(line), "en") == "442 · " + backwards("علی")


def test_an_urdu_name_after_its_place_in_a_left_to_right_list():
    assert on_screen(f"2. {isolated(URDU_NAME)}", "en") == "2. " + backwards(URDU_NAME)
    assert on_screen(f"2. {URDU_NAME}", "en") == backwards(URDU_NAME) + " .2"


def test_the_urdu_party_subtitle_keeps_its_range_together():
    line = Catalog("ur")("party.setup_subtitle", difficulty="PEACEFUL", count=8)
    # Read from the right: "سب کے لیے یہی پاسے · PEACEFUL · 2 سے 8 کھلاڑی".
    assert on_screen(line, "ur") == backwards(" · 2 سے 8 کھلاڑی") + "PEACEFUL" + backwards("سب کے لیے یہی پاسے · ")
    # The bug: "PEACEFUL · 2" one left-to-right stretch, the 2 parted from "سے 8".
    assert on_screen(without_controls(line), "ur") == \
        backwards(" سے 8 کھلاڑی") + "PEACEFUL · 2" + backwards("سب کے لیے یہی پاسے · ")


def test_a_latin_name_in_an_urdu_line_reads_from_the_right():
    line = Catalog("ur")("gameover.rank_named", name=LATIN_NAME, rank=3, difficulty="PEACEFUL")
    # Read from the right: "Ada Lovelace: PEACEFUL کی فہرست میں نمبر 3".
    assert on_screen(line, "ur") == backwards(" کی فہرست میں نمبر 3") + "PEACEFUL :" + LATIN_NAME


def test_a_code_in_an_urdu_line_reads_left_to_right():
    line = Catalog("ur")("gameover.code", code="XGF270")
    assert on_screen(line, "ur").endswith(" — XGF270 " + backwards("چیلنج کوڈ"))


def test_every_placeholder_is_either_isolated_or_part_of_its_sentence():
    catalog = Catalog("en")
    used = {match for text in catalog.strings.values() if isinstance(text, str)
            for match in re.findall(r"\{(\w+)", text)}
    assert used <= ISOLATED_PLACEHOLDERS | SENTENCE_PLACEHOLDERS
    assert not ISOLATED_PLACEHOLDERS & SENTENCE_PLACEHOLDERS


def test_names_are_isolated_and_numbers_are_not():
    line = Catalog("en")("gameover.rank_named", name="Ana", rank=3, difficulty="Peaceful")
    assert line == "\u2068Ana\u2069: #3 in the \u2068Peaceful\u2069 table"
    assert without_controls(line) == "Ana: #3 in the Peaceful table"
    assert all(unicodedata.bidirectional(c) != "FSI" for c in Catalog("en")("hud.turn", turn=12))
