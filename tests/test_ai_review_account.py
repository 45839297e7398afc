"""The review adds up (magdagdon/ai/review.py): what the expert expected at the first roll +
the luck of the dice + the player's choices = the final score, exactly — in the numbers and
in the whole points the screens show — for games of random, greedy and expert play on every
difficulty, at every stage of its making (the best guess, each turn refined). A power is
charged for its own effect with the best play after it, never for a later move; a move
better than the coach's is credited, not zeroed; a last turn is exact.

The identity does not depend on how strong the expert is, so most of these games are
reviewed with the search's quick setting (no look-ahead) and one playout a value: hundreds
of games in seconds. Where a value matters, the shipped search plays."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from magdagdon.ai import ExpertPolicy, make_policy
from magdagdon.ai.candidates import Candidate
from magdagdon.ai.coach import Coach
from magdagdon.ai.estimate import Estimator
from magdagdon.ai.planner import SETTINGS, Decision, Planner, Position
from magdagdon.ai.review import GameReview, ReviewBuilder, Step, review_game
from magdagdon.engine import Board, Difficulty, Game, Phase, Replay, score_total
from magdagdon.engine.actions import Adjust, Confirm, PlaceRuin, Stage

SEEDS = range(24)


def _quick(difficulty: Difficulty, playouts: int = 1) -> Coach:
    planner = Planner(difficulty, replace(SETTINGS[difficulty], lookahead=False))
    return Coach(Estimator({difficulty: planner}, playouts=playouts))


def _played(difficulty: Difficulty, seed: int, player_name: str, coach: Coach) -> Game:
    game = Game(difficulty, seed)
    if player_name == "expert":
        player: object = ExpertPolicy(planners={difficulty: coach.estimator.planner(difficulty)})
    else:
        player = make_policy(player_name, random.Random(seed))
    while not game.is_over:
        game.play(player.choose(game))  # type: ignore[attr-defined]
    return game


def assert_adds_up(review: GameReview, final: int) -> None:
    """Expected + luck + choices = final, in floats and in the whole points shown; every turn
    starts where the last ended, and every link where the one before it ended."""
    assert review.final == final
    assert review.expected + sum(t.luck + t.choices for t in review.turns) == pytest.approx(final, abs=1e-6)
    assert review.expected_points + review.luck_points + review.choice_points == review.end_points == final
    value = review.expected
    for turn in review.turns:
        assert turn.before == pytest.approx(value, abs=1e-9)
        for step in turn.steps:
            assert step.before == pytest.approx(value, abs=1e-9)
            value = step.after
        assert turn.after == pytest.approx(value, abs=1e-9)
        assert turn.luck_points + turn.choice_points == round(turn.after) - round(turn.before) or turn is review.turns[-1]
    assert value == final


@pytest.mark.parametrize("player_name", ["random", "greedy", "expert"])
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_the_best_guess_adds_up_for_every_game(difficulty: Difficulty, player_name: str) -> None:
    """24 games of each player on each difficulty (216 in all): the review as it first shows."""
    coach = _quick(difficulty)
    for seed in SEEDS:
        game = _played(difficulty, seed, player_name, coach)
        assert_adds_up(ReviewBuilder(Replay.of(game), coach).review(), game.score().total)


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_the_review_adds_up_at_every_turn_of_its_making(difficulty: Difficulty) -> None:
    """Refined turn by turn by the playouts, the review adds up after each turn, and ends
    with every turn valued."""
    coach = _quick(difficulty)
    for seed, player_name in ((0, "random"), (1, "greedy"), (2, "expert")):
        game = _played(difficulty, seed, player_name, coach)
        builder = ReviewBuilder(Replay.of(game), coach)
        assert_adds_up(builder.review(), game.score().total)
        refined = 0
        while builder.refine_next():
            refined += 1
            review = builder.review()
            assert_adds_up(review, game.score().total)
            assert sum(turn.settled for turn in review.turns) == refined
        assert builder.review().settled and refined == len(builder.review().turns)


def test_the_turns_the_best_guess_finds_costliest_are_refined_first() -> None:
    """The rows that matter most firm up first: the turns in the order of the choices the
    best guess charges them (the most lost first), the turns it finds as good as the coach's
    last, late (cheap) turns before early ones."""
    difficulty = Difficulty.PEACEFUL
    coach = _quick(difficulty)
    game = _played(difficulty, 3, "random", coach)
    builder = ReviewBuilder(Replay.of(game), coach)
    guessed = [turn.choices for turn in builder.review().turns]
    assert len({round(c, 6) for c in guessed}) > 3  # enough turns that differ for the order to mean something
    refined = []
    while builder.refine_next():
        settled = [i for i, turn in enumerate(builder.review().turns) if turn.settled]
        refined += [i for i in settled if i not in refined]
    assert refined == sorted(range(len(guessed)), key=lambda i: (round(guessed[i], 9), -i))


def _power_then(finish: str) -> tuple[Game, Game]:
    """Two PEACEFUL games alike up to a −1 in turn 3 (both the same −1), then one places the
    dice as the coach would and the other blunders (the worst board the dice reach)."""
    coach = _quick(Difficulty.PEACEFUL)
    expert = ExpertPolicy(planners={Difficulty.PEACEFUL: coach.estimator.planner(Difficulty.PEACEFUL)})
    games = []
    for way in ("well", finish):
        game = Game(Difficulty.PEACEFUL, 12)
        while game.turn < 3 or game.phase is not Phase.STAGING:
            game.play(expert.choose(game))
        die = next(d for d in game.tray if game.dice[d] > 1)
        game.play(Adjust(die, -1))
        if way == "well":
            while game.phase is not Phase.ROLL:
                game.play(expert.choose(game))
        else:
            _place_worst(game)
        while not game.is_over:
            game.play(expert.choose(game))
        games.append(game)
    return games[0], games[1]


def _place_worst(game: Game) -> None:
    """The required dice placed where the board ends worst by the search's reckoning."""
    from magdagdon.ai.placements import reachable_boards

    tray = {die: game.dice[die] for die in game.tray}
    worst = min(reachable_boards(game.board, tray, game.required),
                key=lambda item: score_total(item[0], game.difficulty, game.powers_used))
    for die, cell in worst[1]:
        game.play(Stage(die, cell))
    game.play(Confirm())


