"""GameOver draws the AI review once ``review_game`` returns, after the count-up: a card per
costly turn with the player's board beside the expert's ghost dice; a tap on a card opens
that turn in the replay viewer."""

import pygame

from magdagdon.app.render.mini_board import board_cells

from support.player import Player


def test_review_cards_are_drawn_when_the_review_returns_and_open_the_replay(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=7, scene="game_over")
    player.wait(2.0)  # the count-up; the review starts after it
    session = player.table.session
    assert session.review_thread is not None
    session.review_thread.join(60)
    review = session.review
    assert review, "review_game returned nothing for a finished game"
    texts = {t for t, _ in player.texts_drawn(lambda: player.wait(0.2))}  # drawn without input
    text = player.table.text
    assert text("gameover.review_title") in texts
    shown_items = review[:3]
    cards = player.table.cards
    assert [turn for _, turn in cards] == [item.turn for item in shown_items]
    after = player.fresh()
    for (card, _), item in zip(cards, shown_items):
        assert text("gameover.review_card", turn=item.turn, loss=round(item.loss)) in texts
        # the expert's side shows a ghost die on each cell the expert would have used
        expert_side = pygame.Rect(card.centerx, card.top + 4, card.width // 2, card.height - 40).inflate(-6, 0)
        for _, cell in item.advice.placements:
            rect = board_cells(expert_side)[cell]
            face = after.get_at((rect.centerx, rect.top + rect.height * 15 // 100))  # above the pips
            assert sum(face[:3]) > 350, (item.turn, cell, face)  # a faint die face, not an empty cell
    card, turn = cards[0]
    player.tap(card.center)
    assert player.top_key == "replay"
    viewer = player.top
    assert viewer.stories[viewer.page].turn == turn
    pygame.display.quit()
