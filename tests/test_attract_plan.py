"""The attract loop's cards by plan: a card's layout is made once for its inputs (the window,
the language, the text scale, the card, the score tables) and kept across its frames, made
again on a language switch or a resize, and drawing a card measures nothing."""

from datetime import datetime

import pygame
import pytest

from magdagdon.app.kiosk import attract_card
from magdagdon.app.text.fonts import FontBook
from magdagdon.storage import open_store

from support.player import Player
from test_app_attract import configure
from test_storage_support import finished_games

URDU_NAME = "عائشہ خان"


def kiosk_showing(tmp_path, steps: list[str], **options) -> Player:
    """A kiosk with today's games under a Latin and an Urdu name, its attract loop showing
    ``steps`` (each for the shortest time a kiosk allows)."""
    now = datetime.now().astimezone()
    store = open_store(tmp_path, now)
    for game, name in zip(finished_games(2), ["Ada Lovelace", URDU_NAME]):
        store.record_result(game, now, name=name)
    configure(tmp_path, attract_steps=steps, attract_step_seconds=3, idle_seconds=5)
    return Player(tmp_path, kiosk=True, **options)


def redraw(player: Player) -> None:
    player.post(pygame.WINDOWEXPOSED)  # a frame is drawn whether or not the card moves
    player.wait(0.1)


def test_the_scores_card_is_planned_once_across_its_frames_and_again_on_a_language_switch_and_a_resize(tmp_path):
    player = kiosk_showing(tmp_path, ["scores"], size=(1920, 1080))
    try:
        player.wait_for(lambda: player.top_key == "attract_card" and player.top.card == "scores", limit=60)
        card = player.top
        made, drawn, first = card.plans.plans_made, player.frames_drawn, card.plan
        assert first.scores is not None and first.inputs.window == (1920, 1080)
        for _ in range(5):
            redraw(player)
        assert player.frames_drawn >= drawn + 5  # frames were drawn, each from the kept plan
        assert card.plans.plans_made == made and card.plan is first

        player.set_language("ur")
        player.wait(0.1)
        assert card.plans.plans_made == made + 1 and card.plan.inputs.locale == "ur"
        assert card.plan.lines[0].words == card.text("attract.scores_title")  # the new language's words
        names = [row.name for block in card.plan.scores.blocks for page in block.pages
                 for section in page for row in section.rows]
        assert card.text("attract.row", rank=2, name=URDU_NAME) in names

        pygame.display.set_mode((800, 600), pygame.RESIZABLE)
        player.post(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)
        player.wait(0.1)
        assert card.plans.plans_made == made + 2 and card.plan.inputs.window == (800, 600)
        assert card.plan.card.right <= 800 and card.plan.footer.box.bottom <= 600
        for _ in range(3):
            redraw(player)
        assert card.plans.plans_made == made + 2 and player.top is card
    finally:
        player.close()


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
def test_drawing_any_card_searches_for_no_size(tmp_path, monkeypatch, size):
    """While a card draws, asking the fonts how tall letters stand or what size fits fails:
    every such search belongs to the plan (the lesson boards' own drawing, lesson_view's,
    is left out)."""
    drawing = []
    original_draw, original_lesson = attract_card.AttractCard.draw, attract_card.draw_lesson_frame

    def draw(self, surface, alpha):
        drawing.append(self.card)
        try:
            original_draw(self, surface, alpha)
        finally:
            drawing.pop()

    def lesson(*args):
        saved = drawing[:]
        drawing.clear()
        try:
            original_lesson(*args)
        finally:
            drawing.extend(saved)

    def banned(name):
        measure = getattr(FontBook, name)

        def checked(self, *args, **kwargs):
            assert not drawing, f"{name}{args} while drawing the {drawing[-1]} card"
            return measure(self, *args, **kwargs)
        return checked

    monkeypatch.setattr(attract_card.AttractCard, "draw", draw)
    monkeypatch.setattr(attract_card, "draw_lesson_frame", lesson)
    for name in ("ink_height", "fit"):
        monkeypatch.setattr(FontBook, name, banned(name))
    player = kiosk_showing(tmp_path, ["title", "scores", "best_today", "how_to_play"], size=size, locale="ur")
    try:
        seen = set()
        for card in ("title", "scores", "best_today", "how_to_play"):
            player.wait_for(lambda: player.top_key == "attract_card" and player.top.card == card, limit=60)
            redraw(player)
            seen.add(player.top.card.value)
        player.wait(1.0)  # the lessons' frames go on, each drawn from the plan
        redraw(player)
        assert seen == {"title", "scores", "best_today", "how_to_play"}
    finally:
        player.close()


def test_how_to_play_on_the_attract_card_draws_each_new_frame_of_its_lessons_unasked(tmp_path):
    """Nothing is touched, yet each new frame of the lessons is drawn as it comes: the card's
    look (the lesson and its frame) moves on, and the loop draws it."""
    player = kiosk_showing(tmp_path, ["how_to_play"], size=(800, 600))
    try:
        player.wait_for(lambda: player.top_key == "attract_card" and player.top.card == "how_to_play", limit=60)
        card = player.top
        shown = set()
        for _ in range(30):
            player.wait(0.1)
            shown.add(card.drawn_look)
        assert card.drawn_look == card.look()  # what is on screen is the frame of this moment
        assert len(shown) >= 2  # the lessons moved on in 3 s, and each move was drawn
    finally:
        player.close()
