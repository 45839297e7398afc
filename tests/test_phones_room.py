"""The phones' room, its rules as unit tests: the same dice for everyone, the engine deciding,
the room's turn, the timer, the host removing a guest, the snapshot, the room's file."""

from __future__ import annotations

import dataclasses
import random
import threading
from datetime import datetime, timezone

import pytest

from magdagdon.ai import make_policy
from magdagdon.engine import Accept, Confirm, Difficulty, Game, Phase, PlaceRuin, Replay, Reroll, Roll, Stage, \
    roll_dice
from magdagdon.phones.keeper import RoomKeeper
from magdagdon.phones.room import MAX_SEATS, Refusal, Room, RoomPhase, RoomRefused, SeatStatus, new_room_code
from magdagdon.storage import MAX_NAME_CHARACTERS, open_store
from magdagdon.storage.replay_archive import ReplayArchive
from magdagdon.storage.room_file import RoomFiles

CODE = "K9Y3V2"
NOW = datetime(2026, 12, 1, 20, 0, tzinfo=timezone.utc)


def room_of(names: list[str], seconds: float | None = None, seed: int = 77) -> Room:
    room = Room(CODE, Difficulty.PEACEFUL, seed, seconds)
    for name in names:
        room.join(CODE, name)
    return room


def secret(room: Room, seat: int) -> str:
    return room.seats[seat].secret


def finish_turn(room: Room, seat: int, now: float = 0.0) -> None:
    """Place legal dice until the turn can be confirmed, then confirm (or take the MAGDAGDON
    and a ruin); each seat picks its own way, so that no two seats play the same game."""
    game = room.seats[seat].game
    while game.phase is Phase.STAGING and not game.can_confirm:
        stages = [m for m in game.legal_moves() if isinstance(m, Stage)]
        room.act(secret(room, seat), stages[(seat * 7) % len(stages)], now)
    if game.phase is Phase.MAGDAGDON:
        room.act(secret(room, seat), Accept(), now)
    if game.phase is Phase.RUIN_PICK:
        room.act(secret(room, seat), PlaceRuin(game.board.empty_cells()[0]), now)
    elif game.phase is Phase.STAGING:
        room.act(secret(room, seat), Confirm(), now)


def test_the_engine_gives_everyone_the_same_dice_for_a_turn_and_its_re_rolls():
    first, second = Game(Difficulty.SURVIVAL, 5), Game(Difficulty.SURVIVAL, 5)
    for game in (first, second):
        game.play(Roll())
    assert first.dice == second.dice == roll_dice(5, 1)
    first.play(Reroll((0, 1, 2, 3)))  # one player re-rolls everything, the other two dice
    second.play(Reroll(tuple(second.tray[:2])))
    assert list(first.dice[:2]) == list(second.dice[:2]) == list(roll_dice(5, 1, 1, 2))
    assert first.dice == roll_dice(5, 1, 1, 4)


def test_the_room_rolls_the_same_dice_for_every_seat_and_waits_for_everyone():
    room = room_of(["Ana", "Bilal", "Chiara"])
    room.start(0.0)
    assert room.snapshot.turn == 1
    assert {seat.game.dice for seat in room.seats} == {roll_dice(77, 1)}
    finish_turn(room, 0)
    assert room.snapshot.turn == 1 and room.snapshot.seats[0].done_this_turn
    with pytest.raises(RoomRefused) as refused:
        room.act(secret(room, 0), Confirm(), 0.0)
    assert refused.value.refusal is Refusal.WAITING
    finish_turn(room, 1)
    finish_turn(room, 2)
    assert room.snapshot.turn == 2
    assert all(seat.game.turn == 2 and seat.game.dice == roll_dice(77, 2) for seat in room.seats)


