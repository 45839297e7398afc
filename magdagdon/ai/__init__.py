"""Players that choose actions: baselines, the party's beginner and regular, and the expert.
Never imports pygame.

``make_policy(name, rng)`` builds one by name; every policy has ``choose(game)``.
``Estimator`` (``magdagdon.ai.estimate``) gives E[final score | position, choice], the one
set of numbers the review (``magdagdon.ai.review``), the replay viewer and the analysis
command show; ``Coach`` (``magdagdon.ai.coach``) decides by them where the search's choice is
in doubt, and ``hint(game)`` is its next action (``CoachPolicy`` plays its moves); ``rescue``
(``magdagdon.ai.rescue``) says whether a power can save a MAGDAGDON roll.
"""

from __future__ import annotations

import random
from typing import Callable

from .coach import Analysis, Coach
from .coach_policy import CoachPolicy
from .beginner_policy import BeginnerPolicy
from .estimate import EndTurn, Estimator, UsePower
from .expert_policy import ExpertPolicy
from .greedy_policy import GreedyPolicy
from .hint import hint
from .planner import Decision, Position
from .policy import Policy
from .random_policy import RandomPolicy
from .regular_policy import RegularPolicy
from .rescue import Rescue, RerollChance, rescue, rescue_for

def _expert(rng: random.Random) -> ExpertPolicy:
    return ExpertPolicy()  # deterministic: it has no use for the RNG


_FACTORIES: dict[str, Callable[[random.Random], Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "beginner": BeginnerPolicy,
    "regular": RegularPolicy,
    "expert": _expert,
}
POLICY_NAMES = tuple(_FACTORIES)


def make_policy(name: str, rng: random.Random) -> Policy:
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown policy {name!r}; choose one of {', '.join(POLICY_NAMES)}") from None
    return factory(rng)


__all__ = [
    "Analysis", "BeginnerPolicy", "Coach", "CoachPolicy", "Decision", "EndTurn", "Estimator", "ExpertPolicy", "GreedyPolicy", "POLICY_NAMES", "Policy", "Position",
    "RandomPolicy", "RegularPolicy", "RerollChance", "Rescue", "UsePower", "hint", "make_policy", "rescue", "rescue_for",
]
