"""The kiosk's "Still playing?" by plan: the question's, the hint's and the count's sizes
and places are made once for the window, the language and the text scale, kept while the
count goes down, and made again on a language switch and a resize."""

import pygame

from magdagdon.app.shell.payloads import Countdown
from magdagdon.app.shell.screen_key import ScreenKey

from support.player import Player


def test_still_playing_is_planned_once_while_it_counts_and_again_on_a_language_switch_and_a_resize(tmp_path):
    player = Player(tmp_path, (800, 600), scene="title")
    try:
        player.push(ScreenKey.STILL_PLAYING, Countdown(seconds=30.0))
        player.wait(0.5)
        screen = player.top
        first, drawn = screen.plans.plan, player.frames_drawn
        assert screen.plans.plans_made == 1 and first.question == screen.text("kiosk.still_playing")
        player.wait(2.0)  # two new whole seconds drawn, from the kept plan
        assert player.frames_drawn > drawn and screen.plans.plans_made == 1 and screen.plans.plan is first

        player.set_language("ur")
        player.wait(0.1)
        assert screen.plans.plans_made == 2 and screen.plans.plan.hint == screen.text("kiosk.touch_to_continue")
        assert screen.plans.plan.question != first.question

        pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
        player.post(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)
        player.wait(0.1)
        plan = screen.plans.plan
        assert screen.plans.plans_made == 3 and plan.question_at.centerx == 540 and plan.hint_at.bottom <= 1920
    finally:
        player.close()
