"""One cap for a player's name wherever it is given — the name entry, a party's seat, a
phone's guest, the world board — counted in characters as a reader sees them (a letter with
its marks, a flag, an emoji of several joined: one each, never cut in two), and names stored
longer by older versions still load and show, shortened."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import pytest

from magdagdon.app.results.player_name import add_typed, final_name
from magdagdon.board.names import board_name
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


# (typed, kept): 12 characters as a reader counts them, whatever the code points
WHOLE_CHARACTERS = [
    ("नमस्ते नमस्ते नमस्ते", "नमस्ते नमस्ते नमस्ते"),  # 11 characters, 20 code points: all of it
    ("e\u0301" * 14, "e\u0301" * 12),  # a letter and its accent stay together
    ("स्ट्रेंजर थिंग्स विल बी हियर", "स्ट्रेंजर थिंग्स विल बी"),  # 28 code points: cut after the 12th character
    ("विद्यार्थी प्रतियोगिता", "विद्यार्थी प्रतियोगिता"),  # 9 characters (conjuncts), 22 code points: whole
    ("Ana 🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹", "Ana 🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹🇮🇹"),  # a flag is two code points, one character
    ("Ana " + "🧑🏽\u200d💻" * 9, "Ana " + "🧑🏽\u200d💻" * 8),  # an emoji joined of four code points is one
]


@pytest.mark.parametrize("typed, kept", WHOLE_CHARACTERS)
def test_every_place_cuts_a_name_between_whole_characters(typed, kept):
    assert board_name(typed) == kept  # the world board: joiners are letters' business there
    typed_here = typed.replace("\u200d", "")  # the name entry drops format characters as they are typed
    kept_here = kept.replace("\u200d", "")
    if len(typed_here) == len(typed):
        assert add_typed("", typed_here).rstrip() == final_name(typed_here) == kept_here  # (a space typed last waits)
        assert clean_player_name(typed_here, 0) == kept_here
        room = Room("ABCD", Difficulty.PEACEFUL, 1, None)
        assert room.seats[room.join("ABCD", typed_here)].name == kept_here


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
