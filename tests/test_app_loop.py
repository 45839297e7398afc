"""What a player sees and what one tap does, through the loop players run: scripted input
at chosen moments of a fake clock, long idle gaps included, and the frames it presented."""

from __future__ import annotations

import random
import threading
import warnings
from datetime import datetime, timezone

import pygame
import pytest

from magdagdon.ai import make_policy
from magdagdon.engine import Confirm, Difficulty, Game, Phase
from magdagdon.storage import open_store

from support.player import Player, looks_like_a_button, same_picture


@pytest.fixture
def players(tmp_path):
    made: list[Player] = []

    def make(**options) -> Player:
        player = Player(tmp_path, **options)
        made.append(player)
        return player

    yield make
    pygame.display.quit()


def assert_menu_drawn_as_it_is(player: Player) -> None:
    """Every button of the menu on top is drawn, and the frame shown is exactly what the
    live states draw: no widget missing, none left over from a menu that went away."""
    shown = player.shown()
    for ident, rect in player.menu_button_rects().items():
        assert looks_like_a_button(shown, rect), f"{player.top_key}: {ident} is not drawn"
    assert same_picture(shown, player.fresh()), f"{player.top_key}: the frame shown is stale"


# --- the first screen and the menus, with no input after opening them ---------------------

def test_the_title_shows_its_buttons_after_launch_without_input(players):
    player = players()  # no seed: the title menu, as a new player meets it
    player.wait(5.0)
    assert player.top_key == "title"
    assert {"play", "rules", "settings", "quit"} <= set(player.menu_button_rects())
    assert_menu_drawn_as_it_is(player)


def test_the_menu_is_drawn_within_a_few_frames(players):
    player = players()
    player.loop_until(lambda: player.frames_drawn >= 4)
    assert_menu_drawn_as_it_is(player)


@pytest.mark.parametrize("menu", ["high_scores", "rules", "settings", "about"])
def test_each_menu_is_drawn_once_opened_without_moving_the_mouse(players, menu):
    player = players()
    player.wait(1.0)
    player.choose(menu, then=5.0)
    assert player.top_key == menu
    assert_menu_drawn_as_it_is(player)


# --- menus that went away take their widgets with them ----------------------------------------

def test_settings_then_escape_leaves_no_settings_button_on_the_title(players):
    player = players()
    player.wait(1.0)
    player.choose("settings")
    player.key(pygame.K_ESCAPE, then=3.0)
    assert player.top_key == "title"
    assert "sound" not in player.menu_button_rects()
    assert_menu_drawn_as_it_is(player)


def test_new_game_over_a_game_in_progress_shows_the_confirm_dialog_alone(players):
    player = players(seed=4)
    player.key(pygame.K_r, then=2.0)  # a game in progress
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "title" and "resume" in player.menu_button_rects()
    player.choose("new_game", then=3.0)
    assert player.top_key == "confirm"
    assert_menu_drawn_as_it_is(player)
    turn = player.table.game.turn
    player.choose("no")
    assert player.top_key == "title" and player.table.game.turn == turn  # nothing thrown away
    assert_menu_drawn_as_it_is(player)


def last_turn_staged(seed: int) -> Game:
    """A game whose last turn is rolled and staged, ready to confirm."""
    game = Game(Difficulty.PEACEFUL, seed)
    policy = make_policy("greedy", random.Random(seed))
    while True:
        if game.phase is Phase.STAGING and game.can_confirm and len(game.board.empty_cells()) == len(game.staged):
            return game
        assert not game.is_over
        game.play(policy.choose(game))


