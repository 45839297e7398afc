"""The kiosk's director: idle on a resting screen → the attract loop; idle mid-game → "Still
playing?" and then the game set aside; the first input in the attract loop wakes the game
and does nothing else.

It watches the input the control object hands it and the states on the machine, and acts
on the machine the way the autoplay does (restarting it with the states it names).
When the attract loop begins, the next guest's start is made ready (the kiosk's own language,
difficulty and settings, whatever the last guest picked) and the kiosk.json
notice the operator saw on the title goes. The attract steps (``kiosk.json``): the title card; today's and all-time tables with
names; today's best recorded game, played back through the real game states from its
verified replay; how to play in three animated steps; the expert playing a game.

A phones' room a guest opened (``kiosk.json``'s ``phones``) counts its phones' actions as
input; with guests in it, a quiet room asks "Still playing?" like a game, and one with none
(or finished) gives way to the attract loop after the idle time. The attract loop never
runs with a room open: it closes the room first (the phones are told).
"""

from __future__ import annotations

from typing import Callable

import pygame

from magdagdon.engine import Difficulty, Game
from magdagdon.phones.room import RoomPhase, RoomSnapshot, SeatStatus
from magdagdon.storage import RecordedGame
from magdagdon.storage.kiosk_config import KioskConfig
from magdagdon.storage.today import best_of_day, todays_table

from ..table.games import Games
from ..table.session import KIOSK_DEMO_CAPTION
from ..input.gamepad import JOY_DEAD_ZONE, STICK_DEAD_ZONE
from ..shell.payloads import Card, CardToShow, Countdown
from ..shell.play_context import PlayContext
from ..players.autoplay import Autoplay
from ..shell.state_machine import StateMachine
from .attract_plan import ROWS_SHOWN, ScoreTables
from .still_playing import StillPlaying
from ..table.table_state import TableState
from ..services.store_access import StoreAccess
from ..shell.screen_key import ScreenKey

INTRO_SECONDS = 3.0  # "Best today: ANA — 484" before its game plays back
LONGEST_DEMO_SECONDS = 300.0  # a played-back game that never ends still lets the loop go on
CARDS = {card.value: card for card in (Card.TITLE, Card.SCORES, Card.HOW_TO_PLAY)}  # kiosk.json's step names


def is_input(event: pygame.event.Event) -> bool:
    """A person did something (not a window, device or jitter event)."""
    kind = event.type
    if kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.FINGERDOWN,
                pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN):
        return True
    if kind == pygame.CONTROLLERAXISMOTION:
        return bool(abs(getattr(event, "value", 0)) >= STICK_DEAD_ZONE)
    if kind == pygame.JOYAXISMOTION:
        return bool(abs(getattr(event, "value", 0.0)) >= JOY_DEAD_ZONE)
    if kind == pygame.JOYHATMOTION:
        return tuple(getattr(event, "value", (0, 0))) != (0, 0)
    return False


def room_in_use(room: RoomSnapshot | None) -> bool:
    """A room with guests still to play: quiet there asks "Still playing?" first."""
    if room is None:
        return False
    if room.phase is RoomPhase.PLAYING:
        return True
    return room.phase is RoomPhase.LOBBY and any(seat.status is not SeatStatus.REMOVED for seat in room.seats)


def read_score_tables(storage: StoreAccess, games: Games, difficulties: tuple[Difficulty, ...]) -> ScoreTables:
    """Today's and all-time best of each difficulty, and today's best name and score."""
    store = storage.store
    if store is None:
        return ScoreTables([], None)
    try:
        today = games.today()
        tables = [(d, todays_table(store, d, today), store.high_scores(d)[:ROWS_SHOWN]) for d in difficulties]
    except OSError:
        return ScoreTables([], None)
    best = min((entries[0] for _, entries, _ in tables if entries), key=lambda e: e.sort_key, default=None)
    return ScoreTables([(d, t[:ROWS_SHOWN], a) for d, t, a in tables], None if best is None else (best.name, best.score))


