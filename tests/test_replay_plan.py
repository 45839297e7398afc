"""The replay viewer by plan: its sizes, line breaks, areas and buttons are made once for
the window, the language, the text scale and what it shows (the turn open, the review as
far as it has come), kept across frames, and made again when the turn turns, the language
switches or the window is resized."""

import random

import pygame

from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Game, Replay
from magdagdon.app.shell.payloads import ReplayToView

from support.player import HeldThoughts, Player


def played_game(seed: int) -> Game:
    game = Game(Difficulty.PEACEFUL, seed)
    policy = make_policy("greedy", random.Random(seed))
    while not game.is_over:
        game.play(policy.choose(game))
    return game


def test_the_viewer_is_planned_once_across_frames_and_again_for_a_turn_a_language_and_a_size(tmp_path):
    thoughts = HeldThoughts()  # the review is asked of the worker and not made until released
    player = Player(tmp_path, (800, 600), seed=5, scene="game_over", thinker=thoughts)
    try:
        player.wait(0.2)
        player.push("replay", ReplayToView(Replay.of(played_game(3))))
        player.wait(0.05)
        viewer = player.top
        made, first, drawn = viewer.plans.plans_made, viewer.plan, player.frames_drawn
        assert first.you is not None and first.inputs.page == 0 and first.inputs.review is None
        for _ in range(3):
            player.post(pygame.WINDOWEXPOSED)  # a frame drawn though nothing moved
            player.wait(0.05)
        assert player.frames_drawn >= drawn + 3 and viewer.plans.plans_made == made and viewer.plan is first

        player.key(pygame.K_RIGHT)  # the next turn: planned as the key is handled
        assert viewer.plans.plans_made == made + 1 and viewer.plan.inputs.page == 1
        assert viewer.plan.title.words.startswith("Turn 2")

        made = viewer.plans.plans_made
        player.set_language("ur")
        player.wait(0.05)
        story = viewer.stories[1]
        assert viewer.plans.plans_made == made + 1 and viewer.plan.inputs.locale == "ur"
        assert viewer.plan.title.words == viewer.text("replay.title", turn=2, turns=viewer.stories[-1].turn,
                                                      score=story.score_after)

        pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
        player.post(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)
        player.wait(0.05)
        plan = viewer.plan
        assert viewer.plans.plans_made == made + 2 and plan.inputs.window == (1080, 1920)
        assert plan.areas.halves[0].bottom <= plan.areas.halves[1].top  # one side over the other
    finally:
        player.close()  # the held review never made: nothing here reads it


def test_a_turn_that_used_powers_is_placed_where_it_is_drawn(tmp_path):
    """A turn's powers (a die before and after, a re-roll's dice and what they showed) are
    laid out by the plan: what it places is what the frame shows, read from either side."""
    from magdagdon.app.audit.plan_audit import audit_plan
    from magdagdon.app.audit.plan_match import match_plan
    from magdagdon.app.text.fit import min_text_px

    game = Game(Difficulty.PEACEFUL, 1)
    policy = make_policy("expert", random.Random(1))
    while not game.is_over:
        game.play(policy.choose(game))
    thoughts = HeldThoughts()
    player = Player(tmp_path, (800, 600), seed=5, scene="game_over", thinker=thoughts)
    try:
        player.wait(0.2)
        for turn in (3, 4):  # a die lowered; three dice re-rolled
            player.push("replay", ReplayToView(Replay.of(game), open_turn=turn))
            player.wait(0.05)
            for locale in ("en", "ur", "hi"):
                player.set_language(locale)
                player.wait(0.05)
                powers = player.top.plan.you.powers
                assert powers is not None and powers.choice.powers and any(part.face for part in powers.parts)
                frame, pieces = player.drawn(), player.control.machine.placed()
                assert audit_plan(pieces, frame.size, min_text_px(frame.size)) == [], (turn, locale)
                assert match_plan(frame, pieces) == [], (turn, locale)
            player.key(pygame.K_ESCAPE)
            player.set_language("en")
    finally:
        player.close()
