"""Results held in memory (a full disk, a busy lock) and the in-progress file: a held game
keeps the only copy of it on disk, another game in progress is never replaced by it, an
entry of Today's dice that alone could not be written is written by the next retry or save,
and what a saved game carries (name, assistance) comes back with it."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from datetime import timedelta

import pytest

from magdagdon.engine import Difficulty, Game, Replay, Roll
from magdagdon.engine.challenge import daily_seed
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage import atomic_file
from magdagdon.storage.daily_table import DAILY_FILE
from magdagdon.storage.high_scores import DEFAULT_NAME
from magdagdon.storage.in_progress import IN_PROGRESS_FILE
from magdagdon.storage.lock import DataLock

from test_storage_support import NOW, play_game

HELD = play_game(8)  # the game whose result cannot be written
EARLIER_TURN = play_game(8, stop_after_turns=3)  # the same game, as saved three turns in


class Disk:
    """Refuses (ENOSPC) the atomic writes of the files ``full_for`` names, until freed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full_for: set[str] = set()
        self.named = True  # False: the error names no file, as some systems leave it
        real = atomic_file.tempfile.mkstemp

        def mkstemp(*args, **kwargs):
            target = kwargs["prefix"][1:-1]  # ".<name>." -> <name>
            if "*" in self.full_for or target in self.full_for or \
                    ("replay" in self.full_for and target.endswith(".json") and str(kwargs["dir"]).endswith("replays")):
                if self.named:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(kwargs["dir"]))
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(*args, **kwargs)

        monkeypatch.setattr(atomic_file.tempfile, "mkstemp", mkstemp)

    def free(self) -> None:
        self.full_for = set()


@pytest.fixture
def disk(monkeypatch):
    return Disk(monkeypatch)


def _scores(folder, difficulty=Difficulty.PEACEFUL):
    return [e.score for e in open_store(folder, NOW + timedelta(hours=1)).high_scores(difficulty)]


def _hold_all_but_the_in_progress_file(store, disk, game=HELD):
    """``game`` finished with every file but the in-progress one refusing writes: held."""
    disk.full_for = {"scores.json", "replay", DAILY_FILE}
    outcome = store.record_result(game, NOW + timedelta(minutes=1))
    assert not outcome.saved and store.holds(outcome.replay_id)
    return outcome


def test_a_held_game_replaces_its_own_earlier_turn_in_the_in_progress_file(tmp_path, disk):
    store = open_store(tmp_path, NOW)
    assert store.save_in_progress(EARLIER_TURN, NOW)
    _hold_all_but_the_in_progress_file(store, disk)
    assert not store.retry_unsaved(NOW + timedelta(minutes=2))
    disk.free()
    next_start = open_store(tmp_path, NOW + timedelta(minutes=10))
    assert next_start.load_in_progress(NOW + timedelta(minutes=10)) is None  # recorded, not resumed at turn 3
    assert _scores(tmp_path) == [HELD.score().total]


def test_a_new_game_is_not_saved_over_the_held_games_only_copy(tmp_path, disk):
    store = open_store(tmp_path, NOW)
    _hold_all_but_the_in_progress_file(store, disk)
    assert not store.retry_unsaved(NOW + timedelta(minutes=2))  # the held game goes to the in-progress file
    other = play_game(21, stop_after_turns=2)
    assert store.save_in_progress(other, NOW + timedelta(minutes=3)) is False  # refused: it would lose the held game
    disk.free()
    open_store(tmp_path, NOW + timedelta(minutes=10)).load_in_progress(NOW + timedelta(minutes=10))
    assert _scores(tmp_path) == [HELD.score().total]


def _just_rolled(seed: int, difficulty: Difficulty) -> Game:
    game = Game(difficulty, seed)
    game.play(Roll())
    return game