def test_a_power_is_charged_for_its_own_effect_never_for_a_later_blunder() -> None:
    """The same −1 in two games, one followed by the coach's placement and one by a blunder:
    the power's link is the same in both (the best after it against the best before it) and
    the blunder is charged to the placement that made it."""
    well, badly = _power_then("badly")
    coach = _quick(Difficulty.PEACEFUL, playouts=2)
    reviews = [review_game(Replay.of(game), coach) for game in (well, badly)]
    turns = [review.by_turn()[3] for review in reviews]
    powers = [[step for step in turn.steps if step.kind == "power"] for turn in turns]
    assert len(powers[0]) == len(powers[1]) == 1
    assert powers[0][0] == powers[1][0]  # the same link, whatever came after it
    # the power's link: the coach's best after the −1 against its best before it
    start = Game(Difficulty.PEACEFUL, 12)
    for action in badly.log:
        start.play(action)
        if isinstance(action, Adjust):
            break
    before_power = Position(Difficulty.PEACEFUL, start.board.cells,
                            tuple(v + 1 if i == action.die else v for i, v in enumerate(start.dice)), start.powers_used - 1)
    assert powers[1][0].before == pytest.approx(coach.analyse(before_power).value)
    assert powers[1][0].after == pytest.approx(coach.analyse(Position.of(start)).value)
    ends = [[step for step in turn.steps if step.kind == "end"] for turn in turns]
    assert ends[1] and ends[1][0].change < 0  # the blunder, charged where it was made
    assert turns[1].choices < turns[0].choices


class _BlunderAt(Planner):
    """The expert's search, but on one position it ends the turn on its worst board."""

    def __init__(self, difficulty: Difficulty, position: Position, worst: tuple[tuple[int, int], ...]) -> None:
        super().__init__(difficulty, replace(SETTINGS[difficulty], lookahead=False))
        self.position, self.worst = position, worst

    def decide(self, position: Position) -> Decision:
        if position == self.position:
            return Decision(0.0, path=self.worst)
        return super().decide(position)


def test_a_power_is_not_charged_for_the_expert_s_mistakes_after_it() -> None:
    """After a −1 the expert (the playouts' player) would blunder and the coach would not: the
    power is worth the coach's best after it, not what the expert's play after it would make."""
    difficulty = Difficulty.PEACEFUL
    quick = _quick(difficulty)
    expert = ExpertPolicy(planners={difficulty: quick.estimator.planner(difficulty)})
    game = Game(difficulty, 12)
    while game.turn < 3 or game.phase is not Phase.STAGING:
        game.play(expert.choose(game))
    die = next(d for d in game.tray if game.dice[d] > 1)
    game.play(Adjust(die, -1))
    after_power = Position.of(game)
    boards = quick.estimator.planner(difficulty).search.end_boards(after_power.cells, after_power.powers_used,
                                                                     after_power.dice, after_power.need)
    good, bad = max(boards)[1], min(boards)[1]
    blundering = _BlunderAt(difficulty, after_power, bad)
    coach = _ForcedCoach(Estimator({difficulty: blundering}, playouts=4), after_power, Candidate(path=good))
    for value, cell in good:  # the player places as the coach would
        game.play(Stage(next(d for d in game.tray if game.dice[d] == value), cell))
    game.play(Confirm())
    while not game.is_over:
        game.play(expert.choose(game))
    review = review_game(Replay.of(game), coach)
    power = next(step for step in review.by_turn()[3].steps if step.kind == "power")
    assert power.after == pytest.approx(coach.value_of(after_power, Candidate(path=good), 4).mean)
    assert coach.value_of(after_power, Candidate(path=good), 4).mean > \
        coach.value_of(after_power, Candidate(path=bad), 4).mean + 5  # the expert's way would be charged more


