"""The AI policies: legality over many seeded games, determinism, strength, hints, review."""

from __future__ import annotations

import random
import statistics

import pytest

from magdagdon.ai import POLICY_NAMES, ExpertPolicy, hint, make_policy
from magdagdon.ai.planner import Decision, Position
from magdagdon.ai.review import TurnReview, review_game
from magdagdon.engine import Board, Difficulty, Game, Phase, Replay
from magdagdon.engine.actions import Accept, Adjust, Confirm, PlaceRuin, Reroll, Roll, Stage


def play_checked(policy_name: str, difficulty: Difficulty, seed: int) -> Game:
    """A whole game through the checked path: an illegal move raises IllegalMoveError."""
    game = Game(difficulty, seed)
    if policy_name == "quick-expert":
        policy = ExpertPolicy(lookahead=False)
    else:
        policy = make_policy(policy_name, random.Random(seed))
    while not game.is_over:
        game.play(policy.choose(game))
    return game


def test_policy_names() -> None:
    assert POLICY_NAMES == ("random", "greedy", "beginner", "regular", "expert")
    with pytest.raises(ValueError, match="unknown policy"):
        make_policy("genius", random.Random(0))


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.parametrize(
    ("policy_name", "games"), [("random", 400), ("greedy", 50), ("quick-expert", 60), ("expert", 12)]
)
def test_policies_only_play_legal_moves(policy_name: str, games: int, difficulty: Difficulty) -> None:
    # 3 difficulties x (400 + 50 + 60 + 12) = 1566 seeded games in all; the quick expert
    # (no look-ahead) shares every action-building path with the full one
    for seed in range(games):
        game = play_checked(policy_name, difficulty, 1000 + seed)
        assert game.board.is_full


def test_expert_is_deterministic_for_a_seed() -> None:
    for difficulty in Difficulty:
        first = play_checked("expert", difficulty, 77)
        again = play_checked("expert", difficulty, 77)
        assert first.log == again.log
        # the RNG is not consulted at all: another RNG gives the same game
        game = Game(difficulty, 77)
        policy = make_policy("expert", random.Random(123456))
        while not game.is_over:
            game.play(policy.choose(game))
        assert game.log == first.log


EXPERT_MARGIN = 80  # points of mean score over greedy on the same 20 seeds


@pytest.mark.parametrize("difficulty", [Difficulty.PEACEFUL, Difficulty.NIGHTMARE])
def test_expert_beats_greedy_by_a_clear_margin(difficulty: Difficulty) -> None:
    seeds = range(500, 520)
    expert = statistics.fmean(play_checked("expert", difficulty, s).score().total for s in seeds)
    greedy = statistics.fmean(play_checked("greedy", difficulty, s).score().total for s in seeds)
    assert expert >= greedy + EXPERT_MARGIN, (expert, greedy)


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_hint_equals_what_the_coach_plays(difficulty: Difficulty) -> None:
    """The hint is the coach's next action (and, asked of the search alone, the fast
    path's); asking for it changes nothing."""
    from magdagdon.ai.coach_policy import CoachPolicy

    coach, expert = CoachPolicy(), ExpertPolicy()
    for seed in range(2):
        game = Game(difficulty, 300 + seed)
        while not game.is_over:
            before = _position(game)
            suggested = hint(game, coach)
            assert _position(game) == before  # hint does not change the game
            assert hint(game, expert) == expert.choose(game)
            action = coach.choose(game)
            assert suggested == action
            game.play(action)


def _position(game: Game) -> tuple[object, ...]:
    return (list(game.log), game.board, game.phase, game.dice, game.staged, game.turn, game.powers_used)


def test_hint_is_legal_in_positions_other_players_reach() -> None:
    """Hints during someone else's staging: legal, and following them finishes the turn."""
    expert = ExpertPolicy()  # shared: its cache is keyed by position
    for seed in range(6):
        game = Game(Difficulty.PEACEFUL, 900 + seed)
        other = make_policy("random", random.Random(seed))
        while not game.is_over:
            suggested = hint(game, expert)
            assert game.why_illegal(suggested) is None, (suggested, str(game.working_board))
            game.play(other.choose(game))


def test_hint_shows_the_ruin_cell_and_powers() -> None:
    # NIGHTMARE, no powers, roll 1 1 6 6 on an empty board: MAGDAGDON (RULES.md §5 example)
    game = Game.set_up_position(Board.empty(), (1, 1, 6, 6), Difficulty.NIGHTMARE)
    assert game.phase is Phase.MAGDAGDON
    assert hint(game) == Accept()
    game.play(Accept())
    ruin = hint(game)
    assert isinstance(ruin, PlaceRuin) and game.board.is_empty(ruin.cell)
    # PEACEFUL, the last cell: a ruin would lose a straight and a four of a kind, while
    # re-rolling all four dice finds a 6 (and 544 points) more often than not
    board = Board.parse("3456/3456/3456/345.")
    game = Game.set_up_position(board, (1, 1, 1, 1), Difficulty.PEACEFUL)
    assert game.phase is Phase.MAGDAGDON
    assert hint(game) == Reroll((0, 1, 2, 3))