def test_after_game_over_the_menu_offers_no_resume(players, tmp_path):
    game = last_turn_staged(3)
    open_store(tmp_path).save_in_progress(game, datetime.now(timezone.utc))
    player = players()
    player.wait(1.0)
    player.choose("continue", then=1.0)
    player.key(pygame.K_ESCAPE)
    assert "resume" in player.menu_button_rects()  # the pause menu of the game in progress
    player.key(pygame.K_ESCAPE, then=1.0)
    player.tap(player.layout.primary.center, then=1.0)  # CONFIRM the last turn
    player.give_name("Ana", then=3.0)  # the first result always makes the table
    assert player.top_key == "game_over"
    menu = next(b for b in player.table.buttons() if b.ident == "menu")
    player.tap(menu.rect.center, then=2.0)
    assert player.top_key == "title"
    assert "resume" not in player.menu_button_rects()
    assert_menu_drawn_as_it_is(player)


# --- the game-over review -------------------------------------------------------------------

def test_the_review_shows_when_ready_without_input_and_nothing_moves(players, monkeypatch):
    from magdagdon.ai import review
    from magdagdon.app.players.daemon_threads import DaemonThreads
    from magdagdon.app.results import review_cards

    ready = threading.Event()
    real_builder = review.ReviewBuilder  # the review job imports it when it runs, on the worker

    def slow_builder(*args, **kwargs):  # the review takes its time: the screen idles first
        ready.wait(60)
        return real_builder(*args, **kwargs)

    monkeypatch.setattr(review, "ReviewBuilder", slow_builder)
    # Real threads: the review is still being made while the loop idles.
    player = players(scene="game_over", seed=7, size=(1920, 1080), thinker=DaemonThreads(1))
    state = player.table
    early = player.texts_drawn(lambda: player.wait(6.0))  # the count-up, then nothing moves
    presented = player.frames_presented
    player.wait(2.0)
    assert player.frames_presented == presented, "the loop should be idle now"
    ready.set()
    assert state.session.review_job is not None
    state.session.review_job.future.result(60)
    assert state.session.review is not None and review_cards.review_items(state.session.review), \
        "the review found nothing to say about this game"
    later = player.texts_drawn(lambda: player.wait(0.5))  # still no input at all
    text = state.text
    drawn = {t for t, _ in later}
    assert any(t.startswith(text("gameover.review_title")) for t in drawn)
    words = " ".join(t for t, _ in later)
    for item in review_cards.review_items(state.session.review):  # a drawn card for each costly turn
        assert f"Turn {item.turn}:" in words
    assert same_picture(player.shown(), player.fresh())
    # Laid out once with room for the review: the breakdown keeps its size.
    label = text("score.base")  # the dialog's row is drawn last in a frame (the table's score first)
    dialog_size = [s for t, s in early if t == label][-1]
    assert {s for t, s in later if t == label} == {dialog_size}


# --- one tap, one thing -----------------------------------------------------------------------

def stage_the_turn(player: Player) -> None:
    layout = player.layout
    game = player.table.game
    while not game.can_confirm:
        die = next(d for d in game.tray if game.legal_cells_for(d))
        player.tap(layout.tray_slots[die].center)
        player.tap(layout.cells[min(game.legal_cells_for(die))].center)


@pytest.mark.fine_frames  # times what happens inside 0.1 s
def test_hammering_confirm_confirms_once(players):
    player = players(seed=4)
    layout = player.layout
    player.key(pygame.K_r, then=2.0)
    stage_the_turn(player)
    game = player.table.game
    turn = game.turn
    player.tap(layout.primary.center, then=0.08)
    player.tap(layout.primary.center, then=0.6)  # the second tap of a double tap
    assert game.phase is Phase.ROLL and game.turn == turn, "the double tap also rolled"
    assert isinstance(game.log[-1], Confirm)
    player.tap(layout.primary.center, then=0.1)  # a deliberate tap later: ROLL
    assert game.phase is not Phase.ROLL and player.table.session.tumbling


def test_a_double_tap_on_roll_rolls_and_lets_the_dice_land(players):
    player = players(seed=4)
    layout = player.layout
    player.tap(layout.primary.center, then=0.08)
    player.tap(layout.primary.center, then=0.05)
    assert player.table.game.turn == 1
    assert player.table.session.tumbling, "the second tap skipped the roll"
    player.wait(0.3)
    player.tap(layout.board.center, then=0.05)  # a tap once the roll has been seen skips it
    assert not player.table.session.tumbling


