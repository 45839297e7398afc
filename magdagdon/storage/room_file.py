"""Phone rooms' files: one per room in ``rooms/``, so a host that crashes resumes its room.

Like a party's file (party_file.py), with what a room adds: its code, each seat's secret
(so the phones rejoin their seats after the restart), whether the host removed a seat or
the timer set it away, the room's turn and its timer, whether the host locked it and the
addresses of removed guests' phones (which may not join again). Each game is a replay; a
file is checked whole before it is offered — at least one seat, every secret its own, every
game legal on the room's dice and never past the room's turn, the room's turn one that its
games reached, its id the one its name gives — and a file that fails is set aside with a
notice (the same folder lock, atomic replace and envelope as every file). A room is
*finished* once every game in it is over and in the tables.

The file is rewritten once per room turn; between two rewrites each turn a guest finishes
is appended to ``<id>.turns`` beside it (one line, fsynced: the seat, its move count on
disk and the actions since), so a crash loses no confirmed turn. Reading the room folds
those lines in; a line that does not follow on (a torn last line, one the file already
holds) is skipped. Rewriting the file empties the turns file.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..engine import ActionParseError, parse_action
from ..engine.replay import Replay, ReplayError
from ..shown_value import shown
from .atomic_file import fsync_folder, own_folder
from .envelope import CorruptFile, FileKind
from .high_scores import check_aware, clean_name, parse_when
from .lock import DEFAULT_TIMEOUT, DataLock
from .notices import notice_of_error
from .record_folder import RecordFolder

ROOM_FOLDER = "rooms"
# Version 2 adds whether the host locked the room and the addresses barred from it.
ROOM_KIND = FileKind("magdagdon-room", 2, max_bytes=16 * 1024 * 1024,
                     migrations={1: lambda data: {**data, "locked": False, "barred": []}})
ROOM_SEAT_STATUSES = ("playing", "away", "removed")
MAX_ROOM_SEATS = 50
_ID = re.compile(r"[0-9]{8}T[0-9]{6}Z-[0-9A-Z]{6}")
_SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")
TURNS_SUFFIX = ".turns"
MAX_TURN_LINE_BYTES = 64 * 1024
_FIELDS = {"id", "code", "started", "turn", "turn_seconds", "recorded", "finished", "seats", "locked", "barred"}
MAX_BARRED = 200
_ADDRESS = re.compile(r"[0-9A-Fa-f.:%a-z]{2,64}")


@dataclass(frozen=True)
class RoomSeatRecord:
    name: str
    secret: str
    status: str  # one of ROOM_SEAT_STATUSES
    replay: Replay


@dataclass(frozen=True)
class RoomRecord:
    room_id: str  # "<UTC start>-<code>": sorts by start time, names the file
    code: str
    started: datetime
    turn: int
    turn_seconds: float | None
    seats: tuple[RoomSeatRecord, ...]
    recorded: tuple[str, ...] = ()  # replay ids of the games already in the tables
    finished: bool = False
    locked: bool = False  # the host locked the room: nobody new joins
    barred: tuple[str, ...] = ()  # the addresses removed guests' phones used: they may not join again

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.room_id, "code": self.code, "started": self.started.isoformat(), "turn": self.turn,
            "turn_seconds": self.turn_seconds, "recorded": list(self.recorded), "finished": self.finished,
            "locked": self.locked, "barred": list(self.barred),
            "seats": [{"name": s.name, "secret": s.secret, "status": s.status, "replay": s.replay.to_dict()}
                      for s in self.seats],
        }

    @classmethod
    def from_data(cls, raw: Any) -> "RoomRecord":
        if not isinstance(raw, dict) or set(raw) != _FIELDS:
            raise CorruptFile("a room needs " + ", ".join(sorted(_FIELDS)))
        room_id, code, turn, seconds = raw["id"], raw["code"], raw["turn"], raw["turn_seconds"]
        if not isinstance(room_id, str) or not _ID.fullmatch(room_id) or room_id[-6:] != code:
            raise CorruptFile(f"bad room id {shown(room_id)}")
        if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn <= 64:
            raise CorruptFile(f"bad turn {shown(turn)}")
        if seconds is not None and (not isinstance(seconds, (int, float)) or isinstance(seconds, bool)
                                    or not 1 <= seconds <= 3600):
            raise CorruptFile(f"bad turn timer {shown(seconds)}")
        recorded, seats = raw["recorded"], raw["seats"]
        if not isinstance(recorded, list) or not all(isinstance(r, str) for r in recorded):
            raise CorruptFile("recorded must be a list of replay ids")
        if not isinstance(raw["finished"], bool) or not isinstance(raw["locked"], bool):
            raise CorruptFile("finished and locked are true or false")
        barred = raw["barred"]
        if not isinstance(barred, list) or len(barred) > MAX_BARRED or \
                not all(isinstance(a, str) and _ADDRESS.fullmatch(a) for a in barred):
            raise CorruptFile("barred must be a list of network addresses")
        if not isinstance(seats, list) or len(seats) > MAX_ROOM_SEATS:
            raise CorruptFile(f"a room has at most {MAX_ROOM_SEATS} seats")
        return cls(room_id, code, parse_when(raw["started"]), turn,
                   None if seconds is None else float(seconds), tuple(_seat(s) for s in seats),
                   tuple(recorded), raw["finished"], raw["locked"], tuple(barred))


def _seat(raw: Any) -> RoomSeatRecord:
    if not isinstance(raw, dict) or set(raw) != {"name", "secret", "status", "replay"}:
        raise CorruptFile("a seat needs name, secret, status and replay")
    name, secret, status = raw["name"], raw["secret"], raw["status"]
    if not isinstance(name, str) or clean_name(name) != name:
        raise CorruptFile(f"bad guest name {shown(name)}")
    if not isinstance(secret, str) or not _SECRET.fullmatch(secret):
        raise CorruptFile("bad seat secret")
    if status not in ROOM_SEAT_STATUSES:
        raise CorruptFile(f"bad seat status {shown(status)}")
    return RoomSeatRecord(name, secret, status, Replay.from_dict(raw["replay"]))


def room_id_of(started: datetime, code: str) -> str:
    return f"{check_aware(started).astimezone(timezone.utc).strftime('%Y%m%dT%H%M%SZ')}-{code}"


class RoomFiles(RecordFolder[RoomRecord]):
    """The ``rooms`` folder of a data folder (None: no data folder, the room lives in memory)."""

    def __init__(self, data_dir: Path | None, lock_timeout: float = DEFAULT_TIMEOUT) -> None:
        super().__init__(data_dir, ROOM_FOLDER, ROOM_KIND, _checked, _ID, lock_timeout)

    def save(self, record: RoomRecord) -> bool:
        """Write ``record`` atomically and empty its turns file (the record holds them now),
        both under one hold of the lock, so that a reader never finds the file it replaced
        without the turns that completed it; False (and a notice) when it could not be written."""
        turns = self.turns_path(record.room_id)

        def empty_turns() -> None:
            try:
                turns.unlink(missing_ok=True)
            except OSError as error:  # the lines left over are skipped when read: they do not follow on
                self.notices.append(notice_of_error(error, turns))

        return self.write(record.room_id, record.to_data(), then=empty_turns)

    def turns_path(self, room_id: str) -> Path:
        return self.folder / f"{room_id}{TURNS_SUFFIX}"

    def append_turn(self, room_id: str, seat: int, moves: int, actions: tuple[str, ...]) -> bool:
        """Keep a turn a guest finished: one line appended to the room's turns file and
        fsynced; False (and a notice) when it could not be written."""
        if self.data_dir is None:
            return False
        path = self.turns_path(room_id)
        line = json.dumps({"seat": seat, "moves": moves, "actions": list(actions)}, ensure_ascii=False) + "\n"
        try:
            with DataLock(self.data_dir, self.lock_timeout):
                own_folder(self.folder)
                created = not path.exists()
                fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
                try:
                    os.write(fd, line.encode("utf-8"))
                    os.fsync(fd)
                finally:
                    os.close(fd)
                if created:
                    fsync_folder(self.folder)
        except OSError as error:
            self.notices.append(notice_of_error(error, path))
            return False
        return True

    def load(self, room_id: str, now: datetime | None = None) -> RoomRecord | None:
        """The room's record with the turns kept since it was written, both read under one
        hold of the lock (a save in between would leave the file read without its turns);
        checked whole, turns included: a file that fails is set aside with a notice."""
        return self.read(room_id, now, then=self._with_turns, checked=lambda raw: _checked(raw, room_id))

    def _with_turns(self, record: RoomRecord) -> RoomRecord:
        """``record`` with the turns kept since it was written (the caller holds the lock)."""
        path = self.turns_path(record.room_id)
        try:
            if not path.is_file() or path.is_symlink():
                return record
            text = path.read_bytes()[:ROOM_KIND.max_bytes].decode("utf-8", "replace")
        except OSError as error:
            self.notices.append(notice_of_error(error, path))
            return record
        seats = list(record.seats)
        for line in text.splitlines():
            kept = _kept_turn(line, seats)
            if kept is not None:
                index, replay = kept
                seats[index] = replace(seats[index], replay=replay)
        return replace(record, seats=tuple(seats))

    def unfinished(self, now: datetime | None = None) -> RoomRecord | None:
        """The newest room not marked finished (a damaged file: set aside, a notice)."""
        records = (self.load(room_id, now) for room_id in self.ids_newest_first())
        return next((r for r in records if r is not None and not r.finished), None)


def _kept_turn(line: str, seats: list[RoomSeatRecord]) -> tuple[int, Replay] | None:
    """The seat and its replay with the line's actions played on, if the line is whole,
    follows on from the replay and every action in it is legal; else None."""
    if len(line) > MAX_TURN_LINE_BYTES:
        return None
    try:
        raw = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(raw, dict) or set(raw) != {"seat", "moves", "actions"}:
        return None
    index, moves, texts = raw["seat"], raw["moves"], raw["actions"]
    if type(index) is not int or not 0 <= index < len(seats) or not isinstance(texts, list):
        return None
    old = seats[index].replay
    if type(moves) is not int or moves != len(old.actions) or not all(isinstance(t, str) for t in texts):
        return None
    try:
        replay = Replay(old.seed, old.difficulty, old.actions + tuple(parse_action(t) for t in texts))
        game = replay.play()
    except (ActionParseError, ReplayError):
        return None
    return index, Replay.of(game)


def _checked(raw: Any, room_id: str | None = None) -> RoomRecord:
    """The record, if the whole of it can be continued; CorruptFile (or ReplayError, a
    ValueError) naming what cannot."""
    record = RoomRecord.from_data(raw)
    if room_id is not None and record.room_id != room_id:
        raise CorruptFile(f"the file {room_id}.json holds room {record.room_id}")
    if not record.seats:
        raise CorruptFile("a room has at least one seat")
    if len({seat.secret for seat in record.seats}) != len(record.seats):
        raise CorruptFile("two seats share a secret")
    first = record.seats[0].replay
    if any(s.replay.seed != first.seed or s.replay.difficulty is not first.difficulty for s in record.seats):
        raise CorruptFile("the seats of a room share one seed and difficulty")
    games = [seat.replay.play() for seat in record.seats]  # every action legal, or ReplayError
    if record.turn == 0 and any(game.log for game in games):
        raise CorruptFile("a room in its lobby has played nothing")
    if any(game.turn > record.turn for game in games):
        raise CorruptFile(f"a game is past the room's turn {record.turn}")
    if record.turn > 1 and max(game.turns_done for game in games) < record.turn - 1:
        raise CorruptFile(f"no game finished turn {record.turn - 1}: the room cannot be at turn {record.turn}")
    return record


__all__ = ["ROOM_FOLDER", "ROOM_KIND", "RoomFiles", "RoomRecord", "RoomSeatRecord", "room_id_of"]
