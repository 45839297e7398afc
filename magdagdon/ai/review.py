"""GameOver review: the turns where the player's choices lost the most expected score.

Each turn is cut at its decision points: the roll, and the position after every power.
At each one the player's choice (the power used, the board confirmed, or the ruin) and the
expert's are valued from the same position by the one estimator
(:class:`~magdagdon.ai.estimate.Estimator`), as expected final score. The turn's loss is
the sum of the shortfalls, so luck (what a re-roll happened to show) is never held against
the player; a turn played as the expert would is 0; no shortfall exceeds what the best
play could still make from its position. The review says less rather than more: the
estimator's measured error on such a turn (its ``margin``) is taken off before a turn is
blamed, and turns left with less than ``MIN_LOSS`` are not listed.

Every loss shown is possible: the losses from a turn on never add up to more than the
proven highest final score from that turn's board
(:func:`~magdagdon.ai.score_bounds.highest_final_score`) above the final score. Expected
losses need not obey it (a risky choice that paid off still cost points on average), so
where they would break it the earliest of the turns are told less (:func:`_held_to_possible`):
a player is never told that better play could have won back more than the game still held.
In particular the losses of a game never add up to more than 544 minus its final score.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import floor

from magdagdon.engine import EMPTY, RUIN, Board, Game, Phase, Replay, ReplayError, score_total
from magdagdon.engine.actions import Action, Adjust, Confirm, PlaceRuin, Reroll, Roll
from magdagdon.engine.game import IllegalMoveError

from .estimate import Choice, EndTurn, Estimator, UsePower, loss_margin
from .expert_policy import ExpertPolicy
from .planner import Position
from .score_bounds import highest_final_score

MIN_LOSS = 1.0  # points: the screens show whole points, and a loss that rounds to none is not worth a word


@dataclass(frozen=True)
class TurnAdvice:
    """What the expert did with that roll, as values for the UI to put into words."""

    powers: tuple[tuple[str, tuple[int, ...]], ...]  # ("minus"/"plus"/"reroll", dice values) in order
    placements: tuple[tuple[int, int], ...]  # (value, cell) of the dice it confirmed
    ruin: int | None  # the cell it ruined, when the turn stayed MAGDAGDON
    rerolled: tuple[tuple[int, ...], ...] = ()  # what each re-roll showed, the same dice in the same order


class TurnNotes:
    """What a turn's actions came to, noted one action at a time: ``note`` before it is
    played, ``landed`` after (what a re-roll showed)."""

    def __init__(self) -> None:
        self.powers: list[tuple[str, tuple[int, ...]]] = []
        self.placements: tuple[tuple[int, int], ...] = ()
        self.ruin: int | None = None
        self.rerolled: list[tuple[int, ...]] = []
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

    def landed(self, game: Game, action: Action) -> None:
        """After ``action`` was played: a re-roll's new dice."""
        if isinstance(action, Reroll):
            self.rerolled.append(tuple(game.dice[d] for d in action.dice))

    def advice(self) -> TurnAdvice:
        return TurnAdvice(tuple(self.powers), self.placements, self.ruin, tuple(self.rerolled))


@dataclass(frozen=True)
class TurnReview:
    turn: int
    loss: float  # expected points lost against the expert's choices, said conservatively
    played: tuple[Action, ...]  # the player's actions of the turn, after the roll
    suggested: tuple[Action, ...]  # what the expert would have played instead
    advice: TurnAdvice | None = None  # ``suggested`` in values: powers, placements, ruin
    raw_loss: float = 0.0  # the estimates' difference before the margin was taken off
    margin: float = 0.0  # the estimator's typical error on such a turn: how sure ``loss`` is
    expert_value: float = 0.0  # E[final score] from the roll with the expert's play
    played_value: float = 0.0  # E[final score] from the roll with the player's choices

    @property
    def sure(self) -> bool:
        """The loss stands clear of the estimator's error (at least twice the margin)."""
        return self.raw_loss >= 2 * self.margin


