"""A room of guests playing the same dice from their phones (pure: no I/O, no clock).

Every seat plays its own engine ``Game`` on the room's seed and difficulty, so everyone's
turn ``t`` and k-th re-roll in it show the same dice (RULES.md §10). The room decides
nothing itself: each intention is an engine action, checked by ``Game.why_illegal``.

The room's turn moves on when every *playing* seat in step with it has finished it (or its
board is full); the room then rolls everyone's next turn. A seat that has not finished when
the turn timer runs out is set *away*: the room stops waiting for it, its game keeps what
was staged, and its next action brings it back, to play the turns it missed at once (the
dice do not depend on when they are played). A seat behind the room — back from away, or a
guest who joined after the start and plays the same dice from turn 1 — plays at its own
pace and is waited for again once it is in step. The host may lock the room (nobody new
joins) and remove a guest for good (the addresses that guest's phone used may not join
again). The room is finished when every seat still in it has a full board. docs/PHONES.md
tells the whole story.

Thread safety: the server's asyncio thread changes the room, the game's loop reads it.
Every change runs under one lock and ends by publishing a new frozen :class:`RoomSnapshot`;
``snapshot`` is a plain attribute read, safe from any thread, never half-updated.
"""

from __future__ import annotations

import enum
import hmac
import secrets
import threading
from dataclasses import dataclass, field
from typing import Callable

from magdagdon.engine import Action, Difficulty, Game, Phase, Roll
from magdagdon.party.model import clean_player_name, turns_done
from magdagdon.graphemes import cut
from magdagdon.storage.high_scores import MAX_NAME_CHARACTERS

MAX_SEATS = 50
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
CODE_LENGTH = 6


class RoomPhase(enum.Enum):
    LOBBY = "lobby"  # guests join; the host starts
    PLAYING = "playing"
    FINISHED = "finished"  # every seat still in the room has a full board
    CLOSED = "closed"  # the host closed it before its end (or the game quit): its file resumes it


class SeatStatus(enum.Enum):
    PLAYING = "playing"
    AWAY = "away"  # the turn timer ran out on it: not waited for until it acts again
    REMOVED = "removed"  # the host took it out: its secret opens nothing any more


class Refusal(enum.Enum):
    """Why the room refused something; the phone page words each in its language."""

    WRONG_CODE = "wrong_code"
    ROOM_FULL = "room_full"
    ROOM_STARTED = "room_started"  # (no longer said: a guest may join after the start)
    ROOM_LOCKED = "room_locked"  # the host locked the room: nobody new joins
    ROOM_OVER = "room_over"  # the game is over (or the room closed): nobody joins any more
    ROOM_NOT_PLAYING = "room_not_playing"
    BAD_SECRET = "bad_secret"
    REMOVED = "removed"
    ROOM_ROLLS = "room_rolls"  # rolling is the room's, for everyone at once
    WAITING = "waiting"  # this seat's turn is done; the others are still placing
    ILLEGAL = "illegal"  # the engine's reason goes with it


class RoomRefused(Exception):
    def __init__(self, refusal: Refusal, detail: str = "") -> None:
        self.refusal, self.detail = refusal, detail
        super().__init__(f"{refusal.value}: {detail}" if detail else refusal.value)


@dataclass
class Seat:
    name: str
    secret: str
    game: Game
    status: SeatStatus = SeatStatus.PLAYING
    connected: bool = False
    addresses: set[str] = field(default_factory=set)  # where its phone connected from (for a removal)

    @property
    def in_room(self) -> bool:
        return self.status is not SeatStatus.REMOVED


@dataclass(frozen=True)
class SeatSnapshot:
    index: int
    name: str
    status: SeatStatus
    connected: bool
    cells: tuple[int, ...]  # the permanent board, as Board cells (0 empty, 1..6, RUIN)
    score: int  # the permanent board's score with the powers used
    turns_done: int
    done_this_turn: bool  # finished the room's turn (or a full board): the room waits not
    game_over: bool
    behind: bool = False  # playing turns the room has played already (joined late, back from away)


@dataclass(frozen=True)
class RoomSnapshot:
    """What a screen needs to show the room, at one moment (immutable)."""

    code: str
    phase: RoomPhase
    difficulty: Difficulty
    seed: int
    turn: int  # the room's turn, 0 in the lobby
    deadline: float | None  # the clock time the turn timer runs out, if one is set
    seats: tuple[SeatSnapshot, ...]
    version: int  # grows with every change
    turn_seconds: float | None = None  # the turn timer chosen (None: the room waits for everyone)
    locked: bool = False  # the host locked the room: nobody new joins


