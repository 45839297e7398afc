"""GameOver shows the AI review once ``review_game`` returns, after the count-up."""

import pygame

from magdagdon.app.states.game_over import review_line

from support.player import Player


def test_review_lines_render_when_the_review_returns(tmp_path):
    player = Player(tmp_path, seed=7, scene="game_over")
    player.wait(2.0)  # the count-up; the review starts after it
    session = player.table.session
    assert session.review_thread is not None
    session.review_thread.join(60)
    review = session.review
    assert review, "review_game returned nothing for a finished game"
    texts = {t for t, _ in player.texts_drawn(lambda: player.wait(0.2))}  # drawn without input
    text = player.table.text
    assert text("gameover.review_title") in texts
    for item in review[:3]:
        assert review_line(text, item) in texts
        assert item.advice is not None and f"Turn {item.turn}: " in review_line(text, item)
    pygame.display.quit()
