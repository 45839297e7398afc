"""The archive (``replays/``) is the record of truth and the scores file an index of it.

A data folder holding six recorded games is damaged, then the commands run: no archived
game is ever lost, a missing or damaged table is rebuilt from the archive with a notice,
and a rebuild always leaves a table.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from magdagdon.cli import main
from magdagdon.engine import Difficulty, Replay
from magdagdon.storage import NoticeKind, open_store
from magdagdon.storage.notices import StorageNotice
from magdagdon.storage.rebuild import rebuild_from_archive
from magdagdon.storage.replay_archive import ReplayArchive
from magdagdon.storage.score_book import SCORES_FILE

from test_storage_support import NOW, at, finished_games, folder_with_games, play_game

GAMES = finished_games(6)


@pytest.fixture()
def folder(tmp_path):
    return folder_with_games(tmp_path / "data", GAMES)


def _archived(folder):
    return {p.name: p.read_bytes() for p in (folder / "replays").iterdir()}


def _extra_replay(tmp_path):
    path = tmp_path / "extra.json"
    path.write_text(Replay.of(play_game(77)).to_json(), "utf-8")
    return path


def _remove_table(folder, how):
    table = folder / SCORES_FILE
    table.unlink()
    if how == "dangling symlink":
        table.symlink_to(folder / "nowhere.json")


@pytest.mark.parametrize("how", ["deleted", "dangling symlink"])
def test_missing_table_is_rebuilt_and_the_next_record_prunes_nothing(folder, tmp_path, capsys, how):
    archived = _archived(folder)
    _remove_table(folder, how)
    assert main(["scores", "--verify", "--data-dir", str(folder)]) == 1  # a rebuild is worth a look
    captured = capsys.readouterr()
    assert "all 0 entries" not in captured.out
    assert "all 6 entries match" in captured.out and "rebuilt" in captured.err
    assert main(["replay", str(_extra_replay(tmp_path)), "--record", "--data-dir", str(folder)]) == 0
    after = _archived(folder)
    assert {name: after.get(name) for name in archived} == archived  # every archived game kept
    assert len(after) == 7
    assert open_store(folder, NOW).statistics(Difficulty.PEACEFUL).games == 7


def test_missing_table_rebuilt_by_the_record_itself(folder, tmp_path):
    archived = _archived(folder)
    (folder / SCORES_FILE).unlink()
    assert main(["replay", str(_extra_replay(tmp_path)), "--record", "--data-dir", str(folder)]) == 0
    assert archived.items() <= _archived(folder).items()
    assert len(open_store(folder, NOW).high_scores(Difficulty.PEACEFUL)) == 7


def _set_archived_date(folder, replay_name, when):
    path = folder / "replays" / replay_name
    document = json.loads(path.read_text("utf-8"))
    document["data"]["when"] = when
    path.write_text(json.dumps(document), "utf-8")
    return path


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_failed_rebuild_sets_the_unreadable_game_aside_and_leaves_a_table(folder, tmp_path, when):
    names = sorted(_archived(folder))
    bad = _set_archived_date(folder, names[0], when)
    bad_bytes = bad.read_bytes()
    (folder / SCORES_FILE).write_bytes(b"garbage")
    store = open_store(folder, NOW)
    kinds = [n.kind for n in store.notices]
    assert NoticeKind.SCORES_REBUILT in kinds and NoticeKind.CORRUPT_MOVED_ASIDE in kinds
    assert (folder / SCORES_FILE).exists()  # a table is always left
    [aside] = (folder / "replays").glob(names[0] + ".corrupt-*")
    assert aside.read_bytes() == bad_bytes  # set aside byte for byte
    assert len(store.high_scores(Difficulty.PEACEFUL)) == 5
    assert main(["replay", str(_extra_replay(tmp_path)), "--record", "--data-dir", str(folder)]) == 0
    kept = _archived(folder)
    assert set(names[1:]) <= set(kept) and aside.name in kept  # nothing pruned
    assert open_store(folder, NOW).statistics(Difficulty.PEACEFUL).games == 6


def test_rebuild_that_cannot_write_blocks_pruning(folder, monkeypatch):
    from magdagdon.storage import store as store_module

    archived = _archived(folder)
    (folder / SCORES_FILE).write_bytes(b"garbage")

    def refuse(path, data):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(store_module, "write_atomic", refuse)
    store = open_store(folder, NOW)
    assert store.read_only
    assert not store.record_result(play_game(90), NOW).saved
    monkeypatch.undo()
    assert _archived(folder) == archived


def test_pruning_keeps_archived_games_the_table_never_named(tmp_path, monkeypatch):
    """A readable, finished game the scores never recorded (a crash before the table was
    written, a file copied in): below a full table and not among the newest, every other
    rule would let it go; only "the table never named it" keeps it, for a rebuild to read."""
    from magdagdon.storage import high_scores, score_book
    from magdagdon.storage.envelope import encode
    from magdagdon.storage.recorded_game import RecordedGame
    from magdagdon.storage.replay_archive import ARCHIVE_KIND

    monkeypatch.setattr(score_book, "RECENT_GAMES", 1)
    monkeypatch.setattr(high_scores, "TABLE_SIZE", 3)  # before any table is written: 3 is its size
    folder = folder_with_games(tmp_path / "data", GAMES)
    worst = min((play_game(seed) for seed in range(200, 230)), key=lambda g: g.score().total)
    assert worst.score().total < sorted(g.score().total for g in GAMES)[-3]  # it ranks below the table
    recorded = RecordedGame(Replay.of(worst), "Stranger", at(-60))
    stranger = folder / "replays" / f"{recorded.replay_id}.json"
    stranger.write_bytes(encode(ARCHIVE_KIND, recorded.to_data()))
    before = stranger.read_bytes()
    for minute, seed in enumerate(range(100, 103)):
        assert open_store(folder, NOW).record_result(play_game(seed), at(10 + minute)).saved
    assert len(list((folder / "replays").iterdir())) < len(GAMES) + 4  # pruning did run
    assert stranger.read_bytes() == before
    assert not list(folder.glob("scores.json.corrupt-*"))  # kept by the rule, not by a rebuild


def test_hand_emptied_table_deletes_no_archived_game(folder, tmp_path):
    """A readable table that names no game must not make the next record prune the archive."""
    archived = _archived(folder)
    path = folder / SCORES_FILE
    document = json.loads(path.read_text("utf-8"))
    document["data"]["tables"]["PEACEFUL"] = []
    document["data"]["recent"] = []
    path.write_text(json.dumps(document), "utf-8")
    assert main(["replay", str(_extra_replay(tmp_path)), "--record", "--data-dir", str(folder)]) == 0
    assert archived.items() <= _archived(folder).items()


def test_pruning_still_bounds_the_archive(tmp_path, monkeypatch):
    from magdagdon.storage import high_scores, score_book

    monkeypatch.setattr(score_book, "RECENT_GAMES", 2)
    monkeypatch.setattr(high_scores, "TABLE_SIZE", 3)
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(finished_games(12, first_seed=300)):
        store.record_result(game, at(minute))
    assert len(list((tmp_path / "replays").iterdir())) <= 3 + 2


def test_damaged_table_with_an_empty_archive_leaves_an_empty_table(tmp_path, capsys):
    (tmp_path / SCORES_FILE).write_bytes(b"{truncated")
    assert main(["scores", "--verify", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "no entries to check" in captured.out and "all 0 entries" not in captured.out
    assert "damaged" in captured.err
    assert open_store(tmp_path, NOW).notices == [] and (tmp_path / SCORES_FILE).exists()


def _rebuild_after_damage(tmp_path, may_move):
    """Five archived games; the first (by file name) from a newer version, the second garbled."""
    folder = folder_with_games(tmp_path / "data", finished_games(5, first_seed=60))
    archive = ReplayArchive(folder)
    newer_id, garbled_id, *kept = archive.stored_ids()
    newer = archive.path_of(newer_id)
    document = json.loads(newer.read_text("utf-8"))
    document["version"] = 99
    newer.write_text(json.dumps(document), "utf-8")
    archive.path_of(garbled_id).write_bytes(b"{garbled")
    when = datetime(2027, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    return archive, newer, archive.path_of(garbled_id), kept, rebuild_from_archive(archive, when, may_move)


def test_a_rebuild_sets_a_garbled_game_aside_keeps_a_newer_one_and_reads_on(tmp_path):
    archive, newer, garbled, kept, rebuilt = _rebuild_after_damage(tmp_path, may_move=True)
    aside = garbled.with_name(garbled.name + ".corrupt-20270102T030405Z")
    assert rebuilt.notices == [StorageNotice(NoticeKind.CORRUPT_MOVED_ASIDE, str(garbled), str(aside))]
    assert aside.read_bytes() == b"{garbled" and not garbled.exists()
    assert newer.exists()  # a newer program may read it: left where it is, and not counted
    assert sorted(e.replay_id for e in rebuilt.book.tables[Difficulty.PEACEFUL]) == sorted(kept)


def test_a_rebuild_that_may_not_move_files_names_the_garbled_game_in_place(tmp_path):
    archive, newer, garbled, kept, rebuilt = _rebuild_after_damage(tmp_path, may_move=False)
    assert rebuilt.notices == [StorageNotice(NoticeKind.CORRUPT_UNMOVABLE, str(garbled), None)]
    assert garbled.read_bytes() == b"{garbled" and newer.exists()
    assert sorted(e.replay_id for e in rebuilt.book.tables[Difficulty.PEACEFUL]) == sorted(kept)


def _ranked_games(count: int) -> list:
    """``count`` finished games of distinct scores, the best first."""
    games = {}
    for seed in range(400, 440):
        game = play_game(seed)
        games.setdefault(game.score().total, game)
    return [games[score] for score in sorted(games, reverse=True)[:count]]


def _archived_file(folder, game):
    from magdagdon.storage.recorded_game import RecordedGame

    return folder / "replays" / f"{RecordedGame(Replay.of(game), 'x', NOW).replay_id}.json"


def test_pruning_keeps_a_game_a_hand_edit_took_from_the_end_of_the_table(tmp_path, monkeypatch):
    """The last entry taken out of a full table by hand, then a lower game fills the table
    again: the game taken out still ranks inside what a rebuild would hold (third, above
    the newcomer), so it must stay; only a game below the table's last may go."""
    from magdagdon.storage import high_scores, score_book

    monkeypatch.setattr(score_book, "RECENT_GAMES", 1)
    monkeypatch.setattr(high_scores, "TABLE_SIZE", 3)
    first, second, third, _, low = _ranked_games(5)
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate((first, second, third)):
        assert store.record_result(game, at(minute)).saved
    path = tmp_path / SCORES_FILE
    document = json.loads(path.read_text("utf-8"))
    document["data"]["tables"]["PEACEFUL"] = document["data"]["tables"]["PEACEFUL"][:2]  # the third taken out
    path.write_text(json.dumps(document), "utf-8")
    before = _archived_file(tmp_path, third).read_bytes()
    assert open_store(tmp_path, NOW).record_result(low, at(10)).saved
    assert _archived_file(tmp_path, third).read_bytes() == before


def test_pruning_keeps_a_game_let_go_whose_own_file_does_not_read(tmp_path, monkeypatch):
    """A game the table lets go is deleted only once its own file has been read: one that
    no longer reads (damaged on disk) may be the only trace of a game; it stays."""
    from magdagdon.storage import high_scores, score_book

    monkeypatch.setattr(score_book, "RECENT_GAMES", 1)
    monkeypatch.setattr(high_scores, "TABLE_SIZE", 3)
    best, second, third, fourth = _ranked_games(4)
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate((second, third, fourth)):
        assert store.record_result(game, at(minute)).saved
    victim = _archived_file(tmp_path, fourth)
    victim.write_bytes(victim.read_bytes()[:-30])  # the fourth is let go by the next record
    damaged = victim.read_bytes()
    assert open_store(tmp_path, NOW).record_result(best, at(10)).saved
    assert victim.exists() and victim.read_bytes() == damaged
    assert [e.score for e in open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)] == [
        g.score().total for g in (best, second, third)]
