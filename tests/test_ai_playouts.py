"""The playouts that value positions (magdagdon/ai/playouts.py): they repeat exactly for a
seed, every choice of one position plays on the same dice, the luck taken off each roll
averages to nothing (the values stay the expert's expectation) and takes off most of the
spread."""

from __future__ import annotations

import math
import random
import statistics

import pytest

import magdagdon.ai.playouts as playouts_module
from magdagdon.ai import Estimator, make_policy
from magdagdon.ai.coach import Coach
from magdagdon.ai.estimate import CONTROL_WEIGHT, EndTurn, UsePower
from magdagdon.ai.planner import Planner, Position
from magdagdon.ai.playouts import ADJUSTED, Playouts, position_key
from magdagdon.ai.turn_search import ROLL_OUTCOMES
from magdagdon.engine import Board, Difficulty, Game, Phase, roll_dice, score_total
from magdagdon.engine.actions import Adjust, Reroll


def _boards(difficulty: Difficulty, seeds: range, lowest: int, highest: int) -> list[tuple[tuple[int, ...], int]]:
    """Boards between turns of greedy games with ``lowest`` to ``highest`` empty cells."""
    found = []
    for seed in seeds:
        game = Game(difficulty, seed)
        player = make_policy("greedy", random.Random(seed))
        while not game.is_over:
            game.play(player.choose(game))
            if game.phase is Phase.ROLL and lowest <= game.board.empty_count <= highest:
                found.append((game.board.cells, game.powers_used))
    return found


def test_values_repeat_exactly_for_a_seed_and_change_with_it() -> None:
    difficulty = Difficulty.SURVIVAL
    cells, used = _boards(difficulty, range(1), 6, 9)[0]
    first = Estimator(playouts=3).between_turns(difficulty, cells, used)
    assert Estimator(playouts=3).between_turns(difficulty, cells, used) == first
    assert Estimator(playouts=3, seed=1).between_turns(difficulty, cells, used) != first


