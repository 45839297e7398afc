"""Menus, hints, demo, idling and the command line, driven headless."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.engine import Difficulty, Phase, Roll  # noqa: E402


def make(tmp_path, **kw) -> Control:
    base = dict(difficulty=Difficulty.PEACEFUL, seed=7, windowed=True, size=(800, 600), data_dir=tmp_path, sound=False)
    base.update(kw)
    return Control(Options(**base))


def click(control, pos, ticks=1):
    control.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)], ticks)


def key(control, k, ticks=1):
    control.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], ticks)


def choose(control, ident):
    """Press a pygame_gui menu button the way a player does: focus it and hit Enter."""
    menu = control.machine.top
    menu.focus_index = [i for _, i in menu.buttons].index(ident)
    key(control, pygame.K_RETURN)


def test_changing_difficulty_mid_game_asks_first(tmp_path):
    control = make(tmp_path)
    key(control, pygame.K_r, 120)  # roll: a game is now in progress
    assert control.machine.top.game.turn == 1
    key(control, pygame.K_ESCAPE)
    choose(control, "settings")
    choose(control, "difficulty:NIGHTMARE")
    assert control.machine.top_key == "confirm"
    choose(control, "no")
    assert control.machine.top_key == "settings" and control.machine.top.session.game.turn == 1
    choose(control, "difficulty:NIGHTMARE")
    choose(control, "yes")
    assert control.machine.keys == ["rolling"]
    game = control.machine.top.game
    assert game.difficulty is Difficulty.NIGHTMARE and game.turn == 0


def test_every_menu_opens_and_closes_with_escape(tmp_path):
    control = make(tmp_path)
    key(control, pygame.K_ESCAPE)
    for ident in ("rules", "high_scores", "settings", "about"):
        choose(control, ident)
        assert control.machine.top_key == ident
        control.draw()
        key(control, pygame.K_ESCAPE)
        assert control.machine.top_key == "title"
    key(control, pygame.K_ESCAPE)
    assert control.machine.top_key == "rolling"


def test_hint_shows_without_playing_and_marks_assisted(tmp_path):
    pytest.importorskip("magdagdon.ai", reason="AI layer").__dict__.get("hint") or pytest.skip("ai.hint not built yet")
    control = make(tmp_path, scene="staging")
    state = control.machine.top
    before = (state.game.working_board, state.game.dice, len(state.game.log))
    click(control, control.ctx.layout.hint_button.center)
    assert state.session.hint is not None and state.session.hint.key != "hint.unavailable"
    assert (state.game.working_board, state.game.dice, len(state.game.log)) == before
    assert state.session.assisted


def test_demo_plays_itself_through_the_states(tmp_path):
    control = make(tmp_path, demo=True)
    seen, turns = set(), 0
    for _ in range(700):
        control.step([], 4)
        seen.add(control.machine.top_key)
        turns = max(turns, control.machine.top.game.turn)
    assert {"rolling", "staging"} <= seen
    assert turns >= 5
    key(control, pygame.K_SPACE)  # a player takes over: a fresh game under the menu
    assert not control.ctx.demo and control.machine.keys == ["rolling", "title"]
    assert control.machine.top.session.game.turn == 0
    store = control.ctx.store
    if store is not None:  # demo games are neither recorded nor saved
        assert store.high_scores(Difficulty.PEACEFUL) == [] and store.load_in_progress() is None


def test_idle_when_nothing_moves(tmp_path):
    control = make(tmp_path)
    control.step([], 600)
    assert not control.animating()
    key(control, pygame.K_r)
    assert control.animating()  # the dice tumble
    control.step([], 200)
    state = control.machine.top
    assert state.game.phase is not Phase.ROLL
    control.step([], 600)
    assert not control.animating()


def test_tap_skips_the_roll_animation(tmp_path):
    control = make(tmp_path)
    layout = control.ctx.layout
    click(control, layout.primary.center)
    session = control.machine.top.session
    assert session.tumbling
    click(control, layout.board.center)
    assert not session.tumbling


def test_ruin_pick_highlights_every_empty_cell(tmp_path):
    control = make(tmp_path, scene="ruin_pick")
    state = control.machine.top
    cells, _ = state.lit_cells()
    assert cells == frozenset(state.game.board.empty_cells())


def test_command_line_frames_and_screenshot(tmp_path):
    from magdagdon.cli import play

    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    shot = tmp_path / "shot.png"
    args = parser.parse_args(["--size", "800x600", "--seed", "3", "--frames", "5", "--screenshot", str(shot),
                              "--data-dir", str(tmp_path), "--mute"])
    assert play.run(args) == 0
    assert pygame.image.load(str(shot)).get_size() == (800, 600)
    with pytest.raises(SystemExit):
        play.run(parser.parse_args(["--size", "huge"]))


def test_resizing_recomputes_the_layout_and_keeps_playing(tmp_path):
    control = make(tmp_path, scene="staging")
    pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
    control.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)], 2)
    layout = control.ctx.layout
    assert layout.size == (1080, 1920) and layout.portrait
    state = control.machine.top
    die = state.game.tray[0]
    click(control, layout.tray_slots[die].center, 60)
    assert state.session.selected == die
    control.draw()
    sprite = state.session.sprites[die]
    assert layout.tray_slots[die].collidepoint(sprite.rect.center) and sprite.size == layout.die_size


@pytest.mark.parametrize("scene", ["magdagdon", "ruin_pick"])
def test_hint_in_magdagdon_and_ruin_pick(tmp_path, scene):
    ai = pytest.importorskip("magdagdon.ai")
    if not hasattr(ai, "hint"):
        pytest.skip("ai.hint not built yet")
    control = make(tmp_path, scene=scene)
    key(control, pygame.K_h)
    hint = control.machine.top.session.hint
    assert hint is not None and hint.key.startswith("hint.") and hint.key != "hint.unavailable"
    if scene == "ruin_pick":
        assert hint.key == "hint.ruin" and hint.cells <= frozenset(control.machine.top.game.board.empty_cells())


def test_animation_frames_present_only_moving_areas(tmp_path):
    control = make(tmp_path)
    key(control, pygame.K_r)  # a move: the next frame is presented whole
    state = control.machine.top
    control.draw()
    control.step([], 2)
    control.draw()
    rects = state.animated_rects()
    assert rects is not None
    screen = pygame.Rect((0, 0), control.ctx.layout.size)
    for sprite in state.session.sprites.values():
        visible = sprite.rect.clip(screen)
        if visible.width and visible.height:  # dice flying in from beyond the edge are skipped
            assert any(r.contains(visible) for r in rects)


def test_partial_frames_match_a_full_repaint(tmp_path, monkeypatch):
    """What reaches the window, frame after frame, when only the moving areas are drawn
    and presented, is exactly the whole frame drawn afresh (nothing stale anywhere)."""
    control = make(tmp_path, demo=True)
    shown = pygame.Surface(control.screen.get_size())
    counts = {"partial": 0, "full": 0}

    def update(rects):
        counts["partial"] += 1
        for rect in rects:
            shown.blit(control.screen, rect, rect)

    def flip():
        counts["full"] += 1
        shown.blit(control.screen, (0, 0))

    monkeypatch.setattr(pygame.display, "update", update)
    monkeypatch.setattr(pygame.display, "flip", flip)
    seen, checked = set(), 0
    for frame in range(1400):
        control.step([], 2)
        if not control.dirty:
            continue
        seen.add(control.machine.top_key)
        control.draw()
        if frame % 15 == 0:
            fresh = control.screen.copy()
            control.machine.draw(fresh, control.clock.alpha)
            assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(shown, "RGB"), \
                (frame, control.machine.top_key)
            checked += 1
    assert counts["partial"] > 10 * counts["full"] and checked > 20
    assert {"rolling", "staging", "game_over"} <= seen
