"""The game-over review reads across a table: at 1280×720 every die on each costly turn's
boards is at least 28 px (larger in a larger window), and each turn has one sentence in the
player's language. Measured on the draw log of frames the real loop drew."""

from __future__ import annotations

import pytest

from magdagdon.app.text.text_runs import without_controls
from magdagdon.app.results.review_cards import review_line

from support.player import Player

LOCALES = ("en", "it", "ur", "hi")


def reviewed_game_over(tmp_path, size) -> Player:
    player = Player(tmp_path, size, seed=7, scene="game_over")
    player.wait(2.5)  # the finished board and the count-up; then the review starts
    session = player.table.session
    assert session.review_job is not None
    session.review_job.future.result(60)
    player.wait(0.3)
    assert session.review, "the review found nothing to say about this game"
    return player


def cards_drawn(player: Player) -> dict[int, tuple[list[int], str]]:
    """Per review card: the sides of the dice on its boards, and its words as read."""
    frame = player.drawn()
    cards: dict[int, tuple[list[int], str]] = {}
    for index in range(3):
        name = f"card {index}"
        dice = [min(r.rect.size) for r in frame.elements if name in r.panel and " die " in f" {r.words} "]
        words = " ".join(without_controls(t.words) for t in frame.texts if name in t.panel)
        if dice or words:
            cards[index] = (dice, words)
    return cards


@pytest.mark.parametrize("locale", LOCALES)
def test_review_dice_are_28_px_at_1280x720_and_each_turn_has_one_sentence(tmp_path, locale):
    player = reviewed_game_over(tmp_path, (1280, 720))
    try:
        player.set_language(locale)
        player.wait(0.2)
        items = player.table._review_items()
        assert len(items) == 3, "seed 7 has three costly turns"
        cards = cards_drawn(player)
        assert sorted(cards) == [0, 1, 2]
        text = player.text
        for index, item in enumerate(items):
            dice, words = cards[index]
            assert dice and min(dice) >= 28, (locale, item.turn, sorted(dice)[:3])
            assert words == without_controls(review_line(text, item)), (locale, words)
    finally:
        player.close()


def test_review_dice_grow_with_the_window(tmp_path):
    small = reviewed_game_over(tmp_path / "small", (1280, 720))
    try:
        at_720 = min(side for dice, _ in cards_drawn(small).values() for side in dice)
    finally:
        small.close()
    large = reviewed_game_over(tmp_path / "large", (1920, 1080))
    try:
        at_1080 = min(side for dice, _ in cards_drawn(large).values() for side in dice)
    finally:
        large.close()
    assert at_720 >= 28 and at_1080 >= 40 and at_1080 > at_720, (at_720, at_1080)
