"""Keeping a room: its file written as turns end, each finished guest's game recorded in the
tables under their name through the party's recorder (an ordinary verified replay; a game
is recorded once, and only a game played to its end)."""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from magdagdon.engine import Replay
from magdagdon.party.keeper import record_people
from magdagdon.storage import Store
from magdagdon.storage.recorded_game import replay_id
from magdagdon.storage.room_file import RoomFiles, RoomRecord, RoomSeatRecord, room_id_of

from .room import Room, RoomPhase, Seat, SeatStatus


class RoomKeeper:
    def __init__(self, files: RoomFiles, store: Callable[[], Store | None], room: Room, started: datetime,
                 recorded: tuple[str, ...] = ()) -> None:
        self.files, self.store, self.room, self.started = files, store, room, started
        self.room_id = room_id_of(started, room.code)
        self.recorded = recorded
        self.unrecorded: list[str] = []  # names whose result could not be written yet

    @classmethod
    def resume(cls, files: RoomFiles, store: Callable[[], Store | None], record: RoomRecord,
               now: float) -> "RoomKeeper":
        """The room a file describes, every game rebuilt from its replay; the turn timer
        starts afresh at ``now``."""
        seats = [Seat(s.name, s.secret, s.replay.play(), SeatStatus(s.status)) for s in record.seats]
        first = record.seats[0].replay
        room = Room(record.code, first.difficulty, first.seed, record.turn_seconds, seats,
                    RoomPhase.LOBBY if record.turn == 0 else RoomPhase.PLAYING, record.turn)
        room.resume(now)
        return cls(files, store, room, record.started, record.recorded)

    def save(self, now: datetime) -> bool:
        """Record the games that ended since the last save, then write the room's file."""
        with self.room.lock():
            people = [(seat.name, False, seat.game) for seat in self.room.seats]
            self.recorded, self.unrecorded = record_people(self.store, people, self.recorded, now)
            if not self.room.seats:
                return True  # nothing to resume yet
            return self.files.save(self.record())

    def record(self) -> RoomRecord:
        room = self.room
        seats = tuple(RoomSeatRecord(s.name, s.secret, s.status.value, Replay.of(s.game)) for s in room.seats)
        everyone_recorded = all(replay_id(Replay.of(s.game)) in self.recorded for s in room.seats
                                if s.game.is_over)
        finished = room.snapshot.phase is RoomPhase.FINISHED and everyone_recorded
        return RoomRecord(self.room_id, room.code, self.started, room.turn, room.turn_seconds, seats,
                          self.recorded, finished)
