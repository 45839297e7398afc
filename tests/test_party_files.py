"""The party files and what the party set-up offers from them: a damaged file is set aside
with a notice the set-up shows, a file whose id differs from its name is kept under its
name (never offered for ever), a party whose games are all over records its people once
and is offered no more, and every write is made under the data folder lock."""

from __future__ import annotations

import errno
import json
import random
from datetime import datetime, timedelta, timezone

from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Roll
from magdagdon.party import Party
from magdagdon.party.keeper import PartyKeeper, unfinished_party
from magdagdon.storage import open_store
from magdagdon.storage.lock import DataLock
from magdagdon.storage.party_file import PARTY_FOLDER, PartyFiles

from support.player import Player

NOW = datetime(2026, 11, 30, 22, 0, tzinfo=timezone.utc)
SEATS = [("ANA", False), ("BO", False), ("Computer", True)]


def _started_party(tmp_path, seats=SEATS, seed=5, finish=False):
    store = open_store(tmp_path, NOW)
    files = PartyFiles(tmp_path)
    party = Party.new(Difficulty.PEACEFUL, seed, seats)
    keeper = PartyKeeper(files, lambda: store, party, NOW)
    party.players[0].game.play(Roll())
    if finish:
        for index, player in enumerate(party.players):
            chooser = make_policy("random", random.Random(index))
            while not player.game.is_over:
                player.game.play(chooser.choose(player.game))
    files.save(_record(keeper, finished=False))
    return store, files, keeper


def _record(keeper, finished):
    from dataclasses import replace

    from magdagdon.party.keeper import record_of

    return replace(record_of(keeper.party, keeper.party_id, keeper.started, keeper.recorded), finished=finished)


def test_a_file_whose_id_differs_from_its_name_is_kept_under_its_name(tmp_path):
    store, files, keeper = _started_party(tmp_path)
    path = files.path_of(keeper.party_id)
    document = json.loads(path.read_text("utf-8"))
    document["data"]["id"] = "20261130T230000Z-000001"  # copied or edited by hand
    path.write_text(json.dumps(document), "utf-8")
    record = unfinished_party(files, lambda: store, NOW)
    assert record is not None and record.party_id == keeper.party_id  # the name is the party
    resumed = PartyKeeper.resume(files, lambda: store, record)
    for player in resumed.party.players:  # everyone plays on to the end
        chooser = make_policy("greedy", random.Random(1))
        while not player.game.is_over:
            player.game.play(chooser.choose(player.game))
    assert resumed.save(NOW)
    assert sorted(p.name for p in (tmp_path / PARTY_FOLDER).iterdir()) == [path.name]  # no second file
    assert unfinished_party(files, lambda: store, NOW) is None  # not offered again


def test_a_party_all_over_but_not_marked_finished_records_its_people_once(tmp_path):
    store, files, keeper = _started_party(tmp_path, finish=True)
    assert not files.load(keeper.party_id, NOW).finished
    assert unfinished_party(files, lambda: store, NOW) is None  # nothing to continue
    table = open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)
    assert sorted(e.name for e in table) == ["ANA", "BO"]  # the people, not the computer
    record = files.load(keeper.party_id, NOW)
    assert record.finished and len(record.recorded) == 2
    assert unfinished_party(files, lambda: store, NOW + timedelta(minutes=1)) is None
    assert len(open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)) == 2  # once


def test_a_party_all_over_is_offered_again_while_its_people_cannot_be_recorded(tmp_path):
    store, files, keeper = _started_party(tmp_path, finish=True)
    assert unfinished_party(files, lambda: None, NOW) is None  # no storage: not offered on the results
    assert not files.load(keeper.party_id, NOW).finished  # but kept, to record them when it can
    assert unfinished_party(files, lambda: store, NOW) is None
    assert files.load(keeper.party_id, NOW).finished