@pytest.mark.parametrize("other", [
    _just_rolled(99, Difficulty.PEACEFUL),  # another game whose first action is the held game's too
    _just_rolled(8, Difficulty.NIGHTMARE),  # the held game's seed at another difficulty
], ids=["another seed", "another difficulty"])
def test_a_held_game_never_replaces_another_game_in_progress(tmp_path, disk, other):
    store = open_store(tmp_path, NOW)
    assert store.save_in_progress(other, NOW)
    _hold_all_but_the_in_progress_file(store, disk)
    assert not store.retry_unsaved(NOW + timedelta(minutes=2))
    disk.free()
    resumed = open_store(tmp_path, NOW + timedelta(minutes=10)).load_in_progress(NOW + timedelta(minutes=10))
    assert resumed is not None and resumed.log == other.log  # the player's other game is still there to resume


def test_an_in_progress_file_refused_for_the_held_game_is_the_file_named(tmp_path, disk):
    store = open_store(tmp_path, NOW)
    disk.named = False
    _hold_all_but_the_in_progress_file(store, disk)
    disk.full_for = {"*"}
    store.take_notices()
    assert not store.retry_unsaved(NOW + timedelta(minutes=2))
    assert (NoticeKind.DISK_FULL, str(tmp_path / IN_PROGRESS_FILE)) in [(n.kind, n.path) for n in store.take_notices()]


def _todays_entry_held(tmp_path, disk):
    """A game on Today's dice whose score is written but whose entry in ``daily.json`` is not."""
    day = NOW.date()
    store = open_store(tmp_path, NOW)
    game = play_game(daily_seed(day))
    disk.full_for = {DAILY_FILE}
    outcome = store.record_result(game, NOW)
    assert outcome.daily_rank == 1 and store.unsaved_results == 1
    assert _scores(tmp_path) == [game.score().total]  # the score tables are written all the same
    disk.free()
    return store, game, day


def _todays_names(folder, day):
    return [e.name for e in open_store(folder, NOW).daily_table(day, Difficulty.PEACEFUL, NOW + timedelta(minutes=5))]


def test_a_todays_entry_held_alone_is_written_by_the_next_retry(tmp_path, disk):
    store, _, day = _todays_entry_held(tmp_path, disk)
    assert store.retry_unsaved(NOW + timedelta(minutes=1))
    assert _todays_names(tmp_path, day) == [DEFAULT_NAME] and store.unsaved_results == 0


def test_a_todays_entry_held_alone_is_written_by_the_next_save_of_a_game(tmp_path, disk):
    store, _, day = _todays_entry_held(tmp_path, disk)
    assert store.save_in_progress(play_game(30, stop_after_turns=2), NOW + timedelta(minutes=1))
    assert _todays_names(tmp_path, day) == [DEFAULT_NAME] and store.unsaved_results == 0


def test_only_the_held_game_is_held(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    written = store.record_result(play_game(5), NOW)
    with DataLock(tmp_path):  # another program holds the lock: the game on Today's dice is held
        held = store.record_result(play_game(daily_seed(NOW.date())), NOW + timedelta(minutes=1))
    assert written.saved and not held.saved
    assert store.holds(held.replay_id) and not store.holds(written.replay_id)


def test_a_saved_game_keeps_its_players_name_and_assistance(tmp_path):
    store = open_store(tmp_path, NOW)
    assert store.save_in_progress(EARLIER_TURN, NOW, name="Zoë", assisted=True)
    saved = open_store(tmp_path, NOW).in_progress_details(NOW)
    assert saved is not None and (saved.name, saved.assisted) == ("Zoë", True)


def test_an_assisted_replay_recorded_from_elsewhere_stays_assisted(tmp_path):
    store = open_store(tmp_path, NOW)
    assert store.record_replay(Replay.of(HELD), NOW, "KIOSK", assisted=True).saved
    [entry] = open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)
    assert (entry.name, entry.assisted) == ("KIOSK", True)