def test_an_illegal_action_is_refused_with_the_engines_reason_and_changes_nothing():
    room = room_of(["Ana"])
    room.start(0.0)
    game = room.seats[0].game
    before, version = list(game.log), room.snapshot.version
    with pytest.raises(RoomRefused) as refused:
        room.act(secret(room, 0), Confirm(), 0.0)
    assert refused.value.refusal is Refusal.ILLEGAL
    assert refused.value.detail == game.why_illegal(Confirm()) == "2 dice must be staged, 0 are"
    with pytest.raises(RoomRefused) as rolled:
        room.act(secret(room, 0), Roll(), 0.0)
    assert rolled.value.refusal is Refusal.ROOM_ROLLS
    assert game.log == before and room.snapshot.version == version


def test_joining_needs_the_code_and_acting_needs_the_seats_secret():
    room = room_of(["Ana"])
    for code in ("WRONG1", "", None, 123, "k9y3v", "K9Y3V2 ", "\u0130K9Y3V2"):
        with pytest.raises(RoomRefused) as refused:
            room.join(code, "Eve")
        assert refused.value.refusal is Refusal.WRONG_CODE
    room.join(CODE.lower(), "Bilal")  # small letters are the same code
    room.start(0.0)
    stage = next(m for m in room.seats[0].game.legal_moves() if isinstance(m, Stage))
    for wrong in ("", None, 5, secret(room, 0)[:-1], secret(room, 0) + "x", "é" * 24):
        with pytest.raises(RoomRefused) as refused:
            room.act(wrong, stage, 0.0)
        assert refused.value.refusal is Refusal.BAD_SECRET
    assert room.act(secret(room, 1), stage, 0.0) == 1  # a secret opens its own seat only
    assert room.seats[0].game.staged == () and room.seats[1].game.staged == ((stage.die, stage.cell),)


def test_names_are_cleaned_and_a_room_has_at_most_fifty_seats():
    room = room_of(["  Ana\n\x1b[31m  ", "", "<b>x</b>" * 5])
    # the name cap cuts the markup mid-tag: it is only ever shown as text
    assert [seat.name for seat in room.seats] == ["Ana [31m", "Player 2", ("<b>x</b>" * 5)[:MAX_NAME_CHARACTERS]]
    for n in range(3, MAX_SEATS):
        room.join(CODE, f"G{n}")
    with pytest.raises(RoomRefused) as full:
        room.join(CODE, "One too many")
    assert full.value.refusal is Refusal.ROOM_FULL
    assert len({seat.secret for seat in room.seats}) == MAX_SEATS


def test_the_timer_sets_a_guest_away_and_the_guest_catches_up_on_coming_back():
    room = room_of(["Ana", "Bilal"], seconds=30)
    room.start(100.0)
    assert room.snapshot.deadline == 130.0
    finish_turn(room, 0, 101.0)
    room.tick(129.9)
    assert room.snapshot.turn == 1 and room.seats[1].status is SeatStatus.PLAYING
    room.tick(130.0)
    assert room.seats[1].status is SeatStatus.AWAY
    assert room.snapshot.turn == 2 and room.snapshot.deadline == 160.0  # the room went on without Bilal
    assert room.seats[0].game.turn == 2 and room.seats[1].game.turn == 1
    finish_turn(room, 0, 131.0)
    assert room.snapshot.turn == 3
    finish_turn(room, 1, 132.0)  # back: his turn 1 is done, the turn he missed is rolled at once
    assert room.seats[1].status is SeatStatus.PLAYING
    assert room.seats[1].game.turn == 2 and room.seats[1].game.dice == roll_dice(77, 2)
    finish_turn(room, 1, 133.0)
    assert room.seats[1].game.turn == 3 and room.snapshot.turn == 3  # in step again
    assert room.seats[1].game.dice == room.seats[0].game.dice


def test_the_host_removes_a_guest_the_room_goes_on_and_the_secret_opens_nothing():
    room = room_of(["Ana", "Bilal"])
    room.start(0.0)
    finish_turn(room, 0)
    room.remove(1, 0.0)
    assert room.snapshot.turn == 2
    with pytest.raises(RoomRefused) as refused:
        room.act(secret(room, 1), Confirm(), 0.0)
    assert refused.value.refusal is Refusal.REMOVED
    room.remove(1, 0.0)  # twice, or a seat that is not there: nothing happens
    room.remove(7, 0.0)
    assert room.seats[1].status is SeatStatus.REMOVED


