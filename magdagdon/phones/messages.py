"""The phone's messages: what a phone may say (parsed strictly) and what it is told.

A phone sends small JSON objects: ``{"type": "join", "code": …, "name": …}``,
``{"type": "rejoin", "code": …, "secret": …}``, ``{"type": "watch", "code": …}`` (a
phone that only watches: the room's roster and its end, no seat), ``{"type": "act",
"secret": …, "action": "stage 0 5"}`` (the engine's action text, read by
``parse_action``) and ``{"type": "ping"}``. Anything else is one :class:`BadMessage` with a
reason code the page words in its language; the connection stays open.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Union

from magdagdon.engine import Accept, Action, ActionParseError, Adjust, Confirm, PlaceRuin, Reroll, Stage, TakeBack, \
    TakeBackAll, parse_action

from magdagdon.party.results import results_of

from .room import Room, RoomPhase, RoomSnapshot, Seat, SeatSnapshot, SeatStatus

MAX_MESSAGE_BYTES = 1024
MAX_FIELD_CHARS = 128  # a name is cleaned to 12 characters (an emoji sequence up to 10 code points each); a secret is 24


class BadMessage(Exception):
    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(code)


@dataclass(frozen=True)
class Join:
    code: str
    name: str


@dataclass(frozen=True)
class Rejoin:
    code: str
    secret: str


@dataclass(frozen=True)
class Act:
    secret: str
    action: Action


@dataclass(frozen=True)
class Watch:
    code: str


@dataclass(frozen=True)
class Ping:
    pass


Message = Union[Join, Rejoin, Watch, Act, Ping]
_FIELDS = {"join": {"code", "name"}, "rejoin": {"code", "secret"}, "watch": {"code"}, "act": {"secret", "action"},
           "ping": set()}


def parse_message(text: object) -> Message:
    if not isinstance(text, str):
        raise BadMessage("not_text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise BadMessage("too_large")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("bad_json") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise BadMessage("bad_json")
    kind = raw["type"]
    if kind not in _FIELDS:
        raise BadMessage("unknown_type")
    if set(raw) != _FIELDS[kind] | {"type"}:
        raise BadMessage("bad_fields")
    fields = {key: _text(raw[key]) for key in _FIELDS[kind]}
    if kind == "join":
        return Join(fields["code"], fields["name"])
    if kind == "rejoin":
        return Rejoin(fields["code"], fields["secret"])
    if kind == "watch":
        return Watch(fields["code"])
    if kind == "act":
        try:
            action = parse_action(fields["action"])
        except ActionParseError:
            raise BadMessage("bad_action") from None
        return Act(fields["secret"], action)
    return Ping()


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_FIELD_CHARS:
        raise BadMessage("bad_fields")
    try:
        value.encode("utf-8")  # a lone surrogate (a JSON "\ud800" escape) is no text to show or store
    except UnicodeEncodeError:
        raise BadMessage("bad_fields") from None
    return value


def refusal_message(code: str, detail: str = "") -> dict[str, Any]:
    return {"type": "error", "code": code, "detail": detail}


def seat_view(room: Room, index: int, now: float) -> dict[str, Any]:
    """The seat's own state, with what the engine allows it now (the page offers only
    that); the other seats come in rosters. Call with the room's lock held."""
    snapshot = room.snapshot
    seat = room.seats[index]
    return {
        "type": "state",
        "room": room_view(room, now),
        "you": {"seat": index, "name": seat.name, "status": seat.status.value},
        "game": _game_view(seat),
    }


def room_view(room: Room, now: float) -> dict[str, Any]:
    """What every phone is told of the room: its phase and turn, the timer, whether it is
    locked, and once it is finished the standings (places shared by equal scores). Call
    with the room's lock held."""
    snapshot = room.snapshot
    view: dict[str, Any] = {"code": room.code, "phase": snapshot.phase.value, "turn": snapshot.turn,
                            "difficulty": room.difficulty.name, "seconds_left": _seconds_left(snapshot, now),
                            "locked": snapshot.locked}
    if snapshot.phase is RoomPhase.FINISHED:
        view["results"] = standings(room)
    return view


def standings(room: Room) -> list[dict[str, Any]]:
    """Every guest still in the room, best first: place, seat, name, score."""
    seats = [(index, seat) for index, seat in enumerate(room.seats)
             if seat.status is not SeatStatus.REMOVED and seat.game.is_over]
    results = results_of([(seat.name, seat.game) for _, seat in seats])
    return [{"place": standing.place, "seat": seats[standing.seat][0], "name": standing.name,
             "score": standing.breakdown.total} for standing in results.standings]


def watch_message(room: Room, now: float) -> dict[str, Any]:
    """A watching phone's view of the room (it has no seat, no game)."""
    return {"type": "watching", "room": room_view(room, now)}


def roster_entry(seat: SeatSnapshot) -> dict[str, Any]:
    """What every phone shows of a seat: no board, no dice, no moves."""
    return {"seat": seat.index, "name": seat.name, "score": seat.score, "done": seat.done_this_turn,
            "status": seat.status.value, "connected": seat.connected}


def roster_message(snapshot: RoomSnapshot, entries: list[dict[str, Any]], now: float,
                   full: bool = False) -> dict[str, Any]:
    """The seats that changed (every seat when ``full``: a phone that just joined), and the
    turn timer's seconds left."""
    return {"type": "roster", "full": full, "seconds_left": _seconds_left(snapshot, now), "seats": entries}


def _seconds_left(snapshot: RoomSnapshot, now: float) -> int | None:
    return None if snapshot.deadline is None else max(0, int(snapshot.deadline - now + 0.999))


def _game_view(seat: Seat) -> dict[str, Any]:
    game = seat.game
    moves = game.legal_moves()
    stage: dict[str, list[int]] = {}
    adjust: dict[str, list[int]] = {}
    for move in moves:
        if isinstance(move, Stage):
            stage.setdefault(str(move.die), []).append(move.cell)
        elif isinstance(move, Adjust):
            adjust.setdefault(str(move.die), []).append(move.delta)
    return {
        "phase": game.phase.value, "turn": game.turn, "moves": len(game.log), "dice": list(game.dice), "tray": list(game.tray),
        "staged": [list(pair) for pair in game.staged], "board": list(game.board.cells),
        "working": list(game.working_board.cells), "required": game.required if game.dice else 0,
        "stage": stage, "adjust": adjust,
        "take_back": [m.die for m in moves if isinstance(m, TakeBack)],
        "take_back_all": any(isinstance(m, TakeBackAll) for m in moves),
        "reroll": any(isinstance(m, Reroll) for m in moves),
        "confirm": any(isinstance(m, Confirm) for m in moves),
        "accept": any(isinstance(m, Accept) for m in moves),
        "ruin": [m.cell for m in moves if isinstance(m, PlaceRuin)],
        "powers_left": game.powers_left, "next_penalty": game.next_penalty,
        "score": game.score().total, "preview": game.preview_score().total, "over": game.is_over,
    }
