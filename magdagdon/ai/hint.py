"""HINT: the expert's next action for a position, without playing it."""

from __future__ import annotations

from magdagdon.engine import Game
from magdagdon.engine.actions import Action

from .expert_policy import ExpertPolicy


def hint(game: Game, policy: ExpertPolicy | None = None) -> Action:
    """What the expert would play next in ``game`` (which is left unchanged).

    The expert is a pure function of the position, so this equals what
    ``make_policy("expert", rng).choose(game)`` plays, whatever ``rng``. Pass a long-lived
    ``policy`` to reuse its cache between hints.
    """
    if game.is_over:
        raise ValueError("the game is over: there is no move to hint")
    expert = policy if policy is not None else ExpertPolicy()
    return expert.choose(game.copy())
