"""Right-to-left and Indic text: runs, visual order, wrapping, and — on rendered pixels —
where each word's ink lies in a mixed line."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text.fonts import FontBook, font_paths  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.app.text.bidi_levels import base_level  # noqa: E402
from magdagdon.app.text.line_breaks import wrap_paragraph  # noqa: E402
from magdagdon.app.text.text_runs import split_runs, visual_order  # noqa: E402
from magdagdon.graphemes import clusters as grapheme_clusters  # noqa: E402

WHITE = (255, 255, 255)
SIZE = 40


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def visual_texts(line: str, home: str, rtl: bool) -> list[str]:
    return [run.text.strip() for run in visual_order(split_runs(line, home, rtl)) if run.text.strip()]


# --- runs and order (no pixels) -----------------------------------------------------------

def test_urdu_line_with_a_number_and_a_latin_term_in_visual_order():
    # Logical: MAGDAGDON, "in", 12, "dice". Right to left: MAGDAGDON is rightmost.
    assert visual_texts("MAGDAGDON میں 12 پاسے", "arabic", True) == ["پاسے", "12", "میں", "MAGDAGDON"]


def test_urdu_paragraph_is_right_to_left_even_when_it_opens_with_latin():
    assert base_level("MAGDAGDON میں 12 پاسے", rtl_language=True) == 1
    assert base_level("MAGDAGDON میں 12 پاسے", rtl_language=False) == 0


def test_a_sign_stays_before_its_number_in_urdu():
    assert visual_texts("کم کریں −1", "arabic", True) == ["−1", "کم کریں"]
    assert visual_texts("جرمانہ (−15)۔", "arabic", True)[1] == "−15"
    # A list of numbers reads right to left, each number left to right.
    assert visual_texts("(−10، −20)", "arabic", True) == [")", "−20", "،", "−10", "("]


def test_brackets_enclose_what_they_enclosed():
    # Paired brackets take the direction of their content (rule N0 of the bidi algorithm).
    assert visual_texts("Majda Powers (0)", "arabic", True) == ["Majda Powers (0)"]
    runs = visual_order(split_runs("کھنڈر (0)", "arabic", True))
    assert [(r.text, r.rtl) for r in runs] == [(")", True), ("0", False), ("کھنڈر (", True)]  # RTL runs mirror


def test_hindi_with_numbers_is_one_left_to_right_run():
    runs = split_runs("चाल 12 · बीज 345", "devanagari", False)
    assert [(r.text, r.level) for r in runs] == [("चाल 12 · बीज 345", 0)]


def test_latin_and_digits_take_their_own_fonts_where_the_script_font_lacks_them():
    fonts = FontBook("arabic", rtl=True)
    runs = fonts.setter.runs("پاسے… MAGDAGDON")
    assert {(r.text.strip(), r.script) for r in runs if r.text.strip()} >= {("MAGDAGDON", "latin"), ("…", "latin")}


def test_grapheme_clusters_keep_conjuncts_and_marks_whole():
    assert grapheme_clusters("स्ट्रेट") == ["स्ट्रे", "ट"]
    assert grapheme_clusters("क्षमा") == ["क्ष", "मा"]
    assert grapheme_clusters("किताब") == ["कि", "ता", "ब"]
    assert grapheme_clusters("کُتا") == ["کُ", "ت", "ا"]


def test_wrapping_breaks_at_spaces_and_never_inside_an_urdu_word():
    measure = len  # one unit per character
    assert wrap_paragraph("aa bb cc", 5, measure) == ["aa bb", "cc"]
    urdu = "دوبارہ پھینکیں"
    assert wrap_paragraph(urdu, 3, measure) == ["دوبارہ", "پھینکیں"]  # too long, but whole
    assert wrap_paragraph("abcdefgh", 3, measure) == ["abc", "def", "gh"]
    assert wrap_paragraph("स्ट्रेटस्ट्रेट", 7, measure) == ["स्ट्रेट", "स्ट्रेट"]
    assert wrap_paragraph("", 10, measure) == []


def test_a_no_break_space_holds_a_number_to_its_sign_and_label():
    """The review's sums keep "= 53" and "–32 ± 1" whole however narrow the panel: a line
    breaks at a space, never at a no-break one."""
    measure = len
    account = "choices\u00a0–155\u00a0=\u00a053 · dice\u00a0+87"
    assert wrap_paragraph(account, 20, measure) == ["choices\u00a0–155\u00a0=\u00a053 ·", "dice\u00a0+87"]
    assert wrap_paragraph("R4C4 · –32\u00a0±\u00a01", 8, measure) == ["R4C4 ·", "–32\u00a0±\u00a01"]
    assert wrap_paragraph("a\u202fb c", 3, measure) == ["a\u202fb", "c"]
    # Widths where a break at a no-break space would fill the line better: it is never taken.
    assert wrap_paragraph(account, 24, measure) == ["choices\u00a0–155\u00a0=\u00a053 ·", "dice\u00a0+87"]
    assert wrap_paragraph("R4C4 · –32\u00a0±\u00a01", 10, measure) == ["R4C4 ·", "–32\u00a0±\u00a01"]
    assert wrap_paragraph("c a\u202fb", 3, measure) == ["c", "a\u202fb"]


def test_a_no_break_space_is_drawn_as_wide_as_a_space_in_urdu_too():
    """Nastaliq's own no-break space is a hairline ("19±–102"): drawn, it is a space."""
    fonts, text = FontBook("arabic", rtl=True), Catalog("ur")
    for sentence in (text("gameover.review_cost", turn=2, advice="4 کو قطار 3 کالم 3 میں", choice="\u2013102", margin=19),
                     text("gameover.account", expected="431", luck="+87", choices="\u2013465", final="53")):
        assert "\u00a0" in sentence
        assert fonts.size(sentence, 24)[0] == fonts.size(sentence.replace("\u00a0", " "), 24)[0]


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_wrapped_lines_fit_and_keep_every_word(locale):
    fonts = FontBook(Catalog(locale).script, rtl=Catalog(locale).rtl)
    text = Catalog(locale)("banner.magdagdon_no_powers")
    lines = fonts.wrap(text, 24, 360)
    assert len(lines) > 1
    assert " ".join(lines).split() == text.split()
    assert all(fonts.size(line, 24)[0] <= 360 for line in lines)


