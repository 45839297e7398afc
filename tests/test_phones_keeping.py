"""What the room keeps and what each phone is told: the room's file rewritten once per room
turn, every confirmed turn on disk before its phone hears of it (a crash loses none), the
turns file read back (and appended under the folder's lock), each phone told only its own
state and the roster's changes, and a room's file checked whole before it is offered."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import aiohttp
import pytest

from magdagdon.engine import Difficulty, Game, Replay, Roll, Stage
from magdagdon.phones.keeper import RoomKeeper
from magdagdon.storage.lock import DataLock
from magdagdon.storage.room_file import RoomFiles, RoomRecord, RoomSeatRecord
from support.phone_client import STARTED, Host, Phone, run_phones

ROSTER_FIELDS = {"seat", "name", "score", "done", "status", "connected"}


def sent_played(phone: Phone, replay: Replay) -> tuple[list[str], list[str]]:
    return phone.actions, [a.to_text() for a in replay.actions if a.to_text() != "roll"]


@pytest.mark.slow
def test_twenty_seats_rewrite_the_rooms_file_once_per_room_turn(tmp_path):
    names = [f"Guest {n}" for n in range(1, 21)]
    with Host(tmp_path) as host:
        phones = run_phones(host, names)
        writer = host.server.writer
        assert writer is not None
        turns = host.room.turn
    # joins, the start, each next room turn, the end, the close: never once per seat's turn
    assert writer.files_written <= len(names) + turns + 3
    assert writer.turns_written >= len(names)  # the turns finished in between were appended
    for phone, seat in zip(phones, host.room.seats):
        assert len(phone.actions) > 0 and phone.actions == [
            a.to_text() for a in seat.game.log if a.to_text() != "roll"]


def test_every_confirmed_turn_is_on_disk_when_its_phone_hears_of_it(tmp_path):
    checked: list[str] = []

    with Host(tmp_path) as host:
        files = RoomFiles(tmp_path)
        room_id = host.keeper.room_id

        async def on_disk(phone: Phone, action: str) -> None:
            if action != "confirm" and not action.startswith("ruin"):
                return
            record = files.load(room_id)  # the file and its turns file, as a restart reads them
            assert record is not None and not files.take_notices()
            sent, played = sent_played(phone, record.seats[phone.seat].replay)
            assert played[:len(sent)] == sent, f"{phone.name}'s {action} is not on disk"
            checked.append(action)

        async def main() -> None:
            async with aiohttp.ClientSession() as session:
                phones = [Phone(session, host.socket_url, name, n) for n, name in enumerate(["Ana", "Bilal", "Chiara"])]
                for phone in phones:
                    await phone.join()
                await asyncio.get_running_loop().run_in_executor(None, host.server.start_game)
                await asyncio.gather(*(phone.play(answered=on_disk) for phone in phones))
                for phone in phones:
                    assert phone.socket is not None
                    await phone.socket.close()

        asyncio.run(main())
    assert len(checked) == sum(s.turns_done for s in host.room.snapshot.seats)  # each seat's every turn, ended by a confirm or a ruin


def test_a_crash_mid_turn_loses_no_confirmed_turn(tmp_path):
    """The room's file from the turn's start and the turns appended since: a restart
    rebuilds every confirmed turn; what was only staged is the one thing lost."""
    stops = [lambda g: g["turn"] == 4 and g["phase"] == "roll",  # Ana finished turn 4
             lambda g: g["turn"] == 4 and g["phase"] == "staging" and bool(g["staged"]),  # Bilal staged a die
             lambda g: g["turn"] == 4]  # Chiara has only seen its dice

    async def main(host: Host) -> list[Phone]:
        async with aiohttp.ClientSession() as session:
            phones = [Phone(session, host.socket_url, name, n) for n, name in enumerate(["Ana", "Bilal", "Chiara"])]
            for phone in phones:
                await phone.join()
            await asyncio.get_running_loop().run_in_executor(None, host.server.start_game)
            await asyncio.gather(*(phone.play(until=stop) for phone, stop in zip(phones, stops)))
            return phones

    host = Host(tmp_path)
    host.url = host.server.start()
    try:
        asyncio.run(main(host))
        # the crash: the files are read as they are now, nothing more is written
        files = RoomFiles(tmp_path)
        record = files.unfinished(STARTED)
        whole_file = files.read(host.keeper.room_id)
        assert record is not None and whole_file is not None and record.turn == 4
        resumed = RoomKeeper.resume(files, lambda: None, record, 0.0)
        logs = [[a.to_text() for a in seat.game.log] for seat in host.room.seats]
    finally:
        host.server.stop()
    kept = [[a.to_text() for a in seat.game.log] for seat in resumed.room.seats]
    assert kept[0] == logs[0]  # Ana's confirmed turn 4 is kept
    assert len(whole_file.seats[0].replay.actions) < len(logs[0])  # ... by the turns file
    last_roll = max(n for n, a in enumerate(logs[1]) if a == "roll")
    assert kept[1] == logs[1][:last_roll + 1]  # Bilal's staged die is lost, nothing before it
    assert kept[2] == logs[2]


def test_each_phone_is_told_its_own_state_and_only_the_rosters_changes(tmp_path):
    names = ["Ana", "Bilal", "Chiara"]
    with Host(tmp_path) as host:
        phones = run_phones(host, names)
    for phone in phones:
        last: tuple[object, ...] | None = None
        for message in phone.messages:
            if message["type"] == "roster":
                assert all(set(entry) == ROSTER_FIELDS for entry in message["seats"])
            elif message["type"] == "state":
                assert message["you"]["seat"] == phone.seat and set(message) == {"type", "room", "you", "game"}
                moment = (message["room"]["phase"], message["room"]["turn"], message["game"]["moves"],
                          message["you"]["status"])
                assert moment != last, f"{phone.name} was sent a state in which nothing of theirs changed"
                last = moment
        assert phone.roster and [e["name"] for e in sorted(phone.roster.values(), key=lambda e: e["seat"])] == names
        assert {e["seat"]: e["score"] for e in phone.roster.values()} == {
            s.index: s.score for s in host.room.snapshot.seats}


def _record(replay: Replay) -> RoomRecord:
    seat = RoomSeatRecord("Ana", "s" * 24, "playing", replay)
    return RoomRecord("20261201T200000Z-K9Y3V2", "K9Y3V2", STARTED, 1, None, (seat,))


def _saved_with_a_turn_after(tmp_path: Path) -> tuple[RoomFiles, str, Game, Stage]:
    """A room's file saved after its roll, and the stage played since kept in its turns file."""
    files = RoomFiles(tmp_path)
    room_id = "20261201T200000Z-K9Y3V2"
    played = Game(Difficulty.PEACEFUL, 7)
    played.play(Roll())
    assert files.save(_record(Replay.of(played)))
    stage = next(m for m in played.legal_moves() if isinstance(m, Stage))
    played.play(stage)
    assert files.append_turn(room_id, 0, 1, (stage.to_text(),))
    return files, room_id, played, stage


