"""Keeping a room: its file written once per room turn (and when a seat comes or goes, the
host changes a setting or the room ends), each turn a guest finishes appended to the room's
turns file in between, and each finished guest's game recorded in the tables under their
name through the party's recorder (an ordinary verified replay; a game is recorded once, and
only a game played to its end).

What is written is taken on the server's thread under the room's lock (:meth:`moment`,
:meth:`turn_of`) and written by :class:`phones.writer.RoomWriter` on a thread of its own, so
the server's loop never waits for the disk."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from magdagdon.engine import Game, Replay
from magdagdon.party.keeper import SeatGame, record_people
from magdagdon.storage import Store
from magdagdon.storage.game_identity import seat_label
from magdagdon.storage.room_file import RoomFiles, RoomRecord, RoomSeatRecord, room_id_of

from .room import Room, RoomPhase, Seat, SeatStatus


@dataclass(frozen=True)
class RoomMoment:
    """The room as the file will hold it, taken at one moment (immutable but the finished
    games, which no action changes any more)."""

    turn: int
    turn_seconds: float | None
    seats: tuple[RoomSeatRecord, ...]
    finished_games: tuple[tuple[int, str, Game], ...]  # (seat, name, game)
    phase: RoomPhase
    locked: bool = False
    barred: tuple[str, ...] = ()


@dataclass(frozen=True)
class KeptTurn:
    """The actions a seat played since its game was last on disk, ending a turn it finished."""

    seat: int
    moves: int  # the seat's move count on disk before these actions
    actions: tuple[str, ...]


class RoomKeeper:
    def __init__(self, files: RoomFiles, store: Callable[[], Store | None], room: Room, started: datetime,
                 recorded: tuple[str, ...] = ()) -> None:
        self.files, self.store, self.room, self.started = files, store, room, started
        self.room_id = room_id_of(started, room.code)
        self.recorded = recorded
        self.unrecorded: list[str] = []  # names whose result could not be written yet
        self._on_disk = [len(seat.game.log) for seat in room.seats]  # each seat's moves in the file

    @classmethod
    def resume(cls, files: RoomFiles, store: Callable[[], Store | None], record: RoomRecord,
               now: float) -> "RoomKeeper":
        """The room a file describes, every game rebuilt from its replay; the turn timer
        starts afresh at ``now``."""
        seats = [Seat(s.name, s.secret, s.replay.play(), SeatStatus(s.status)) for s in record.seats]
        first = record.seats[0].replay
        room = Room(record.code, first.difficulty, first.seed, record.turn_seconds, seats,
                    RoomPhase.LOBBY if record.turn == 0 else RoomPhase.PLAYING, record.turn,
                    locked=record.locked, barred=set(record.barred))
        room.resume(now)
        return cls(files, store, room, record.started, record.recorded)

    def save(self, now: datetime) -> bool:
        """Record the games that ended since the last save, then write the room's file (here
        and now: the host's thread when no server runs)."""
        return self.write(self.moment(), now)

    def moment(self) -> RoomMoment:
        """What the file will hold; the server's thread, under the room's lock."""
        with self.room.lock():
            room = self.room
            seats = tuple(RoomSeatRecord(s.name, s.secret, s.status.value, Replay.of(s.game)) for s in room.seats)
            self._on_disk = [len(record.replay.actions) for record in seats]
            finished = tuple((index, s.name, s.game) for index, s in enumerate(room.seats) if s.game.is_over)
            return RoomMoment(room.turn, room.turn_seconds, seats, finished, room.snapshot.phase, room.locked,
                              tuple(sorted(room.barred)))

    def turn_of(self, index: int) -> KeptTurn:
        """The seat's actions since its game was last on disk (it just finished a turn)."""
        with self.room.lock():
            while len(self._on_disk) <= index:
                self._on_disk.append(0)
            log = self.room.seats[index].game.log
            kept = KeptTurn(index, self._on_disk[index], tuple(a.to_text() for a in log[self._on_disk[index]:]))
            self._on_disk[index] = len(log)
            return kept

    def write(self, moment: RoomMoment, now: datetime) -> bool:
        """Record the finished games not yet recorded, then write the file (any thread)."""
        people = [SeatGame(name, False, game, self.seat_of(index)) for index, name, game in moment.finished_games]
        self.recorded, self.unrecorded = record_people(self.store, people, self.recorded, now)
        if not moment.seats:
            return True  # nothing to resume yet
        everyone_recorded = all(person.is_in(self.recorded) for person in people)
        finished = moment.phase is RoomPhase.FINISHED and everyone_recorded
        return self.files.save(RoomRecord(self.room_id, self.room.code, self.started, moment.turn,
                                          moment.turn_seconds, moment.seats, self.recorded, finished,
                                          moment.locked, moment.barred))

    def seat_of(self, index: int) -> str:
        """The seat the tables record a guest's game in: two guests who played the same
        moves are two results."""
        return seat_label("room", self.room_id, index)

    def recorded_id(self, index: int) -> str:
        """The id seat ``index``'s finished game is recorded under."""
        return SeatGame("", False, self.room.seats[index].game, self.seat_of(index)).recorded_id

    def write_turn(self, kept: KeptTurn) -> bool:
        return self.files.append_turn(self.room_id, kept.seat, kept.moves, kept.actions)