# --- pixels: where each word's ink lies ------------------------------------------------------

def alone(text: str, script: str, harfbuzz: str, rtl: bool) -> pygame.Surface:
    """``text`` rendered on its own by SDL_ttf in the given font, script and direction."""
    font = pygame.font.Font(font_paths(script)[0], SIZE)
    font.set_script(harfbuzz)
    font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
    return font.render(text, True, WHITE)


def find(line: pygame.Surface, token: pygame.Surface) -> int | None:
    """Left x where all (at least 97 %) of ``token``'s ink lies in ``line``, else None."""
    mask, ink = pygame.mask.from_surface(line, 100), pygame.mask.from_surface(token, 100)
    need = ink.count()
    assert need > 0
    best, where = 0, None
    for y in range(-token.get_height() + 1, line.get_height()):
        for x in range(-token.get_width() + 1, line.get_width()):
            found = mask.overlap_area(ink, (x, y))
            if found > best:
                best, where = found, x
    return where if best >= 0.97 * need else None


def test_urdu_mixed_line_ink_is_in_bidi_order_and_not_tofu():
    fonts = FontBook("arabic", rtl=True)
    line = fonts.render("MAGDAGDON میں 12 پاسے", SIZE, WHITE)
    latin_term = alone("MAGDAGDON", "latin", "Latn", False)
    term = find(line, latin_term)
    word_in = find(line, alone("میں", "arabic", "Arab", True))
    twelve = find(line, alone("12", "arabic", "Arab", False))
    dice = find(line, alone("پاسے", "arabic", "Arab", True))
    assert None not in (term, word_in, twelve, dice)
    assert dice < twelve < word_in < term  # right to left: MAGDAGDON first, "dice" last
    assert term + latin_term.get_width() >= line.get_width() - 2  # at the right end
    one, two = find(line, alone("1", "arabic", "Arab", False)), find(line, alone("2", "arabic", "Arab", False))
    assert twelve <= one < two  # "12" reads 1 then 2, left to right
    # MAGDAGDON is in Latin letters, not the empty boxes Nastaliq would draw for it.
    assert find(line, alone("MAGDAGDON", "arabic", "Arab", True)) is None


def test_urdu_letters_are_joined():
    fonts = FontBook("arabic", rtl=True)
    line = fonts.render("دوبارہ پھینکیں", SIZE, WHITE)
    assert find(line, alone("پھینکیں", "arabic", "Arab", True)) is not None
    unjoined = pygame.font.Font(font_paths("arabic")[0], SIZE).render("پھینکیں", True, WHITE)
    assert find(line, unjoined) is None


def test_one_shaped_run_would_fail_the_order_check():
    """What SDL_ttf alone draws (the line as one run in Nastaliq, 'Arab' + RTL): digits
    reversed and MAGDAGDON as boxes — the check above tells the difference."""
    naive = alone("MAGDAGDON میں 12 پاسے", "arabic", "Arab", True)
    assert find(naive, alone("MAGDAGDON", "latin", "Latn", False)) is None
    one, two = find(naive, alone("1", "arabic", "Arab", False)), find(naive, alone("2", "arabic", "Arab", False))
    assert one is not None and two is not None and two < one


