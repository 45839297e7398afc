"""Menus, hints, demo, idling and the command line, played through the game's loop."""

import argparse

import pygame
import pytest

from magdagdon.engine import Difficulty, Phase

from support.player import Player


@pytest.fixture
def players(tmp_path):
    def make(**options) -> Player:
        options.setdefault("seed", 7)
        return Player(tmp_path, **options)

    yield make
    pygame.display.quit()


def test_changing_difficulty_mid_game_asks_first(players):
    player = players()
    player.key(pygame.K_r, then=1.0)  # roll: a game is now in progress
    assert player.table.game.turn == 1
    player.key(pygame.K_ESCAPE)
    player.choose("settings")
    player.choose("difficulty:NIGHTMARE")
    assert player.top_key == "confirm"
    player.choose("no")
    assert player.top_key == "settings" and player.table.game.turn == 1
    player.choose("difficulty:NIGHTMARE")
    player.choose("yes")
    assert player.stack_keys == ["rolling"]
    game = player.table.game
    assert game.difficulty is Difficulty.NIGHTMARE and game.turn == 0


def test_every_menu_opens_and_closes_with_escape(players):
    player = players()
    player.key(pygame.K_ESCAPE)
    for ident in ("rules", "high_scores", "settings", "about"):
        player.choose(ident)
        assert player.top_key == ident
        player.key(pygame.K_ESCAPE)
        assert player.top_key == "title"
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "rolling"


def test_hint_shows_without_playing_and_marks_assisted(players):
    player = players(scene="staging")
    state = player.table
    before = (state.game.working_board, state.game.dice, len(state.game.log))
    player.tap(player.layout.hint_button.center)
    player.choose("show_hint")  # the first hint of a game says first that it marks the game
    assert state.session.hint is not None and state.session.hint.key not in ("", "hint.unavailable")
    assert (state.game.working_board, state.game.dice, len(state.game.log)) == before
    assert state.session.assisted


def test_demo_plays_itself_through_the_states(players, tmp_path):
    player = players(demo=True)
    seen: set[str] = set()
    turns = 0
    for _ in range(60):
        player.wait(0.5)
        seen.add(player.top_key)
        turns = max(turns, player.table.game.turn)
    assert {"rolling", "staging"} <= seen
    assert turns >= 5
    player.key(pygame.K_SPACE)  # a player takes over: a fresh game under the menu
    assert not player.demo_playing and player.stack_keys == ["rolling", "title"]
    assert player.table.session.game.turn == 0
    store = player.store
    assert store is not None  # demo games are neither recorded nor saved
    assert store.high_scores(Difficulty.PEACEFUL) == [] and store.load_in_progress() is None
    assert not (tmp_path / "in_progress.json").exists()


def test_idle_when_nothing_moves(players):
    player = players()
    player.wait(6.0)
    assert not player.animating
    player.key(pygame.K_r, then=0.1)
    assert player.animating  # the dice tumble
    player.wait(2.0)
    assert player.table.game.phase is not Phase.ROLL
    player.wait(6.0)
    assert not player.animating


def test_tap_skips_the_roll_animation(players):
    player = players()
    layout = player.layout
    player.tap(layout.primary.center)
    session = player.table.session
    assert session.tumbling
    player.tap(layout.board.center, then=0.02)
    assert not session.tumbling


def test_ruin_pick_highlights_every_empty_cell(players):
    player = players(scene="ruin_pick")
    player.wait(0.2)
    cells, _ = player.table.lit_cells()
    assert cells == frozenset(player.table.game.board.empty_cells())


def test_command_line_frames_and_screenshot(tmp_path):
    from magdagdon.cli import play

    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    shot = tmp_path / "shot.png"
    args = parser.parse_args(["--size", "800x600", "--seed", "3", "--frames", "5", "--screenshot", str(shot),
                              "--data-dir", str(tmp_path), "--mute"])
    assert play.run(args) == 0
    assert pygame.image.load(str(shot)).get_size() == (800, 600)
    odd = parser.parse_args(["--size", "huge"]).size  # said in one line when the game starts, which goes on
    assert odd.size is None and "'huge' is not a size like 1280x720" in odd.note


def test_resizing_recomputes_the_layout_and_keeps_playing(players):
    player = players(scene="staging")
    pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
    player.post(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)
    player.wait(0.2)
    layout = player.layout
    assert layout.size == (1080, 1920) and layout.portrait
    state = player.table
    die = state.game.tray[0]
    player.tap(layout.tray_slots[die].center, then=0.5)
    assert state.session.selected == die
    sprite = state.session.sprites[die]
    assert layout.tray_slots[die].collidepoint(sprite.rect.center) and sprite.size == layout.die_size


@pytest.mark.parametrize("scene", ["magdagdon", "ruin_pick"])
def test_hint_in_magdagdon_and_ruin_pick(players, scene):
    player = players(scene=scene)
    player.key(pygame.K_h)
    player.choose("show_hint")
    hint = player.table.session.hint
    assert hint is not None and hint.key.startswith("hint.") and hint.key != "hint.unavailable"
    if scene == "ruin_pick":
        assert hint.key == "hint.ruin" and hint.cells <= frozenset(player.table.game.board.empty_cells())


@pytest.mark.frame_exact  # counts the frames a move draws
def test_moving_dice_are_drawn_on_every_frame(players):
    """While the dice tumble every frame is drawn whole, at the frame rate; the picture
    then holds still without drawing."""
    player = players()
    player.wait(6.0)
    player.key(pygame.K_r, then=0.0)
    frames, presented = player.frames_drawn, player.frames_presented
    player.wait(0.5)  # the tumble lasts longer
    assert player.table.session.tumbling
    drawn = player.frames_presented - presented
    assert drawn == player.frames_drawn - frames and drawn >= 55  # 120 frames per second


def test_a_difficulty_chosen_in_settings_after_game_over_is_the_next_games(players):
    player = players(seed=3, scene="game_over")
    player.wait_for(lambda: player.top_key in ("name_entry", "game_over") and player.table.session.game.is_over,
                    limit=10.0)
    if player.table.session.awaiting_name:
        player.give_name("")
    assert player.top_key == "game_over" and player.table.game.difficulty is Difficulty.PEACEFUL
    player.key(pygame.K_ESCAPE)
    player.choose("settings")
    player.choose("difficulty:NIGHTMARE")
    if player.top_key == "confirm":  # nothing in progress to lose, but a question is fine
        player.choose("yes")
    while player.top_key not in ("game_over", "rolling"):
        player.key(pygame.K_ESCAPE)
    if player.top_key == "game_over":
        play_again = next(b for b in player.table.buttons() if b.ident == "play_again")
        player.tap(play_again.rect.center)
    assert player.top_key == "rolling" and player.table.game.difficulty is Difficulty.NIGHTMARE
