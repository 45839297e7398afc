"""Seeded whole-game playouts for each difficulty and baseline policy."""

import random

import pytest

from brute_force import slow_score
from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Game, Phase


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.parametrize("policy_name", ["random", "greedy"])
def test_seeded_playouts_finish_legally_and_repeat_exactly(difficulty, policy_name):
    finals = []
    for repeat in range(2):
        results = []
        for seed in range(15):
            game = Game(difficulty, seed)
            policy = make_policy(policy_name, random.Random(seed))
            phases = set()
            while not game.is_over:
                phases.add(game.phase)
                game.play(policy.choose(game))  # checked: a policy bug raises here
            assert game.board.is_full and game.turn <= 16
            # the final score against RULES.md §8 written out independently
            assert game.final_score.total == slow_score(game.board, difficulty, game.powers_used)
            results.append((str(game.board), game.final_score.total, game.turn))
        finals.append(results)
    assert finals[0] == finals[1]
    if difficulty is Difficulty.NIGHTMARE:
        assert any("X" in board for board, _, _ in finals[0]), "NIGHTMARE should see ruins"


def test_random_policy_plays_magdagdon_through_ruin_pick():
    phases = set()
    for seed in range(20):
        game = Game(Difficulty.NIGHTMARE, seed)
        policy = make_policy("random", random.Random(seed))
        while not game.is_over:
            phases.add(game.phase)
            game.play(policy.choose(game))
    assert {Phase.ROLL, Phase.STAGING, Phase.MAGDAGDON, Phase.RUIN_PICK} <= phases
