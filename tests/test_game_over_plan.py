"""Game over by plan: the panel (its sizes, lines, the review's place and cards) is made
once for the window, the language, the text scale and what the panel shows, kept while the
score counts up and across frames, and made again on a language switch and a resize; a
frame draws it and searches for nothing."""

import pygame

from support.player import HeldThoughts, Player


def test_the_panel_is_planned_once_across_frames_and_again_on_a_language_switch_and_a_resize(tmp_path):
    thoughts = HeldThoughts()  # the review stays to come: what the panel shows holds still
    player = Player(tmp_path, (800, 600), seed=7, scene="game_over", thinker=thoughts)
    try:
        player.wait(1.2)  # the finished board, then the panel counting up
        screen = player.table
        made, first, drawn = screen.panel.plans_made, screen.planned(), player.frames_drawn
        assert first.waiting is not None and first.inputs.window == (800, 600)
        player.wait(1.5)  # the count-up's frames and the total standing: all from the kept plan
        assert player.frames_drawn >= drawn + 5
        assert screen.panel.plans_made == made and screen.planned() is first

        player.set_language("ur")
        player.wait(0.1)
        plan = screen.planned()
        assert screen.panel.plans_made == made + 1 and plan.inputs.locale == "ur"
        assert plan.waiting is not None and plan.waiting.lines != first.waiting.lines  # the new language's words
        assert len(plan.panel.label_px) == len(plan.panel.rows) == 4

        pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
        player.post(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)
        player.wait(0.1)
        plan = screen.planned()
        assert screen.panel.plans_made == made + 2 and plan.inputs.window == (1080, 1920)
        assert plan.panel.dialog.right <= 1080 and plan.panel.dialog.bottom <= 1920
        drawn = player.frames_drawn
        player.post(pygame.WINDOWEXPOSED)
        player.wait(0.2)
        assert player.frames_drawn > drawn and screen.panel.plans_made == made + 2
    finally:
        player.close()  # the held review never made: nothing here reads it


def test_while_the_review_is_awaited_the_plan_places_what_the_frame_draws(tmp_path):
    """The note in the review's place (no scene of the sweep waits on it) is placed line by
    line where it is drawn, in a long script and a tall one as in English."""
    from magdagdon.app.audit.plan_audit import audit_plan
    from magdagdon.app.audit.plan_match import match_plan
    from magdagdon.app.text.fit import min_text_px

    thoughts = HeldThoughts()
    player = Player(tmp_path, (800, 600), seed=7, scene="game_over", thinker=thoughts)
    try:
        player.wait(2.8)  # the finished board, the count-up, the total standing
        for locale in ("en", "ur", "hi"):
            player.set_language(locale)
            player.wait(0.1)
            assert player.table.planned().waiting is not None
            frame = player.drawn()
            pieces = player.control.machine.placed()
            notes = [p for p in pieces if p.words in player.table.planned().waiting.lines]
            assert notes and audit_plan(pieces, frame.size, min_text_px(frame.size)) == []
            assert match_plan(frame, pieces) == [], locale
    finally:
        player.close()
