"""Plays the seats no person holds, through the real game states, at a pace people can
follow: the demo (the expert, or the kiosk's best game of the day played back from its
replay) and a party's computer players. Each move is asked of the seat's controller a
step ahead, so the expert thinks on the worker while the last move is still on screen."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Sequence

from magdagdon.engine import Action, Game
from magdagdon.storage.computer_strength import ComputerStrength

from ..table.games import Games
from ..shell.state_machine import StateMachine
from ..table.table_state import TableState
from .seats import Controller, ComputerSeat, PersonSeat, ScriptedSeat
from .worker import Worker
from ..shell.loop import ticks
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from magdagdon.ai import Policy

    from ..party.play import PartyPlay

DEMO_STEP_TICKS = ticks(1 / 3)  # between the demo's moves
COMPUTER_STEP_TICKS = ticks(0.45)  # between a computer player's
RESTART_TICKS = ticks(4.0)  # a finished demo game stays on screen


def expert(seed: int) -> Policy:
    from magdagdon.ai import make_policy  # loaded after the first frame (Control.finish_startup), not at start

    return make_policy("expert", random.Random(seed))


def computer_player(strength: ComputerStrength, seed: int) -> Policy:
    from magdagdon.ai import make_policy

    return make_policy(strength.policy_name, random.Random(seed))


def shared(make: Callable[[], Policy]) -> Callable[[], Policy]:
    """One policy for all the seats that use it (its tables load once; seats move in turn)."""
    made: list[Policy] = []

    def get() -> Policy:
        if not made:
            made.append(make())
        return made[0]

    return get


class Autoplay:
    def __init__(self, games: Games, worker: Worker, demo_seed: int) -> None:
        self.games = games
        self.worker = worker
        self.demo_expert = ComputerSeat(worker, shared(lambda: expert(demo_seed)))
        self.computer_policy = shared(lambda: expert(0))
        self.script: ScriptedSeat | None = None  # the demo plays a recorded game back, or the expert plays
        self.seats: dict[int, Controller] = {}  # a party's seats, by number
        self.seats_of: PartyPlay | None = None
        self.person = PersonSeat()
        self.moving: Controller = self.person  # the controller that moved last
        self.wait = DEMO_STEP_TICKS
        self.ready: tuple[Game, int, Action] | None = None  # an answer, waiting for its time
        self.moves = 0
        self.shown_over = False  # the finished demo game has been on screen a while
        self.games_shown = 0  # finished demo games shown whole (the kiosk's attract loop moves on)

    # --- what the demo plays ------------------------------------------------------------
    def play_back(self, actions: Sequence[Action] | None) -> None:
        """The demo's next game: these recorded actions, or (None) the expert's own."""
        self.script = None if actions is None else ScriptedSeat(actions)
        self.shown_over = False
        self.ready = None
        self.demo_expert.forget()

    # --- who moves ----------------------------------------------------------------------
    def controller_for(self, state: TableState) -> tuple[Controller, int]:
        """The controller of the seat to move at this table, and its pace in ticks."""
        if state.session.demo:
            return (self.script or self.demo_expert), DEMO_STEP_TICKS
        party = state.party
        if party is None:
            return self.person, 0
        seat = party.seat_of(state.session)
        if seat is None or seat != party.party.current_index:
            return self.person, 0
        return self._party_seat(party, seat), COMPUTER_STEP_TICKS

    def _party_seat(self, party: PartyPlay, seat: int) -> Controller:
        if self.seats_of is not party:
            self.seats_of = party
            self.seats = {number: self._computer_seat(party, number, player.strength) if player.computer
                          else self.person for number, player in enumerate(party.players)}
        return self.seats.get(seat, self.person)

    def _computer_seat(self, party: PartyPlay, seat: int, strength: ComputerStrength) -> ComputerSeat:
        if strength is ComputerStrength.EXPERT:  # one expert for every seat: it plays by the position alone
            return ComputerSeat(self.worker, self.computer_policy)
        # A beginner or a regular draws its choices: each seat its own draws, the same each
        # time this party is played from its start.
        from magdagdon.party import MAX_PLAYERS  # a party is loaded when first played, not at start

        seed = party.party.seed * MAX_PLAYERS + seat
        return ComputerSeat(self.worker, lambda: computer_player(strength, seed))

    def active(self, machine: StateMachine) -> bool:
        """True while a seat no person holds is to move (the loop keeps frames coming)."""
        state = machine.top
        return isinstance(state, TableState) and self.controller_for(state)[0] is not self.person

    # --- each tick ----------------------------------------------------------------------
    def tick(self, machine: StateMachine) -> None:
        state = machine.top
        if not isinstance(state, TableState) or state.request is not None:
            return
        controller, pace = self.controller_for(state)
        if controller is self.person:
            return
        if controller is not self.moving:  # a new hand at the table: its first move after a pause too
            self.moving, self.wait, self.ready = controller, pace, None
        session = state.session
        if session.moving:
            return
        game = session.game
        if game.is_over:
            if session.demo:
                self._demo_over(state, machine)
            return
        if self.ready is None or self.ready[:2] != (game, len(game.log)):
            action = controller.next_action(game)  # asked ahead: the expert thinks while we wait
            self.ready = None if action is None else (game, len(game.log), action)
        self.wait -= 1
        if self.wait > 0 or self.ready is None:
            return
        action = self.ready[2]
        self.ready = None
        self.wait = pace
        state.perform(action)
        self.moves += 1

    def _demo_over(self, state: TableState, machine: StateMachine) -> None:
        """A finished demo game stays on screen a while, then the demo plays another."""
        self.wait -= 1
        if self.wait > 0:
            return
        if not self.shown_over:
            self.shown_over = True
            self.wait = RESTART_TICKS
            return
        self.shown_over = False
        self.games_shown += 1
        self.script = None
        self.wait = DEMO_STEP_TICKS
        machine.context.session = self.games.demo_session(self.games.fresh_game(state.session.game.difficulty))
        state.reset(ScreenKey.ROLLING)

    def close(self) -> None:
        self.worker.close()