def test_the_snapshot_is_frozen_and_each_change_publishes_a_new_one():
    room = room_of(["Ana"])
    lobby = room.snapshot
    room.start(0.0)
    assert lobby.phase is RoomPhase.LOBBY and room.snapshot.phase is RoomPhase.PLAYING
    assert room.snapshot.version > lobby.version
    with pytest.raises(dataclasses.FrozenInstanceError):
        room.snapshot.turn = 5  # type: ignore[misc]
    seen: list[int] = []

    def read() -> None:  # another thread (the game's loop) only reads the attribute
        for _ in range(200):
            snapshot = room.snapshot
            seen.append(snapshot.turn - snapshot.seats[0].turns_done)

    reader = threading.Thread(target=read)
    reader.start()
    for _ in range(6):
        finish_turn(room, 0)
    reader.join()
    assert set(seen) <= {0, 1}  # never a turn ahead of the seat by two: one consistent moment


def play_out(room: Room, seats: list[int]) -> None:
    while room.snapshot.phase is RoomPhase.PLAYING:
        for seat in seats:
            if not room.seats[seat].game.is_over and room.seats[seat].game.phase is not Phase.ROLL:
                finish_turn(room, seat)


def test_a_finished_room_records_each_guest_once_and_nothing_unfinished(tmp_path):
    room = room_of(["Ana", "Bilal", "Chiara"], seconds=30, seed=4)
    room.start(0.0)
    store = open_store(tmp_path, now=NOW)
    keeper = RoomKeeper(RoomFiles(tmp_path), lambda: store, room, NOW)
    room.tick(30.0)  # nobody played turn 1: all three set away
    finish_turn(room, 0)
    finish_turn(room, 1)
    room.remove(2, 0.0)  # Chiara never finishes: her game is not recorded
    play_out(room, [0, 1])
    assert room.snapshot.phase is RoomPhase.FINISHED
    assert keeper.save(NOW) and keeper.save(NOW)
    archive = ReplayArchive(tmp_path)
    ids = [keeper.recorded_id(s) for s in (0, 1)]
    assert sorted(archive.stored_ids()) == sorted(ids) and keeper.recorded == tuple(ids)
    assert [archive.load(i).name for i in ids] == ["Ana", "Bilal"]
    assert RoomFiles(tmp_path).unfinished(NOW) is None  # finished: not offered again


def test_a_host_crash_resumes_the_room_from_its_file_with_the_same_seats(tmp_path):
    room = room_of(["Ana", "Bilal"], seconds=45, seed=9)
    room.start(0.0)
    keeper = RoomKeeper(RoomFiles(tmp_path), lambda: None, room, NOW)
    for _ in range(3):
        finish_turn(room, 0)
        finish_turn(room, 1)
    finish_turn(room, 0)  # Ana has finished turn 4, Bilal stages a die and the host dies
    stage = next(m for m in room.seats[1].game.legal_moves() if isinstance(m, Stage))
    room.act(secret(room, 1), stage, 0.0)
    assert keeper.save(NOW)
    record = RoomFiles(tmp_path).unfinished(NOW)
    assert record is not None
    resumed = RoomKeeper.resume(RoomFiles(tmp_path), lambda: None, record, 500.0).room
    assert resumed.code == CODE and resumed.snapshot.turn == 4 and resumed.snapshot.deadline == 545.0
    assert [(s.name, s.secret) for s in resumed.seats] == [(s.name, s.secret) for s in room.seats]
    assert [s.game.log for s in resumed.seats] == [s.game.log for s in room.seats]
    finish_turn(resumed, 1)  # the old secrets still open their seats
    assert resumed.snapshot.turn == 5 and resumed.seats[0].game.dice == roll_dice(9, 5)