def test_hindi_line_with_numbers_in_order_and_shaped():
    fonts = FontBook("devanagari")
    line = fonts.render("चाल 12 · स्ट्रेट 345", SIZE, WHITE)
    turn = find(line, alone("चाल", "devanagari", "Deva", False))
    twelve = find(line, alone("12", "devanagari", "Deva", False))
    straight = find(line, alone("स्ट्रेट", "devanagari", "Deva", False))
    digits = find(line, alone("345", "devanagari", "Deva", False))
    assert None not in (turn, twelve, straight, digits)
    assert turn < twelve < straight < digits
    unshaped = alone("स्ट्रेट", "devanagari", "Latn", False)  # visible halants, no conjunct
    assert find(line, unshaped) is None


def blank_columns_after(line: pygame.Surface, left: pygame.Surface) -> int:
    """How many empty columns of ``line`` follow the ink of ``left``, which starts it."""
    inked = pygame.mask.from_surface(line, 40)
    column_has_ink = [any(inked.get_at((x, y)) for y in range(line.get_height())) for x in range(line.get_width())]
    end = left.get_bounding_rect().right
    return next(x for x in range(end, line.get_width()) if column_has_ink[x]) - end


@pytest.mark.parametrize("line, left", [
    ("کوڈ XGF270", "XGF270"),  # a code after an Urdu word (it read "کوڈXGF270")
    ("بند MAGDAGDON", "MAGDAGDON"),  # a Latin term after one
    ("کم 2 پاسے", "پاسے"),  # a number between two
    ("MAGDAGDON بند", "بند"),
])
def test_a_space_where_urdu_meets_latin_or_digits_is_a_real_space(line, left):
    fonts = FontBook("arabic", rtl=True)
    space = fonts.setter.font("latin", SIZE).size(" ")[0]
    gap = blank_columns_after(fonts.render(line, SIZE, WHITE), fonts.render(left, SIZE, WHITE))
    assert gap >= space  # Nastaliq's own space at the edge of its run is drawn 0 to 1 px wide


def test_every_space_where_runs_meet_is_drawn_in_latin():
    fonts, text = FontBook("arabic", rtl=True), Catalog("ur")
    for line in (text("gameover.turns", turns=9, powers=0), text("gameover.code", code="K9Y3V2J"),
                 text("difficulty.summary.NIGHTMARE"), "کم 2 پاسے"):
        runs = fonts.setter.runs(line)
        for index, run in enumerate(runs):
            words = run.text.strip("\u2066\u2067\u2068\u2069")
            if run.script != "latin":  # a Nastaliq run never begins or ends with a space where it meets another
                assert not (index > 0 and words.startswith(" ")) and not (index < len(runs) - 1 and words.endswith(" ")), \
                    (line, run)


def test_a_line_of_english_is_one_run_with_its_spaces():
    runs = FontBook("latin").setter.runs("Place 2 more, then CONFIRM.")
    assert [(run.text, run.script) for run in runs] == [("Place 2 more, then CONFIRM.", "latin")]


def test_language_names_render_in_their_own_scripts_in_any_language():
    for script, rtl in (("latin", False), ("arabic", True), ("devanagari", False)):
        fonts = FontBook(script, rtl=rtl)
        line = fonts.render("English Italiano اردو हिन्दी", SIZE, WHITE)
        assert find(line, alone("اردو", "arabic", "Arab", True)) is not None
        assert find(line, alone("हिन्दी", "devanagari", "Deva", False)) is not None
        assert find(line, alone("Italiano", "latin", "Latn", False)) is not None


@pytest.mark.parametrize("script", ["latin", "devanagari"])
@pytest.mark.parametrize("size", [16, 20, 24, 33, 40])
def test_an_urdu_name_is_never_cut_by_a_line_of_another_language(script, size):
    fonts = FontBook(script)
    for line in ("عائشہ خان", "عائشہ خان: #3 in the Peaceful table", "علی · 442", "ہیں"):
        set_line = fonts.setter.render_line(line, size, WHITE)
        assert not set_line.cut, (line, size)  # the bowls of ی and ن reached below the Latin line


def test_an_urdu_name_grows_an_english_line_only_as_far_as_its_letters_reach():
    fonts = FontBook("latin")
    english = fonts.size("Ada: #3 in the Peaceful table", 24)[1]
    assert english <= fonts.size("عائشہ خان: #3 in the Peaceful table", 24)[1] <= english + 4  # not Nastaliq's 60


