"""The review of a game: what the dice gave and what the choices made of it, turn by turn,
in numbers that add up.

The game is a chain of expectations. Before the first roll the expert expects
``OPENING_VALUE``; each roll (and each re-roll's dice) moves the expectation — that is the
*luck* of the dice: the value of the position the dice made, with the best play the coach
finds, against the value expected before they were thrown; each choice moves it again —
that is the *choice*: the value of what the player chose against the best the coach finds
in that position (less than 0: points lost; more than 0: a move better than the coach's,
credited). The last link ends on the final score itself, so

    expected at the first roll + all luck + all choices = the final score

exactly, and the review shows it in whole points rounded along the chain, so that the
shown numbers add up as well.

How each link is valued:

- the best of a position: the coach's analysis (:mod:`magdagdon.ai.coach`), its playouts;
- a board the player ended a turn on, and a re-roll: the same estimator, on the playouts of
  the coach's best (the same dice, so the difference is the choice, not the luck);
- a ±1: the best after it against the best before it — the power is charged for its own
  effect with the best play after it, never for a later move (the player's or the expert's);
- where the turn must fill the board every value is exact (:mod:`magdagdon.ai.endgame`).

Each turn's choice carries its standard error (``margin``: from the playouts' spread, 0 when
exact), which the screens show where they show the number.

The review is made in two passes: at once the expert search's own reckoning of every link
(:meth:`ReviewBuilder.review` before any refinement: the *best guess*, which adds up just as
well), then turn by turn the estimator's playouts (:meth:`ReviewBuilder.refine_next`), the
turns the guess finds costliest first, so a screen can show every row from the start and
each row firms up as it is ready.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from magdagdon.engine import EMPTY, Difficulty, Game, Phase, Replay, ReplayError
from magdagdon.engine.actions import Action, Adjust, Confirm, PlaceRuin, Reroll, Roll
from magdagdon.engine.game import IllegalMoveError

from .candidates import Candidate
from .coach import Coach
from .coach_policy import CoachPolicy
from .estimate import Estimator
from .expert_policy import ExpertPolicy
from .planner import Position
from .playouts import Estimate
from .turn_advice import TurnAdvice, TurnNotes

# The expert's expected final score from the empty board, before the first roll: the mean of
# 20,000 games of its twin on seeds 3,000,000 on (docs/AI.md, "The review").
OPENING_VALUE = {Difficulty.PEACEFUL: 431.0, Difficulty.SURVIVAL: 345.0, Difficulty.NIGHTMARE: 226.0}
MIN_SHOWN = 1  # whole points: a turn's choices that round to less are "as the coach would"


@dataclass(frozen=True)
class Step:
    """One link of the chain: the expected final score before and after it."""

    kind: str  # "roll", "reroll" (the dice: luck), "power" (a ±1), "reroll choice", "end" (choices)
    before: float
    after: float

    @property
    def luck(self) -> bool:
        return self.kind in ("roll", "reroll")

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class TurnReview:
    """One turn of the review, in expected final score."""

    turn: int
    before: float  # expected before the roll
    after: float  # expected once the turn was over (the final score after the last turn)
    luck: float  # what the dice (the roll and any re-roll) gave against what was expected
    choices: float  # the player's choices against the best found (< 0 lost, > 0 gained)
    luck_points: int  # the same in whole points, rounded along the chain: they add up
    choice_points: int
    margin: float  # standard error of ``choices`` (0: exact)
    exact: bool  # every value of the turn counted exactly (nothing left to chance)
    settled: bool  # valued by the estimator (False: the search's best guess, to be refined)
    played: tuple[Action, ...]  # the player's actions after the roll
    suggested: tuple[Action, ...] = ()  # the coach's, from the roll
    advice: TurnAdvice | None = None  # ``suggested`` as values: powers, placements, ruin
    steps: tuple[Step, ...] = ()  # the links of the turn, in order

    @property
    def loss(self) -> float:
        """Points the choices lost (0 when they gained)."""
        return max(0.0, -self.choices)

    @property
    def gain(self) -> float:
        return max(0.0, self.choices)

    @property
    def agreed(self) -> bool:
        """The player's choices were worth the coach's, to the point."""
        return abs(self.choice_points) < MIN_SHOWN


@dataclass(frozen=True)
class GameReview:
    """Every turn of a game, and the sum the review adds up to."""

    difficulty: Difficulty
    expected: float  # before the first roll
    turns: tuple[TurnReview, ...]
    final: int | None  # the final score (None: the record stops before the end)
    settled: bool  # every turn valued by the estimator

    @property
    def expected_points(self) -> int:
        return round(self.expected)

    @property
    def luck_points(self) -> int:
        return sum(turn.luck_points for turn in self.turns)

    @property
    def choice_points(self) -> int:
        return sum(turn.choice_points for turn in self.turns)

    @property
    def end_points(self) -> int:
        """Where the chain ends: the final score (or the last turn's expectation)."""
        return self.expected_points + self.luck_points + self.choice_points

    @property
    def margin(self) -> float:
        """Standard error of the choices' sum."""
        return math.sqrt(sum(turn.margin ** 2 for turn in self.turns))

    def costliest(self, count: int) -> list[TurnReview]:
        """The turns whose choices lost most (whole points), costliest first."""
        lost = [turn for turn in self.turns if turn.choice_points <= -MIN_SHOWN]
        return sorted(lost, key=lambda t: (t.choice_points, t.turn))[:count]

    def best_moves(self, count: int) -> list[TurnReview]:
        """The turns whose choices beat the coach's, best first."""
        won = [turn for turn in self.turns if turn.choice_points >= MIN_SHOWN]
        return sorted(won, key=lambda t: (-t.choice_points, t.turn))[:count]

    def by_turn(self) -> dict[int, TurnReview]:
        return {turn.turn: turn for turn in self.turns}


# --- the turns of a record ------------------------------------------------------------------
@dataclass
class _Point:
    """A decision point: the position, and what the player did there (a power, or ending the turn)."""

    position: Position
    power: Adjust | Reroll | None  # None: the turn ended here, on ``end``
    end: tuple[int, ...] | None = None  # the board the turn ended on (dice placed, or the ruin)


@dataclass
class _Turn:
    number: int
    start: Game  # just after the roll
    points: list[_Point]
    played: tuple[Action, ...]
    # per point: (best, taken) as estimates; taken is None where the player's was the best
    values: list[tuple[Estimate, Estimate | None]] = field(default_factory=list)
    exact: bool = False
    settled: bool = False
    suggested: tuple[Action, ...] = ()
    advice: TurnAdvice | None = None


def _turns(replay: Replay) -> tuple[list[_Turn], Game]:
    """The record's complete turns and the game it plays to (ReplayError if refused)."""
    game = Game(replay.difficulty, replay.seed)
    turns: list[_Turn] = []
    actions = list(replay.actions)
    i = 0
    while i < len(actions):
        action = actions[i]
        _play(game, action, i)
        i += 1
        if not isinstance(action, Roll):
            continue
        start = game.copy()
        points = [_Point(Position.of(game), None)]
        played: list[Action] = []
        while i < len(actions) and not isinstance(actions[i], Roll):
            action = actions[i]
            point = points[-1]
            if isinstance(action, (Adjust, Reroll)):
                point.power = action
            elif isinstance(action, Confirm):
                point.end = game.working_board.cells
            elif isinstance(action, PlaceRuin):
                point.end = game.board.with_cell(action.cell, 7).cells
            _play(game, action, i)
            played.append(action)
            i += 1
            if isinstance(action, (Adjust, Reroll)):
                points.append(_Point(Position.of(game), None))
        if game.phase in (Phase.ROLL, Phase.GAME_OVER) and points[-1].end is not None:
            turns.append(_Turn(start.turn, start, points, tuple(played)))
    return turns, game


def _play(game: Game, action: Action, index: int) -> None:
    try:
        game.play(action)
    except IllegalMoveError as error:
        raise ReplayError(f"action {index + 1}: {error}") from None


# --- valuing a turn ------------------------------------------------------------------------
class ReviewBuilder:
    """Reviews one record: its best guess at once, then turn by turn by the estimator."""

    def __init__(self, replay: Replay, coach: Coach | None = None) -> None:
        self.coach = coach if coach is not None else Coach()
        self.difficulty = replay.difficulty
        self.turns, game = _turns(replay)
        self.final = game.score().total if game.is_over else None
        self.policy = CoachPolicy(self.coach)
        for turn in self.turns:
            self._guess(turn)
        # the costliest turns by the guess first, then the rest, late turns (cheap) first
        self.order = sorted(range(len(self.turns)), key=lambda i: (self._guessed_choices(i), -i))

    @property
    def done(self) -> bool:
        return all(turn.settled for turn in self.turns)

    def refine_next(self) -> bool:
        """Values the next turn by the estimator; False when every turn is valued."""
        for index in self.order:
            turn = self.turns[index]
            if not turn.settled:
                self._refine(turn)
                return True
        return False

    def refine_all(self) -> None:
        while self.refine_next():
            pass

    def review(self) -> GameReview:
        """The review as far as it is valued (every turn there, guessed or refined)."""
        expected = OPENING_VALUE[self.difficulty]
        value = expected
        reviews = []
        for turn in self.turns:
            steps, value = _chain(turn, value)
            if turn is self.turns[-1] and self.final is not None:
                # the last board is full: its value is its score, to the last bit of the float
                steps[-1] = Step(steps[-1].kind, steps[-1].before, float(self.final))
                value = float(self.final)
            reviews.append(self._turn_review(turn, steps))
        return GameReview(self.difficulty, expected, tuple(reviews), self.final, self.done)

    def _turn_review(self, turn: _Turn, steps: list[Step]) -> TurnReview:
        luck = sum(step.change for step in steps if step.luck)
        choices = sum(step.change for step in steps if not step.luck)
        # whole points rounded along the chain: each link is the difference of its ends, rounded
        luck_points = sum(round(step.after) - round(step.before) for step in steps if step.luck)
        choice_points = sum(round(step.after) - round(step.before) for step in steps if not step.luck)
        return TurnReview(turn.number, steps[0].before, steps[-1].after, luck, choices, luck_points, choice_points,
                          0.0 if turn.exact else _margin(turn), turn.exact, turn.settled, turn.played,
                          turn.suggested, turn.advice, tuple(steps))

    def _guessed_choices(self, index: int) -> float:
        turn = self.turns[index]
        total = 0.0
        for j, (best, taken) in enumerate(turn.values):
            if taken is not None:
                total += taken.mean - best.mean
            if isinstance(turn.points[j].power, Adjust) and j + 1 < len(turn.values):
                total += turn.values[j + 1][0].mean - best.mean
        return total

    # --- the best guess: the search's reckoning ---------------------------------------------
    def _guess(self, turn: _Turn) -> None:
        estimator = self.coach.estimator
        planner = estimator.planner(self.difficulty)
        endgame = estimator.endgame(self.difficulty)
        values: list[tuple[Estimate, Estimate | None]] = []
        for point in turn.points:
            position = point.position
            if endgame.turn_is_last(position.cells):
                best = endgame.roll_value(position.cells, position.dice, position.powers_used) if position.dice \
                    else max(endgame.board_value(_ruined(position.cells, c), position.powers_used)
                             for c in range(16) if position.cells[c] == EMPTY)
            else:
                best = planner.decide(position).value
            taken: float | None = None
            decided = planner.decide(position)
            if point.power is None and point.end is not None:
                if decided.power is not None or decided.after(position.cells) != point.end:
                    taken = (endgame.board_value(point.end, position.powers_used) if endgame.covers(point.end)
                             else planner.end_value(position, point.end))
            elif isinstance(point.power, Reroll) and decided.power != point.power:
                taken = self._guessed_reroll(position, point.power)
            values.append((_exact(best), None if taken is None else _exact(taken)))
        turn.values = values
        turn.exact = all(endgame.turn_is_last(p.position.cells) for p in turn.points)
        suggested, advice = _turn_of(ExpertPolicy(planners={self.difficulty: planner}), turn.start)
        turn.suggested, turn.advice = suggested, advice

    def _guessed_reroll(self, position: Position, power: Reroll) -> float:
        estimator = self.coach.estimator
        endgame = estimator.endgame(self.difficulty)
        if endgame.turn_is_last(position.cells):
            return endgame.power_value(position.cells, position.dice, position.powers_used, power)
        planner = estimator.planner(self.difficulty)
        settings = planner.settings
        reserve = settings.reserve[position.powers_used] * min(1.0, position.empties / settings.reserve_full_empties)
        options = dict(planner.power_options(position, every=True))
        return options[power] + reserve  # the search's value, without the price it adds for keeping a power

    # --- refined: the estimator's playouts ------------------------------------------------
    def _refine(self, turn: _Turn) -> None:
        coach = self.coach
        values: list[tuple[Estimate, Estimate | None]] = []
        exact = True
        for point in turn.points:
            position = point.position
            analysis = coach.analyse(position)
            exact = exact and analysis.exact
            best = analysis.best
            taken: Estimate | None = None
            own = _own_candidate(point)
            if own is not None and analysis.find(own) is not best:
                taken = coach.value_of(position, own, best.playouts)
            values.append((best.estimate, taken))
        turn.values = values
        turn.exact = exact
        suggested, advice = _turn_of(self.policy, turn.start)
        turn.suggested, turn.advice = (suggested, advice) if turn.played != suggested else ((), None)
        turn.settled = True


def _chain(turn: _Turn, value: float) -> tuple[list[Step], float]:
    """The turn's links from ``value`` (expected before the roll): reaching each decision
    point (the dice, or a ±1), then what the player chose there where it was not the best."""
    steps: list[Step] = []
    for j, (point, (best, taken)) in enumerate(zip(turn.points, turn.values)):
        previous = turn.points[j - 1].power if j else None
        kind = "power" if isinstance(previous, Adjust) else "reroll" if previous is not None else "roll"
        steps.append(Step(kind, value, best.mean))
        value = best.mean
        if taken is not None:
            steps.append(Step("reroll choice" if point.power is not None else "end", value, taken.mean))
            value = taken.mean
    return steps, value


def _margin(turn: _Turn) -> float:
    """The standard error of a turn's choices: each choice against the best on the same dice."""
    variance = 0.0
    for j, (point, (best, taken)) in enumerate(zip(turn.points, turn.values)):
        if taken is not None:
            variance += _paired_error(taken, best) ** 2
        if isinstance(point.power, Adjust) and j + 1 < len(turn.values):
            variance += _paired_error(turn.values[j + 1][0], best) ** 2
    return math.sqrt(variance)


def _paired_error(one: Estimate, other: Estimate) -> float:
    if len(one.samples) == len(other.samples) > 1:
        return one.minus(other).stderr
    return math.hypot(one.stderr, other.stderr)


def _own_candidate(point: _Point) -> Candidate | None:
    """What the player chose at a decision point, as a candidate (a +-1 is valued through
    the best after it, not here)."""
    if isinstance(point.power, Reroll):
        return Candidate((point.power,))
    if point.power is None and point.end is not None:
        cells = point.position.cells
        changed = [(value, cell) for cell, value in enumerate(point.end) if value != cells[cell]]
        if len(changed) == 1 and changed[0][0] == 7:
            return Candidate(ruin=changed[0][1])
        return Candidate(path=tuple(changed))
    return None


def _ruined(cells: tuple[int, ...], cell: int) -> tuple[int, ...]:
    return cells[:cell] + (7,) + cells[cell + 1 :]


def _exact(value: float) -> Estimate:
    return Estimate((value,))


def _turn_of(player: ExpertPolicy, start: Game) -> tuple[tuple[Action, ...], TurnAdvice]:
    """A player's actions from the position after the roll to the end of the turn, and the
    same as advice values (a re-roll shows the dice the game's seed throws)."""
    game = start.copy()
    actions: list[Action] = []
    notes = TurnNotes()
    while game.phase not in (Phase.ROLL, Phase.GAME_OVER):
        action = player.choose(game)
        notes.note(game, action)
        actions.append(action)
        game.push(action)
        notes.landed(game, action)
    return tuple(actions), notes.advice()


def review_game(replay: Replay, coach: Coach | None = None, estimator: Estimator | None = None) -> GameReview:
    """The whole review, every turn valued by the estimator."""
    builder = ReviewBuilder(replay, coach if coach is not None else Coach(estimator))
    builder.refine_all()
    return builder.review()


__all__ = ["GameReview", "MIN_SHOWN", "OPENING_VALUE", "ReviewBuilder", "TurnAdvice", "TurnNotes", "TurnReview",
           "review_game"]