def review_game(replay: Replay, limit: int = 3, policy: ExpertPolicy | None = None,
                estimator: Estimator | None = None) -> list[TurnReview]:
    """The ``limit`` turns with the largest loss (largest first), losses ≥ MIN_LOSS only."""
    # The expert's suggestions and the losses come from one search.
    if policy is None:
        policy = ExpertPolicy() if estimator is None else ExpertPolicy(planners={
            replay.difficulty: estimator.planner(replay.difficulty)})
    expert = policy
    if estimator is None:
        estimator = Estimator({replay.difficulty: expert.planner(replay.difficulty)})
    game = Game(replay.difficulty, replay.seed)
    reviews: list[TurnReview] = []
    ceilings: dict[int, float] = {}  # by turn: the proven highest final score from its board on
    ceiling = float("inf")
    actions = list(replay.actions)
    i = 0
    while i < len(actions):
        action = actions[i]
        _play(game, action, i)
        i += 1
        if not isinstance(action, Roll):
            continue
        start = game.copy()
        first = Position.of(game)
        # what is reachable later was reachable before: the least ceiling so far holds too
        ceiling = ceilings[start.turn] = min(ceiling, highest_final_score(game.difficulty, first.cells, first.powers_used))
        played: list[Action] = []
        raw = 0.0
        decision = first  # position of the current decision point
        while i < len(actions) and not isinstance(actions[i], Roll):
            action = actions[i]
            choice = _choice(game, action)
            if choice is not None:
                raw += estimator.loss(decision, choice)
            _play(game, action, i)
            played.append(action)
            i += 1
            if isinstance(action, (Adjust, Reroll)):
                decision = Position.of(game)
        if raw < MIN_LOSS or game.phase not in (Phase.ROLL, Phase.GAME_OVER):
            continue  # played as the expert would (or a turn cut short by the record's end)
        expert_value = estimator.position_value(first)
        margin = loss_margin(game.difficulty, first.empties)
        loss = max(0.0, raw - margin)
        if loss < MIN_LOSS:
            continue
        suggested, advice = _expert_turn(expert, start)
        reviews.append(TurnReview(start.turn, loss, tuple(played), suggested, advice,
                                  raw_loss=round(raw, 1), margin=margin, expert_value=round(expert_value, 1),
                                  played_value=round(expert_value - raw, 1)))
    final = _final_floor(game)
    held = _held_to_possible(reviews, ceilings, final)
    held = [review for review in held if review.loss >= MIN_LOSS]
    held.sort(key=lambda r: (-r.loss, r.turn))
    return held[:limit]


def _final_floor(game: Game) -> float:
    """The final score of a finished game; for a record that stops early, the least it can
    still end on (every empty cell a ruin, every power left used)."""
    if game.is_over:
        return float(game.score().total)
    difficulty = game.difficulty
    worst = tuple(RUIN if cell == EMPTY else cell for cell in game.board.cells)
    return float(score_total(Board(worst), difficulty, difficulty.power_count))


def _held_to_possible(reviews: list[TurnReview], ceilings: dict[int, float], final: float) -> list[TurnReview]:
    """``reviews`` (in turn order) with each loss cut where needed so that, for every turn,
    the losses from it on add up to no more than its ceiling above ``final``; the latest
    turns keep theirs, the earliest give way. Losses are rounded to 0.1 point, down."""
    held: list[TurnReview] = []
    later = 0.0  # the losses kept for the turns after this one
    for review in sorted(reviews, key=lambda r: r.turn, reverse=True):
        room = max(0.0, ceilings[review.turn] - final - later)
        loss = floor(min(review.loss, room) * 10 + 1e-9) / 10
        later += loss
        held.append(replace(review, loss=loss))
    return held[::-1]


def _choice(game: Game, action: Action) -> Choice | None:
    """The choice ``action`` makes at the current decision point, if it makes one."""
    if isinstance(action, (Adjust, Reroll)):
        return UsePower(action)
    if isinstance(action, Confirm):
        return EndTurn(game.working_board.cells)
    if isinstance(action, PlaceRuin):
        return EndTurn(game.board.with_cell(action.cell, RUIN).cells)
    return None  # staging, taking back, ACCEPT: the choice is made by what follows


def _play(game: Game, action: Action, index: int) -> None:
    try:
        game.play(action)
    except IllegalMoveError as error:
        raise ReplayError(f"action {index + 1}: {error}") from None


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
        notes.landed(game, action)
    return tuple(actions), notes.advice()


__all__ = ["MIN_LOSS", "TurnAdvice", "TurnNotes", "TurnReview", "review_game"]
