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
