"""GameOver review: the turns where the player's choices lost the most expected score.

Each turn is cut at its decision points: the roll, and the position after every power.
At each one the expert's best choice is valued (:meth:`ExpertPolicy.plan`) and so is the
player's (the power used, the board confirmed, or the ruin accepted), both as expected
final score with the expert's evaluation. The turn's ``loss`` is the sum of the shortfalls,
so luck (what a re-roll happened to show) is never held against the player.
"""

from __future__ import annotations

from dataclasses import dataclass

from magdagdon.engine import RUIN, Game, Phase, Replay, ReplayError
from magdagdon.engine.actions import Action, Adjust, Confirm, PlaceRuin, Reroll, Roll
from magdagdon.engine.game import IllegalMoveError

from .expert_policy import ExpertPolicy
from .turn_search import Cells

MIN_LOSS = 0.5  # points; smaller differences are noise of the evaluation


@dataclass(frozen=True)
class TurnAdvice:
    """What the expert did with that roll, as values for the UI to put into words."""

    powers: tuple[tuple[str, tuple[int, ...]], ...]  # ("minus"/"plus"/"reroll", dice values) in order
    placements: tuple[tuple[int, int], ...]  # (value, cell) of the dice it confirmed
    ruin: int | None  # the cell it ruined, when the turn stayed MAGDAGDON


class TurnNotes:
    """What a turn's actions came to, noted one action at a time (before it is played)."""

    def __init__(self) -> None:
        self.powers: list[tuple[str, tuple[int, ...]]] = []
        self.placements: tuple[tuple[int, int], ...] = ()
        self.ruin: int | None = None
        self.finished = False  # confirmed, or a cell ruined

    def note(self, game: Game, action: Action) -> None:
        if isinstance(action, Adjust):
            self.powers.append(("plus" if action.delta > 0 else "minus", (game.dice[action.die],)))
        elif isinstance(action, Reroll):
            self.powers.append(("reroll", tuple(game.dice[d] for d in action.dice)))
        elif isinstance(action, Confirm):
            self.placements = tuple((game.dice[die], cell) for die, cell in game.staged)
            self.finished = True
        elif isinstance(action, PlaceRuin):
            self.ruin, self.finished = action.cell, True

    def advice(self) -> TurnAdvice:
        return TurnAdvice(tuple(self.powers), self.placements, self.ruin)


@dataclass(frozen=True)
class TurnReview:
    turn: int
    loss: float  # estimated expected points lost against the expert's choice
    played: tuple[Action, ...]  # the player's actions of the turn, after the roll
    suggested: tuple[Action, ...]  # what the expert would have played instead
    advice: TurnAdvice | None = None  # ``suggested`` in values: powers, placements, ruin


def review_game(replay: Replay, limit: int = 3, policy: ExpertPolicy | None = None) -> list[TurnReview]:
    """The ``limit`` turns with the largest loss (largest first), losses ≥ MIN_LOSS only."""
    expert = policy if policy is not None else ExpertPolicy()
    game = Game(replay.difficulty, replay.seed)
    reviews: list[TurnReview] = []
    actions = list(replay.actions)
    i = 0
    while i < len(actions):
        action = actions[i]
        _play(game, action, i)
        i += 1
        if not isinstance(action, Roll):
            continue
        start = game.copy()
        played: list[Action] = []
        loss = 0.0
        decision = game.copy()  # position of the current decision point
        while i < len(actions) and not isinstance(actions[i], Roll):
            action = actions[i]
            if isinstance(action, (Adjust, Reroll)):
                loss += _shortfall(expert, decision, _power_value(expert, decision, action))
            elif isinstance(action, Confirm):
                value = expert.end_of_turn_value(game.difficulty, game.board.cells, game.working_board.cells)
                loss += _shortfall(expert, decision, value - game.difficulty.penalty_for(game.powers_used))
            elif isinstance(action, PlaceRuin):
                cells = game.board.with_cell(action.cell, RUIN).cells
                loss += _shortfall(expert, decision, _ruin_value(expert, game, cells))
            _play(game, action, i)
            played.append(action)
            i += 1
            if isinstance(action, (Adjust, Reroll)):
                decision = game.copy()
        if loss >= MIN_LOSS:
            suggested, advice = _expert_turn(expert, start)
            reviews.append(TurnReview(start.turn, round(loss, 1), tuple(played), suggested, advice))
    reviews.sort(key=lambda r: (-r.loss, r.turn))
    return reviews[:limit]


def _play(game: Game, action: Action, index: int) -> None:
    try:
        game.play(action)
    except IllegalMoveError as error:
        raise ReplayError(f"action {index + 1}: {error}") from None


def _shortfall(expert: ExpertPolicy, decision: Game, value: float) -> float:
    best = expert.plan(decision).value
    return max(0.0, best - value)


def _ruin_value(expert: ExpertPolicy, game: Game, cells: Cells) -> float:
    value = expert.end_of_turn_value(game.difficulty, game.board.cells, cells, ruin=True)
    return value - game.difficulty.penalty_for(game.powers_used)


def _power_value(expert: ExpertPolicy, game: Game, power: Action) -> float:
    options = expert.power_options(game.difficulty, game.board.cells, game.dice, game.powers_used, every=True)
    return next(value for action, value in options if action == power)


def _expert_turn(expert: ExpertPolicy, start: Game) -> tuple[tuple[Action, ...], TurnAdvice]:
    """The expert's actions from the position after the roll to the end of the turn, and
    the same as advice values."""
    game = start.copy()
    actions: list[Action] = []
    notes = TurnNotes()
    while game.phase not in (Phase.ROLL, Phase.GAME_OVER):
        action = expert.choose(game)
        notes.note(game, action)
        actions.append(action)
        game.push(action)
    return tuple(actions), notes.advice()


__all__ = ["TurnAdvice", "TurnNotes", "TurnReview", "review_game"]
