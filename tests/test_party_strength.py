"""The computer's strength at a party: chosen at the set-up, played by its own player, kept
in the party's file (version 2), so that a party continued later plays it again; a file from
before the choice (version 1) loads with the expert at every computer seat."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pygame
import pytest

from magdagdon.engine import Difficulty, Roll
from magdagdon.party import Party, Seat
from magdagdon.party.keeper import PartyKeeper, party_from
from magdagdon.storage.computer_strength import ComputerStrength
from magdagdon.storage.party_file import PartyFiles

from support.party_player import play_human_step, play_is_computer, set_up_party
from support.player import Player

NOW = datetime(2026, 12, 6, 20, 0, tzinfo=timezone.utc)
BEGINNER, REGULAR, EXPERT = ComputerStrength.BEGINNER, ComputerStrength.REGULAR, ComputerStrength.EXPERT


def _saved(tmp_path, seats) -> tuple[PartyFiles, str, dict]:
    files = PartyFiles(tmp_path)
    keeper = PartyKeeper(files, lambda: None, Party.new(Difficulty.PEACEFUL, 5, seats), NOW)
    keeper.party.players[0].game.play(Roll())
    keeper.save(NOW)  # no store to record in: the file is written all the same
    path = files.path_of(keeper.party_id)
    return files, keeper.party_id, json.loads(path.read_text("utf-8"))


def _write(files: PartyFiles, party_id: str, document: dict) -> None:
    files.path_of(party_id).write_text(json.dumps(document), "utf-8")


def test_each_computer_seat_keeps_its_strength_in_the_file(tmp_path):
    seats = [Seat("ANA"), Seat("Novizio", True, BEGINNER), Seat("Navigato", True, REGULAR), Seat("Esperto", True, EXPERT)]
    files, party_id, document = _saved(tmp_path, seats)
    assert document["version"] == 2
    assert [seat["strength"] for seat in document["data"]["seats"]] == [None, "beginner", "regular", "expert"]
    record = files.load(party_id, NOW)
    assert [s.strength for s in record.seats] == [None, BEGINNER, REGULAR, EXPERT]
    assert [p.seat for p in party_from(record).players] == seats


def test_a_file_from_before_the_choice_loads_with_the_expert_at_the_computer(tmp_path):
    files, party_id, document = _saved(tmp_path, [("ANA", False), ("Computer", True)])
    document["version"] = 1  # as the game wrote it before the strengths
    for seat in document["data"]["seats"]:
        del seat["strength"]
    _write(files, party_id, document)
    record = files.load(party_id, NOW)
    assert record is not None and not files.take_notices()
    assert [s.strength for s in record.seats] == [None, EXPERT]
    players = party_from(record).players
    assert [(p.computer, p.strength) for p in players][1] == (True, EXPERT)
    assert players[0].game.turn == 1  # the games as they were


@pytest.mark.parametrize("damage", [
    lambda seats: seats[1].update(strength="genius"),  # no such strength
    lambda seats: seats[1].update(strength=None),  # a computer without one
    lambda seats: seats[0].update(strength="expert"),  # a person with one
    lambda seats: seats[1].update(strength=["beginner"]),  # not even a name
    lambda seats: seats[1].pop("strength"),  # a version 2 seat without the field
])
def test_a_damaged_strength_sets_the_file_aside_with_a_notice(tmp_path, damage):
    files, party_id, document = _saved(tmp_path, [Seat("ANA"), Seat("Novizio", True, BEGINNER)])
    damage(document["data"]["seats"])
    _write(files, party_id, document)
    assert files.load(party_id, NOW) is None
    assert files.take_notices()


def test_the_set_up_seats_a_beginner_who_plays_as_one_and_again_when_the_party_is_continued(tmp_path):
    player = Player(tmp_path, seed=7)
    try:
        set_up_party(player, [Seat("", True, BEGINNER), ("ANA", False)])
        play = player.top.play
        assert [(p.name, p.strength) for p in play.players][0] == ("Beginner", BEGINNER)
        assert "Beginner" in [text for text, _ in player.look()]  # its name says which
        player.wait_for(lambda: player.computer_plays_as(0) is not None, limit=30)
        assert player.computer_plays_as(0) == "beginner"
        player.wait_for(lambda: player.top_key == "party_handover" and not play_is_computer(player), limit=60)
        player.key(pygame.K_ESCAPE)  # leave the party (it is kept) for a single game
        player.choose("new_game")
        player.choose("yes")
        assert player.party is None
        player.key(pygame.K_ESCAPE)
        player.choose("party")
        player.choose("continue")
        continued = player.top.play
        assert continued is not play and continued.players[0].strength is BEGINNER
        player.choose("go")  # ANA's turn 1, then the beginner's turn 2
        while player.top_key != "party_handover" or continued.party.current_index != 0:
            play_human_step(player)
        player.wait_for(lambda: player.computer_plays_as(0) is not None, limit=30)
        assert player.computer_plays_as(0) == "beginner"
    finally:
        player.close()