def test_the_turns_file_is_folded_in_and_a_torn_or_stale_line_is_skipped(tmp_path):
    files, room_id, played, stage = _saved_with_a_turn_after(tmp_path)
    with open(files.turns_path(room_id), "a", encoding="utf-8") as stream:
        stream.write(json.dumps({"seat": 0, "moves": 1, "actions": ["backall"]}) + "\n")  # stale: from move 1 again
        stream.write(json.dumps({"seat": 0, "moves": 2, "actions": ["roll"]}) + "\n")  # illegal
        stream.write('{"seat": 0, "moves": 2, "actions": ["con')  # torn by a crash
    loaded = files.load(room_id)
    assert loaded is not None
    assert [a.to_text() for a in loaded.seats[0].replay.actions] == ["roll", stage.to_text()]
    assert files.save(_record(Replay.of(played)))  # a rewrite empties the turns file
    assert not files.turns_path(room_id).exists()


def test_a_save_waits_for_a_reader_between_the_file_and_its_turns(tmp_path, monkeypatch):
    """A load reads the room's file, then its turns file; a save in between (the new file, the
    turns file emptied) would leave the reader with the old file and no turns: the confirmed
    turn gone from what it read. Both hold the lock throughout, so the save waits."""
    _, room_id, played, stage = _saved_with_a_turn_after(tmp_path)
    between = threading.Event()
    folded = RoomFiles._with_turns

    def slow_fold(self: RoomFiles, record: RoomRecord) -> RoomRecord:
        between.set()
        time.sleep(0.3)  # the writer's chance to come in between the two reads
        return folded(self, record)

    monkeypatch.setattr(RoomFiles, "_with_turns", slow_fold)
    read: list[RoomRecord | None] = []
    reader = threading.Thread(target=lambda: read.append(RoomFiles(tmp_path).load(room_id)))
    reader.start()
    assert between.wait(10)
    assert RoomFiles(tmp_path).save(_record(Replay.of(played)))  # the turn now in the file itself
    reader.join(10)
    assert read and read[0] is not None
    assert [a.to_text() for a in read[0].seats[0].replay.actions] == ["roll", stage.to_text()]


