"""Two MAGDAGDON instances on one data folder never lose each other's results."""

from __future__ import annotations

import multiprocessing
import threading

import pytest

from magdagdon.engine import Difficulty, Replay
from magdagdon.storage import NoticeKind, open_store, replay_id
from magdagdon.storage.lock import DataLock

from test_storage_support import NOW, finished_games

GAMES_A = finished_games(12, first_seed=0)
GAMES_B = finished_games(12, first_seed=500)


def _record_all(folder, games):
    store = open_store(folder, NOW)
    for game in games:
        assert store.record_result(game, NOW).saved


def _check_all_present(folder, games):
    store = open_store(folder, NOW)
    assert store.notices == []
    seen = set(store.score_book().seen)
    assert {replay_id(Replay.of(g)) for g in games} <= seen
    assert store.statistics(Difficulty.PEACEFUL).games == len(games)
    scores = sorted((g.score().total for g in games), reverse=True)[:20]
    assert [e.score for e in store.high_scores(Difficulty.PEACEFUL)] == scores


def test_two_writer_threads(tmp_path):
    threads = [threading.Thread(target=_record_all, args=(tmp_path, games)) for games in (GAMES_A, GAMES_B)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    _check_all_present(tmp_path, GAMES_A + GAMES_B)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_two_writer_processes(tmp_path):
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_record_all, args=(tmp_path, games)) for games in (GAMES_A, GAMES_B)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    _check_all_present(tmp_path, GAMES_A + GAMES_B)


def test_interleaved_instances_merge(tmp_path):
    one, two = open_store(tmp_path, NOW), open_store(tmp_path, NOW)
    for a, b in zip(GAMES_A[:5], GAMES_B[:5]):
        one.record_result(a, NOW)
        two.record_result(b, NOW)
    assert one.statistics(Difficulty.PEACEFUL).games == two.statistics(Difficulty.PEACEFUL).games == 10
    assert one.high_scores(Difficulty.PEACEFUL) == two.high_scores(Difficulty.PEACEFUL)


def test_busy_lock_keeps_the_result_in_memory_and_saves_it_later(tmp_path):
    store = open_store(tmp_path, NOW, lock_timeout=0.05)
    with DataLock(tmp_path):
        outcome = store.record_result(GAMES_A[0], NOW)
    assert not outcome.saved and outcome.rank == 1
    assert [n.kind for n in store.notices] == [NoticeKind.BUSY]
    assert store.unsaved_results == 1
    assert store.record_result(GAMES_A[1], NOW).saved  # the held result goes with it
    assert store.unsaved_results == 0
    assert open_store(tmp_path, NOW).statistics(Difficulty.PEACEFUL).games == 2


def test_lock_is_exclusive_between_open_descriptions(tmp_path):
    with DataLock(tmp_path):
        with pytest.raises(OSError):
            with DataLock(tmp_path, timeout=0.02):
                pass
    with DataLock(tmp_path, timeout=0.02):
        pass


def test_file_system_without_locks_still_saves(tmp_path, monkeypatch):
    import errno

    from magdagdon.storage import lock

    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "no locks available")

    monkeypatch.setattr(lock.fcntl, "flock", no_locks)
    store = open_store(tmp_path, NOW)
    assert store.record_result(GAMES_A[0], NOW).saved and store.notices == []