@pytest.mark.parametrize("size", [16, 20, 24, 40])
def test_urdu_letters_below_nastaliqs_descent_are_not_cut(size):
    fonts = FontBook("arabic", rtl=True)
    for line in ("نام", "کم کریں −1", "کھیل ختم", "فہرست کے لیے آپ کا نام"):
        assert not fonts.setter.render_line(line, size, WHITE).cut, (line, size)


def test_a_devanagari_mark_above_the_ascent_leaves_the_baseline_where_it_is():
    """SDL_ttf makes the picture of "ककूँ" a row taller at the top for its candrabindu: the
    letters stay on the line's baseline, as in "कक"."""
    fonts = FontBook("devanagari")

    def first_letter_foot(text: str) -> int:
        line = fonts.setter.render_line(text, SIZE, WHITE)
        return line.image.subsurface((0, 0, 28, line.image.get_height())).get_bounding_rect().bottom - line.ascent

    assert first_letter_foot("ककूँ") == first_letter_foot("कक")


@pytest.mark.parametrize("size", [16, 24, 40, 57])
def test_a_line_of_english_is_drawn_as_sdl_ttf_draws_it(size):
    """Isolates, spaces apart and taller boxes change nothing for a line of Latin letters:
    it is the font's own picture, in the box of the font's ascent and descent."""
    fonts = FontBook("latin")
    text = Catalog("en")
    lines = [text("gameover.rank_named", name="Ana", rank=3, difficulty=text("difficulty.PEACEFUL")),
             text("gameover.code", code="J1ZEN4"), text("score.legend"), "Ruins (2)", "–30", "Powers (0)"]
    for line in lines:
        drawn = fonts.setter.render_line(line, size, WHITE)
        font = fonts.setter.font("latin", size)
        alone = font.render(line, True, WHITE)
        assert drawn.image.get_size() == (alone.get_width(), font.get_ascent() - font.get_descent())
        assert pygame.image.tobytes(drawn.image, "RGBA") == \
            pygame.image.tobytes(alone.subsurface((0, 0, *drawn.image.get_size())), "RGBA"), line


@pytest.mark.parametrize("script, rtl, line", [
    ("latin", False, "prima scegli un dado"), ("arabic", True, "نام"), ("arabic", True, "کم حرکت: بند"),
    ("devanagari", False, "प्रिया शर्मा"),
])
def test_a_letter_in_sdl_ttfs_rounding_row_is_not_cut(script, rtl, line):
    """At some sizes SDL_ttf's picture of a line is a row taller than the font's ascent and
    descent; a "p" at 10 px or the bowl of ن at 11 px reaches into that row."""
    fonts = FontBook(script, rtl=rtl)
    assert [size for size in range(8, 60) if fonts.setter.render_line(line, size, WHITE).cut] == []


def test_line_height_comes_from_the_font():
    urdu, latin = FontBook("arabic", rtl=True), FontBook("latin")
    assert urdu.line_height(24) > 1.5 * latin.line_height(24)
    # A line with any Urdu is as tall as Nastaliq, Latin words included; a line of Latin
    # letters and digits alone (a score) only as tall as Latin.
    assert urdu.render("MAGDAGDON پاسے", 24, WHITE).get_height() == urdu.render("پاسے", 24, WHITE).get_height()
    assert urdu.render("(+60)", 24, WHITE).get_height() == latin.render("(+60)", 24, WHITE).get_height()


@pytest.mark.parametrize("script, rtl", [("arabic", True), ("latin", False)])
def test_bad_text_never_raises(script, rtl):
    fonts = FontBook(script, rtl=rtl)
    isolates = ("a\u2066b", "\u2067x", "اردو \u2066abc\u2069 x", "\u2068ANA\u2069 484", "\u2069")
    for text in ("", " ", "\n", "a\nb", "\u200d", "\u202e abc", "\x00", "🎲", *isolates):
        assert fonts.render(text, 20, WHITE).get_height() > 0
        fonts.fit(text, 20, 10)
        fonts.wrap(text, 20, 10)


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_the_magdagdon_banner_title_reads_magdagdon_then_its_exclamation_mark(locale):
    """In a right-to-left Urdu line a "!" after a Latin word would go to the line's far
    (left) end: "!MAGDAGDON". The catalog's left-to-right mark keeps it after the name, in
    the banner's title and in How to play's heading."""
    text = Catalog(locale)
    script, rtl = {"ur": ("arabic", True), "hi": ("devanagari", False)}.get(locale, ("latin", False))
    title = text("banner.magdagdon")
    assert "".join(visual_texts(title, script, rtl)).replace("\u200e", "") == "MAGDAGDON!"
    heading = next(line for line in text("rules.body").split("<br>") if "MAGDAGDON!" in line)
    assert "".join(visual_texts(heading.replace("<b>", "").replace("</b>", ""), script, rtl)).replace("\u200e", "") \
        == "MAGDAGDON!"
