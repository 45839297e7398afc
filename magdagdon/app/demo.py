"""Attract mode: a policy plays through the real game states, one action at a time."""

from __future__ import annotations

import random
import time

from .states.table import TableState

STEP_TICKS = 40  # a third of a second between moves, so people can follow
RESTART_TICKS = 480  # a finished demo game stays on screen for 4 s


def make_demo_policy(rng: random.Random):
    from magdagdon.ai import make_policy

    try:
        return make_policy("expert", rng)
    except ValueError:  # the expert is not registered yet
        return make_policy("greedy", rng)


class DemoDriver:
    def __init__(self, ctx, seed: int) -> None:
        self.ctx = ctx
        self.rng = random.Random(seed)
        self.policy = None
        self.wait = STEP_TICKS
        self.think_seconds = 0.0  # CPU spent choosing moves (for scripts/bench_frames.py)
        self.moves = 0

    def tick(self, machine) -> None:
        if not self.ctx.demo:
            return
        state = machine.top
        if not isinstance(state, TableState) or state.request is not None:
            return
        session = state.session
        if session.moving:
            return
        self.wait -= 1
        if self.wait > 0:
            return
        self.wait = STEP_TICKS
        game = session.game
        if game.is_over:
            if getattr(state, "demo_shown", False):  # the result has been on screen: go again
                state.persist["session"] = self.ctx.new_session(game.difficulty)
                state.reset("rolling")
            else:
                state.demo_shown = True
                self.wait = RESTART_TICKS
            return
        if self.policy is None:
            self.policy = make_demo_policy(self.rng)
        start = time.process_time()
        action = self.policy.choose(game)
        self.think_seconds += time.process_time() - start
        state.perform(action)
        self.moves += 1
