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

    def choose(self, game: Game) -> Action:
        phase = game.phase
        if phase is Phase.ROLL:
            return Roll()
        if phase is Phase.MAGDAGDON:
            return Accept()
        if phase is Phase.RUIN_PICK:
            return PlaceRuin(self.rng.choice(game.board.empty_cells()))
        if phase is Phase.STAGING:
            need = game.required - len(game.staged)
            if need <= 0:
                return Confirm()
            tray = {die: game.dice[die] for die in game.tray}
            plan = random_placement(game.working_board, tray, need, self.rng)
            if plan is None:  # only after someone else's bad staging; start again
                return TakeBackAll()
            die, cell = plan[0]
            return Stage(die, cell)
        raise ValueError(f"no move in phase {phase}")
