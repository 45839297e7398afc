"""Settings kept between runs, resuming keeps "assisted", and the order of saves when a
game ends (save it in progress, record it, clear only once the result is written)."""

from datetime import datetime, timezone

import pygame

from magdagdon.engine import Difficulty, Game, Roll
from magdagdon.storage import open_store
from magdagdon.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings

from support.player import Player

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def start(tmp_path, **options) -> Player:
    options.setdefault("windowed", True)
    options.setdefault("difficulty", None)  # as the saved settings say
    options.setdefault("sound", None)
    return Player(tmp_path, **options)


def open_settings(player: Player) -> None:
    player.wait(0.5)
    if player.top_key != "title":
        player.key(pygame.K_ESCAPE)
    player.choose("settings")


# --- settings -------------------------------------------------------------------------------

def test_settings_chosen_in_the_menu_are_kept_for_the_next_run(tmp_path):
    player = start(tmp_path)
    open_settings(player)
    player.choose("sound")  # on -> off
    player.choose("difficulty:NIGHTMARE")  # no game in progress: starts a NIGHTMARE game
    assert load_settings(tmp_path).settings == Settings(Difficulty.NIGHTMARE, sound=False)
    player.close()
    again = start(tmp_path)
    assert again.options.difficulty is Difficulty.NIGHTMARE and again.options.sound is False
    assert again.difficulty is Difficulty.NIGHTMARE and not again.sound_on
    assert again.stack[0].game.difficulty is Difficulty.NIGHTMARE
    pygame.display.quit()


def test_fullscreen_setting_is_kept(tmp_path):
    save_settings(Settings(fullscreen=False), tmp_path)
    player = start(tmp_path, windowed=None)  # nothing said on the command line: windowed, as saved
    assert player.options.windowed and not player.fullscreen
    open_settings(player)
    player.choose("display")
    assert player.fullscreen and load_settings(tmp_path).settings.fullscreen is True
    player.close()
    again = start(tmp_path, windowed=None)
    assert again.fullscreen
    pygame.display.quit()


def test_command_line_overrides_for_that_run_only(tmp_path):
    save_settings(Settings(Difficulty.SURVIVAL, sound=False, fullscreen=False), tmp_path)
    player = start(tmp_path, difficulty=Difficulty.NIGHTMARE, sound=True)
    assert player.difficulty is Difficulty.NIGHTMARE and player.sound_on
    open_settings(player)
    player.choose("sound")  # a change saves that field only, never the overrides
    assert load_settings(tmp_path).settings == Settings(Difficulty.SURVIVAL, sound=False, fullscreen=False)
    player.choose("sound")
    assert load_settings(tmp_path).settings == Settings(Difficulty.SURVIVAL, sound=True, fullscreen=False)
    pygame.display.quit()