class KioskDirector:
    def __init__(self, config: KioskConfig, games: Games, autoplay: Autoplay, storage: StoreAccess,
                 notice_seen: Callable[[], None] = lambda: None, fresh_guest: Callable[[], None] = lambda: None,
                 room: Callable[[], RoomSnapshot | None] = lambda: None,
                 close_room: Callable[[], None] = lambda: None) -> None:
        self.config, self.games, self.autoplay, self.storage = config, games, autoplay, storage
        self.notice_seen = notice_seen  # the evening has begun: the title's kiosk.json notice goes
        self.fresh_guest = fresh_guest  # the kiosk's own language, difficulty and settings again
        self.room, self.close_room = room, close_room  # the phones' room open now, if any; closing it
        self.room_version = -1  # the room's state last seen: a change is its phones' input
        self.last_input: float | None = None
        self.attracting = False
        self.step = -1
        self.step_started = 0.0
        self.replay_pending: RecordedGame | None = None
        self.demo_running = False
        self.demo_games_at = 0

    # --- input ----------------------------------------------------------------------------
    def note(self, event: pygame.event.Event, machine: StateMachine, now: float) -> bool:
        """Note a person's input; True when it was used up here (it woke the attract loop
        or answered "Still playing?") and must do nothing else."""
        if not is_input(event):
            return False
        self.last_input = now
        if self.attracting:
            self.wake(machine)
            return True
        if machine.top_key is ScreenKey.STILL_PLAYING:
            machine.top.pop()
            machine.apply_requests()
            return True
        return False

    # --- time -----------------------------------------------------------------------------
    def tick(self, machine: StateMachine, now: float) -> None:
        if self.last_input is None:
            self.last_input = now
        quiet = now - self.last_input
        if self.attracting:
            self._advance(machine, now)
            return
        top = machine.top_key
        if top is ScreenKey.STILL_PLAYING:
            still = machine.top
            if isinstance(still, StillPlaying) and still.seconds_left <= 0:
                self.abandon(machine, now)
            return
        if top is ScreenKey.NAME_ENTRY:
            return  # it has its own time-out, then records under the default name
        room = self.room()
        if room is not None and room.version != self.room_version:
            self.room_version, self.last_input = room.version, now  # a phone did something
            quiet = 0.0
        if self.game_in_progress(machine) or room_in_use(room):
            self.notice_seen()
            if quiet >= self.config.abandon_seconds:
                machine.top.push(ScreenKey.STILL_PLAYING, Countdown(float(self.config.countdown_seconds)))
                machine.apply_requests()
        elif quiet >= self.config.idle_seconds:
            self.start_attract(machine, now)

    def game_in_progress(self, machine: StateMachine) -> bool:
        if machine.context.party_in_play() is not None:
            return True  # a hand-over waits for the next player: ask before leaving the party
        bottom = machine.stack[0]
        if not isinstance(bottom, TableState):
            return False
        session = bottom.session
        return not session.demo and session.game.turn > 0 and not session.game.is_over

    # --- the abandoned game ---------------------------------------------------------------
    def abandon(self, machine: StateMachine, now: float) -> None:
        """Nobody answered: the game is set aside unrecorded (its save removed, so the next
        guest is not offered it) and the attract loop begins. A phones' room is closed (its
        file kept: its guests' confirmed turns stay theirs; a kiosk offers no room again)."""
        bottom = machine.stack[0]
        if self.room() is not None:
            pass  # closed as the attract loop begins
        elif machine.context.party_in_play() is not None:
            pass  # the party file holds every finished turn: Party → Continue picks it up
        elif isinstance(bottom, TableState):
            bottom.session.abandoned = True  # never saved nor recorded from here on
        store = self.storage.store
        if store is not None:
            store.clear_in_progress()
        self.games.saved = None
        self.start_attract(machine, now)

    # --- the attract loop -----------------------------------------------------------------
    def start_attract(self, machine: StateMachine, now: float) -> None:
        if self.room() is not None:
            self.close_room()  # nobody is at the screen to host it
        self.notice_seen()
        self.fresh_guest()  # a guest's choices stay with that guest
        self.attracting = True
        self.step = -1
        self._next_step(machine, now)

    def wake(self, machine: StateMachine) -> None:
        self.attracting = False
        self.demo_running = False
        self.replay_pending = None
        self.autoplay.play_back(None)
        machine.restart(ScreenKey.ROLLING, PlayContext(self.games.new_session()), (ScreenKey.TITLE,))

    def _next_step(self, machine: StateMachine, now: float) -> None:
        steps = self.config.attract_steps
        for _ in range(len(steps)):
            self.step = (self.step + 1) % len(steps)
            if self._show(steps[self.step], machine):
                self.step_started = now
                return
        self._show("title", machine)  # nothing else to show (no games today, say)
        self.step_started = now

    def _show(self, kind: str, machine: StateMachine) -> bool:
        self.autoplay.play_back(None)
        self.demo_running = False
        self.replay_pending = None
        if kind in CARDS:
            machine.restart(ScreenKey.ATTRACT_CARD, PlayContext(), payload=CardToShow(CARDS[kind]))
            return True
        if kind == "best_today":
            store = self.storage.store
            best = best_of_day(store, self.games.today(), self.config.difficulties) if store is not None else None
            if best is None:
                return False
            self.replay_pending = best
            machine.restart(ScreenKey.ATTRACT_CARD, PlayContext(), payload=CardToShow(Card.BEST_TODAY))
            return True
        if kind == "expert_demo":
            self._play(machine, None)
            return True
        return False

    def _play(self, machine: StateMachine, recorded: RecordedGame | None) -> None:
        """A game played through the real states: a recorded one action by action, or the expert's."""
        games, autoplay = self.games, self.autoplay
        autoplay.play_back(None if recorded is None else recorded.replay.actions)
        if recorded is not None:
            replay = recorded.replay
            # Not the expert's demo: the caption says whose game it is.
            session = games.demo_session(Game(replay.difficulty, replay.seed), ("attract.best_game", {"name": recorded.name}))
        else:
            session = games.demo_session(caption=KIOSK_DEMO_CAPTION)  # a touch screen: no "press any key"
        self.demo_running = True
        self.demo_games_at = autoplay.games_shown
        machine.restart(ScreenKey.ROLLING, PlayContext(session))

    def _advance(self, machine: StateMachine, now: float) -> None:
        elapsed = now - self.step_started
        if self.replay_pending is not None:
            if elapsed >= INTRO_SECONDS:
                recorded, self.replay_pending = self.replay_pending, None
                self._play(machine, recorded)
                self.step_started = now
            return
        if self.demo_running:
            if self.autoplay.games_shown > self.demo_games_at or elapsed >= LONGEST_DEMO_SECONDS:
                self._next_step(machine, now)
            return
        if elapsed >= self.config.attract_step_seconds:
            self._next_step(machine, now)

