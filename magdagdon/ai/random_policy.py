"""The baseline that plays any legal turn: random dice, random cells, no powers."""

from __future__ import annotations

import random

from magdagdon.engine import Game, Phase
from magdagdon.engine.actions import Accept, Action, Confirm, PlaceRuin, Roll, Stage, TakeBackAll

from .placements import random_placement


class RandomPolicy:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._plan: list[tuple[int, int]] = []
        self._plan_key: tuple | None = None

    def choose(self, game: Game) -> Action:
        phase = game.phase
        if phase is Phase.ROLL:
            return Roll()
        if phase is Phase.MAGDAGDON:
            return Accept()
        if phase is Phase.RUIN_PICK:
            return PlaceRuin(self.rng.choice(game.board.empty_cells()))
        if phase is Phase.STAGING:
            return self._staging_move(game)
        raise ValueError(f"no move in phase {phase}")

    def _staging_move(self, game: Game) -> Action:
        """Follow one random complete placement per turn, drawn when staging is empty."""
        key = (game.turn, game.dice, game.board)
        if key != self._plan_key:
            if game.staged:
                return TakeBackAll()  # somebody else staged; plan from a clean tray
            tray = {die: game.dice[die] for die in game.tray}
            self._plan = random_placement(game.board, tray, game.required, self.rng) or []
            self._plan_key = key
        done = len(game.staged)
        if done >= game.required:
            return Confirm()
        die, cell = self._plan[done]
        return Stage(die, cell)
