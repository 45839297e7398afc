"""Players that choose actions: baselines and the expert. Never imports pygame.

``make_policy(name, rng)`` builds one by name; every policy has ``choose(game)``.
``hint(game)`` is the expert's next action; ``magdagdon.ai.review.review_game`` reviews a
finished game against the expert.
"""

from __future__ import annotations

import random
from typing import Callable

from .expert_policy import ExpertPolicy
from .greedy_policy import GreedyPolicy
from .hint import hint
from .policy import Policy
from .random_policy import RandomPolicy

def _expert(rng: random.Random) -> ExpertPolicy:
    return ExpertPolicy()  # deterministic: it has no use for the RNG


_FACTORIES: dict[str, Callable[[random.Random], Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "expert": _expert,
}
POLICY_NAMES = tuple(_FACTORIES)


def make_policy(name: str, rng: random.Random) -> Policy:
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown policy {name!r}; choose one of {', '.join(POLICY_NAMES)}") from None
    return factory(rng)


__all__ = ["Policy", "POLICY_NAMES", "make_policy", "hint", "RandomPolicy", "GreedyPolicy", "ExpertPolicy"]
