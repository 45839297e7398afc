"""The guided first turn, through the real loop: a new player who only ever taps what the
coach mark points at finishes the first turn; each mark goes the moment it is done; Skip
ends the guide with one tap; a fresh install is coached once (remembered in settings)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402

import pygame  # noqa: E402

from magdagdon.app.table.coach import first_turn_mark  # noqa: E402
from magdagdon.engine import Difficulty, Game, Phase, Roll  # noqa: E402
from magdagdon.storage.settings import SETTINGS_FILE  # noqa: E402

from support.player import Player  # noqa: E402


def coached_player(tmp_path, size=(1920, 1080), seed=5):
    player = Player(tmp_path, size, seed=seed, coach=True)
    player.wait(0.5)
    return player


def test_a_new_player_following_only_the_marks_finishes_the_first_turn(tmp_path):
    for size in [(1920, 1080), (800, 600), (1080, 1920)]:
        player = coached_player(tmp_path / f"{size[0]}", size)
        table_game = lambda: player.table.game  # noqa: E731
        marks = []
        for _ in range(20):
            player.wait(2.0)  # the dice land
            player.fresh()  # what the player sees now
            target = player.table.coach_target
            if target is None:
                break
            marks.append(player.table.kit.coach.mark(table_game(), player.table.session.selected))
            player.tap(target.center)
        game = table_game()
        assert game.turn == 1 and game.phase is Phase.ROLL, (size, game.phase, [m.key for m in marks if m])
        keys = [m.key for m in marks]
        assert keys[:3] == ["coach.roll", "coach.tap_die", "coach.tap_cell"], keys
        assert "coach.place_more" in keys and keys[-1] == "coach.confirm", keys
        assert len(marks) <= 12, keys  # one tap per mark: no mark needed two
        player.wait(2.0)
        player.fresh()
        assert player.table.coach_target is None  # the guide is over with the turn
        saved = json.loads((tmp_path / f"{size[0]}" / SETTINGS_FILE).read_text(encoding="utf-8"))["data"]
        assert saved["coached"] is True
        player.close()


def test_each_mark_is_gone_the_moment_it_is_done(tmp_path):
    player = coached_player(tmp_path)
    player.fresh()
    roll_target = player.table.coach_target
    assert roll_target is not None and roll_target == player.table.layout.primary
    texts = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
    assert "Tap ROLL to throw the dice" in texts and "Skip" in texts
    player.tap(roll_target.center, then=2.0)
    texts = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
    assert "Tap ROLL to throw the dice" not in texts and "Tap a die" in texts
    player.close()


def test_skip_ends_the_guide_with_one_tap_and_is_remembered(tmp_path):
    player = coached_player(tmp_path)
    player.fresh()
    skip = player.table.skip_rect
    assert skip is not None
    player.tap(skip.center)
    assert player.table.game.turn == 0  # the tap did nothing else
    player.fresh()
    assert player.table.coach_target is None and player.table.skip_rect is None
    player.close()
    saved = json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))["data"]
    assert saved["coached"] is True and set(saved["tips_seen"]) >= {"magdagdon", "power"}


def test_a_fresh_install_is_coached_once(tmp_path):
    from magdagdon.storage.settings import Settings, save_settings

    def coaching(**options) -> bool:
        """Whether the game started with ``options`` on ``tmp_path`` coaches its first game."""
        player = Player(tmp_path, **options)
        try:
            return player.coach.coaching
        finally:
            player.close()

    assert coaching()
    assert not coaching(seed=3)
    save_settings(Settings(coached=True), tmp_path)
    assert not coaching()


def test_the_mark_follows_the_game_not_a_script():
    game = Game(Difficulty.PEACEFUL, 5)
    assert first_turn_mark(game, None).key == "coach.roll"
    game.play(Roll())
    die = next(d for d in game.tray if game.legal_cells_for(d))
    assert first_turn_mark(game, None).target == ("die", die)
    mark = first_turn_mark(game, die)
    assert mark.key == "coach.tap_cell" and mark.target[1] in game.legal_cells_for(die)


def test_a_first_magdagdon_meets_one_short_tip_once(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=5, scene="magdagdon", coach=True)
    player.wait(0.5)
    tip = player.table.text("coach.tip.magdagdon")
    assert tip == "Use a power (it costs points) or accept a ruin."
    drawn = " ".join(t for t, _ in player.texts_drawn(lambda: player.fresh()))
    assert tip in drawn
    player.close()
    again = Player(tmp_path, (1920, 1080), seed=5, scene="magdagdon", coach=True)
    again.wait(0.5)
    drawn = " ".join(t for t, _ in again.texts_drawn(lambda: again.fresh()))
    assert "or accept a ruin" not in drawn  # once per install
    again.close()


def test_no_tip_in_a_game_started_from_a_seed(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=5, scene="magdagdon")
    player.wait(0.5)
    drawn = " ".join(t for t, _ in player.texts_drawn(lambda: player.fresh()))
    assert "or accept a ruin" not in drawn
    player.close()


def test_no_mark_shows_under_the_title_menu_of_a_fresh_install(tmp_path):
    for size in [(1920, 1080), (800, 600), (1080, 1920)]:
        player = Player(tmp_path / f"{size[0]}", size)  # no seed, no saved settings: a fresh install
        player.wait(0.5)
        assert player.top_key == "title" and player.table.kit.coach.coaching
        drawn = " ".join(t for t, _ in player.texts_drawn(lambda: player.fresh()))
        assert "Tap ROLL" not in drawn and "Skip" not in drawn, (size, drawn)
        assert player.table.skip_rect is None and player.table.coach_target is None
        player.choose("play", then=1.0)
        assert player.top_key != "title"
        drawn = " ".join(t for t, _ in player.texts_drawn(lambda: player.fresh()))
        assert "Tap ROLL" in drawn and "Skip" in drawn, (size, player.top_key)  # the table is the screen now
        player.close()


def coach_steps(player):
    """Each moment of the coached first turn, as a player following the marks meets it:
    yields once per mark shown (the table drawn whole), then taps its target."""
    for _ in range(20):
        player.wait(2.0)
        player.fresh()
        target = player.table.coach_target
        if target is None:
            return
        yield target
        player.tap(target.center)


def test_marks_cover_neither_their_target_nor_the_score_nor_a_control(tmp_path):
    from magdagdon.app.text.fit import min_text_px
    from magdagdon.app.audit.screen_audit import audit_frame

    for size in [(800, 600), (1280, 720), (1920, 1080), (1080, 1920)]:
        player = coached_player(tmp_path / f"{size[0]}", size)
        seen = 0
        for _ in coach_steps(player):
            player.post(pygame.WINDOWEXPOSED)
            player.wait(0.02)
            findings = [str(f) for f in audit_frame(player.frame_log, min_text_px(size))
                        if f.rule in ("mark covers", "covered", "overlap", "text over an element")]
            assert findings == [], (size, findings)
            seen += 1
        assert seen >= 5
        player.close()


def test_a_tap_on_a_die_cell_or_button_near_a_mark_does_what_it_does(tmp_path):
    """Only the mark's Skip chip is the mark's: it lies over no die, cell or button (a tap
    there used to end the guide and place nothing), and a tap on another die or cell than
    the one named acts as ever."""
    for size in [(800, 600), (1920, 1080), (1080, 1920)]:
        player = coached_player(tmp_path / f"{size[0]}", size)
        for _ in coach_steps(player):
            table = player.table
            layout = table.layout
            controls = [*layout.tray_slots, *layout.cells, *(b.rect for b in table.buttons())]
            controls += [sprite.rect for sprite in table.session.sprites.values()]
            assert table.skip_rect is not None
            assert not any(table.skip_rect.colliderect(rect) for rect in controls), size
        player.close()
    player = coached_player(tmp_path / "taps", (800, 600))
    player.key(pygame.K_r, then=2.0)
    player.fresh()
    table, game = player.table, player.table.game
    marked = table.coach_target
    other = next(d for d in reversed(game.tray) if game.legal_cells_for(d) and table.layout.tray_slots[d] != marked)
    player.tap(table.layout.tray_slots[other].center)  # not the die the mark names
    assert table.session.selected == other and table.kit.coach.coaching
    cell = max(game.legal_cells_for(other))  # not the cell the mark names
    player.tap(table.layout.cells[cell].center)
    assert game.cell_of(other) == cell
    player.close()


def test_a_tip_is_dismissed_with_got_it_and_the_coaching_goes_on(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=5, scene="magdagdon", coach=True)
    player.wait(0.5)
    player.fresh()
    table = player.table
    assert table.kit.coach.tip == "magdagdon" and table.tip_rect is not None and table.skip_rect is None
    drawn = [t.words for t in player.frame_log.texts if "button coach got it" in t.panel]
    assert drawn == ["Got it"]
    player.tap(table.tip_rect.center)
    player.fresh()
    assert table.kit.coach.tip is None and table.tip_rect is None
    assert "power" not in table.kit.coach.tips_seen  # Got it is not Skip: the power tip is still to come
    assert player.top_key == "magdagdon"  # and the tap did nothing else
    player.close()


def test_the_chips_are_known_from_the_plan_before_any_frame_and_a_tap_on_skip_works(tmp_path):
    """Input hit-tests the bubble of the moment, planned as the table settles: with no frame
    ever drawn, the mark's Skip chip is known and a tap on it ends the coaching; drawn, the
    chip is where the plan put it."""
    player = Player(tmp_path, (1920, 1080), seed=5, coach=True)
    skipped = []
    player.around_each_draw(lambda draw: skipped.append(draw))  # each frame's drawing left undone
    player.wait(0.5)
    table = player.table
    skip, target = table.skip_rect, table.coach_target
    assert skipped and skip is not None and target == table.layout.primary
    player.tap(skip.center)
    assert not table.kit.coach.coaching and table.skip_rect is None and table.coach_target is None
    assert table.game.turn == 0 and table.session.tumbling is False  # the tap did nothing else
    player.close()


def test_the_chip_drawn_is_the_planned_one(tmp_path):
    player = coached_player(tmp_path)
    skip = player.table.skip_rect
    drawn = [t.panel_rect for t in player.frame_log.texts if "button coach skip" in t.panel]
    assert skip is not None and drawn == [skip]
    player.close()