def _in_progress_document(game, padding: int = 0) -> bytes:
    """The in-progress file as this version of the game writes it, spelled out."""
    import json

    from magdagdon.storage.recorded_game import RecordedGame

    data = RecordedGame(Replay.of(game), "ANA", NOW, False).to_data()
    text = json.dumps({"kind": "magdagdon-in-progress", "version": 1, "data": data}, separators=(",", ":"))
    return text.encode("utf-8") + b" " * padding


def test_a_game_saved_by_this_version_resumes(tmp_path):
    (tmp_path / IN_PROGRESS_FILE).write_bytes(_in_progress_document(EARLIER_TURN))
    assert open_store(tmp_path, NOW).load_in_progress(NOW).log == EARLIER_TURN.log


@pytest.mark.parametrize("size, resumes", [(2 * 1024 * 1024, True), (2 * 1024 * 1024 + 1, False)],
                         ids=["2 MiB", "one byte more"])
def test_a_game_in_progress_file_of_up_to_2_mib_is_read_and_a_larger_one_set_aside(tmp_path, size, resumes):
    document = _in_progress_document(EARLIER_TURN)
    (tmp_path / IN_PROGRESS_FILE).write_bytes(document + b" " * (size - len(document)))
    store = open_store(tmp_path, NOW)
    assert (store.load_in_progress(NOW) is not None) is resumes
    assert (NoticeKind.CORRUPT_MOVED_ASIDE in [n.kind for n in store.notices]) is not resumes


