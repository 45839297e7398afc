"""Attract mode: the expert plays through the real game states, one action at a time; or a
recorded game is played back the same way, action by action from its replay."""

from __future__ import annotations

import random
import time

from magdagdon.ai import Policy, make_policy
from magdagdon.engine import Action

from .games import Games
from .state_machine import StateMachine
from .states.table import TableState

STEP_TICKS = 40  # a third of a second between moves, so people can follow
RESTART_TICKS = 480  # a finished demo game stays on screen for 4 s


class DemoDriver:
    def __init__(self, games: Games, seed: int) -> None:
        self.games = games
        self.rng = random.Random(seed)
        self.policy: Policy | None = None
        self.wait = STEP_TICKS
        self.think_seconds = 0.0  # CPU spent choosing moves (for scripts/bench_frames.py)
        self.moves = 0
        self.shown_over = False  # the finished demo game has been on screen a while
        self.script: list[Action] | None = None  # a replay's actions still to play, or None: the expert
        self.games_shown = 0  # finished games shown whole (the kiosk's attract loop moves on)

    def tick(self, machine: StateMachine) -> None:
        state = machine.top
        if not isinstance(state, TableState) or state.request is not None:
            return
        session = state.session
        if not session.demo or session.moving:
            return
        self.wait -= 1
        if self.wait > 0:
            return
        self.wait = STEP_TICKS
        game = session.game
        if game.is_over:
            if self.shown_over:  # the result has been on screen: go again
                self.shown_over = False
                self.games_shown += 1
                self.script = None
                machine.context.session = self.games.demo_session(self.games.fresh_game(game.difficulty))
                state.reset("rolling")
            else:
                self.shown_over = True
                self.wait = RESTART_TICKS
            return
        if self.policy is None:
            self.policy = make_policy("expert", self.rng)
        start = time.process_time()
        action = self.script.pop(0) if self.script else self.policy.choose(game)
        self.think_seconds += time.process_time() - start
        state.perform(action)
        self.moves += 1
