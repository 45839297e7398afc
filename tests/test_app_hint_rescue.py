"""The hint on a MAGDAGDON roll says whether a power can save it, in the panel's words from
the same analysis (ai.rescue): the ±1 that saves it, the re-roll that might and its chance,
or that none can; a re-roll the panel does not name carries its own chance; an expert that
accepts a roll a power could save says why. In every language, and the longest of them fits
the guide line at 800x600."""

from __future__ import annotations

from fractions import Fraction

import pytest

from magdagdon.ai.rescue import rescue_for
from magdagdon.app.table.hints import ask_hint
from magdagdon.app.text.i18n import Catalog
from magdagdon.app.text.fit import fit_lines, min_text_px, stacked_height
from magdagdon.app.table.rescue_words import advice_line, chance_words
from magdagdon.engine import Board, Difficulty, Game, Phase
from magdagdon.engine.actions import Reroll
from magdagdon.storage.settings import Settings, save_settings

from app_driver import Driver

LOCALES = ("en", "it", "ur", "hi")
ONE_CELL = "3456/3456/3456/345."  # the last cell takes only a 5 or a 6

# (board, dice, difficulty): what the panel says of each
ROLLS = {
    "a +1 saves it": ("5665/..../..../....", (1, 3, 3, 5), Difficulty.PEACEFUL),
    "a re-roll may": (ONE_CELL, (1, 1, 1, 1), Difficulty.SURVIVAL),
    "none can": ("3456/3456/3456/2.5.", (5, 5, 6, 6), Difficulty.PEACEFUL),
    "no power left": ("1.../..../..../....", (6, 6, 5, 5), Difficulty.NIGHTMARE),
    "the expert accepts": ("1.../..../..../....", (6, 6, 5, 4), Difficulty.SURVIVAL),
    "the expert gambles": (ONE_CELL, (4, 4, 4, 3), Difficulty.PEACEFUL),
}


def _game(name: str) -> Game:
    board, dice, difficulty = ROLLS[name]
    game = Game.set_up_position(Board.parse(board), dice, difficulty, seed=1)
    assert game.phase is Phase.MAGDAGDON
    return game


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", list(ROLLS))
def test_the_hint_on_a_magdagdon_roll_says_what_the_panel_says(name: str, locale: str) -> None:
    game = _game(name)
    text = Catalog(locale)
    words = ask_hint(game).words(text)
    assert advice_line(text, game, rescue_for(game)) in words


def test_each_kind_of_roll_gets_its_own_words() -> None:
    text = Catalog("en")
    said = {name: ask_hint(_game(name)).words(text) for name in ROLLS}
    assert said["a +1 saves it"] == "Hint: use +1 on the 3. +1 on the 3 saves the roll for sure (3 left, next costs –10)."
    assert said["a re-roll may"] == ("Hint: re-roll 1 1 1 1. A re-roll of 1 1 1 1 saves it 5 times in 6 "
                                     "(1 left, next costs –70).")
    assert said["none can"] == ("Hint: Not even a Majda Power can save this roll: accept, and one empty cell "
                                "becomes a ruin (–15).")
    assert said["no power left"] == "Hint: No power left to save it: accept, and one empty cell becomes a ruin (–15)."
    assert said["the expert accepts"].startswith("Hint: accept; here the ruin costs less. A re-roll of 6 6 5 4 saves it")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_re_roll_the_panel_does_not_name_carries_its_own_chance(locale: str) -> None:
    """A +1 saves it for sure (the panel's words), but the expert re-rolls everything for a 6."""
    game = _game("the expert gambles")
    text = Catalog(locale)
    told = ask_hint(game)
    assert told.key == "hint.reroll_chance" and told.dice == frozenset({0, 1, 2, 3})
    own = next(r.chance for r in rescue_for(game).rerolls if r.reroll == Reroll((0, 1, 2, 3)))
    assert own == 1 - Fraction(4, 6) ** 4
    words = told.words(text)
    assert chance_words(text, own) in words and advice_line(text, game, rescue_for(game)) in words


def test_a_hint_on_a_roll_that_can_be_placed_says_nothing_of_powers() -> None:
    game = Game.set_up_position(Board.parse(ONE_CELL), (5, 1, 1, 1), Difficulty.PEACEFUL, seed=1)
    told = ask_hint(game)
    assert told.rescue is None
    assert told.words(Catalog("en")) == Catalog("en")(told.key, **told.values)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_longest_magdagdon_hint_fits_the_guide_line_at_800x600(tmp_path, locale: str) -> None:
    save_settings(Settings(language=locale), tmp_path)
    app = Driver(tmp_path, (800, 600), scene="staging")
    try:
        text, fonts, rect = app.text, app.fonts, app.layout.guide
        floor = min_text_px((800, 600))
        for name in ROLLS:
            words = ask_hint(_game(name)).words(text)
            lines, size = fit_lines(fonts, words, int(rect.height * 0.55), rect.width, rect.height, floor)
            assert len(lines) <= 2 and stacked_height(fonts, lines, size) <= rect.height, (name, words)
            assert all(fonts.size(line, size)[0] <= rect.width for line in lines), (name, words)
    finally:
        app.close()
