"""The baseline that takes the best immediate score each turn and never uses powers."""

from __future__ import annotations

import random

from magdagdon.engine import RUIN, Game, Phase, score_total
from magdagdon.engine.actions import Accept, Action, Confirm, PlaceRuin, Roll, Stage, TakeBackAll

from .placements import reachable_boards


class GreedyPolicy:
    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # ties are broken by order, so the policy is deterministic anyway
        self._plan: list[tuple[int, int]] = []
        self._plan_key: tuple | None = None

    def choose(self, game: Game) -> Action:
        phase = game.phase
        if phase is Phase.ROLL:
            return Roll()
        if phase is Phase.MAGDAGDON:
            return Accept()
        if phase is Phase.RUIN_PICK:
            return PlaceRuin(self._best_ruin(game))
        if phase is Phase.STAGING:
            key = (game.board, game.dice, game.turn)
            if key != self._plan_key:
                if game.staged:
                    return TakeBackAll()  # plan from a clean staging
                self._plan_key = key
                self._plan = self._best_plan(game)
            done = len(game.staged)
            if done < len(self._plan):
                die, cell = self._plan[done]
                return Stage(die, cell)
            return Confirm()
        raise ValueError(f"no move in phase {phase}")

    def _best_plan(self, game: Game) -> list[tuple[int, int]]:
        tray = {die: game.dice[die] for die in game.tray}
        best, best_path = None, ()
        for board, path in reachable_boards(game.board, tray, game.required):
            value = score_total(board, game.difficulty, game.powers_used)
            if best is None or value > best:
                best, best_path = value, path
        return list(best_path)

    def _best_ruin(self, game: Game) -> int:
        return max(
            game.board.empty_cells(),
            key=lambda c: score_total(game.board.with_cell(c, RUIN), game.difficulty, game.powers_used),
        )