def new_room_code(choose: Callable[[str], str] = secrets.choice) -> str:
    return "".join(choose(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass
class Room:
    code: str
    difficulty: Difficulty
    seed: int
    turn_seconds: float | None = None  # the turn timer; None: the room waits for everyone
    seats: list[Seat] = field(default_factory=list)
    phase: RoomPhase = RoomPhase.LOBBY
    turn: int = 0
    deadline: float | None = None
    version: int = 0
    locked: bool = False  # the host's: nobody new joins
    barred: set[str] = field(default_factory=set)  # addresses of removed guests' phones: never join again
    make_secret: Callable[[], str] = field(default=lambda: secrets.token_urlsafe(18), repr=False)

    def __post_init__(self) -> None:
        self._lock = threading.RLock()
        self._views: dict[int, tuple[Game, tuple[object, ...], SeatSnapshot]] = {}  # each seat's, while it holds
        self.snapshot = self._snapshot()

    # --- guests ----------------------------------------------------------------------
    def join(self, code: object, name: object, address: str | None = None, now: float = 0.0) -> int:
        """A new seat for ``name``; its index (the secret is ``seats[index].secret``). In
        the lobby, or after the start: a late guest plays the same dice from turn 1 (its
        first turn is rolled at once). Refused when the room is locked or over, and for an
        ``address`` a removed guest's phone used."""
        with self._lock:
            self.check_code(code)
            if self.phase in (RoomPhase.FINISHED, RoomPhase.CLOSED):
                raise RoomRefused(Refusal.ROOM_OVER)
            if address is not None and address in self.barred:
                raise RoomRefused(Refusal.REMOVED)
            if self.locked:
                raise RoomRefused(Refusal.ROOM_LOCKED)
            if sum(seat.in_room for seat in self.seats) >= MAX_SEATS:
                raise RoomRefused(Refusal.ROOM_FULL)
            shown = self._unique(clean_player_name(name if isinstance(name, str) else "", len(self.seats)))
            self.seats.append(Seat(shown, self.make_secret(), Game(self.difficulty, self.seed)))
            self._move_on(now)  # a late guest's first turn is rolled
            self._changed()
            return len(self.seats) - 1

    def note_address(self, index: int, address: str) -> None:
        """Where seat ``index``'s phone connects from: barred if the host removes it."""
        with self._lock:
            if 0 <= index < len(self.seats):
                self.seats[index].addresses.add(address)

    def _unique(self, name: str) -> str:
        """``name``, or with a number after it when a seat of the room has it already (in any
        case): two guests who both typed "Omar" are told apart on the big screen, on the
        podium and in the tables, not by colour alone."""
        taken = {_compared(seat.name) for seat in self.seats}
        candidate, number = name, 1
        while _compared(candidate) in taken:
            number += 1
            suffix = f" {number}"
            candidate = cut(name, MAX_NAME_CHARACTERS - len(suffix)).rstrip() + suffix
        return candidate

    def check_code(self, code: object) -> None:
        if not isinstance(code, str) or not code.isascii() or \
                not hmac.compare_digest(code.upper().encode(), self.code.encode()):
            raise RoomRefused(Refusal.WRONG_CODE)

    def seat_of(self, secret: object) -> int:
        """The seat this secret opens (compared in constant time); refused otherwise."""
        with self._lock:
            if isinstance(secret, str) and secret.isascii():
                for index, seat in enumerate(self.seats):
                    if hmac.compare_digest(secret.encode(), seat.secret.encode()):
                        if not seat.in_room:
                            raise RoomRefused(Refusal.REMOVED)
                        return index
            raise RoomRefused(Refusal.BAD_SECRET)

    def set_connected(self, index: int, connected: bool) -> None:
        with self._lock:
            if self.seats[index].connected != connected:
                self.seats[index].connected = connected
                self._changed()

    def act(self, secret: object, action: Action, now: float) -> int:
        """Play ``action`` for the seat ``secret`` opens; returns the seat's index.
        Refused (and nothing changed) when the room or the engine says no."""
        with self._lock:
            index = self.seat_of(secret)
            if self.phase is not RoomPhase.PLAYING:
                raise RoomRefused(Refusal.ROOM_NOT_PLAYING)
            seat = self.seats[index]
            if isinstance(action, Roll):
                raise RoomRefused(Refusal.ROOM_ROLLS)
            if seat.game.phase is Phase.ROLL:
                raise RoomRefused(Refusal.WAITING)
            reason = seat.game.why_illegal(action)
            if reason is not None:
                raise RoomRefused(Refusal.ILLEGAL, reason)
            seat.game.play(action)
            seat.status = SeatStatus.PLAYING  # an away seat is back
            self._move_on(now)
            self._changed()
            return index

    # --- the host --------------------------------------------------------------------
    def configure(self, difficulty: Difficulty, turn_seconds: float | None) -> None:
        """The host's choices, in the lobby only. Nothing is played before the start, so
        each seat's game simply begins again on the new difficulty."""
        with self._lock:
            if self.phase is not RoomPhase.LOBBY:
                return
            if difficulty is not self.difficulty:
                self.difficulty = difficulty
                for seat in self.seats:
                    seat.game = Game(difficulty, self.seed)
            self.turn_seconds = turn_seconds
            self._changed()

    def start(self, now: float) -> None:
        with self._lock:
            if self.phase is not RoomPhase.LOBBY or not any(seat.in_room for seat in self.seats):
                return
            self.phase = RoomPhase.PLAYING
            self._move_on(now)
            self._changed()

    def resume(self, now: float) -> None:
        """After a restart from the room's file: the turn timer starts afresh, and what
        was due when the file was written (a roll, the next turn) happens now."""
        with self._lock:
            if self.phase is RoomPhase.PLAYING:
                self.deadline = None if self.turn_seconds is None else now + self.turn_seconds
                self._move_on(now)
                self._changed()

    def remove(self, index: int, now: float) -> None:
        """The host takes a guest out for good: not waited for, never recorded unless already
        over, its secret opens nothing and its phone's addresses may not join again."""
        with self._lock:
            if 0 <= index < len(self.seats) and self.seats[index].in_room:
                seat = self.seats[index]
                seat.status = SeatStatus.REMOVED
                self.barred |= {a for a in seat.addresses if not _is_loopback(a)}
                self._move_on(now)
                self._changed()

    def set_locked(self, locked: bool) -> None:
        """The host locks the room (nobody new joins) or opens it again."""
        with self._lock:
            if self.locked != locked:
                self.locked = locked
                self._changed()

    def tick(self, now: float) -> None:
        """The turn timer: past the deadline, every playing seat that has not finished the
        room's turn is set away, and the room moves on."""
        with self._lock:
            if self.phase is not RoomPhase.PLAYING or self.deadline is None or now < self.deadline:
                return
            for seat in self.seats:
                if seat.status is SeatStatus.PLAYING and self._in_step(seat) and not _done_with(seat.game, self.turn):
                    seat.status = SeatStatus.AWAY
            self._move_on(now)
            self._changed()

    def close(self) -> None:
        """The host closes the room (or the game quits); a finished room stays finished."""
        with self._lock:
            if self.phase in (RoomPhase.LOBBY, RoomPhase.PLAYING):
                self.phase = RoomPhase.CLOSED
                self.deadline = None
                self._changed()

    # --- the turn flow ---------------------------------------------------------------
    def _move_on(self, now: float) -> None:
        """Roll what is due; start the room's next turn once every playing seat is done."""
        if self.phase is not RoomPhase.PLAYING:
            return
        while True:
            self._roll_due()
            in_room = [seat for seat in self.seats if seat.in_room]
            if all(seat.game.is_over for seat in in_room):
                self.phase, self.deadline = RoomPhase.FINISHED, None
                return
            waited = [seat for seat in in_room
                      if seat.status is SeatStatus.PLAYING and not seat.game.is_over and self._in_step(seat)]
            if not waited or not all(_done_with(seat.game, self.turn) for seat in waited):
                return
            self.turn += 1
            self.deadline = None if self.turn_seconds is None else now + self.turn_seconds

    def _in_step(self, seat: Seat) -> bool:
        """The seat has played every turn before the room's: the room waits for it. A seat
        behind (joined late, back from away) catches up at its own pace."""
        return turns_done(seat.game) >= self.turn - 1

    def _roll_due(self) -> None:
        """Each playing seat between turns and behind the room rolls its next turn (a seat
        back from away catches up this way, one turn after another)."""
        for seat in self.seats:
            game = seat.game
            if seat.status is SeatStatus.PLAYING and game.phase is Phase.ROLL and turns_done(game) < self.turn:
                game.play(Roll())

    def _changed(self) -> None:
        self.version += 1
        self.snapshot = self._snapshot()

    def _snapshot(self) -> RoomSnapshot:
        seats = tuple(self._seat_view(index, seat) for index, seat in enumerate(self.seats))
        return RoomSnapshot(self.code, self.phase, self.difficulty, self.seed, self.turn, self.deadline, seats,
                            self.version, self.turn_seconds, self.locked)

    def _seat_view(self, index: int, seat: Seat) -> SeatSnapshot:
        """A seat's snapshot, made again only when something of it changed: one action
        changes one seat, and scoring fifty boards for each would cost the server's thread
        more than the action itself."""
        game = seat.game
        key = (len(game.log), seat.name, seat.status, seat.connected, self.turn, self.phase)
        kept = self._views.get(index)
        if kept is not None and kept[0] is game and kept[1] == key:
            return kept[2]
        behind = self.phase is RoomPhase.PLAYING and not game.is_over and not self._in_step(seat)
        view = SeatSnapshot(index, seat.name, seat.status, seat.connected, game.board.cells, game.score().total,
                            turns_done(game), _done_with(game, self.turn), game.is_over, behind)
        self._views[index] = (game, key, view)
        return view

    def lock(self) -> threading.RLock:
        """Held while the server reads a seat's game to describe it to its phone."""
        return self._lock


def _compared(name: str) -> str:
    """A name as two guests' names are told apart: case and invisible joiners aside."""
    return name.replace("\u200d", "").replace("\u200c", "").casefold()


def _is_loopback(address: str) -> bool:
    """The host's own machine (never a guest's phone: the server listens on the LAN)."""
    return address.startswith("127.") or address in ("::1", "localhost")


def _done_with(game: Game, turn: int) -> bool:
    return game.is_over or (game.phase is Phase.ROLL and turns_done(game) >= turn)