def test_a_turn_is_appended_under_the_folder_lock(tmp_path):
    """Another instance holds the data folder's lock (it is saving this room, say): the turn
    waits for it, and is not written beside it; past the wait, it is a notice."""
    files, room_id, played, stage = _saved_with_a_turn_after(tmp_path)
    turns = files.turns_path(room_id)
    before = turns.read_bytes()
    quick = RoomFiles(tmp_path, lock_timeout=0.05)
    with DataLock(tmp_path):
        assert not quick.append_turn(room_id, 0, 2, ("backall",))
        assert turns.read_bytes() == before
    assert [n.kind.value for n in quick.take_notices()] == ["busy"]
    assert quick.append_turn(room_id, 0, 2, ("backall",)) and turns.read_bytes() != before


def _room_document(tmp_path, edit) -> Path:
    """A good room's file (two guests, turn 2 played by both), edited by ``edit``."""
    files = RoomFiles(tmp_path)
    games = [Game(Difficulty.PEACEFUL, 7), Game(Difficulty.PEACEFUL, 7)]
    for game in games:
        game.play(Roll())
    seats = tuple(RoomSeatRecord(name, secret * 24, "playing", Replay.of(game))
                  for name, secret, game in zip(("Ana", "Bilal"), "ab", games))
    record = RoomRecord("20261201T200000Z-K9Y3V2", "K9Y3V2", STARTED, 1, None, seats)
    assert files.save(record)
    path = files.path_of(record.room_id)
    document = json.loads(path.read_text("utf-8"))
    edit(document["data"])
    path.write_text(json.dumps(document), "utf-8")
    return path


def _ahead(data) -> None:
    data["turn"] = 0  # the lobby, but the games have rolled


@pytest.mark.parametrize("edit, why", [
    (lambda data: data.update(seats=[]), "no seat"),
    (lambda data: data["seats"][1].update(secret=data["seats"][0]["secret"]), "two seats, one secret"),
    (_ahead, "games past the room's turn"),
    (lambda data: data.update(turn=5), "a turn no game reached"),
    (lambda data: data["seats"][1].update(status="gone"), "an unknown status"),
    (lambda data: data.update(id="20261201T200000Z-M4T7Q8", code="M4T7Q8"), "another room's id"),
])
def test_a_room_file_is_checked_whole_and_a_bad_one_set_aside_with_a_notice(tmp_path, edit, why):
    path = _room_document(tmp_path, edit)
    files = RoomFiles(tmp_path)
    assert files.unfinished(STARTED) is None, why
    assert not path.exists() and list(path.parent.glob(path.name + ".corrupt-*")), why
    notices = files.take_notices()
    assert [n.kind.value for n in notices] == ["corrupt_moved_aside"] and notices[0].path == str(path), why


def test_a_room_file_of_the_first_version_is_continued_unlocked(tmp_path):
    def first_version(data) -> None:
        del data["locked"], data["barred"]

    path = _room_document(tmp_path, first_version)
    document = json.loads(path.read_text("utf-8"))
    document["version"] = 1
    path.write_text(json.dumps(document), "utf-8")
    record = RoomFiles(tmp_path).unfinished(STARTED)
    assert record is not None and not record.locked and record.barred == ()