def test_a_held_game_is_shown_in_its_own_difficultys_table_only(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    with DataLock(tmp_path):
        held = store.record_result(play_game(3, Difficulty.NIGHTMARE), NOW)
    assert not held.saved
    assert [e.replay_id for e in store.high_scores(Difficulty.NIGHTMARE)] == [held.replay_id]
    assert store.high_scores(Difficulty.PEACEFUL) == [] and store.statistics(Difficulty.PEACEFUL).games == 0


def test_a_game_recorded_again_while_the_disk_is_full_does_not_drop_another_held_game(tmp_path, disk):
    store = open_store(tmp_path, NOW)
    first = play_game(4)
    assert store.record_result(first, NOW).saved
    disk.full_for = {"*"}
    assert not store.record_result(HELD, NOW + timedelta(minutes=1)).saved
    assert store.record_result(first, NOW + timedelta(minutes=2)).duplicate  # already on disk: nothing to add
    disk.free()
    assert store.retry_unsaved(NOW + timedelta(minutes=3))
    assert sorted(_scores(tmp_path)) == sorted([first.score().total, HELD.score().total])


def _write_in_progress(folder, game, assisted=False, change=None):
    from magdagdon.storage.envelope import encode
    from magdagdon.storage.in_progress import IN_PROGRESS_KIND
    from magdagdon.storage.recorded_game import RecordedGame

    data = RecordedGame(Replay.of(game), "ANA", NOW, assisted).to_data()
    if change is not None:
        change(data)
    (folder / IN_PROGRESS_FILE).write_bytes(encode(IN_PROGRESS_KIND, data))


def test_a_saved_game_that_does_not_play_back_is_set_aside_and_said(tmp_path):
    def other_dice(data):
        data["replay"]["seed"] += 1  # the same moves on other dice: not a game that can be played

    _write_in_progress(tmp_path, EARLIER_TURN, change=other_dice)
    before = (tmp_path / IN_PROGRESS_FILE).read_bytes()
    store = open_store(tmp_path, NOW)
    assert store.load_in_progress(NOW) is None
    [notice] = [n for n in store.take_notices() if n.kind is NoticeKind.RESUME_INVALID]
    assert notice.path == str(tmp_path / IN_PROGRESS_FILE) and notice.moved_to is not None
    assert Path(notice.moved_to).read_bytes() == before and not (tmp_path / IN_PROGRESS_FILE).exists()


def test_a_finished_game_left_in_the_in_progress_file_is_recorded_once_and_said(tmp_path):
    _write_in_progress(tmp_path, HELD, assisted=True)
    store = open_store(tmp_path, NOW)
    assert (NoticeKind.RECOVERED_RESULT, str(tmp_path / IN_PROGRESS_FILE)) in [(n.kind, n.path) for n in store.notices]
    [entry] = store.high_scores(Difficulty.PEACEFUL)
    assert (entry.name, entry.assisted) == ("ANA", True)
    _write_in_progress(tmp_path, HELD, assisted=True)  # left again (a crash before the file was removed)
    again = open_store(tmp_path, NOW + timedelta(minutes=1))
    assert NoticeKind.RECOVERED_RESULT not in [n.kind for n in again.notices]
    assert len(again.high_scores(Difficulty.PEACEFUL)) == 1


def test_a_saved_game_read_under_a_busy_lock_waits_and_the_lock_is_named(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    assert store.save_in_progress(EARLIER_TURN, NOW)
    store.take_notices()
    with DataLock(tmp_path):
        assert store.in_progress_details(NOW) is None
    assert [(n.kind, n.path) for n in store.take_notices()] == [(NoticeKind.BUSY, str(tmp_path / "magdagdon.lock"))]
    assert store.in_progress_details(NOW) is not None


def test_a_damaged_scores_file_with_no_archive_is_replaced_by_an_empty_table_and_said(tmp_path):
    from magdagdon.storage.score_book import SCORES_FILE

    (tmp_path / SCORES_FILE).write_text("{not json")
    store = open_store(tmp_path, NOW)
    kinds = [n.kind for n in store.notices]
    assert NoticeKind.CORRUPT_MOVED_ASIDE in kinds and NoticeKind.SCORES_REBUILT in kinds
    assert (tmp_path / SCORES_FILE).read_text() != "{not json"  # an empty table written in its place


def test_a_newer_scores_file_shows_an_empty_table_not_the_archive(tmp_path):
    from magdagdon.storage.score_book import SCORES_FILE

    store = open_store(tmp_path, NOW)
    assert store.record_result(HELD, NOW).saved
    (tmp_path / SCORES_FILE).write_bytes(b'{"kind": "magdagdon-scores", "version": 99, "data": {}}')
    assert open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL) == []  # kept as it is, not rebuilt over


def test_tables_changed_by_another_program_while_it_holds_the_lock_show_as_last_read(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    assert store.record_result(HELD, NOW).saved
    shown = store.high_scores(Difficulty.PEACEFUL)
    assert open_store(tmp_path, NOW).record_result(play_game(6), NOW + timedelta(minutes=1)).saved  # another kiosk
    store.take_notices()
    with DataLock(tmp_path):  # and it is writing again: the file cannot be read now
        assert store.high_scores(Difficulty.PEACEFUL) == shown  # not an empty table
    assert [(n.kind, n.path) for n in store.take_notices()] == [(NoticeKind.BUSY, str(tmp_path / "magdagdon.lock"))]


@pytest.fixture
def small_disk(tmp_path):
    """A real file system of 1 MiB (tmpfs), for what only a real full disk shows; skipped
    where this process may not mount one (it needs root with CAP_SYS_ADMIN)."""
    import subprocess

    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here: " + made.stderr.decode(errors="replace").strip())
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def test_on_a_real_full_disk_the_space_set_aside_takes_the_held_game(small_disk):
    store = open_store(small_disk / "data", NOW)
    filler = small_disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)  # another program fills the disk to the last block
    try:
        while os.write(fd, b"x" * 4096):
            pass
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)
    outcome = store.record_result(HELD, NOW + timedelta(minutes=1))
    assert not outcome.saved and store.holds(outcome.replay_id)
    store.retry_unsaved(NOW + timedelta(minutes=2))  # as at quit: the disk still full
    filler.unlink()
    assert _scores(small_disk / "data") == [HELD.score().total]
