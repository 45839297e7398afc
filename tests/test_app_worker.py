"""Every background thought runs on the one worker: the demo's and the computer players'
moves, and the expert's review of a finished game, asked for once and shared by game over
and the replay viewer. A thought that fails hides what it would have shown, no more."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Callable

import pygame
import pytest

from support.player import HeldThoughts, Player, ThinkAtOnce


class CountedThoughts(ThinkAtOnce):
    def __init__(self) -> None:
        self.asked = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.asked += 1
        return super().submit(fn, *args, **kwargs)


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


@pytest.mark.fine_frames  # times what happens inside 0.1 s
def test_the_review_is_asked_for_once_and_the_replay_viewer_shows_the_same(tmp_path):
    thoughts = CountedThoughts()
    player = Player(tmp_path, (1280, 720), seed=7, scene="game_over", thinker=thoughts)
    player.wait(0.1)  # game over asked for the review as it came up; the expert made ready
    session = player.table.session
    asked = thoughts.asked
    assert session.review_job is not None and session.review is not None
    player.wait(2.4)  # the board, the count-up: nothing more is asked
    assert thoughts.asked == asked
    player.table.on_button("replay")
    player.wait(0.2)
    assert player.top_key == "replay"
    viewer = player.top
    assert viewer.job is session.review_job and viewer.review is session.review
    player.key(pygame.K_ESCAPE)
    player.wait(0.2)
    player.table.on_button("replay")  # opened again: still the one review
    player.wait(0.2)
    assert player.top_key == "replay" and thoughts.asked == asked


def test_the_demo_thinks_on_the_worker_and_plays_only_its_answer(tmp_path):
    thoughts = HeldThoughts()
    player = Player(tmp_path, (800, 600), seed=3, demo=True, thinker=thoughts)
    player.wait(2.0)
    game = player.table.game
    frames = player.frames_drawn
    player.wait(2.0)  # the expert has been asked and not answered: frames go on, nothing is played
    assert thoughts.held and game.log == [] and player.frames_drawn > frames
    for _ in range(6):  # each answer released is played, in order
        thoughts.release()
        player.wait(0.6)
    assert len(game.log) >= 3


def test_a_review_that_fails_hides_the_review_and_says_one_line(tmp_path, monkeypatch, capsys):
    from magdagdon.ai import review  # where the review job finds it, on the worker

    class Broken:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise ValueError("a bug in the review")

    monkeypatch.setattr(review, "ReviewBuilder", Broken)
    player = Player(tmp_path, (1280, 720), seed=7, scene="game_over")
    player.wait(3.0)
    state = player.table
    assert state.session.review is None and not state._review_awaited()  # no room kept for ever
    texts = {t for t, _ in player.texts_drawn(lambda: player.fresh())}
    assert state.text("gameover.review_title") not in texts
    assert capsys.readouterr().err.count("the expert's review could not be made") == 1
    state.on_button("replay")  # the viewer still opens: the player's side alone
    player.wait(0.3)
    assert player.top_key == "replay"


def test_quitting_drops_the_thoughts_not_begun(tmp_path):
    thoughts = HeldThoughts()
    player = Player(tmp_path, (800, 600), seed=3, demo=True, thinker=thoughts)
    player.wait(1.5)
    player.shut_down()
    assert player.worker.closed
    refused = player.worker.submit(lambda: 1)
    assert refused.cancelled()


def test_the_shelf_keeps_one_review_and_one_expert_line_per_game() -> None:
    """Game over, the replay viewer and the high scores ask the shelf: a game's review and the
    expert's line on its seed are asked of the worker once, for the last games looked at."""
    import random

    from magdagdon.ai import make_policy
    from magdagdon.app.players import review_shelf
    from magdagdon.app.players.review_shelf import ReviewShelf
    from magdagdon.app.players.worker import Worker
    from magdagdon.engine import Difficulty, Game, Replay

    def replay_of(seed: int) -> Replay:
        game, player = Game(Difficulty.NIGHTMARE, seed), make_policy("random", random.Random(seed))
        while not game.is_over:
            game.play(player.choose(game))
        return Replay.of(game)

    thoughts = HeldThoughts()  # nothing is thought out: only the asking is counted
    shelf = ReviewShelf(Worker(thoughts))
    first = replay_of(1)
    job = shelf.review(first)
    assert shelf.review(Replay.from_json(first.to_json())) is job and len(thoughts.held) == 1
    assert shelf.expert_line(first) is shelf.expert_line(first) and len(thoughts.held) == 2
    for seed in range(2, 2 + review_shelf.KEPT):
        shelf.review(replay_of(seed))
    assert shelf.review(first) is not job  # the least recently looked at made room