def test_every_choice_of_a_turn_plays_on_the_same_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playout k of a turn throws the same rolls whichever choice starts it (a board to end
    on, a re-roll) and whichever decision point of the turn asks, and the rolls of different
    turns differ: a choice's worth is not drowned in the two choices' luck."""
    thrown: list[tuple[int, int, int, tuple[int, ...]]] = []

    def recorded(seed: int, turn: int, index: int = 0, count: int = 4) -> tuple[int, ...]:
        values = roll_dice(seed, turn, index, count)
        thrown.append((seed, turn, index, values))
        return values

    monkeypatch.setattr(playouts_module, "roll_dice", recorded)
    difficulty = Difficulty.PEACEFUL
    board = Board.parse("3456/3456/..../....")
    position = Position(difficulty, board.cells, (3, 4, 5, 6), 0)
    estimator = Estimator(playouts=3)
    rows = Board.parse("3456/3456/3456/....").cells, Board.parse("3456/3456/4.../5...").cells
    first_rolls = []
    for after in rows:
        thrown.clear()
        estimator.value(position, EndTurn(after))
        first_rolls.append([(seed, values) for seed, turn, index, values in thrown if (turn, index) == (1, 0)])
    assert len(first_rolls[0]) == 3 and first_rolls[0] == first_rolls[1]
    thrown.clear()
    estimator.value(position, UsePower(Reroll((0,))))
    assert [(seed, values) for seed, turn, index, values in thrown if (turn, index) == (1, 0)] == first_rolls[0]
    thrown.clear()  # the same board at another decision point of the turn: the values already played
    assert estimator.value(Position(difficulty, board.cells, (3, 4, 5, 5), 0), EndTurn(rows[0])) == \
        estimator.value(position, EndTurn(rows[0])) and not thrown
    other = Board.parse("3456/3456/3.../....")  # another turn: other dice
    estimator.value(Position(difficulty, other.cells, (4, 5, 6, 6), 0), EndTurn(Board.parse("3456/3456/34../....").cells))
    assert {seed for seed, _, _, _ in thrown}.isdisjoint(seed for seed, _ in first_rolls[0])


def test_a_power_s_playouts_start_with_the_power_used() -> None:
    """UsePower: the playouts go on from the changed dice with one power more used."""
    difficulty = Difficulty.SURVIVAL
    position = Position(difficulty, Board.parse("3456/3456/3456/345.").cells, (1, 1, 1, 1), 0)
    estimator = Estimator(playouts=4)
    # +1 on a 1 makes a 2, which fits no more than a 1 does: MAGDAGDON all the same, so the
    # expert ruins the last cell and the game ends with the ruin and the power's 70 points
    ruined = score_total(Board.parse("3456/3456/3456/345X"), difficulty, 1)
    assert estimator.value(position, UsePower(Adjust(0, 1))) == ruined
    # a re-roll of all four: a 5 or a 6 among them fills the cell, else the ruin
    filled = score_total(Board.parse("3456/3456/3456/3456"), difficulty, 1)
    assert ruined < estimator.value(position, UsePower(Reroll((0, 1, 2, 3)))) < filled
    with pytest.raises(ValueError):
        estimator.value(position, UsePower(Adjust(0, -1)))  # a die never goes below 1


def test_the_luck_of_a_fair_roll_averages_to_nothing() -> None:
    """Over every roll, weighted by its chance, the luck the control variate takes off is 0,
    on boards of every stage and with powers in hand or not."""
    for difficulty in Difficulty:
        planner = Planner(difficulty)
        playouts = Playouts(planner, planner, 1)
        for cells, used in _boards(difficulty, range(2), 2, 10)[::3]:
            table, mean = playouts._roll_table(cells, used)
            assert math.fsum(weight * (table[values] - mean) for values, weight in ROLL_OUTCOMES[4]) == pytest.approx(0.0, abs=1e-9)


def test_the_luck_of_a_re_roll_averages_to_nothing() -> None:
    """Whatever a re-roll of some dice throws, weighted by its chance, its luck averages to 0."""
    difficulty = Difficulty.PEACEFUL
    planner = Planner(difficulty)
    playouts = Playouts(planner, planner, 1)
    cells = Board.parse("3456/3456/..../....").cells
    for chosen in ((0,), (1, 3), (0, 1, 2, 3)):
        total = 0.0
        for outcome, weight in ROLL_OUTCOMES[len(chosen)]:
            dice, luck = playouts._use(cells, (1, 1, 5, 6), 0, Reroll(chosen), lambda turn, index, count: outcome, 1, 1)
            assert [dice[d] for d in chosen] == list(outcome)
            total += weight * luck
        assert total == pytest.approx(0.0, abs=1e-9)


def test_a_single_change_of_a_die_is_weighed_in_the_luck_of_a_roll() -> None:
    """With a power in hand a roll is as good as the best roll one -1 or +1 makes of it,
    less the penalty (the neighbours of a roll are its dice changed by one)."""
    assert ADJUSTED[(1, 1, 1, 1)] == ((1, 1, 1, 2),)
    assert ADJUSTED[(1, 3, 3, 6)] == ((1, 2, 3, 6), (1, 3, 3, 5), (1, 3, 4, 6), (2, 3, 3, 6))
    difficulty = Difficulty.PEACEFUL
    planner = Planner(difficulty)
    playouts = Playouts(planner, planner, 1)
    cells = Board.parse("3456/3456/3456/345.").cells  # the last cell takes a 5 or a 6
    with_power, _ = playouts._roll_table(cells, 0)
    spent, _ = playouts._roll_table(cells, 3)  # every power used
    # 1 1 1 4 cannot be placed: a ruin, unless a +1 makes the 4 a 5 (worth the first power's 10)
    ruined = float(score_total(Board.parse("3456/3456/3456/345X"), difficulty, 0))
    assert spent[(1, 1, 1, 4)] == pytest.approx(ruined)
    assert with_power[(1, 1, 1, 4)] == pytest.approx(score_total(Board.parse("3456/3456/3456/3455"), difficulty, 1))
    assert with_power[(1, 1, 1, 6)] == spent[(1, 1, 1, 6)] == pytest.approx(544.0)


@pytest.mark.parametrize("difficulty, most", [(Difficulty.PEACEFUL, 0.85), (Difficulty.SURVIVAL, 0.65),
                                              (Difficulty.NIGHTMARE, 0.5)])
def test_taking_off_the_luck_takes_off_much_of_the_spread(difficulty: Difficulty, most: float) -> None:
    """On boards in the middle of a game the corrected playouts spread half as much as the
    final scores alone in NIGHTMARE, less in SURVIVAL and PEACEFUL, where powers mend many
    a bad roll that the luck does not see (the figures of docs/AI.md, on fewer boards)."""
    weight = CONTROL_WEIGHT[difficulty]
    planner = Planner(difficulty)
    playouts = Playouts(planner, planner, 1)
    raw, corrected = [], []
    for cells, used in _boards(difficulty, range(8), 5, 9)[::3][:8]:
        key = position_key(difficulty, cells, (), used)
        played = [playouts.play(key, k, cells, used) for k in range(12)]
        raw.append(statistics.variance([score for score, _ in played]))
        corrected.append(statistics.variance([score - weight * luck for score, luck in played]))
    assert math.sqrt(statistics.fmean(corrected)) < most * math.sqrt(statistics.fmean(raw))


def test_a_position_after_accept_is_valued_by_its_ruin() -> None:
    """After ACCEPT only the ruin is left to choose: the playouts go on from the ruined board."""
    difficulty = Difficulty.NIGHTMARE
    board = Board.parse("3456/3456/3456/3...")
    position = Position(difficulty, board.cells, (), 0)
    coach = Coach(Estimator(playouts=4))
    best = coach.analyse(position).best
    assert best.candidate.ruin is not None and not best.candidate.powers
    after = best.candidate.after(board.cells)
    assert after is not None and best.value == coach.estimator.value(position, EndTurn(after))
