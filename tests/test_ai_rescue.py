"""Can a power save a MAGDAGDON roll: the ±1 that does, each re-roll's chance over fair
dice, the chance with every power in hand, and "none can"."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from magdagdon.ai import make_policy, rescue, rescue_for
from magdagdon.ai.planner import Planner, Position
from magdagdon.engine import Board, Difficulty, Game, Phase, can_place
from magdagdon.engine.actions import Adjust, Reroll

# The last cell (15) touches a 6 and a 5: only a 5 or a 6 fits there.
ONE_CELL = Board.parse("3456/3456/3456/345.")


def test_a_plus_one_that_saves_the_roll_is_named() -> None:
    result = rescue(ONE_CELL, (4, 4, 4, 3), Difficulty.SURVIVAL, 0)
    assert result.adjusts == (Adjust(0, 1), Adjust(1, 1), Adjust(2, 1))  # 4 -> 5; the 3 -> 4 does not
    assert result.can_save and result.chance == 1.0
    assert isinstance(result.first, Adjust)  # a sure ±1 before any gamble


def test_each_re_roll_has_its_exact_chance_over_fair_dice() -> None:
    result = rescue(ONE_CELL, (1, 1, 1, 1), Difficulty.SURVIVAL, 0)
    assert result.adjusts == ()
    chances = {r.reroll: r.chance for r in result.rerolls}
    assert chances[Reroll((0, 1, 2, 3))] == 1 - Fraction(4, 6) ** 4  # some die shows 5 or 6
    assert chances[Reroll((2,))] == Fraction(2, 6)
    assert chances[Reroll((0, 3))] == 1 - Fraction(4, 6) ** 2
    assert len(result.rerolls) == 15
    assert result.best_reroll is not None and result.best_reroll.reroll == Reroll((0, 1, 2, 3))
    assert result.chance == pytest.approx(float(1 - Fraction(4, 6) ** 4))  # one power: the best re-roll
    # the counts are the engine's own test, outcome by outcome
    saved = sum(can_place(ONE_CELL, (1, 1, 1, v), 1) for v in range(1, 7))
    assert chances[Reroll((3,))] == Fraction(saved, 6)


def test_with_several_powers_left_the_chance_counts_them_all() -> None:
    # A 2 must climb to a 5: three +1 in PEACEFUL; no single power does it for sure.
    result = rescue(ONE_CELL, (1, 1, 1, 2), Difficulty.PEACEFUL, 0)
    assert result.adjusts == ()
    assert result.chance == 1.0 and result.first == Adjust(3, 1)
    one_left = rescue(ONE_CELL, (1, 1, 1, 2), Difficulty.PEACEFUL, 2)
    assert one_left.chance == pytest.approx(float(1 - Fraction(4, 6) ** 4))


def test_when_no_power_can_save_the_roll_it_says_so() -> None:
    # Cell 13 sits between a 2 and a 5: nothing fits, so two dice can never be placed.
    hopeless = Board.parse("3456/3456/3456/2.5.")
    result = rescue(hopeless, (5, 5, 6, 6), Difficulty.PEACEFUL, 0)
    assert not result.can_save and result.chance == 0 and result.first is None
    assert result.adjusts == () and result.rerolls == ()
    # no power left
    spent = rescue(ONE_CELL, (1, 1, 1, 1), Difficulty.SURVIVAL, 1)
    assert not spent.can_save and spent.powers_left == 0 and spent.rerolls == ()
    assert not rescue(Board.empty(), (1, 1, 6, 6), Difficulty.NIGHTMARE, 0).can_save


def test_a_roll_that_can_be_placed_is_not_rescued() -> None:
    with pytest.raises(ValueError, match="not MAGDAGDON"):
        rescue(ONE_CELL, (5, 1, 1, 1), Difficulty.PEACEFUL, 0)


def test_the_game_s_own_future_dice_play_no_part() -> None:
    """Two seeds, same position: the same advice (the seeded re-rolls differ)."""
    games = [Game.set_up_position(ONE_CELL, (1, 1, 1, 1), Difficulty.SURVIVAL, seed=seed) for seed in (1, 2)]
    assert rescue_for(games[0]) == rescue_for(games[1])
    with pytest.raises(ValueError, match="not MAGDAGDON"):
        rescue_for(Game(Difficulty.PEACEFUL, 1))


@pytest.mark.parametrize("dice", [(4, 1, 1, 1), (1, 1, 1, 4), (4, 4, 4, 3), (3, 4, 1, 1)])
def test_a_sure_plus_or_minus_one_is_the_first_power_named(dice: tuple[int, ...]) -> None:
    """With three powers a −1 that needs two +1 after it also reaches chance 1; the ±1 that
    saves the roll at once comes first, and it is the one the panel names."""
    result = rescue(ONE_CELL, dice, Difficulty.PEACEFUL, 0)
    assert result.adjusts and result.chance == 1.0
    assert result.first == result.adjusts[0]


def test_a_chance_is_never_above_one() -> None:
    # Three powers from 1 1 1 4: some strategies mix re-rolls whose weights sum in floats.
    for dice in [(1, 1, 1, 4), (1, 1, 1, 2), (1, 1, 2, 2)]:
        assert 0.0 < rescue(ONE_CELL, dice, Difficulty.PEACEFUL, 0).chance <= 1.0


@pytest.mark.parametrize("difficulty", [d for d in Difficulty if d.power_count])
def test_the_expert_never_spends_a_power_on_a_roll_no_power_can_save(difficulty: Difficulty) -> None:
    """A power on such a roll costs its penalty and still ends in a ruin: the expert (and so
    the hint) accepts instead. Over the MAGDAGDON rolls of random and greedy games."""
    planner = Planner(difficulty)
    hopeless = 0
    for seed in range(24):
        for style in ("random", "greedy"):
            game = Game(difficulty, 700_000 + seed)
            player = make_policy(style, random.Random(seed))
            while not game.is_over:
                if game.phase is Phase.MAGDAGDON and game.powers_left and not rescue_for(game).can_save:
                    hopeless += 1
                    decision = planner.decide(Position.of(game))
                    assert decision.power is None and decision.ruin is not None, (seed, style, game.board, game.dice)
                game.play(player.choose(game))
    assert hopeless >= 20  # the games met enough rolls no power could save
