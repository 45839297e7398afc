"""The game in progress: saved each turn, resumed exactly, and safe from kill -9."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from magdagdon.engine import Difficulty, Phase
from magdagdon.storage import NoticeKind, open_store

from test_storage_support import NOW, at, play_game

ROOT = Path(__file__).resolve().parent.parent


def _same_position(a, b):
    return (str(a.board), a.seed, a.difficulty, a.turn, a.powers_used, a.phase, a.dice, a.staged, a.log) == (
        str(b.board), b.seed, b.difficulty, b.turn, b.powers_used, b.phase, b.dice, b.staged, b.log)


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_resume_rebuilds_the_identical_game(tmp_path, difficulty):
    game = play_game(7, difficulty, stop_after_turns=5)
    store = open_store(tmp_path, NOW)
    assert store.save_in_progress(game, NOW)
    resumed = open_store(tmp_path, NOW).load_in_progress()
    assert _same_position(resumed, game)


def test_resume_mid_turn_keeps_staged_dice_and_used_powers(tmp_path):
    game = play_game(3, stop_after_turns=4)
    game.play(next(m for m in game.legal_moves()))  # roll
    powers = [m for m in game.legal_moves() if type(m).__name__ in ("Adjust", "Reroll")]
    game.play(powers[0])
    stages = [m for m in game.legal_moves() if type(m).__name__ == "Stage"]
    if stages:
        game.play(stages[0])
    store = open_store(tmp_path, NOW)
    store.save_in_progress(game, NOW)  # on quit
    resumed = open_store(tmp_path, NOW).load_in_progress()
    assert _same_position(resumed, game) and resumed.powers_used == 1


def test_details_name_and_clear(tmp_path):
    store = open_store(tmp_path, NOW)
    assert store.load_in_progress() is None
    store.save_in_progress(play_game(2, stop_after_turns=1), at(3), name="Majda", assisted=True)
    details = store.in_progress_details()
    assert (details.name, details.when, details.assisted) == ("Majda", at(3), True)
    store.clear_in_progress()
    assert store.load_in_progress() is None
    store.clear_in_progress()  # clearing twice is fine


def test_recording_the_finished_game_clears_its_in_progress_file(tmp_path):
    store = open_store(tmp_path, NOW)
    saves = []
    game = play_game(4, on_action=lambda g: g.phase is Phase.ROLL and saves.append(store.save_in_progress(g, NOW)))
    assert all(saves) and store.load_in_progress() is not None
    store.record_result(game, NOW)
    assert not (tmp_path / "in_progress.json").exists()


def test_recording_another_game_keeps_the_in_progress_file(tmp_path):
    store = open_store(tmp_path, NOW)
    store.save_in_progress(play_game(4, stop_after_turns=3), NOW)
    store.record_result(play_game(5), NOW)  # e.g. a replay recorded from the command line
    assert store.load_in_progress().seed == 4


def test_finished_but_unrecorded_game_is_recovered_on_start(tmp_path):
    """A crash after the last turn was saved but before the result was recorded."""
    game = play_game(6)
    open_store(tmp_path, NOW).save_in_progress(game, at(42), name="Majda")
    store = open_store(tmp_path, at(50))
    assert [n.kind for n in store.notices] == [NoticeKind.RECOVERED_RESULT]
    [entry] = store.high_scores(Difficulty.PEACEFUL)
    # Dated when this installation recorded it, not when the file says it was saved.
    assert (entry.score, entry.when, entry.name) == (game.score().total, at(50), "Majda")
    assert store.load_in_progress() is None
    assert open_store(tmp_path, NOW).statistics(Difficulty.PEACEFUL).games == 1  # not twice


CHILD = textwrap.dedent("""
    import sys
    sys.path[:0] = [sys.argv[2], sys.argv[3]]
    from magdagdon.engine import Phase
    from magdagdon.storage import open_store
    from test_storage_support import NOW, play_game
    store = open_store(sys.argv[1], NOW)
    def save(game):
        if game.phase is Phase.ROLL or game.is_over:
            store.save_in_progress(game, NOW)
    seed = 0
    while True:
        game = play_game(seed, on_action=save)
        outcome = store.record_result(game, NOW)
        print("recorded", seed, outcome.replay_id, flush=True)
        seed += 1
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
@pytest.mark.parametrize("games_before_kill", [1, 3])
def test_kill_9_mid_game_resumes_at_last_turn_and_loses_no_score(tmp_path, games_before_kill):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path), str(ROOT), str(ROOT / "tests")],
        stdout=subprocess.PIPE, text=True,
    )
    recorded = []
    try:
        while len(recorded) < games_before_kill:
            line = child.stdout.readline()
            assert line, "the child died"
            recorded.append(line.split())
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    store = open_store(tmp_path, NOW)
    assert all(n.kind is NoticeKind.RECOVERED_RESULT for n in store.notices)  # nothing corrupt
    seen = set(store.score_book().seen)
    assert {replay_id for _, _, replay_id in recorded} <= seen  # no high score lost
    resumed = store.load_in_progress()
    if resumed is not None:  # killed mid-game: resume at the last completed turn
        full = play_game(resumed.seed)
        assert resumed.phase is Phase.ROLL
        assert resumed.log == full.log[: len(resumed.log)]
        assert _same_position(resumed, play_game(resumed.seed, stop_after_turns=resumed.turn))
    assert not [p for p in tmp_path.rglob("*.corrupt-*")]