def test_corrupt_settings_file_starts_with_defaults_and_says_so(tmp_path):
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x00garbage{")
    player = start(tmp_path)
    assert player.difficulty is Difficulty.PEACEFUL and player.sound_on
    player.wait(1.0)
    notice = next(n for n in player.notices(2) if "set aside" in n)
    assert player.top_key == "title"  # the notice is a line of the title menu, where the player reads it
    assert any(label.text == notice for label in player.top.labels)
    pygame.display.quit()


def test_unwritable_data_folder_keeps_the_game_playable(tmp_path, monkeypatch):
    from magdagdon.storage import atomic_file

    def refuse(*args, **kwargs):
        raise PermissionError(13, "read-only file system")

    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", refuse)
    player = start(tmp_path)
    open_settings(player)
    player.choose("sound")
    assert not player.sound_on  # the change applies to this run
    assert not (tmp_path / SETTINGS_FILE).exists()
    player.key(pygame.K_ESCAPE)
    player.key(pygame.K_ESCAPE)
    player.key(pygame.K_r, then=1.0)
    assert player.table.game.turn == 1
    pygame.display.quit()


# --- resume keeps "assisted" ----------------------------------------------------------------

def test_continue_keeps_the_assisted_flag(tmp_path):
    game = Game(Difficulty.PEACEFUL, 42)
    game.play(Roll())
    store = open_store(tmp_path, NOW)
    assert store.save_in_progress(game, NOW, assisted=True)
    player = start(tmp_path, sound=False)
    player.wait(0.5)
    saved = player.saved_game
    assert saved is not None and saved.assisted
    player.choose("continue")
    session = player.table.session
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

    def record_result(self, game, now, name="Player", assisted=False):
        self.calls.append(("record_result", game.is_over, assisted))
        from magdagdon.storage import RecordOutcome

        return RecordOutcome(1 if self.saved else None, self.saved, "ab" * 12)

    def holds(self, replay_id):
        return not self.saved

    def clear_in_progress(self):
        self.calls.append(("clear_in_progress",))

    def take_notices(self):
        return []


def finished_session(tmp_path, saved: bool):
    """A finished game's session whose storage is a ``RecordingStore``."""
    from magdagdon.app.services.audio import Audio
    from magdagdon.app.text.i18n import Catalog
    from magdagdon.app.shell.jobs import AfterFrame
    from magdagdon.app.services.notices import Notices
    from magdagdon.app.table.session import GameSession
    from magdagdon.app.services.store_access import StoreAccess
    from magdagdon.app.shell.viewport import Viewport
    from test_storage_support import finished_games

    fake = RecordingStore(saved)
    storage = StoreAccess(tmp_path, Notices(Catalog("en")), opener=lambda data_dir: fake)
    session = GameSession(finished_games(1)[0], Audio(enabled=False), Viewport((800, 600), rtl=False), AfterFrame(),
                          storage, assisted=True)
    session.player_name = "Ana"  # named already: the name entry is tested on its own
    return session, fake


def test_a_finished_game_is_saved_before_it_is_recorded_then_cleared(tmp_path):
    session, store = finished_session(tmp_path, saved=True)
    session.record_result()
    assert store.calls == [("save_in_progress", True, True), ("record_result", True, True), ("clear_in_progress",)]
    assert session.saved_result is True


def test_a_result_not_written_keeps_its_saved_game(tmp_path):
    session, store = finished_session(tmp_path, saved=False)
    session.record_result()
    assert ("clear_in_progress",) not in store.calls
    assert store.calls[0][0] == "save_in_progress" and store.calls[1][0] == "record_result"
    assert session.saved_result is False


def test_crash_between_save_and_record_is_recovered_by_storage(tmp_path):
    from test_storage_support import finished_games

    game = finished_games(1)[0]
    store = open_store(tmp_path, NOW)
    store.save_in_progress(game, NOW, assisted=True)  # what the session writes first; then "crash"
    again = open_store(tmp_path, NOW)
    assert again.load_in_progress() is None
    assert [e.score for e in again.high_scores(game.difficulty)] == [game.score().total]


def test_the_game_is_saved_after_the_frame_that_shows_the_move(tmp_path):
    from magdagdon.engine import Confirm

    player = start(tmp_path, sound=False, seed=5)
    path = tmp_path / "in_progress.json"
    frames: list[tuple[bool, bool]] = []  # (the frame shows a confirmed turn, the game is on disk)

    def note() -> None:
        game = player.table.game
        frames.append((bool(game.log) and isinstance(game.log[-1], Confirm), path.exists()))

    player.before_each_present(note)
    player.key(pygame.K_r, then=1.5)
    layout = player.layout
    game = player.table.game
    while not game.can_confirm:
        die = next(d for d in game.tray if game.legal_cells_for(d))
        player.tap(layout.tray_slots[die].center)
        player.tap(layout.cells[min(game.legal_cells_for(die))].center)
    assert not path.exists()
    player.tap(layout.primary.center)
    first_shown = frames.index((True, False))  # the confirmed turn was shown before it was saved
    assert all(not on_disk for _, on_disk in frames[:first_shown])
    assert path.exists() and open_store(tmp_path, NOW).load_in_progress().turn == 1
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
