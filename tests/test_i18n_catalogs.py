"""The four catalogs: same keys and placeholders, no English left over, the game's own terms,
plural forms by each language's rule, every character drawable by a bundled font."""

import json
import re
import string

import pytest

from magdagdon.app.text.fonts import FONT_FILES
from magdagdon.app.text.i18n import Catalog, available_locales, catalog_dir, language_names, system_language
from magdagdon.app.text.plural_rules import plural_category
from magdagdon.app.text.font_cmap import covered_code_points
from magdagdon.assets_path import asset_path

LOCALES = ("en", "it", "ur", "hi")
# Stay in Latin letters in every language: the game's terms, key caps, font names.
LATIN_TERMS = {"MAGDAGDON", "Majda", "Power", "Powers", "PEACEFUL", "SURVIVAL", "NIGHTMARE",
               "CUBIRI", "ORIGINAL", "Majduška", "D6"}
KEY_CAPS = {"Tab", "Enter", "Backspace", "Esc", "Page", "Down", "R", "C", "H"}
FONT_NAMES = {"Noto", "Sans", "Devanagari", "Nastaliq", "Urdu", "SIL", "Open", "Font", "License"}
STANDARDS = {"UTC"}  # the time standard's international abbreviation (Today's dice turn at midnight UTC)
# Italian words spelt like English ones ("per", "fine", "no", "volume" are Italian here;
# "server" and "Wi-Fi" are Italian too, and "s" is the unit of seconds).
SAME_IN_ITALIAN = {w.lower() for w in LATIN_TERMS | KEY_CAPS | FONT_NAMES | STANDARDS} | {
    "menu", "demo", "bonus", "mouse", "no", "in", "per", "a", "fine", "volume", "computer", "server", "wi", "fi",
    "s"}


def raw(locale: str) -> dict:
    return json.loads((catalog_dir() / f"{locale}.json").read_text(encoding="utf-8"))


def texts(locale: str) -> dict:
    return {k: v for k, v in raw(locale).items() if k != "_meta"}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def plural_refs(template: str) -> set[str]:
    return {spec[1:] for _, name, spec, _ in string.Formatter().parse(template) if spec and spec.startswith("@")}


def ordinal_refs(template: str) -> set[str]:
    return {spec[1:] for _, name, spec, _ in string.Formatter().parse(template) if spec and spec.startswith("#")}


