"""The expert: each decision is one question to the search (:mod:`magdagdon.ai.planner`).

After a roll, and after every power, the policy asks the planner for the position's
:class:`~magdagdon.ai.planner.Decision` and plays it out one action at a time: the power,
or the placements in a legal order and CONFIRM, or ACCEPT and the ruin. The search method
(the learned evaluation, the look-ahead, how powers are weighed) is described in
:mod:`magdagdon.ai.planner`.

Everything is a pure function of the position, so the policy is deterministic and
:func:`magdagdon.ai.hint.hint` equals what it plays.
"""

from __future__ import annotations

from dataclasses import replace

from magdagdon.engine import Board, Difficulty, Game, Phase
from magdagdon.engine.actions import Accept, Action, Adjust, Confirm, PlaceRuin, Reroll, Roll, Stage, TakeBackAll
from magdagdon.engine.legality import legal_mask

from .planner import SETTINGS, Decision, Planner, Position


class ExpertPolicy:
    name = "expert"

    def __init__(self, lookahead: bool = True, planners: dict[Difficulty, Planner] | None = None) -> None:
        self.lookahead = lookahead  # False: a weaker, ten times faster expert (quick tests)
        self._planners: dict[Difficulty, Planner] = dict(planners or {})  # given: play by these searches

    def planner(self, difficulty: Difficulty) -> Planner:
        planner = self._planners.get(difficulty)
        if planner is None:
            settings = SETTINGS[difficulty] if self.lookahead else replace(SETTINGS[difficulty], lookahead=False)
            planner = self._planners[difficulty] = Planner(difficulty, settings)
        return planner

    def decide(self, game: Game) -> Decision:
        """The expert's decision for the roll on the permanent board (staging ignored)."""
        return self.planner(game.difficulty).decide(Position.of(game))

    # --- the Policy protocol ---------------------------------------------------------
    def choose(self, game: Game) -> Action:
        phase = game.phase
        if phase is Phase.ROLL:
            return Roll()
        if phase is Phase.GAME_OVER:
            raise ValueError(f"no move in phase {phase}")
        decision = self.decide(game)
        if phase is Phase.RUIN_PICK:
            assert decision.ruin is not None
            return PlaceRuin(decision.ruin)
        if phase is Phase.MAGDAGDON:
            return decision.power if decision.power is not None else Accept()
        return self._staging_action(game, decision)

    # --- turning a decision into the next action ---------------------------------------
    def _staging_action(self, game: Game, decision: Decision) -> Action:
        if decision.power is not None:
            if _power_dice(decision.power) <= set(game.tray):
                return decision.power
            return TakeBackAll()
        target = dict((cell, value) for value, cell in decision.path)
        staged_ok = all(target.get(cell) == game.dice[die] for die, cell in game.staged)
        if staged_ok:
            placed = {cell for _, cell in game.staged}
            todo = [(v, c) for v, c in decision.path if c not in placed]
            if not todo:
                return Confirm()
            order = _placement_order(game, todo)
            if order is not None:
                return order
        return TakeBackAll()


def _power_dice(action: Adjust | Reroll) -> set[int]:
    return {action.die} if isinstance(action, Adjust) else set(action.dice)


def _placement_order(game: Game, todo: list[tuple[int, int]]) -> Stage | None:
    """The first Stage of a legal order placing ``todo`` from the working board."""
    tray = list(game.tray)

    def extend(board: Board, remaining: list[tuple[int, int]]) -> bool:
        if not remaining:
            return True
        for i, (v, c) in enumerate(remaining):
            if legal_mask(board, v) >> c & 1 and extend(board.with_cell(c, v), remaining[:i] + remaining[i + 1 :]):
                return True
        return False

    board = game.working_board
    for i, (v, c) in enumerate(todo):
        if legal_mask(board, v) >> c & 1 and extend(board.with_cell(c, v), todo[:i] + todo[i + 1 :]):
            die = next((d for d in tray if game.dice[d] == v), None)
            if die is None:
                return None
            return Stage(die, c)
    return None
