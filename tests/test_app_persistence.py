"""Settings kept between runs, resuming keeps "assisted", and the order of saves when a
game ends (save it in progress, record it, clear only once the result is written)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from datetime import datetime, timezone  # noqa: E402

import pygame  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.engine import Difficulty, Game, Roll  # noqa: E402
from magdagdon.storage import open_store  # noqa: E402
from magdagdon.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings  # noqa: E402

from test_app_features import choose, key  # noqa: E402

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def start(tmp_path, **kw) -> Control:
    base = dict(size=(800, 600), data_dir=tmp_path)
    base.update(kw)
    return Control(Options(**base))


def open_settings(control) -> None:
    control.step([], 1)
    if control.machine.top_key != "title":
        key(control, pygame.K_ESCAPE)
    choose(control, "settings")


# --- settings -------------------------------------------------------------------------------

def test_settings_chosen_in_the_menu_are_kept_for_the_next_run(tmp_path):
    control = start(tmp_path, windowed=True)
    open_settings(control)
    choose(control, "sound")  # on -> off
    choose(control, "difficulty:NIGHTMARE")  # no game in progress: starts a NIGHTMARE game
    assert load_settings(tmp_path).settings == Settings(Difficulty.NIGHTMARE, sound=False)
    pygame.display.quit()
    again = start(tmp_path, windowed=True)
    assert again.options.difficulty is Difficulty.NIGHTMARE and again.options.sound is False
    assert again.ctx.difficulty is Difficulty.NIGHTMARE and not again.ctx.audio.enabled
    assert again.machine.stack[0].game.difficulty is Difficulty.NIGHTMARE
    pygame.display.quit()


def test_fullscreen_setting_is_kept(tmp_path):
    save_settings(Settings(fullscreen=False), tmp_path)
    control = start(tmp_path)  # nothing said on the command line: windowed, as saved
    assert control.options.windowed and not control.ctx.fullscreen
    open_settings(control)
    calls = []
    control.ctx.on_toggle_fullscreen = lambda: (calls.append(1), setattr(control.ctx, "fullscreen", True))
    choose(control, "display")
    assert calls and load_settings(tmp_path).settings.fullscreen is True
    pygame.display.quit()


def test_command_line_overrides_for_that_run_only(tmp_path):
    save_settings(Settings(Difficulty.SURVIVAL, sound=False, fullscreen=False), tmp_path)
    control = start(tmp_path, difficulty=Difficulty.NIGHTMARE, sound=True, windowed=True)
    assert control.ctx.difficulty is Difficulty.NIGHTMARE and control.ctx.audio.enabled
    open_settings(control)
    choose(control, "sound")  # a change saves that field only, never the overrides
    assert load_settings(tmp_path).settings == Settings(Difficulty.SURVIVAL, sound=False, fullscreen=False)
    choose(control, "sound")
    assert load_settings(tmp_path).settings == Settings(Difficulty.SURVIVAL, sound=True, fullscreen=False)
    pygame.display.quit()


def test_corrupt_settings_file_starts_with_defaults_and_says_so(tmp_path):
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x00garbage{")
    control = start(tmp_path, windowed=True)
    assert control.ctx.difficulty is Difficulty.PEACEFUL and control.ctx.audio.enabled
    assert any("set aside" in n for n in control.ctx.notices)
    control.step([], 2)
    control.draw()
    pygame.display.quit()


def test_unwritable_data_folder_keeps_the_game_playable(tmp_path, monkeypatch):
    from magdagdon.storage import atomic_file

    def refuse(*args, **kwargs):
        raise PermissionError(13, "read-only file system")

    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", refuse)
    control = start(tmp_path, windowed=True)
    open_settings(control)
    choose(control, "sound")
    assert not control.ctx.audio.enabled  # the change applies to this run
    assert not (tmp_path / SETTINGS_FILE).exists()
    key(control, pygame.K_ESCAPE)
    key(control, pygame.K_ESCAPE)
    key(control, pygame.K_r, 120)
    assert control.machine.top.game.turn == 1
    pygame.display.quit()


# --- resume keeps "assisted" ----------------------------------------------------------------

def test_continue_keeps_the_assisted_flag(tmp_path):
    game = Game(Difficulty.PEACEFUL, 42)
    game.play(Roll())
    store = open_store(tmp_path, NOW)
    assert store.save_in_progress(game, NOW, assisted=True)
    control = start(tmp_path, windowed=True, sound=False)
    control.step([], 1)
    assert control.ctx.saved_game is not None and control.ctx.saved_assisted
    choose(control, "continue")
    session = control.machine.top.session
    assert session.game.seed == 42 and session.game.turn == 1 and session.assisted
    pygame.display.quit()


# --- the end of a game ----------------------------------------------------------------------

class RecordingStore:
    """Stands in for storage: notes the order of calls; ``saved`` is what recording says."""

    def __init__(self, saved: bool) -> None:
        self.saved, self.calls, self.notices = saved, [], []

    def save_in_progress(self, game, now, assisted=False):
        self.calls.append(("save_in_progress", game.is_over, assisted))
        return True

    def record_result(self, game, now, assisted=False):
        self.calls.append(("record_result", game.is_over, assisted))
        return type("Outcome", (), {"saved": self.saved, "rank": 1 if self.saved else None})()

    def clear_in_progress(self):
        self.calls.append(("clear_in_progress",))

    def take_notices(self):
        return []


def finished_session(tmp_path, saved: bool):
    from magdagdon.app.session import GameSession
    from test_storage_support import finished_games

    control = start(tmp_path, windowed=True, sound=False, seed=3)
    fake = RecordingStore(saved)
    control.ctx._store, control.ctx._store_opened = fake, True
    return GameSession(control.ctx, finished_games(1)[0], assisted=True), fake


def test_a_finished_game_is_saved_before_it_is_recorded_then_cleared(tmp_path):
    session, store = finished_session(tmp_path, saved=True)
    session.record_result()
    assert store.calls == [("save_in_progress", True, True), ("record_result", True, True), ("clear_in_progress",)]
    assert session.saved_result is True
    pygame.display.quit()


def test_a_result_not_written_keeps_its_saved_game(tmp_path):
    session, store = finished_session(tmp_path, saved=False)
    session.record_result()
    assert ("clear_in_progress",) not in store.calls
    assert store.calls[0][0] == "save_in_progress" and store.calls[1][0] == "record_result"
    assert session.saved_result is False
    pygame.display.quit()


def test_crash_between_save_and_record_is_recovered_by_storage(tmp_path):
    from test_storage_support import finished_games

    game = finished_games(1)[0]
    store = open_store(tmp_path, NOW)
    store.save_in_progress(game, NOW, assisted=True)  # what the session writes first; then "crash"
    again = open_store(tmp_path, NOW)
    assert again.load_in_progress() is None
    assert [e.score for e in again.high_scores(game.difficulty)] == [game.score().total]


def test_the_game_is_saved_after_the_frame_that_shows_the_move(tmp_path):
    from magdagdon.engine import Confirm, Stage

    control = start(tmp_path, windowed=True, sound=False, seed=5)
    control.step([], 1)
    state = control.machine.top
    session = state.session
    session.perform(Roll())
    game = session.game
    for _ in range(game.required):
        die = next(d for d in game.tray if game.legal_cells_for(d))
        session.perform(Stage(die, min(game.legal_cells_for(die))))
    session.perform(Confirm())
    path = tmp_path / "in_progress.json"
    assert not path.exists()  # not while the move's frame is being made
    control.draw()
    assert path.exists()
    assert open_store(tmp_path, NOW).load_in_progress().turn == 1
    pygame.display.quit()


def test_command_line_leaves_unsaid_options_to_the_saved_settings():
    import argparse

    from magdagdon.cli.play import add_arguments, options_from

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    plain = options_from(parser.parse_args([]))
    assert plain.difficulty is None and plain.sound is None and plain.windowed is None
    given = options_from(parser.parse_args(["--difficulty", "survival", "--mute", "--fullscreen"]))
    assert given.difficulty is Difficulty.SURVIVAL and given.sound is False and given.windowed is False
    assert options_from(parser.parse_args(["--size", "800x600"])).windowed is True
