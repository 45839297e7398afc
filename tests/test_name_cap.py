"""One cap for a player's name wherever it is given — the name entry, a party's seat, a
phone's guest — and names stored longer by older versions still load and show, shortened."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

from magdagdon.app.results.player_name import add_typed, final_name
from magdagdon.app.text.ellipsis import ELLIPSIS
from magdagdon.app.shell.scenes import play_until
from magdagdon.engine import Difficulty
from magdagdon.party import Party
from magdagdon.party.keeper import PartyKeeper, record_of
from magdagdon.party.model import clean_player_name
from magdagdon.phones.room import Room
from magdagdon.storage import MAX_NAME_CHARACTERS, open_store
from magdagdon.storage.party_file import PartyFiles

from support.player import Player

NOW = datetime(2026, 11, 30, 22, 0, tzinfo=timezone.utc)
TYPED = "Wolfgang Amadeus Mozart"
KEPT = TYPED[:MAX_NAME_CHARACTERS]  # "Wolfgang Ama"
STORED_LONG = "Wolfgang Amadeus"  # a seat's name as older versions kept it (16)


def test_the_name_entry_a_party_seat_and_a_phone_guest_keep_the_same_name():
    assert MAX_NAME_CHARACTERS == 12
    assert add_typed("", TYPED) == final_name(TYPED) == KEPT
    assert clean_player_name(TYPED, 0) == KEPT
    party = Party.new(Difficulty.PEACEFUL, 1, [(TYPED, False), ("BO", False)])
    assert party.players[0].name == KEPT
    room = Room("ABCD", Difficulty.PEACEFUL, 1, None)
    assert room.seats[room.join("ABCD", TYPED)].name == KEPT


def test_a_party_file_with_a_longer_seat_name_loads_with_the_name_whole(tmp_path):
    files = PartyFiles(tmp_path)
    party = Party.new(Difficulty.PEACEFUL, 5, [("ANA", False), ("BO", False)])
    party.players[1] = replace(party.players[1], name=STORED_LONG)
    keeper = PartyKeeper(files, lambda: open_store(tmp_path, NOW), party, NOW)
    files.save(record_of(keeper.party, keeper.party_id, keeper.started, keeper.recorded))
    record = files.unfinished(NOW)
    assert record is not None and files.take_notices() == []  # not set aside
    resumed = PartyKeeper.resume(files, lambda: open_store(tmp_path, NOW), record)
    assert [player.name for player in resumed.party.players] == ["ANA", STORED_LONG]


def test_a_score_table_name_longer_than_the_cap_loads_and_shows_shortened(tmp_path):
    long_name = "Maximilianus Wolfgangusz"  # 24: the most a table holds (older versions, the replay command)
    store = open_store(tmp_path)
    store.record_result(play_until(Difficulty.PEACEFUL, 100, lambda g: g.is_over), NOW, name=long_name)
    assert [entry.name for entry in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)] == [long_name]
    player = Player(tmp_path, size=(800, 600), scene="high_scores")
    try:
        player.wait(0.5)
        texts = [text for text, _ in player.look()]
        assert long_name in texts or any(ELLIPSIS in t and long_name.startswith(t.split(ELLIPSIS)[0].strip())
                                         and t.split(ELLIPSIS)[0].strip() for t in texts), texts
    finally:
        player.close()
