"""Where text may come apart: a wrapped line, a name shortened with "…", the runs of a mixed
line. Never inside an emoji sequence joined by zero-width joiners, a flag, a Devanagari
conjunct or an Urdu word; never between a sign and its number; an Urdu line with a Latin
word and a number reads from the right with both left to right inside it. Each case comes
apart when the library behind it — grapheme clusters (UAX #29, ``magdagdon.graphemes``),
line-break opportunities (UAX #14, ICU) or bidi levels (UAX #9, ICU) — is replaced by a
split at every code point. Widths are counted in code points (``len``) unless a font is
needed, so a line holds exactly as many code points as a naive split would give it."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.text.ellipsis import ELLIPSIS, shortened
from magdagdon.app.text.fonts import FontBook
from magdagdon.app.text.i18n import Catalog
from magdagdon.app.text.text_layout import REPLACEMENT
from magdagdon.app.text.line_breaks import break_opportunities, wrap_paragraph
from magdagdon.app.text.styled_text import Span, plain, wrap_spans
from magdagdon.app.text.text_runs import split_runs, visual_order, without_controls
from magdagdon.graphemes import clusters

CODER = "\U0001F469\u200d\U0001F4BB"  # 👩‍💻 woman, joiner, laptop: 3 code points
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # 👨‍👩‍👧: 5 code points
ITALY, PAKISTAN = "\U0001F1EE\U0001F1F9", "\U0001F1F5\U0001F1F0"  # two regional indicators each
KSHA, TRA, SHRA = "क्ष", "त्र", "श्र"  # consonant, virama, consonant: one cluster each
PRIYA = "प्रिया"  # प्रि (4 code points) and या
URDU_NAME = "عائشہ خان"


def pieces(text: str) -> list[str]:
    """``text`` cut at every place a line may end."""
    offsets = [0, *break_opportunities(text)]
    return [text[start:end] for start, end in zip(offsets, offsets[1:])]


# --- emoji sequences --------------------------------------------------------------------------

def test_a_line_may_end_between_two_emoji_sequences_never_inside_one():
    assert pieces(f"{CODER}{FAMILY}{CODER}") == [CODER, FAMILY, CODER]
    # Four code points a line: a split at every code point would end the first at 👩‍💻👨.
    assert wrap_paragraph(f"{CODER}{FAMILY}{CODER}", 4, len) == [CODER, FAMILY, CODER]


def test_an_emoji_sequence_wider_than_its_line_stays_whole():
    # The family alone is five code points, wider than the line: it is one cluster, not split.
    assert wrap_paragraph(f"Ana{FAMILY}", 2, len) == ["An", "a", FAMILY]
    assert wrap_paragraph(FAMILY + FAMILY, 3, len) == [FAMILY, FAMILY]


@pytest.mark.parametrize("sequence", [CODER, FAMILY], ids=["coder", "family"])
def test_a_name_shortened_keeps_its_emoji_sequences_whole(sequence):
    pygame.font.init()
    fonts = FontBook("latin")
    # No font of the game draws the sequence: it is one replacement mark wide. Room for "Ana",
    # one mark and "…": the sequence stays whole, not its first emoji and a joiner.
    width = fonts.size(f"Ana{REPLACEMENT}{ELLIPSIS}", 24)[0] + 2
    short = shortened(fonts, f"Ana{sequence}{ITALY}Bo", 24, width, bold=False)
    assert short.startswith(f"Ana{sequence}{ELLIPSIS}"), short


# --- flags ------------------------------------------------------------------------------------

def test_a_line_may_end_between_two_flags_never_inside_one():
    assert pieces(f"{ITALY}{PAKISTAN}{ITALY}") == [ITALY, PAKISTAN, ITALY]
    assert wrap_paragraph(f"{ITALY}{PAKISTAN}{ITALY}", 3, len) == [ITALY, PAKISTAN, ITALY]


def test_a_flag_wider_than_its_line_stays_whole():
    assert wrap_paragraph(f"{ITALY}{PAKISTAN}", 1, len) == [ITALY, PAKISTAN]
    assert clusters(f"{ITALY}{PAKISTAN}") == [ITALY, PAKISTAN]


# --- Devanagari conjuncts -----------------------------------------------------------------------

def test_a_hindi_word_wider_than_its_line_is_split_between_conjuncts_never_inside_one():
    word = f"{KSHA}{TRA}{SHRA}{PRIYA}"
    assert pieces(word) == [word]  # no place inside a word where a line may end
    assert wrap_paragraph(word, 4, len) == [KSHA, TRA, SHRA, "प्रि", "या"]


def test_a_hindi_name_breaks_between_its_words_and_shortens_between_its_clusters():
    assert pieces("प्रिया शर्मा") == ["प्रिया ", "शर्मा"]
    assert wrap_paragraph("प्रिया शर्मा", 8, len) == [PRIYA, "शर्मा"]
    pygame.font.init()
    fonts = FontBook("devanagari")
    # Room for "प…" alone: the name keeps its first cluster whole, प्रि, never प or प्र.
    width = fonts.size(f"प{ELLIPSIS}", 24)[0]
    assert shortened(fonts, f"{PRIYA} शर्मा", 24, width, bold=False).startswith(f"प्रि{ELLIPSIS}")
    width = fonts.size(f"{PRIYA}{ELLIPSIS}", 24)[0] + 2
    assert shortened(fonts, f"{PRIYA}शर्मा", 24, width, bold=False).startswith(f"{PRIYA}{ELLIPSIS}")


# --- Urdu ---------------------------------------------------------------------------------------

# "Aisha Khan made 350 in MAGDAGDON", logical order.
URDU_LINE = f"{URDU_NAME} نے MAGDAGDON میں 350 بنائے"


def test_an_urdu_line_with_a_latin_word_and_a_number_reads_from_the_right():
    runs = visual_order(split_runs(URDU_LINE, "arabic", True))
    shown = [(run.text.strip(), run.rtl) for run in runs if run.text.strip()]
    # Left to right on screen: the sentence's end first, the name at the right; the number
    # and the Latin word each read left to right, the Urdu words right to left.
    assert shown == [("بنائے", True), ("350", False), ("میں", True), ("MAGDAGDON", False), (f"{URDU_NAME} نے", True)]


def test_an_urdu_line_wraps_between_words_never_inside_one():
    assert pieces(URDU_LINE) == ["عائشہ ", "خان ", "نے ", "MAGDAGDON ", "میں ", "350 ", "بنائے"]
    assert wrap_paragraph(URDU_LINE, 10, len) == [f"{URDU_NAME}", "نے", "MAGDAGDON", "میں 350", "بنائے"]
    # An Urdu word wider than its line stays whole: its letters join only within one run.
    assert wrap_paragraph("عائشہ", 2, len) == ["عائشہ"]


def test_a_sign_stays_with_its_number_at_a_line_end():
    # UAX #14 lets a line end after an en dash: "For –" / "1 or +1". Not here.
    for text in ("For –1 or +1 on a die", "کم کریں –15 یا +1", "घटाएँ −1 या +1"):
        assert all(piece.rstrip()[-1] not in "–−+-" for piece in pieces(text)), pieces(text)
    assert wrap_paragraph("For –1 or +1 on a die", 5, len) == ["For", "–1 or", "+1 on", "a die"]


# --- names isolated in their sentence ----------------------------------------------------------------

def on_screen(line: str) -> str:
    """An English line as it stands, left to right (Urdu letters backwards)."""
    runs = visual_order(split_runs(line, "latin", False))
    return without_controls("".join(run.text[::-1] if run.rtl else run.text for run in runs))


@pytest.mark.parametrize("width", [8, 9])  # "عائشہ خان" is 9: the line breaks inside the name
def test_an_isolated_name_parted_by_a_line_break_stays_isolated_on_both_lines(width):
    line = Catalog("en")("gameover.rank_named", name=URDU_NAME, rank=3, difficulty="Peaceful")
    lines = wrap_paragraph(line, width, lambda text: len(without_controls(text)))
    assert " ".join(without_controls(part) for part in lines) == without_controls(line)
    # Each line reads left to right, the parts of the name each from the right: a line that
    # opened with the name's second word without its isolate would turn around
    # ("table Peaceful the in 3# :خان").
    words = [on_screen(part) for part in lines]
    assert words[0] == "عائشہ"[::-1] and words[1].startswith("خان"[::-1])
    assert " ".join(words).endswith("#3 in the Peaceful table")


@pytest.mark.parametrize("text", [URDU_LINE, f"{CODER}{FAMILY} {ITALY}{PAKISTAN} {KSHA}{TRA}{SHRA}{PRIYA}",
                                  Catalog("en")("gameover.rank_named", name=URDU_NAME, rank=3, difficulty="Peaceful")])
def test_a_line_with_words_in_bold_breaks_where_the_same_plain_line_does(text):
    middle = len(text) // 2
    spans = (Span(text[:middle]), Span(text[middle:], bold=True))
    for width in (3, 8, 12):
        styled = wrap_spans(spans, width, lambda line: len(without_controls(plain(line))))
        assert [plain(line) for line in styled] == wrap_paragraph(text, width, lambda line: len(without_controls(line)))
