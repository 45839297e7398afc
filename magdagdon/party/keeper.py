"""Keeping a party: its file written after every turn, and each finished human game
recorded in the tables as an ordinary single-player game under the player's name.

The computer's games stay in the party file only: the tables are for people. Recording
goes through ``Store.record_result``, which verifies the replay like any other game, and
the party file notes each recorded game, so a party resumed after a crash records no game
twice (storage also refuses duplicates). Each game is recorded with its seat
(``game_identity.seat_label``): two people who played the same moves are two results.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Iterable

from magdagdon.engine import Game, Replay
from magdagdon.storage import Store
from magdagdon.storage.computer_strength import ComputerStrength
from magdagdon.storage.outcomes import RecordRefused
from magdagdon.storage.party_file import PartyFiles, PartyRecord, PartySeat, new_party_id
from magdagdon.storage.game_identity import seat_label
from magdagdon.storage.recorded_game import replay_id

from .model import Party, PartyPlayer


@dataclass(frozen=True)
class SeatGame:
    """A person's game in a party's or a room's seat, as the tables will record it."""

    name: str
    assisted: bool
    game: Game
    seat: str  # game_identity.seat_label

    @property
    def recorded_id(self) -> str:
        return replay_id(Replay.of(self.game), self.seat)

    def is_in(self, recorded: tuple[str, ...]) -> bool:
        """Noted as recorded: by its seated id, or (a file of an earlier version, which
        noted each game by its identity alone) by that identity."""
        return self.recorded_id in recorded or replay_id(Replay.of(self.game)) in recorded


def record_of(party: Party, party_id: str, started: datetime, recorded: tuple[str, ...]) -> PartyRecord:
    """The party file's record; finished once every game is over and every person's game
    is in the tables (until then the file waits to record them)."""
    seats = tuple(PartySeat(p.name, p.computer, p.assisted, Replay.of(p.game), p.strength if p.computer else None)
                  for p in party.players)
    people_recorded = all(person.is_in(recorded) for person in people_of(party, party_id))
    return PartyRecord(party_id, started, seats, recorded, party.is_over and people_recorded)


def people_of(party: Party, party_id: str) -> list[SeatGame]:
    """The party's people (not the computer) with their seats."""
    return [SeatGame(p.name, p.assisted, p.game, seat_label("party", party_id, index))
            for index, p in enumerate(party.players) if not p.computer]


def unfinished_party(files: PartyFiles, store: Callable[[], Store | None], now: datetime) -> PartyRecord | None:
    """The newest party to continue, or None. A party whose games are all over but whose
    file was not marked finished (a quit or a crash before its results, a full disk)
    records its people now, once, and is no longer offered."""
    for record in files.not_finished(now):
        keeper = PartyKeeper.resume(files, store, record)
        if not keeper.party.is_over:
            return record
        keeper.save(now)  # records the people not yet in the tables, then marks it finished
    return None


def party_from(record: PartyRecord) -> Party:
    """The party a record describes, every game rebuilt by its replay."""
    players = [PartyPlayer(s.name, s.computer, s.assisted, s.replay.play(), s.played_as or ComputerStrength.EXPERT)
               for s in record.seats]
    first = players[0].game
    return Party(first.difficulty, first.seed, players)


def record_people(store_of: Callable[[], Store | None], people: Iterable[SeatGame],
                  recorded: tuple[str, ...], now: datetime) -> tuple[tuple[str, ...], list[str]]:
    """Record each finished game not yet in ``recorded`` through ``Store.record_result``
    (which verifies it as any single-player game), each under its name and seat. Returns the
    ids now recorded and the names whose result could not be written yet (no data folder, a
    full disk: the caller tries again at its next save)."""
    store = store_of()
    unrecorded: list[str] = []
    for person in people:
        if not person.game.is_over or person.is_in(recorded):
            continue
        if store is None:
            unrecorded.append(person.name)
            continue
        try:
            outcome = store.record_result(person.game, now, name=person.name, assisted=person.assisted,
                                          seat=person.seat)
        except (OSError, RecordRefused):
            unrecorded.append(person.name)
            continue
        if outcome.saved:
            recorded += (outcome.replay_id,)
        else:
            unrecorded.append(person.name)
    return recorded, unrecorded


class PartyKeeper:
    def __init__(self, files: PartyFiles, store: Callable[[], Store | None], party: Party, started: datetime,
                 party_id: str | None = None, recorded: tuple[str, ...] = ()) -> None:
        self.files, self.store, self.party, self.started = files, store, party, started
        self.party_id = party_id or new_party_id(started, random.SystemRandom().getrandbits(24))
        self.recorded = recorded
        self.unrecorded: list[str] = []  # names whose result could not be written yet

    @classmethod
    def resume(cls, files: PartyFiles, store: Callable[[], Store | None], record: PartyRecord) -> "PartyKeeper":
        return cls(files, store, party_from(record), record.started, record.party_id, record.recorded)

    def save(self, now: datetime) -> bool:
        """Record what finished since the last save, then write the party file."""
        self._record_finished(now)
        return self.files.save(record_of(self.party, self.party_id, self.started, self.recorded))

    def _record_finished(self, now: datetime) -> None:
        self.recorded, self.unrecorded = record_people(self.store, people_of(self.party, self.party_id),
                                                       self.recorded, now)

    def game_of(self, seat: int) -> Game:
        return self.party.players[seat].game
