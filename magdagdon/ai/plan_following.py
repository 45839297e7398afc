"""Shared turn flow of the baseline players: plan the staging once per roll, then follow it."""

from __future__ import annotations

from magdagdon.engine import Board, Game, Phase
from magdagdon.engine.actions import Accept, Action, Confirm, PlaceRuin, Roll, Stage, TakeBackAll


class PlanFollowingPolicy:
    """Roll, accept every MAGDAGDON, never use a power; subclasses choose the plan and ruin."""

    name = "plan-following"

    def __init__(self) -> None:
        self._plan: list[tuple[int, int]] = []
        self._plan_key: tuple[int, tuple[int, ...], Board] | None = None  # turn, dice, board

    def plan_turn(self, game: Game) -> list[tuple[int, int]]:
        """(die, cell) placements in a legal order, at least ``game.required`` of them."""
        raise NotImplementedError

    def ruin_cell(self, game: Game) -> int:
        raise NotImplementedError

    def choose(self, game: Game) -> Action:
        phase = game.phase
        if phase is Phase.ROLL:
            return Roll()
        if phase is Phase.MAGDAGDON:
            return Accept()
        if phase is Phase.RUIN_PICK:
            return PlaceRuin(self.ruin_cell(game))
        if phase is Phase.STAGING:
            key = (game.turn, game.dice, game.board)
            if key != self._plan_key:
                if game.staged:
                    return TakeBackAll()  # somebody else staged: plan from a clean tray
                self._plan = self.plan_turn(game)
                self._plan_key = key
            done = len(game.staged)
            if done < len(self._plan):
                die, cell = self._plan[done]
                return Stage(die, cell)
            return Confirm()
        raise ValueError(f"no move in phase {phase}")
