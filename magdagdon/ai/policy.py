"""What every player (random, greedy, expert) offers: one legal action at a time."""

from __future__ import annotations

from typing import Protocol

from magdagdon.engine import Game
from magdagdon.engine.actions import Action


class Policy(Protocol):
    name: str

    def choose(self, game: Game) -> Action:
        """A legal action for ``game`` (not game over). Must not change ``game``."""
        ...
