"""The replay viewer, through the real loop: from game over it opens on turn 1, with a
"Costliest turn" button that jumps to the turn that lost most, where the expert's
alternative is drawn beside the player's choice with what the choices came to against it,
and the dice's luck under the player's; it steps turn by turn; a re-roll shows the dice
before and after; a MAGDAGDON turn says so; the expert's review is computed off the frame,
once per game; a bad record is one line, not a crash."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.engine import RUIN, Difficulty, Game, Replay  # noqa: E402
from magdagdon.engine.actions import Reroll, Roll  # noqa: E402
from magdagdon.app.results.turn_story import costliest_turns, turn_stories  # noqa: E402
from magdagdon.app.shell.payloads import ReplayToView  # noqa: E402

from support.player import HeldThoughts, Player, same_picture  # noqa: E402


def played_game(seed: int) -> Game:
    game = Game(Difficulty.PEACEFUL, seed)
    policy = make_policy("greedy", random.Random(seed))
    while not game.is_over:
        game.play(policy.choose(game))
    return game


def test_turn_stories_follow_the_board_turn_by_turn():
    game = played_game(11)
    stories = turn_stories(Replay.of(game))
    assert [s.turn for s in stories] == list(range(1, len(stories) + 1))
    assert len(stories) == sum(isinstance(a, Roll) for a in game.log)
    for story, following in zip(stories, stories[1:]):
        cells = list(story.board)
        for value, cell in story.played.placements:
            cells[cell] = value
        if story.played.ruin is not None:
            cells[story.played.ruin] = RUIN
        assert tuple(cells) == following.board
    assert stories[-1].score_after == game.score().total


def open_replay_from_game_over(tmp_path, size):
    player = Player(tmp_path, size, seed=5, scene="game_over")
    player.wait_for(lambda: player.table.session.review_job is not None and player.table.session.review_job.done,
                    limit=120)
    player.wait_for(lambda: player.table.panel_shown, limit=6.0)
    costliest = player.table.session.review.costliest(1)[0]
    replay_button = next(b for b in player.table.buttons() if b.ident == "replay")
    player.tap(replay_button.rect.center)
    assert player.top_key == "replay"
    return player, costliest


def test_game_over_opens_turn_1_and_jumps_to_the_costliest_with_the_experts_choice_beside(tmp_path):
    player, costliest = open_replay_from_game_over(tmp_path, (1920, 1080))
    viewer = player.top
    assert viewer.stories[viewer.page].turn == 1
    jump = next(b for b in viewer.buttons() if b.ident == "costliest")
    assert jump.enabled and jump.label == "Costliest turn"
    assert "Costliest turn" in player.drawn().words()  # drawn, not only there
    assert viewer.review is player.table.session.review  # the game over's review, not a second one
    assert viewer.job is player.table.session.review_job  # asked for once, by game over
    player.tap(jump.rect.center)
    story = viewer.stories[viewer.page]
    assert story.turn == costliest.turn
    seen = player.texts_drawn(lambda: player.fresh())
    texts = [t for t, _ in seen]
    assert "You played" in texts and "The expert" in texts
    margin = max(1, round(costliest.margin))
    assert f"Your choices\u00a0\u2013{-costliest.choice_points}\u00a0±\u00a0{margin} against the expert's" in texts
    assert any(t.startswith("Dice\u00a0") and t.endswith("against what was expected") for t in texts)
    ghosts = [r for r in player.drawn().elements if r.words == "ghost board" and "expert" in r.panel]
    assert ghosts, "the expert's choice is drawn on its own board"
    before = player.shown()
    player.key(pygame.K_RIGHT)
    assert viewer.stories[viewer.page].turn == costliest.turn + 1
    assert not same_picture(before, player.shown())  # the next turn was drawn
    player.key(pygame.K_LEFT)
    assert viewer.stories[viewer.page].turn == costliest.turn
    back = next(b for b in viewer.buttons() if b.ident == "back")
    player.tap(back.rect.center)
    assert player.top_key == "game_over"
    player.close()


def test_costliest_turn_goes_down_the_list_and_starts_again_after_paging_away(tmp_path):
    player, _ = open_replay_from_game_over(tmp_path, (1280, 720))
    viewer = player.top
    ranked = costliest_turns(player.table.session.review, len(viewer.stories))
    assert len(ranked) >= 2, "this game's review names at least two costly turns"
    jump = next(b for b in viewer.buttons() if b.ident == "costliest")
    shown = []
    for _ in range(len(ranked) + 1):
        player.tap(jump.rect.center)
        shown.append(viewer.stories[viewer.page].turn)
    assert shown == ranked + ranked[:1]  # costliest first, then down the list, then round again
    player.key(pygame.K_RIGHT if viewer.page < len(viewer.stories) - 1 else pygame.K_LEFT)
    player.tap(jump.rect.center)
    assert viewer.stories[viewer.page].turn == ranked[0]  # after paging away: the costliest again
    player.close()


def game_with_a_re_roll(seed: int) -> Game:
    """A greedy game whose first turn re-rolls two dice (greedy play never does)."""
    game = Game(Difficulty.PEACEFUL, seed)
    policy = make_policy("greedy", random.Random(seed))
    game.play(Roll())
    game.play(Reroll((0, 1)))
    while not game.is_over:
        game.play(policy.choose(game))
    return game


def test_a_re_roll_shows_its_dice_before_and_after_and_magdagdon_turns_say_so(tmp_path):
    game = game_with_a_re_roll(8)
    rolled = Game(Difficulty.PEACEFUL, 8)
    rolled.play(Roll())
    before = rolled.dice[:2]
    rolled.play(Reroll((0, 1)))
    after = rolled.dice[:2]
    record(tmp_path, game)
    player = open_first_high_score(tmp_path)
    try:
        viewer = player.top
        assert viewer.page == 0 and viewer.stories[0].turn == 1
        shown = [r.words for r in player.drawn().elements if "you" in r.panel and r.words.startswith("power 0")]
        assert shown == [f"power 0 before {v}" for v in before] + [f"power 0 after {v}" for v in after]
        magdagdon = [story.turn for story in viewer.stories if story.magdagdon]
        assert magdagdon, "the greedy game meets a MAGDAGDON"
        for story in viewer.stories:
            title = player.drawn().words()
            labelled = any("MAGDAGDON!" in words for words in title)
            assert labelled == story.magdagdon, (story.turn, title)
            player.key(pygame.K_RIGHT)
    finally:
        player.close()


def test_expert_review_is_computed_off_the_frame_and_fills_in(tmp_path):
    thoughts = HeldThoughts()  # the review is asked of the worker and not made until released
    player = Player(tmp_path, (800, 600), seed=5, scene="game_over", thinker=thoughts)
    player.wait(0.2)
    player.push("replay", ReplayToView(Replay.of(played_game(3))))
    player.wait(0.05)
    viewer = player.top
    assert player.top_key == "replay" and viewer.job is not None
    first = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
    assert "You played" in first  # the player's side shows before the expert has answered
    assert "The expert is thinking…" in first and viewer.review is None
    thoughts.release()
    player.wait(0.3)
    assert viewer.review is not None and viewer.review.settled
    after = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
    assert "The expert is thinking…" not in after
    player.close()


def test_a_record_the_engine_refuses_is_one_line(tmp_path):
    game = played_game(4)
    broken = Replay(game.seed + 1, game.difficulty, game.log)  # other dice: the moves no longer fit
    player = Player(tmp_path, (800, 600), seed=5, scene="game_over")
    player.wait(0.2)
    player.push("replay", ReplayToView(broken))
    player.wait(0.1)
    texts = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
    assert "This game's record cannot be replayed." in texts
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "game_over"
    player.close()


def record(tmp_path, game):
    from datetime import datetime, timezone

    from magdagdon.storage import open_store

    store = open_store(tmp_path)
    outcome = store.record_result(game, datetime(2026, 11, 30, 12, tzinfo=timezone.utc), name="Ada")
    assert outcome.saved
    return store.archive.path_of(outcome.replay_id)


def open_first_high_score(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=5, scene="high_scores")
    player.wait(0.5)
    scores = player.top
    assert scores.rows, "the table shows the recorded game"
    player.tap(scores.rows[0][0].center)
    assert player.top_key == "replay"
    return player


def test_any_high_score_opens_in_the_replay_viewer(tmp_path):
    game = played_game(8)
    record(tmp_path, game)
    player = open_first_high_score(tmp_path)
    viewer = player.top
    assert len(viewer.stories) == game.turn and viewer.page == 0
    assert viewer.stories[-1].score_after == game.score().total
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "high_scores"
    player.close()


def test_a_damaged_archive_record_is_one_line_in_the_viewer(tmp_path):
    path = record(tmp_path, played_game(9))
    path.write_text("{damaged", encoding="utf-8")
    player = open_first_high_score(tmp_path)
    texts = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
    assert "This game's record cannot be replayed." in texts
    player.close()


def test_the_viewer_reads_from_the_right_in_urdu(tmp_path):
    """The player's side, the rolled dice after their label and the buttons start on the
    right; Left goes on to the next turn; every word inside its box (Nastaliq is tall)."""
    from magdagdon.app.audit.draw_log import Role
    from magdagdon.app.text.fit import min_text_px
    from magdagdon.app.audit.screen_audit import audit_frame

    for size in ((1920, 1080), (800, 600)):
        player = Player(tmp_path / str(size[0]), size, seed=5, scene="game_over", locale="ur")
        player.wait_for(lambda: player.table.session.review is not None and player.table.panel_shown, limit=120)
        player.tap(next(b for b in player.table.buttons() if b.ident == "replay").rect.center)
        viewer = player.top
        player.post(pygame.WINDOWEXPOSED)
        player.wait(0.1)
        frame = player.frame_log
        you = next(r for r in frame.texts if "you" in r.panel)
        expert = next(r for r in frame.texts if "expert" in r.panel)
        assert you.rect.left > expert.rect.right
        rolled = next(r for r in frame.texts if "dice" in r.panel)
        dice = [r for r in frame.elements if r.role is Role.PICTURE and r.words.startswith("rolled die")]
        assert rolled.rect.left > max(d.rect.right for d in dice)
        assert min(dice, key=lambda d: d.words).rect.left == max(d.rect.left for d in dice)  # die 0 first
        buttons = {b.ident: b.rect for b in viewer.buttons()}
        assert buttons["previous"].left > buttons["next"].left > buttons["back"].left
        # (a letter reaching past its own line's box is the text stack's to fix, everywhere)
        assert [str(f) for f in audit_frame(frame, min_text_px(size)) if not f.what.endswith("cut by its own line")] == []
        page = viewer.page
        player.key(pygame.K_LEFT)
        assert viewer.page == min(page + 1, len(viewer.stories) - 1)
        player.close()


def test_the_expert_s_own_game_steps_beside_the_player_s(tmp_path):
    """"Expert's game" turns the expert's side to the expert's own game on the same seed:
    turn by turn beside the player's, from the same first roll (RULES.md §10), its score after
    each turn; "Expert's choice" turns it back."""
    from magdagdon.app.players.expert_line_job import expert_line

    player, _ = open_replay_from_game_over(tmp_path, (1280, 720))
    try:
        viewer = player.top
        toggle = next(b for b in viewer.buttons() if b.ident == "line")
        assert toggle.label == "Expert's game"
        player.tap(toggle.rect.center)
        player.wait_for(lambda: viewer.expert_line is not None, limit=120)
        line = viewer.expert_line
        replay = viewer.replay
        assert line == expert_line(replay.difficulty, replay.seed)  # the expert's whole game on the seed
        mine = {story.turn: story for story in viewer.stories}
        for story in line:
            if story.turn in mine:
                assert story.dice == mine[story.turn].dice  # each turn's first roll is the seed's
        for page in range(3):
            assert viewer.stories[viewer.page].turn == page + 1
            texts = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
            assert "The expert's own game" in texts and "You played" in texts
            assert f"Score after this turn: {line[page].score_after}" in texts
            player.key(pygame.K_RIGHT)
        assert not next(b for b in viewer.buttons() if b.ident == "costliest").enabled
        back_to_choices = next(b for b in viewer.buttons() if b.ident == "line")
        assert back_to_choices.label == "Expert's choice"
        player.tap(back_to_choices.rect.center)
        texts = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
        assert "The expert" in texts and "The expert's own game" not in texts
    finally:
        player.close()