def test_keys_hammered_act_once(players):
    player = players(seed=4)
    player.key(pygame.K_r, then=2.0)
    stage_the_turn(player)
    game = player.table.game
    turn = game.turn
    player.key(pygame.K_c, then=0.05)
    player.key(pygame.K_r, then=0.5)
    assert isinstance(game.log[-1], Confirm) and game.turn == turn and game.phase is Phase.ROLL


# --- menus over a moving table ----------------------------------------------------------------

def test_escape_during_the_roll_lands_the_dice(players):
    player = players(seed=4)
    layout = player.layout
    player.key(pygame.K_r, then=0.15)
    assert player.table.session.tumbling
    player.key(pygame.K_ESCAPE, then=1.0)
    assert player.top_key == "title"
    session = player.table.session
    assert not session.moving
    for die, sprite in session.sprites.items():
        assert layout.tray_slots[die].collidepoint(sprite.rect.center), die
    assert same_picture(player.shown(), player.fresh())


def test_switching_display_redraws_everything_at_once(players):
    player = players(seed=4)
    player.key(pygame.K_r, then=2.0)
    player.key(pygame.K_ESCAPE)
    player.choose("settings")
    before = player.window_size
    player.choose("display", then=0.5)
    assert player.fullscreen
    assert player.viewport_size == player.window_size
    assert player.top_key == "settings"
    assert_menu_drawn_as_it_is(player)
    player.choose("display", then=0.5)
    assert player.window_size == before
    assert_menu_drawn_as_it_is(player)
    player.key(pygame.K_ESCAPE, then=0.5)
    assert_menu_drawn_as_it_is(player)


# --- the loop itself --------------------------------------------------------------------------

@pytest.mark.frame_exact  # counts the frames drawn while moving and idle
def test_idle_frames_draw_nothing_and_input_wakes_the_loop(players):
    player = players(seed=4)
    player.wait(6.0)  # the highlights' opening breath is over
    frames, presented = player.frames_drawn, player.frames_presented
    player.wait(10.0)
    assert player.frames_drawn - frames >= 90  # the loop went on, ten idle frames a second ...
    assert player.frames_presented == presented  # ... and drew nothing
    player.key(pygame.K_r, then=0.05)
    assert player.frames_presented > presented and player.table.game.turn == 1


def test_frames_option_stops_the_same_loop_after_n_frames(tmp_path):
    shot = tmp_path / "shot.png"
    player = Player(tmp_path, (800, 600), draw_log=False, difficulty=None, sound=False, screenshot=shot)
    assert player.run(6) == 0
    assert player.frames_drawn == 6 and pygame.image.load(str(shot)).get_size() == (800, 600)
    pygame.display.quit()


def test_a_bounded_run_ends_as_soon_as_its_last_frame_is_shown(tmp_path):
    """``--frames N`` (the start-up benchmark's ``--frames 1``) waits after every frame but the
    last: a run of one frame never sleeps, and each frame more adds one wait."""
    waited = []
    for frames in (1, 2, 3):
        player = Player(tmp_path / str(frames), (800, 600), draw_log=False, difficulty=None, sound=False)
        started = player.now
        assert player.run(frames) == 0
        waited.append(player.now - started)
        pygame.display.quit()
    assert waited[0] == 0.0 and waited[1] > 0.0
    assert waited[2] == pytest.approx(2 * waited[1])


def test_menus_warn_nothing_and_leave_the_warnings_filter_alone(players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        filters = list(warnings.filters)
        player = players(size=(1920, 1080))
        player.wait(1.0)
        for menu in ("rules", "about", "high_scores"):
            player.choose(menu)
            player.key(pygame.K_ESCAPE)
        assert warnings.filters == filters
    assert [str(w.message) for w in caught] == []
