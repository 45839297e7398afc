"""The computer players' hands: on a computer player's party turn, the expert chooses
each action on a worker thread (its search takes up to about half a second, so it never
runs inside a frame), and the table plays it at a pace people can follow.

Where the thinking runs is a service: a worker thread for players, or any ``Executor``
(tests hand in one that thinks at once, so that a fake clock and the computer's moves
stay in step whatever the machine's load)."""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future, ThreadPoolExecutor

from magdagdon.ai import Policy, make_policy
from magdagdon.engine import Action, Game

from .state_machine import StateMachine
from .states.table import TableState

STEP_TICKS = 54  # 0.45 s between the computer's actions


class ComputerTurns:
    def __init__(self, thinker: Executor | None = None) -> None:
        self.policy: Policy | None = None
        self.pool: Executor | None = thinker
        self.thinking: Future[Action] | None = None
        self.thinking_for: Game | None = None
        self.asked_at = -1  # the length of the game's log when the question was asked
        self.wait = STEP_TICKS

    def tick(self, machine: StateMachine) -> None:
        state = machine.top
        if not isinstance(state, TableState) or state.request is not None:
            return
        party = state.party
        session = state.session
        if party is None or not party.computer_to_move(session) or session.moving:
            return
        game = session.game
        if self.thinking is None or self.thinking_for is not game or len(game.log) != self.asked_at:
            self.thinking = self._think(game)
        self.wait -= 1
        if self.wait > 0 or not self.thinking.done():
            return
        action = self.thinking.result()
        self.thinking = None
        self.wait = STEP_TICKS
        state.perform(action)

    def _think(self, game: Game) -> Future[Action]:
        if self.policy is None:
            self.policy = make_policy("expert", random.Random(0))
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer-player")
        policy, position = self.policy, game.copy()
        self.thinking_for, self.asked_at = game, len(game.log)
        return self.pool.submit(policy.choose, position)

    def active(self, machine: StateMachine) -> bool:
        """True while a computer player is at the table (the loop keeps frames coming)."""
        state = machine.top
        if not isinstance(state, TableState) or state.party is None:
            return False
        return state.party.computer_to_move(state.session)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
