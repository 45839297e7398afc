"""HINT: the coach's next action for a position, without playing it."""

from __future__ import annotations

from magdagdon.engine import Game
from magdagdon.engine.actions import Action

from .coach_policy import CoachPolicy
from .expert_policy import ExpertPolicy


def hint(game: Game, policy: ExpertPolicy | None = None) -> Action:
    """What the coach (:mod:`magdagdon.ai.coach`) would play next in ``game`` (which is left
    unchanged): the best of the position's candidates by the estimator's playouts where the
    search's choice is in doubt, the search's choice where it is not. Pass a long-lived
    ``policy`` to reuse its cache between hints (any expert policy: the search's alone is
    the fast path)."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to hint")
    player = policy if policy is not None else CoachPolicy()
    return player.choose(game.copy())