def test_a_lobby_room_with_nobody_writes_no_file_and_codes_use_the_plain_alphabet(tmp_path):
    room = Room(CODE, Difficulty.NIGHTMARE, 1)
    assert RoomKeeper(RoomFiles(tmp_path), lambda: None, room, NOW).save(NOW)
    assert not (tmp_path / "rooms").exists()
    codes = {new_room_code() for _ in range(50)}
    assert all(len(c) == 6 and not set(c) & set("ILOU") for c in codes) and len(codes) > 45


def test_a_seats_snapshot_is_made_again_only_when_that_seat_changed_and_always_matches_its_game():
    # One action changes one seat: the others keep their snapshot (scoring fifty boards for
    # every action cost the server's thread more than the action). What the snapshot says
    # must still be exactly what each game says, after every kind of change.
    import random

    from magdagdon.phones.room import SeatSnapshot, turns_done

    room = room_of(["Ana", "Bilal", "Chiara", "Dev"], seconds=30.0)
    room.start(0.0)
    rng = random.Random(5)

    def fresh(index: int) -> SeatSnapshot:
        seat, game = room.seats[index], room.seats[index].game
        return SeatSnapshot(index, seat.name, seat.status, seat.connected, game.board.cells, game.score().total,
                            turns_done(game), game.is_over or (game.phase is Phase.ROLL and turns_done(game) >= room.turn),
                            game.is_over)

    for step in range(400):
        if room.snapshot.phase is not RoomPhase.PLAYING:
            break
        before, turn = room.snapshot.seats, room.turn
        playing = [i for i, s in enumerate(room.seats) if s.status is SeatStatus.PLAYING and s.game.legal_moves()]
        if step % 97 == 50:
            room.tick(room.deadline or 0.0)  # the timer: silent seats set away
        elif step % 31 == 7:  # a phone drops or comes back
            seat = rng.randrange(len(room.seats))
            room.set_connected(seat, not room.seats[seat].connected)
        elif step == 333:
            room.remove(2, 0.0)  # the host takes Chiara out mid-turn
        elif playing:
            index = rng.choice(playing)
            moves = room.seats[index].game.legal_moves()
            try:
                room.act(secret(room, index), rng.choice(moves), 0.0)
            except RoomRefused:
                continue  # the room's rule, not the engine's (a roll the room makes itself)
            for other, (was, now) in enumerate(zip(before, room.snapshot.seats)):
                if other != index and was == now and room.turn == turn:
                    assert now is was  # untouched seats keep their snapshot object
        assert list(room.snapshot.seats) == [fresh(i) for i in range(len(room.seats))], step


def test_a_name_already_in_the_room_gets_a_number():
    room = room_of(["Omar", "omar", "Omar", "Bartholomew-", "Bartholomew-", "Player 6", "", "Player 7"])
    assert [seat.name for seat in room.seats] == ["Omar", "omar 2", "Omar 3", "Bartholomew-", "Bartholome 2",
                                                  "Player 6", "Player 7", "Player 7 2"]
    assert all(len(seat.name) <= MAX_NAME_CHARACTERS for seat in room.seats)
    for n in range(9, 21):
        room.join(CODE, "Bartholomew-")
    names = [seat.name for seat in room.seats]
    assert len(set(names)) == len(names) and "Bartholom 10" in names


def play_as_everyone(room: Room, seat: int, bot) -> None:
    """The seat's turn played by ``bot`` (one per seat, all alike: everyone following the
    hint, or a bot), until the seat has finished it."""
    game = room.seats[seat].game
    while game.phase not in (Phase.ROLL, Phase.GAME_OVER):
        room.act(secret(room, seat), bot.choose(game), 0.0)