def words(template: str) -> list[str]:
    visible = re.sub(r"<[^>]+>|\{[^}]*\}|%[A-Za-z]", " ", template)
    return re.findall(r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+", visible)


def test_the_four_languages_ship():
    assert set(LOCALES) <= set(available_locales())
    assert language_names() == {"en": "English", "it": "Italiano", "ur": "اردو", "hi": "हिन्दी"}


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_same_keys_and_placeholders_as_english(locale):
    en, other = texts("en"), texts(locale)
    # A language's own ordinal phrases (Hindi's पहला, दूसरा...) are its own keys.
    own = {ref for template in other.values() for ref in ordinal_refs(template)}
    assert sorted(set(en) - set(other)) == []
    assert sorted(key for key in set(other) - set(en) if key.rsplit(".", 1)[0] not in own) == []
    for key, template in en.items():
        assert fields(other[key]) == fields(template), key
        for ref in plural_refs(other[key]):
            assert f"{ref}.one" in other and f"{ref}.other" in other, (key, ref)
        for ref in ordinal_refs(other[key]):
            assert f"{ref}.other" in other, (key, ref)


@pytest.mark.parametrize("locale", ["ur", "hi"])
def test_no_english_left_in_urdu_and_hindi(locale):
    allowed = LATIN_TERMS | KEY_CAPS | FONT_NAMES | STANDARDS
    leftover = {key: w for key, text in texts(locale).items() for w in words(text) if w not in allowed}
    assert leftover == {}


def test_no_english_left_in_italian():
    en, it = texts("en"), texts("it")
    shared = {}
    for key, text in it.items():
        english = {w.lower() for w in words(en[key])}
        same = [w for w in words(text) if w.lower() in english and w.lower() not in SAME_IN_ITALIAN]
        if same:
            shared[key] = same
    assert shared == {}


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_the_glossary_terms_are_on_the_buttons(locale):
    terms = {  # key -> the rule book's word for it
        "it": {"button.roll": "TIRA", "button.confirm": "CONFERMA", "power.reroll": "RILANCIA",
               "power.minus": "RIDUCI", "power.plus": "AUMENTA", "bonus.STRAIGHT": "Scala",
               "bonus.TWO_PAIRS": "Doppia coppia", "menu.settings": "Impostazioni", "about.title": "Informazioni"},
        "ur": {"button.roll": "پھینکیں", "button.confirm": "تصدیق کریں", "power.reroll": "دوبارہ پھینکیں",
               "power.minus": "کم کریں –1", "power.plus": "بڑھائیں +1", "bonus.STRAIGHT": "اسٹریٹ",
               "bonus.TWO_PAIRS": "دو جوڑے", "menu.settings": "سیٹنگز", "about.title": "تعارف",
               "menu.high_scores": "ہائی اسکور"},
        "hi": {"button.roll": "फेंकें", "button.confirm": "पुष्टि करें", "power.reroll": "फिर फेंकें",
               "power.minus": "घटाएँ –1", "power.plus": "बढ़ाएँ +1", "bonus.STRAIGHT": "स्ट्रेट",
               "bonus.TWO_PAIRS": "दो जोड़ियाँ", "menu.settings": "सेटिंग्स", "about.title": "परिचय",
               "menu.high_scores": "हाई स्कोर"},
    }[locale]
    catalog = Catalog(locale)
    for key, word in terms.items():  # a power's sign is held to its word by a no-break space
        assert word in catalog(key).replace("\u00a0", " "), (key, catalog(key))
    for name in ("PEACEFUL", "SURVIVAL", "NIGHTMARE"):
        assert catalog(f"difficulty.{name}") == name
    about = catalog("about.body", version="1")
    assert "Majduška" in about and "CUBIRI ORIGINAL" in about and "20" in about


@pytest.mark.parametrize("locale", LOCALES)
def test_a_powers_sign_and_number_never_part_from_its_word(locale):
    """"AUMENTA +1" broken as "AUMENTA" over "+1" reads as two things: wherever a power's
    name is written (its button, a hint, the review, How to play) a no-break space holds
    its sign and number to its word."""
    catalog = Catalog(locale)
    for key in ("power.minus", "power.plus"):
        name = catalog(key)
        plain = name.replace("\u00a0", " ")
        if " " not in plain:
            continue  # a sign and a number alone ("+1")
        assert not re.search("[ ][+\u2212\u2013-][0-9]", name), (key, name)
        assert [k for k, v in texts(locale).items() if plain in v] == [], f"{plain!r} with a breaking space"


@pytest.mark.parametrize("locale", LOCALES)
def test_numbers_are_western_digits(locale):
    eastern = re.compile("[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]")
    assert [k for k, v in texts(locale).items() if eastern.search(v)] == []


@pytest.mark.parametrize("locale, count, category", [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"),
    ("it", 0, "other"), ("it", 1, "one"), ("it", 2, "other"),
    ("ur", 0, "other"), ("ur", 1, "one"), ("ur", 2, "other"),
    ("hi", 0, "one"), ("hi", 1, "one"), ("hi", 2, "other"), ("hi", 11, "other"),
    ("xx", 1, "one"), ("en", 1.5, "other"), ("en", "many", "other"),
])
def test_plural_rules(locale, count, category):
    assert plural_category(locale, count) == category


@pytest.mark.parametrize("locale, expected", [
    ("en", ["0 dice", "1 die", "2 dice"]),
    ("it", ["0 dadi", "1 dado", "2 dadi"]),
    ("ur", ["0 پاسے", "1 پاسا", "2 پاسے"]),
    ("hi", ["0 पासा", "1 पासा", "2 पासे"]),
])
def test_plural_phrases_for_sample_counts(locale, expected):
    catalog = Catalog(locale)
    assert [catalog.plural("count.dice", n) for n in (0, 1, 2)] == expected


def test_plural_forms_in_sentences():
    en, it, ur, hi = (Catalog(x) for x in LOCALES)
    assert en("guide.magdagdon_no_power", required=1).startswith("No way to place 1 die,")
    assert en("guide.magdagdon_no_power", required=3).startswith("No way to place 3 dice,")
    assert en("gameover.turns", turns=1, powers=2) == "1 turn · 2 powers used"
    assert en("button.place_more", count=1) == "Place 1 more"
    assert it("button.place_more", count=1) == "Ancora 1 dado"
    assert it("button.place_more", count=2) == "Altri 2 dadi"
    assert it("gameover.turns", turns=1, powers=0) == "1 turno · 0 Power usate"
    assert ur("button.reroll_go", count=1) == "1 پاسا دوبارہ پھینکیں"
    assert ur("button.reroll_go", count=3) == "3 پاسے دوبارہ پھینکیں"
    assert hi("guide.need_more", count=1) == "1 और पासा रखें, फिर पुष्टि करें।"
    assert hi("guide.need_more", count=2) == "2 और पासे रखें, फिर पुष्टि करें।"
    assert en.has("button.place_more") and not en.has("button.place_less")


def test_every_plural_key_has_both_forms_everywhere():
    for locale in LOCALES:
        keys = set(texts(locale))
        ordinals = {ref for template in texts(locale).values() for ref in ordinal_refs(template)}
        bases = {k.rsplit(".", 1)[0] for k in keys if k.endswith((".one", ".other"))} - ordinals
        for base in bases:
            assert {f"{base}.one", f"{base}.other"} <= keys, (locale, base)


def test_a_broken_translation_falls_back_to_english(tmp_path):
    strings = {"_meta": {"locale": "zz"}, "hud.turn": "Giro {tunr}", "button.place_more.one": "{count"}
    (tmp_path / "zz.json").write_text(json.dumps(strings), encoding="utf-8")
    catalog = Catalog("zz", directory=tmp_path)
    assert catalog("hud.turn", turn=3) == "Turn 3"
    assert catalog("button.place_more", count=1) == "Place 1 more"
    (tmp_path / "yy.json").write_text("[1, 2]", encoding="utf-8")
    assert Catalog("yy", directory=tmp_path).locale == "en"
    assert Catalog(None).locale == "en"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_character_has_a_glyph_in_a_bundled_font(locale):
    covered = set()
    for regular, _bold, _script in FONT_FILES.values():
        covered |= covered_code_points(str(asset_path("fonts", regular)))
    assert len(covered) > 2000
    text = "".join(texts(locale).values()) + raw(locale)["_meta"]["name"]
    missing = sorted({c for c in text if ord(c) not in covered and not c.isspace()})
    assert missing == []


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "ur_PK.UTF-8"}, "ur"),
    ({"LANG": "hi_IN"}, "hi"),
    ({"LC_ALL": "it_IT.UTF-8", "LANG": "en_US.UTF-8"}, "it"),
    ({"LANGUAGE": "fr:hi", "LANG": "fr_FR.UTF-8"}, "hi"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "garbage"}, "en"),
])
def test_the_default_language_follows_the_system(environ, expected):
    assert system_language(environ) == expected
