"""The table by plan: its still parts' words and sizes (the header, the line sums, the
powers' caption, the score panel, the legend) and its guide line are planned once for what
they show and kept across frames, planned again on a language switch and a resize, and
drawing a table frame measures nothing (the whole-screen audit watches every scene)."""

import pygame

from support.player import Player


def redraw(player: Player) -> None:
    player.post(pygame.WINDOWEXPOSED)  # a frame is drawn whether or not the table moves
    player.wait(0.1)


def test_the_table_is_planned_once_across_its_frames_and_again_on_a_language_switch_and_a_resize(tmp_path):
    player = Player(tmp_path, scene="staging", seed=3, size=(800, 600))
    try:
        player.wait(0.3)
        table = player.top
        plans = table.kit.canvas.plans
        made, guides, drawn = plans.plans_made, table.guides.plans_made, player.frames_drawn
        first = plans.top.plan
        for _ in range(5):
            redraw(player)
        assert player.frames_drawn >= drawn + 5  # frames were drawn, each from the kept plans
        assert (plans.plans_made, table.guides.plans_made) == (made, guides) and plans.top.plan is first

        player.set_language("ur")
        player.wait(0.1)
        assert plans.plans_made == made + 5  # the header, the sums, the powers, the score, the legend
        assert table.text.locale == "ur"  # and the plans hold the new language's words
        assert plans.top.plan.title == table.text("app.title") and plans.powers.plan.title == table.text("power.title")
        assert table.guides.plans_made == guides + 1

        pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
        player.post(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)
        player.wait(0.1)
        assert plans.plans_made == made + 9  # portrait: the score panel holds the legend
        assert plans.score.plan.rect == table.layout.score and table.layout.size == (1080, 1920)
        for _ in range(3):
            redraw(player)
        assert plans.plans_made == made + 9 and table.guides.plans_made == guides + 2
    finally:
        player.close()