def test_guests_who_play_the_same_game_are_each_recorded_under_their_own_name(tmp_path):
    room = room_of(["Ana", "Bilal", "Chiara"], seed=12)
    room.start(0.0)
    store = open_store(tmp_path, now=NOW)
    keeper = RoomKeeper(RoomFiles(tmp_path), lambda: store, room, NOW)
    bots = [make_policy("greedy", random.Random(0)) for _ in range(3)]
    while room.snapshot.phase is RoomPhase.PLAYING:
        for seat in range(3):
            play_as_everyone(room, seat, bots[seat])
    logs = {tuple(seat.game.log) for seat in room.seats}
    assert len(logs) == 1  # three identical games
    assert keeper.save(NOW) and keeper.save(NOW)
    table = open_store(tmp_path, now=NOW).high_scores(Difficulty.PEACEFUL)
    assert sorted(e.name for e in table) == ["Ana", "Bilal", "Chiara"]  # each once
    assert len(set(keeper.recorded)) == 3 and RoomFiles(tmp_path).unfinished(NOW) is None
    # The same game's replay recorded on its own, under another name, is the same game.
    again = open_store(tmp_path, now=NOW).record_replay(Replay.of(room.seats[0].game), NOW, name="Dario")
    assert again.duplicate
    (tmp_path / "scores.json").unlink()  # the tables rebuilt from the archive: the same three
    rebuilt = open_store(tmp_path, now=NOW)
    assert sorted(e.name for e in rebuilt.high_scores(Difficulty.PEACEFUL)) == ["Ana", "Bilal", "Chiara"]
    assert rebuilt.record_replay(Replay.of(room.seats[2].game), NOW, name="Dario").duplicate


def test_a_latecomer_plays_the_same_dice_from_turn_1_and_holds_nobody_up(tmp_path):
    room = room_of(["Ana", "Bilal"], seed=31)
    room.start(0.0)
    for _ in range(3):
        finish_turn(room, 0)
        finish_turn(room, 1)
    assert room.snapshot.turn == 4
    late = room.join(CODE, "Chiara")  # after the start: a seat of her own, from turn 1
    chiara = room.seats[late].game
    assert chiara.turn == 1 and chiara.dice == roll_dice(31, 1) and room.snapshot.seats[late].behind
    finish_turn(room, 0)
    finish_turn(room, 1)
    assert room.snapshot.turn == 5  # the room did not wait for her
    for turn in range(1, 5):  # her turns are the room's turns, on the same dice
        assert chiara.turn == turn and chiara.dice == roll_dice(31, turn)
        finish_turn(room, late)
    assert chiara.turn == 5 and chiara.dice == room.seats[0].game.dice and not room.snapshot.seats[late].behind
    finish_turn(room, 0)
    finish_turn(room, 1)
    assert room.snapshot.turn == 5  # in step: the room waits for her again
    finish_turn(room, late)
    assert room.snapshot.turn == 6
    store = open_store(tmp_path, now=NOW)
    keeper = RoomKeeper(RoomFiles(tmp_path), lambda: store, room, NOW)
    play_out(room, [0, 1, late])
    assert room.snapshot.phase is RoomPhase.FINISHED and keeper.save(NOW)
    assert sorted(e.name for e in open_store(tmp_path, now=NOW).high_scores(Difficulty.PEACEFUL)) == \
        ["Ana", "Bilal", "Chiara"]
    with pytest.raises(RoomRefused) as over:
        room.join(CODE, "Dario")
    assert over.value.refusal is Refusal.ROOM_OVER


def test_the_host_locks_the_room_and_removes_a_guest_for_good():
    room = room_of(["Ana", "Bilal", "Chiara"])
    room.note_address(0, "192.168.1.23")
    room.note_address(1, "127.0.0.1")  # the host's own machine is never barred
    room.start(0.0)
    room.remove(0, 0.0)
    room.remove(1, 0.0)
    with pytest.raises(RoomRefused) as again:
        room.join(CODE, "Ana again", address="192.168.1.23")
    assert again.value.refusal is Refusal.REMOVED
    assert room.join(CODE, "Dario", address="192.168.1.24") == 3
    assert room.join(CODE, "Bilal", address="127.0.0.1") == 4  # told apart from the removed one
    assert room.seats[4].name == "Bilal 2"
    room.set_locked(True)
    assert room.snapshot.locked
    with pytest.raises(RoomRefused) as locked:
        room.join(CODE, "Eva", address="192.168.1.25")
    assert locked.value.refusal is Refusal.ROOM_LOCKED
    room.set_locked(False)
    assert room.join(CODE, "Eva", address="192.168.1.25") == 5
