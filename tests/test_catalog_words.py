"""The catalogs' words against the printed rule books (docs/RULES.md and the glossary): the
game's terms as the rule book has them, agreement with the numbers they stand beside,
ordinals, and How to play saying everything the rules say a player must know."""

from __future__ import annotations

import re

import pytest

from magdagdon.app.text.i18n import Catalog
from magdagdon.app.text.plural_rules import ordinal_category
from magdagdon.app.text.text_runs import without_controls
from magdagdon.engine import Difficulty

from support.player import Player

LOCALES = ("en", "it", "ur", "hi")


def values(locale: str) -> dict[str, str]:
    return {key: text for key, text in Catalog(locale).strings.items() if isinstance(text, str)}


# --- Italian ---------------------------------------------------------------------------------

def test_italian_says_power_as_the_rule_book_and_agrees_with_it_in_the_feminine():
    italian = values("it")
    assert [key for key, text in italian.items() if re.search(r"\bpoter[ei]\b", text, re.I)] == []
    it = Catalog("it")
    assert it("banner.magdagdon_adjust_saves", power="+1", value=3, left=2, penalty=20).startswith("+1 sul dado 3 salva")
    assert it("banner.magdagdon_reroll_chance", dice="6 5", chance="1 volta su 6", left=2, penalty=20).endswith(
        "(rimaste: 2; la prossima costa –20).")
    assert it("banner.magdagdon_no_powers").startswith("Nessuna Power")
    assert it("gameover.turns", turns=9, powers=1) == "9 turni · 1 Power usata"
    assert it("gameover.turns", turns=9, powers=3) == "9 turni · 3 Power usate"
    assert it("difficulty.summary.NIGHTMARE").startswith("nessuna Power")
    assert "Le Majda Powers agiscono solo sui dadi nel vassoio" in it("rules.body")


def test_italian_says_computer():
    assert [key for key, text in values("it").items() if "calcolator" in text.lower()] == []
    it = Catalog("it")
    assert it("party.no_players").endswith("oppure il computer da novizio, da navigato o da esperto.")


def test_the_computer_seat_is_named_once_in_the_party_set_up(tmp_path):
    player = Player(tmp_path, scene="title", locale="it")
    try:
        player.wait(0.4)
        player.choose("party")
        player.choose("add_expert")
        words = [text for text, _ in player.look()]
        # the seat's number on its disc, then its name, "Esperto", once (not "Calcolatore · calcolatore")
        assert "1" in words and words.count("Esperto") == 1
        assert not [text for text in words if "· computer" in text.lower()]
    finally:
        player.close()


# --- one die, several dice ---------------------------------------------------------------------

@pytest.mark.parametrize("locale, one, several", [
    ("en", "cannot place 1 die on", "cannot place 3 dice on"),
    ("it", "non si può piazzare 1 dado", "non si possono piazzare 3 dadi"),
    ("ur", "1 پاسا نہیں رکھا جا سکتا", "3 پاسے نہیں رکھے جا سکتے"),
    ("hi", "1 पासा नहीं रखा जा सकता", "3 पासे नहीं रखे जा सकते"),
])
def test_why_magdagdon_agrees_with_the_dice_it_could_not_place(locale, one, several):
    text = Catalog(locale)
    assert one in text("banner.magdagdon_why", dice="1 1 6 6", required=1)
    assert several in text("banner.magdagdon_why", dice="1 1 6 6", required=3)


# --- the ruin hint names one cell ---------------------------------------------------------------

@pytest.mark.parametrize("locale, cell", [("en", "the cell in row 2, column 3"), ("it", "la casella nella riga 2, colonna 3"),
                                          ("ur", "قطار 2، کالم 3 والا خانہ"), ("hi", "पंक्ति 2, कॉलम 3 वाले खाने")])
def test_the_ruin_hint_ruins_a_cell_not_a_row(locale, cell):
    assert cell in Catalog(locale)("hint.ruin", row=2, col=3)


# --- ordinals -------------------------------------------------------------------------------------

