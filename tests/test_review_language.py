"""The game-over review names cells in the player's language."""

from magdagdon.ai.review import TurnAdvice
from magdagdon.app.text.i18n import Catalog
from magdagdon.app.results.review_cards import review_line

from support.reviews import turn_review


def test_review_names_cells_in_the_players_language():
    ruin = turn_review(2, -12.0, 4.0, TurnAdvice((), (), 15))
    place = turn_review(6, -34.6, 6.0, TurnAdvice((), ((3, 9),), None))
    assert "R4C4" in review_line(Catalog("en"), ruin)
    assert "R3C2" in review_line(Catalog("it"), place)
    urdu, hindi = review_line(Catalog("ur"), ruin), review_line(Catalog("hi"), place)
    assert "قطار 4 کالم 4" in urdu and "R4C4" not in urdu
    assert "पंक्ति 3 कॉलम 2" in hindi and "R3C2" not in hindi


def test_a_turn_s_luck_is_marked_a_guess_until_it_and_the_turn_before_are_valued():
    """The luck of a turn is its value against the one the turn before left: while either
    is the best guess, the viewer says it is being checked, in every language."""
    from magdagdon.app.results.replay_plan import luck_note

    before, settled = turn_review(3, -5.0, 2.0, None, luck=33.0), turn_review(4, -9.0, 2.0, None, luck=64.0)
    guessed = turn_review(3, -5.0, 0.0, None, settled=False, luck=20.0)
    for locale in ("en", "it", "ur", "hi"):
        text = Catalog(locale)
        assert luck_note(text, settled, before) == text("replay.luck", luck="+64")
        assert luck_note(text, settled, None) == text("replay.luck", luck="+64")  # the first turn
        assert luck_note(text, settled, guessed) == text("replay.luck_guess", luck="+64")
        assert luck_note(text, turn_review(4, -9.0, 0.0, None, settled=False, luck=64.0), before) == \
            text("replay.luck_guess", luck="+64")
