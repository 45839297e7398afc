"""Every loss the review shows is possible (docs/AI.md, "What a review may say"): over many
games of random and greedy play on fixed seeds, each shown loss is at least MIN_LOSS and no
more than the estimates' difference; a turn played as the expert would is never listed; the
losses from any turn on add up to no more than the proven highest final score from that
turn's board above the final score, so the whole review never exceeds 544 minus the final
score. At each decision point the estimator's own loss is 0 for the expert's choice and
never more than the proven ceiling above the choice's floor. An estimator that claims
absurd losses is held to the same bounds."""

from __future__ import annotations

import random

import pytest

from magdagdon.ai import Estimator, ExpertPolicy, make_policy
from magdagdon.ai.estimate import Choice, EndTurn, UsePower, loss_margin, lowest_final_score
from magdagdon.ai.planner import Position
from magdagdon.ai.review import MIN_LOSS, TurnReview, review_game
from magdagdon.ai.score_bounds import HIGHEST_SCORE, highest_final_score
from magdagdon.engine import RUIN, Board, Difficulty, Game, Phase, Replay, score_total
from magdagdon.engine.actions import Adjust, Confirm, PlaceRuin, Reroll, Roll

from support.boasting import Boasting

SEEDS = range(8)
POLICIES = ("random", "greedy")


def _played(difficulty: Difficulty, seed: int, policy: str) -> Game:
    game = Game(difficulty, seed)
    player = make_policy(policy, random.Random(seed))
    while not game.is_over:
        game.play(player.choose(game))
    return game


def _ceilings(replay: Replay) -> dict[int, float]:
    """The proven highest final score from each turn's board (the least so far)."""
    game = Game(replay.difficulty, replay.seed)
    ceilings: dict[int, float] = {}
    least = float("inf")
    for action in replay.actions:
        game.play(action)
        if isinstance(action, Roll):
            least = ceilings[game.turn] = min(least, highest_final_score(game.difficulty, game.board.cells,
                                                                        game.powers_used))
    return ceilings


def _assert_possible(reviews: list[TurnReview], replay: Replay, final: int) -> None:
    ceilings = _ceilings(replay)
    for review in reviews:
        assert review.loss >= MIN_LOSS and review.loss <= review.raw_loss + 0.05
        assert round(review.loss) >= 1  # what the screens show ("about +N"): never "about +0"
        assert review.played != review.suggested  # a turn played as the expert would is never blamed
        later = sum(r.loss for r in reviews if r.turn >= review.turn)
        assert later <= ceilings[review.turn] - final + 1e-6, (review.turn, later, ceilings[review.turn], final)
    assert sum(r.loss for r in reviews) <= HIGHEST_SCORE - final + 1e-6


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_every_shown_loss_is_possible(difficulty: Difficulty, policy: str) -> None:
    expert = ExpertPolicy()
    estimator = Estimator({difficulty: expert.planner(difficulty)}, playouts=2)  # the bounds hold for any count
    listed = 0
    for seed in SEEDS:
        game = _played(difficulty, seed, policy)
        replay = Replay.of(game)
        reviews = review_game(replay, limit=len(replay.actions), policy=expert, estimator=estimator)
        _assert_possible(reviews, replay, game.score().total)
        listed += len(reviews)
    assert listed  # careless play was blamed somewhere


def test_the_highest_final_score_is_a_ceiling() -> None:
    """On every board between turns of many games, the bound is at least the final score,
    and a full board's bound is its score."""
    assert highest_final_score(Difficulty.PEACEFUL, Board.empty().cells, 0) == HIGHEST_SCORE
    for difficulty in Difficulty:
        for seed in range(20):
            for policy in POLICIES:
                game = _played(difficulty, seed, policy)
                final = game.score().total
                for turn, ceiling in _ceilings(Replay.of(game)).items():
                    assert ceiling >= final, (difficulty, seed, policy, turn)
                assert highest_final_score(difficulty, game.board.cells, game.powers_used) == final
    # a cell between a 2 and a 5 can never be filled: it ends a ruin, and its lines earn no bonus
    board = Board.parse("3456/3456/3456/2.5.")
    ceiling = highest_final_score(Difficulty.PEACEFUL, board.cells, 0)
    assert ceiling <= score_total(Board.parse("3456/3456/3456/2X56"), Difficulty.PEACEFUL, 0)


@pytest.mark.parametrize("difficulty, wrong", [(d, False) for d in Difficulty] + [(Difficulty.PEACEFUL, True)])
def test_each_decision_s_loss_is_0_for_the_expert_and_within_the_proven_ceiling(difficulty: Difficulty,
                                                                                 wrong: bool) -> None:
    estimator = Boasting(playouts=2) if wrong else Estimator(playouts=2)
    for seed in range(3):
        game = Game(difficulty, seed)
        player = make_policy("greedy", random.Random(seed))
        position: Position | None = None
        while not game.is_over:
            action = player.choose(game)
            if isinstance(action, (Confirm, PlaceRuin, Adjust, Reroll)) and position is not None:
                if isinstance(action, (Adjust, Reroll)):
                    choice: EndTurn | UsePower = UsePower(action)
                elif isinstance(action, Confirm):
                    choice = EndTurn(game.working_board.cells)
                else:
                    choice = EndTurn(game.board.with_cell(action.cell, RUIN).cells)
                best = estimator.best(position)
                expert = estimator.decision_choice(position, best)
                assert estimator.loss(position, expert) == 0.0
                loss = estimator.loss(position, choice)
                ceiling = highest_final_score(difficulty, position.cells, position.powers_used)
                assert 0.0 <= loss <= max(0.0, ceiling - lowest_final_score(position, choice)) + 1e-9
            game.play(action)
            if isinstance(action, (Roll, Adjust, Reroll)) and game.phase in (Phase.STAGING, Phase.MAGDAGDON):
                position = Position.of(game)


def test_a_wildly_wrong_estimator_is_held_to_what_was_possible() -> None:
    difficulty = Difficulty.PEACEFUL
    estimator = Boasting(playouts=2)
    cut = 0
    for seed in range(3):
        game = _played(difficulty, seed, "greedy")
        replay = Replay.of(game)
        reviews = review_game(replay, limit=len(replay.actions), estimator=estimator)
        _assert_possible(reviews, replay, game.score().total)
        cut += sum(r.loss < r.raw_loss - r.margin - 0.2 for r in reviews)
    assert cut  # it claimed more than the game still held, and was told less


class _HalfAPointOver(Estimator):
    """Every choice but the expert's loses just over the review's margin: half a point once
    the margin is taken off, which the screens would round to "about +0"."""

    def loss(self, position: Position, choice: Choice) -> float:
        if choice == self.decision_choice(position, self.planner(position.difficulty).decide(position)):
            return 0.0
        return loss_margin(position.difficulty, position.empties) + 0.5


def test_a_turn_whose_loss_rounds_to_nothing_is_not_blamed() -> None:
    game = _played(Difficulty.PEACEFUL, 1, "greedy")
    replay = Replay.of(game)
    reviews = review_game(replay, limit=len(replay.actions), estimator=_HalfAPointOver(playouts=2))
    assert reviews == []  # each turn "lost" half a point: not a word about it