class _ForcedCoach(Coach):
    """A coach that, on one position, names a poor candidate as its choice."""

    def __init__(self, estimator: Estimator, position: Position, poor: Candidate) -> None:
        super().__init__(estimator)
        self.position, self.poor = position, poor

    def _chosen_now(self, position: Position):  # type: ignore[no-untyped-def]
        if position == self.position:
            return self.poor, {}, False
        return super()._chosen_now(position)


def test_a_move_better_than_the_coach_s_is_credited_not_zeroed() -> None:
    """Where the player ends a turn better than the coach's choice, the turn's choices are
    that difference, above zero, and the review lists it among the moves that beat it."""
    difficulty = Difficulty.NIGHTMARE
    coach = _quick(difficulty, playouts=2)
    game = Game(difficulty, 5)
    expert = ExpertPolicy(planners={difficulty: coach.estimator.planner(difficulty)})
    while game.board.empty_count > 8 or game.phase is not Phase.STAGING:
        game.play(expert.choose(game))
    position, turn = Position.of(game), game.turn
    boards = coach.estimator.planner(difficulty).search.end_boards(position.cells, 0, position.dice, position.need)
    poor = Candidate(path=min(boards, key=lambda item: item[0])[1])  # the search's worst board
    while game.phase is not Phase.ROLL:
        game.play(expert.choose(game))  # the player ends the turn as the search would
    mine = Candidate(path=tuple((v, c) for c, v in enumerate(game.board.cells) if v != position.cells[c]))
    while not game.is_over:
        game.play(expert.choose(game))
    review = review_game(Replay.of(game), _ForcedCoach(coach.estimator, position, poor))
    assert_adds_up(review, game.score().total)
    gained = coach.value_of(position, mine, 2).mean - coach.value_of(position, poor, 2).mean
    assert gained > 5
    credited = review.by_turn()[turn]
    assert credited.choices == pytest.approx(gained, abs=1e-6) and credited.choice_points > 0
    assert credited in review.best_moves(3) and credited not in review.costliest(3)


def test_a_last_turn_is_exact() -> None:
    """NIGHTMARE, three cells left: every value of the turn is counted exactly, so a choice
    is the difference of two full boards' scores, with nothing left to chance."""
    difficulty = Difficulty.NIGHTMARE
    board = Board.parse("3456/3456/3456/3...")
    game = Game.set_up_position(board, (4, 4, 5, 6), difficulty)
    coach = _quick(difficulty, playouts=2)
    position = Position.of(game)
    analysis = coach.analyse(position)
    assert analysis.exact and analysis.best.stderr == 0.0
    assert analysis.value == 544.0  # 4 5 6 in the last row: a straight
    worse = coach.value_of(position, Candidate(path=((4, 13), (4, 14), (5, 15))), 2)  # 3 4 4 5: no bonus
    assert worse.stderr == 0.0 and worse.mean == score_total(Board.parse("3456/3456/3456/3445"), difficulty, 0)


def test_accepting_magdagdon_is_reviewed_as_the_ruin_it_chose() -> None:
    """Games with MAGDAGDON turns accepted: every turn is in the review, and it adds up."""
    difficulty = Difficulty.NIGHTMARE
    coach = _quick(difficulty)
    for seed in range(40):
        game = Game(difficulty, seed)
        player = make_policy("random", random.Random(seed))
        ruined = False
        while not game.is_over:
            action = player.choose(game)
            ruined = ruined or isinstance(action, PlaceRuin)
            game.play(action)
        if ruined:
            review = review_game(Replay.of(game), coach)
            assert_adds_up(review, game.score().total)
            assert [t.turn for t in review.turns] == list(range(1, game.turn + 1))
            return
    raise AssertionError("no random NIGHTMARE game met a MAGDAGDON")


def test_steps_say_which_are_luck() -> None:
    assert Step("roll", 1.0, 2.0).luck and Step("reroll", 1.0, 2.0).luck
    assert not Step("power", 1.0, 2.0).luck and not Step("end", 2.0, 1.0).luck