def test_party_files_are_written_under_the_folder_lock(tmp_path):
    store, files, keeper = _started_party(tmp_path)
    path = files.path_of(keeper.party_id)
    before = path.read_bytes()
    keeper.party.players[0].game.play(keeper.party.players[0].game.legal_moves()[0])
    quick = PartyFiles(tmp_path, lock_timeout=0.05)
    with DataLock(tmp_path):
        assert not quick.save(_record(keeper, finished=False))
        assert path.read_bytes() == before
    assert [n.kind.value for n in quick.take_notices()] == ["busy"]
    assert quick.save(_record(keeper, finished=False)) and path.read_bytes() != before


def test_the_party_set_up_says_a_damaged_party_file_was_set_aside(tmp_path):
    store, files, keeper = _started_party(tmp_path)
    path = files.path_of(keeper.party_id)
    path.write_bytes(path.read_bytes()[:-30])
    player = Player(tmp_path)
    try:
        player.wait(1.0)
        player.choose("party")
        assert player.top_key == "party_setup"
        labels = [label.text for label in player.top.labels]
        assert f"{path.name} was damaged and set aside." in labels
        assert "continue" not in player.menu_button_rects()
    finally:
        player.close()


def _edited(files, party_id, edit):
    """The party file with ``edit`` applied to its data, as a hand edit would leave it."""
    path = files.path_of(party_id)
    document = json.loads(path.read_text("utf-8"))
    edit(document["data"])
    path.write_text(json.dumps(document), "utf-8")
    return path


def _is_set_aside(files, path):
    assert files.not_finished(NOW) == []
    assert not path.exists() and list(path.parent.glob(path.name + ".corrupt-*"))
    assert [n.kind.value for n in files.take_notices()] == ["corrupt_moved_aside"]


def test_a_seat_with_a_field_the_format_does_not_have_is_set_aside(tmp_path):
    _, files, keeper = _started_party(tmp_path)
    path = _edited(files, keeper.party_id, lambda data: data["seats"][1].update(colour="red"))
    _is_set_aside(files, path)


def test_seats_on_other_difficulties_are_no_party_and_set_aside(tmp_path):
    # The second seat has not played yet, so its replay plays on any difficulty: only the
    # rule that a party's seats share seed and difficulty refuses it.
    _, files, keeper = _started_party(tmp_path)
    other = Difficulty.SURVIVAL.name
    path = _edited(files, keeper.party_id, lambda data: data["seats"][1]["replay"].update(difficulty=other))
    _is_set_aside(files, path)


def test_seats_on_other_dice_are_no_party_and_set_aside(tmp_path):
    _, files, keeper = _started_party(tmp_path, seed=5)
    path = _edited(files, keeper.party_id, lambda data: data["seats"][2]["replay"].update(seed=6))
    _is_set_aside(files, path)


def test_the_party_to_continue_is_the_newest_one_not_finished(tmp_path):
    files = PartyFiles(tmp_path)
    assert files.unfinished(NOW) is None  # no parties folder yet
    _, _, older = _started_party(tmp_path, seed=5)
    assert files.unfinished(NOW).party_id == older.party_id
    later = NOW + timedelta(hours=1)
    newer = PartyKeeper(files, lambda: open_store(tmp_path, later), Party.new(Difficulty.PEACEFUL, 9, SEATS), later)
    files.save(_record(newer, finished=False))
    assert files.unfinished(NOW).party_id == newer.party_id
    files.save(_record(newer, finished=True))
    assert files.unfinished(NOW).party_id == older.party_id
    files.save(_record(older, finished=True))
    assert files.unfinished(NOW) is None


def test_a_party_is_saved_into_a_data_folder_not_made_yet(tmp_path):
    files = PartyFiles(tmp_path / "new" / "nested")
    keeper = PartyKeeper(files, lambda: None, Party.new(Difficulty.PEACEFUL, 5, SEATS), NOW)
    assert files.save(_record(keeper, finished=False))
    assert files.unfinished(NOW).party_id == keeper.party_id


