"""Party records: one file per party in ``parties/``, grouping the players' games.

Each player's game is kept as a replay (its whole log), so the file is all the evidence
the party needs: rebuilt from it, the party resumes at the same player and turn, and each
finished game can be verified and recorded like any single-player game. Written with the
data folder's crash-safe design: the folder lock, an atomic replace, the versioned
envelope; a corrupt file is set aside with a notice and never stops the game. The file's
name is the party's identity: a file whose recorded id differs (copied or edited by hand)
is read and written again under its own name, so it is never left behind to be offered
again (docs/PARTY.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..engine.replay import Replay
from .computer_strength import ComputerStrength
from .decoding import BadField, Fields, date_time, flag, list_of, nullable, one_of, text
from .envelope import FileKind
from .high_scores import check_aware, player_name
from .lock import DEFAULT_TIMEOUT
from .record_folder import RecordFolder
from .recorded_game import stored_replay

PARTY_FOLDER = "parties"


def _strength_kept(data: Any) -> Any:
    """Version 1 -> 2: every computer seat played as the expert, the one strength there was."""
    seats = [{**seat, "strength": ComputerStrength.EXPERT.value if seat["computer"] is True else None}
             for seat in data["seats"]]
    return {**data, "seats": seats}


PARTY_KIND = FileKind("magdagdon-party", 2, max_bytes=8 * 1024 * 1024, migrations={1: _strength_kept})
_ID = re.compile(r"[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}")


@dataclass(frozen=True)
class PartySeat:
    name: str
    computer: bool
    assisted: bool
    replay: Replay
    strength: ComputerStrength | None = None  # how the computer plays this seat (a person's: None)

    @property
    def played_as(self) -> ComputerStrength | None:
        """The computer's strength at this seat (the expert, where none was given); None for a person."""
        return (self.strength or ComputerStrength.EXPERT) if self.computer else None


@dataclass(frozen=True)
class PartyRecord:
    party_id: str  # "<UTC start>-<6 hex>": sorts by start time, names the file
    started: datetime
    seats: tuple[PartySeat, ...]
    recorded: tuple[str, ...] = ()  # replay ids of the games already in the tables
    finished: bool = False

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.party_id, "started": self.started.isoformat(), "finished": self.finished,
            "recorded": list(self.recorded),
            "seats": [{"name": s.name, "computer": s.computer, "assisted": s.assisted, "replay": s.replay.to_dict(),
                       "strength": s.played_as.value if s.played_as is not None else None} for s in self.seats],
        }

    @classmethod
    def from_data(cls, raw: Any, document: str = "a party's file") -> "PartyRecord":
        party = Fields(raw, document, what="a party", exactly=("id", "started", "finished", "recorded", "seats"))
        seats = party.objects("seats", min_items=2, max_items=8, exactly=("name", "computer", "assisted", "replay", "strength"))
        return cls(party.get("id", _PARTY_ID), party.get("started", date_time), tuple(_seat(s) for s in seats),
                   tuple(party.get("recorded", _RECORDED)), party.get("finished", flag))


_PARTY_ID = text(_ID.pattern, rule="it must be the party's start and six hexadecimal digits")
_RECORDED = list_of(text(), items="replay ids")


_STRENGTH = nullable(one_of([strength.value for strength in ComputerStrength]))


def _seat(seat: Fields) -> PartySeat:
    """A seat; a computer's has its strength, a person's none."""
    computer = seat.get("computer", flag)
    strength = seat.get("strength", _STRENGTH)
    if (strength is None) == computer:
        raise seat.bad("strength", "a computer's seat has a strength, a person's none", strength)
    return PartySeat(seat.get("name", player_name), computer, seat.get("assisted", flag),
                     seat.get("replay", stored_replay), None if strength is None else ComputerStrength(strength))


def new_party_id(started: datetime, salt: int) -> str:
    utc = check_aware(started).astimezone(timezone.utc)
    return f"{utc.strftime('%Y%m%dT%H%M%SZ')}-{salt & 0xFFFFFF:06x}"


class PartyFiles(RecordFolder[PartyRecord]):
    """The ``parties`` folder of a data folder."""

    def __init__(self, data_dir: Path | None, lock_timeout: float = DEFAULT_TIMEOUT) -> None:
        super().__init__(data_dir, PARTY_FOLDER, PARTY_KIND, _checked, _ID, lock_timeout)

    @classmethod
    def unavailable(cls) -> "PartyFiles":
        """No data folder at all: the party is played in memory only."""
        return cls(None)

    def save(self, record: PartyRecord) -> bool:
        """Write ``record`` atomically; False (and a notice) when it could not be written."""
        return self.write(record.party_id, record.to_data())

    def load(self, party_id: str, now: datetime | None = None) -> PartyRecord | None:
        record = self.read(party_id, now, checked=lambda raw: _checked(raw, party_id))
        # The name wins: saving the party again then replaces this very file.
        return record if record is None or record.party_id == party_id else replace(record, party_id=party_id)

    def not_finished(self, now: datetime | None = None) -> list[PartyRecord]:
        """The parties not marked finished, newest first (a damaged file: set aside, a notice)."""
        records = (self.load(party_id, now) for party_id in self.ids_newest_first())
        return [record for record in records if record is not None and not record.finished]

    def unfinished(self, now: datetime | None = None) -> PartyRecord | None:
        """The newest party not marked finished; None when there is none."""
        return next(iter(self.not_finished(now)), None)


def _checked(raw: Any, party_id: str | None = None) -> PartyRecord:
    document = "a party's file" if party_id is None else f"{PARTY_FOLDER}/{party_id}.json"
    record = PartyRecord.from_data(raw, document)
    for seat in record.seats:
        seat.replay.play()  # every action legal, or ReplayError (a ValueError): set aside
    first = record.seats[0].replay
    if any(s.replay.seed != first.seed or s.replay.difficulty is not first.difficulty for s in record.seats):
        raise BadField(document, "seats", "the seats of a party share one seed and difficulty")  # pragma: no mutate
    return record


__all__ = ["PARTY_FOLDER", "PARTY_KIND", "PartyFiles", "PartyRecord", "PartySeat", "new_party_id"]