@pytest.mark.parametrize("rank, place", [(1, "पहला"), (2, "दूसरा"), (3, "तीसरा"), (4, "चौथा"), (5, "5वाँ"), (6, "छठा"),
                                         (7, "7वाँ"), (11, "11वाँ"), (20, "20वाँ")])
def test_hindi_ranks_are_ordinals(rank, place):
    hi = Catalog("hi")
    line = without_controls(hi("gameover.rank_named", name="प्रिया", rank=rank, difficulty="PEACEFUL"))
    assert line == f"प्रिया: PEACEFUL सूची में {place} स्थान"
    assert hi("gameover.daily_rank", rank=rank, code="K9Y3V2J").startswith(f"आज के पासों में {place} स्थान")


@pytest.mark.parametrize("locale, ranks", [
    ("en", {1: "one", 2: "two", 3: "few", 4: "other", 11: "other", 12: "other", 13: "other", 21: "one", 102: "two"}),
    ("it", {1: "other", 8: "many", 11: "many", 12: "other", 80: "many"}),
    ("hi", {1: "one", 2: "two", 3: "two", 4: "few", 5: "other", 6: "many", 7: "other"}),
    ("ur", {1: "other", 2: "other"}),
])
def test_ordinal_forms_follow_each_languages_rule(locale, ranks):
    assert {rank: ordinal_category(locale, rank) for rank in ranks} == ranks


# --- Urdu ------------------------------------------------------------------------------------------

def test_the_urdu_about_dedicates_the_game_for_her_birthday():
    about = Catalog("ur")("about.body", version="1")
    assert "منسوب" in about  # dedicated
    assert "20ویں سالگرہ کے لیے" in about  # made for her 20th birthday
    assert "<b>Majduška</b> کے لیے: 20ویں سالگرہ مبارک!" in about  # the glossary's dedication


def test_urdu_all_time_is_a_whole_phrase():
    assert Catalog("ur")("scores.all_time") == "اب تک"


# --- Hindi -----------------------------------------------------------------------------------------

def test_hindi_says_chaal_for_a_turn_everywhere():
    assert [key for key, text in values("hi").items() if "बारी" in text] == []


# --- How to play ---------------------------------------------------------------------------------

HOW_TO_PLAY = {
    "en": ("never goes below 1 nor above 6", "Accepting is final", "changing the difficulty starts a new game"),
    "it": ("non scende mai sotto 1 né sale sopra 6", "Accettare è definitivo", "cambiare difficoltà comincia una nuova partita"),
    "ur": ("پاسا کبھی 1 سے کم یا 6 سے زیادہ نہیں ہوتا", "قبول کرنا حتمی ہے", "مشکل بدلنے سے نیا کھیل شروع ہوتا ہے"),
    "hi": ("पासा कभी 1 से कम या 6 से ज़्यादा नहीं होता", "स्वीकार करना अंतिम है", "कठिनाई बदलने से नया खेल शुरू होता है"),
}


@pytest.mark.parametrize("locale", LOCALES)
def test_how_to_play_says_what_the_rule_book_says(locale):
    """RULES.md §6 (a die never below 1 nor above 6), §7 (ACCEPT cannot be taken back, no power
    for the rest of the turn) and §2 (another difficulty is a new game)."""
    rules = Catalog(locale)("rules.body")
    for phrase in HOW_TO_PLAY[locale]:
        assert phrase in rules


# --- the difficulties' names ---------------------------------------------------------------------

@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_the_difficulties_are_named_in_capitals_in_every_language(locale):
    """PEACEFUL, SURVIVAL, NIGHTMARE, as the rule book writes them (docs/LANGUAGES.md): the
    name shown, and every sentence that names one."""
    catalog = Catalog(locale)
    assert [catalog(f"difficulty.{d.name}") for d in Difficulty] == [d.name for d in Difficulty]
    mixed = re.compile(r"\b(Peaceful|Survival|Nightmare)\b", re.IGNORECASE)
    assert [key for key, text in values(locale).items() if any(m != m.upper() for m in mixed.findall(text))] == []