def test_without_a_data_folder_a_party_is_played_in_memory_only(tmp_path):
    files = PartyFiles.unavailable()
    keeper = PartyKeeper(files, lambda: None, Party.new(Difficulty.PEACEFUL, 5, SEATS), NOW)
    assert not files.save(_record(keeper, finished=False))
    assert files.load(keeper.party_id, NOW) is None
    assert files.not_finished(NOW) == [] and files.unfinished(NOW) is None
    assert list(tmp_path.iterdir()) == [] and files.take_notices() == []


def test_a_party_that_cannot_be_written_says_which_file(tmp_path, monkeypatch):
    from magdagdon.storage import atomic_file

    _, files, keeper = _started_party(tmp_path)

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "no space")  # names no file, as some systems do

    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", disk_full)
    assert not files.save(_record(keeper, finished=False))
    [notice] = files.take_notices()
    assert (notice.kind.value, notice.path) == ("disk_full", str(files.path_of(keeper.party_id)))


def test_a_party_id_names_its_start_in_utc_whatever_the_zone_it_was_given_in():
    from magdagdon.storage.party_file import new_party_id

    far_east = datetime(2026, 12, 1, 9, 30, 5, tzinfo=timezone(timedelta(hours=14)))
    assert new_party_id(far_east, 0xABCDEF12) == "20261130T193005Z-cdef12"


def test_a_party_file_held_by_another_instance_is_not_read_and_says_so(tmp_path):
    _, files, keeper = _started_party(tmp_path)
    quick = PartyFiles(tmp_path, lock_timeout=0.05)
    with DataLock(tmp_path):
        assert quick.load(keeper.party_id, NOW) is None
    [notice] = quick.take_notices()
    assert notice.kind.value == "busy" and notice.path.startswith(str(tmp_path))


def test_a_party_that_cannot_be_read_for_a_busy_lock_is_said_and_offered_later(tmp_path):
    store, files, keeper = _started_party(tmp_path)
    quick = PartyFiles(tmp_path, lock_timeout=0.05)
    with DataLock(tmp_path):
        assert quick.load(keeper.party_id, NOW) is None
    assert [(n.kind.value, n.path) for n in quick.take_notices()] == [("busy", str(tmp_path / "magdagdon.lock"))]
    assert quick.load(keeper.party_id, NOW).party_id == keeper.party_id  # the lock free again: there it is


def test_two_people_who_play_the_same_game_are_both_in_the_tables(tmp_path):
    store = open_store(tmp_path, NOW)
    files = PartyFiles(tmp_path)
    party = Party.new(Difficulty.SURVIVAL, 8, [("ANA", False), ("BO", False), ("Computer", True)])
    keeper = PartyKeeper(files, lambda: store, party, NOW)
    for player in party.players:  # both follow the same bot: the same moves on the same dice
        chooser = make_policy("greedy", random.Random(3))
        while not player.game.is_over:
            player.game.play(chooser.choose(player.game))
    assert party.players[0].game.log == party.players[1].game.log
    assert keeper.save(NOW)
    table = open_store(tmp_path, NOW).high_scores(Difficulty.SURVIVAL)
    assert sorted(e.name for e in table) == ["ANA", "BO"]
    record = files.load(keeper.party_id, NOW)
    assert record.finished and len(set(record.recorded)) == 2
    resumed = PartyKeeper.resume(files, lambda: store, record)  # resumed: nobody twice
    assert resumed.save(NOW) and len(open_store(tmp_path, NOW).high_scores(Difficulty.SURVIVAL)) == 2



def test_a_seats_game_recorded_again_on_its_own_is_already_recorded(tmp_path, capsys):
    """``replay --record`` of a party seat's game under another name: the same game, once."""
    from magdagdon.cli import main
    from magdagdon.engine import Replay

    store, files, keeper = _started_party(tmp_path, finish=True)
    assert keeper.save(NOW)
    replay = tmp_path / "ana.json"
    replay.write_text(Replay.of(keeper.party.players[0].game).to_json(), "utf-8")
    assert main(["replay", str(replay), "--record", "--name", "Dario", "--data-dir", str(tmp_path)]) == 0
    assert "already recorded" in capsys.readouterr().out
    assert sorted(e.name for e in open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)) == ["ANA", "BO"]