def test_expert_takes_the_straight_when_offered() -> None:
    board = Board.parse("3456/3456/3456/34..")
    game = Game.set_up_position(board, (5, 6, 1, 1), Difficulty.NIGHTMARE)
    policy = make_policy("expert", random.Random(0))
    while game.phase is not Phase.ROLL and not game.is_over:
        game.play(policy.choose(game))
    assert game.is_over and game.score().total == 544


def test_review_game_finds_the_worst_turns() -> None:
    game = play_checked("greedy", Difficulty.PEACEFUL, 4242)
    replay = Replay.from_json(Replay.of(game).to_json())
    review = review_game(replay)
    assert review.settled and [t.turn for t in review.turns] == list(range(1, game.turn + 1))
    costly = review.costliest(3)
    assert costly and all(isinstance(t, TurnReview) for t in costly)
    assert [t.choice_points for t in costly] == sorted(t.choice_points for t in costly)
    for turn in costly:
        assert turn.choices < 0 and turn.played and turn.suggested and turn.played != turn.suggested
        assert not any(isinstance(a, Roll) for a in turn.played + turn.suggested)


def test_review_of_the_experts_own_game_blames_nothing() -> None:
    """A game the coach played itself: every choice is the coach's, so no turn costs a point."""
    from magdagdon.ai.coach_policy import CoachPolicy

    game = Game(Difficulty.SURVIVAL, 4243)
    coach = CoachPolicy()
    while not game.is_over:
        game.play(coach.choose(game))
    review = review_game(Replay.of(game), coach.coach)
    assert review.costliest(3) == [] and all(turn.choice_points == 0 for turn in review.turns)


def test_suggested_turn_is_what_the_coach_plays_from_that_roll() -> None:
    game = play_checked("random", Difficulty.NIGHTMARE, 31)
    review = review_game(Replay.of(game))
    assert review.costliest(2)
    for turn in review.costliest(2):
        replay_game = Game(Difficulty.NIGHTMARE, 31)
        for action in game.log:
            replay_game.play(action)
            if isinstance(action, Roll) and replay_game.turn == turn.turn:
                break
        for action in turn.suggested:
            replay_game.play(action)  # legal all the way
        assert isinstance(turn.suggested[0], (Stage, Accept, Adjust, Reroll))


def test_review_values_the_players_powers() -> None:
    """A player who re-rolls everything on the first turn and adjusts later: no crash, the
    re-roll's dice are luck and the powers are choices of the turns that used them."""
    game = Game(Difficulty.PEACEFUL, 77)
    expert = make_policy("expert", random.Random(0))
    game.play(Roll())
    game.play(Reroll((0, 1, 2, 3)))
    while game.turn < 3 or game.phase is not Phase.STAGING:
        game.play(expert.choose(game))
    adjusted = False
    if game.powers_left:
        tray_die = next(d for d in game.tray if game.dice[d] < 6)
        game.play(Adjust(tray_die, +1))
        adjusted = True
    while not game.is_over:
        game.play(expert.choose(game))
    review = review_game(Replay.of(game))
    first = review.by_turn()[1]
    assert [step.kind for step in first.steps][:2] == ["roll", "reroll choice"] or \
        [step.kind for step in first.steps][:2] == ["roll", "reroll"]
    assert any(step.kind == "reroll" for step in first.steps)  # what the re-roll threw: luck
    if adjusted:
        assert any(step.kind == "power" for step in review.by_turn()[3].steps)
    assert review.end_points == game.score().total


class _OneAnswer:
    """A planner that only answers the one question, with a canned decision."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.asked: list[Position] = []

    def decide(self, position: Position) -> Decision:
        self.asked.append(position)
        return self.decision


def test_the_policy_plays_the_search_s_one_answer() -> None:
    """The expert asks the search one question per decision and plays its answer out."""
    board = Board.parse("3456/3456/3456/34..")
    game = Game.set_up_position(board, (5, 6, 1, 1), Difficulty.NIGHTMARE)
    expert = ExpertPolicy()
    planner = _OneAnswer(Decision(544.0, path=((5, 14), (6, 15))))
    expert._planners[Difficulty.NIGHTMARE] = planner  # type: ignore[assignment]
    played = []
    while game.phase is Phase.STAGING:
        action = expert.choose(game)
        played.append(action)
        game.play(action)
    assert played == [Stage(0, 14), Stage(1, 15), Confirm()]
    assert {(p.cells, p.dice, p.powers_used) for p in planner.asked} == {(board.cells, (5, 6, 1, 1), 0)}
    # a power, then (after it) whatever the next answer says
    game = Game.set_up_position(board, (1, 1, 1, 1), Difficulty.SURVIVAL)
    expert._planners[Difficulty.SURVIVAL] = _OneAnswer(Decision(500.0, power=Reroll((0, 1))))  # type: ignore[assignment]
    assert expert.choose(game) == Reroll((0, 1))
    # MAGDAGDON with no power: ACCEPT, then the ruin it named
    game = Game.set_up_position(Board.empty(), (1, 1, 6, 6), Difficulty.NIGHTMARE)
    expert._planners[Difficulty.NIGHTMARE] = _OneAnswer(Decision(100.0, ruin=6))  # type: ignore[assignment]
    assert expert.choose(game) == Accept()
    game.play(Accept())
    assert expert.choose(game) == PlaceRuin(6)
