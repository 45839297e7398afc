"""The coach (magdagdon/ai/coach.py): decisions by the values the review shows. On the two
positions where the search's hint was seen to be wrong it finds the better move; a −1/+1 is
valued as a placement is, by the board the turn ends on; the same position always gets the
same advice, which the hint names and the coach plays."""

from __future__ import annotations

import pytest

from magdagdon.ai import CoachPolicy, hint
from magdagdon.ai.candidates import Candidate, candidates_of, expert_candidate, same_choice
from magdagdon.ai.coach import Budget, Coach
from magdagdon.ai.estimate import EndTurn, Estimator
from magdagdon.ai.planner import Planner, Position
from magdagdon.ai.playouts import Estimate
from magdagdon.engine import Board, Difficulty, Game
from magdagdon.engine.actions import Adjust, Reroll


@pytest.mark.shipped_playouts  # the coach as players get it (late positions: a second or two each)
def test_the_coach_finds_the_moves_the_search_missed() -> None:
    difficulty = Difficulty.PEACEFUL
    coach = Coach()
    # a power used, 4 5 1 6: the search re-rolls the 1 and the 6; placing the 4 and the 5 is
    # worth more, exactly (two cells are left after it)
    first = Position(difficulty, Board.parse("6666/555./44../333.").cells, (4, 5, 1, 6), 1)
    assert isinstance(expert_candidate(coach.estimator.planner(difficulty), first).powers[0], Reroll)
    analysis = coach.analyse(first)
    assert not analysis.best.candidate.powers
    assert analysis.best.candidate.after(first.cells) == Board.parse("6666/5555/444./333.").cells
    reroll = analysis.find(Candidate((Reroll((2, 3)),)))
    assert reroll is not None and analysis.value > reroll.value + 20
    # 3 3 3 1, no power used: the search spends a −1 on a 3 for a 2 beside the 2s; the coach's
    # move is worth clearly more on the same dice
    second = Position(difficulty, Board.parse("6543/5432/5.22/....").cells, (3, 3, 3, 1), 0)
    searched = expert_candidate(coach.estimator.planner(difficulty), second)
    chosen = coach.analyse(second).best
    assert same_choice(second, chosen.candidate) != same_choice(second, searched)
    gap = chosen.estimate.minus(coach.value_of(second, searched, chosen.playouts))
    assert gap.mean > 10 and gap.mean > 2 * gap.stderr


def test_a_power_is_valued_as_the_board_it_leads_to() -> None:
    """−1 on a die then a board: its value is the value of that board with one more power
    used, the very same samples — the look-ahead a placement gets."""
    difficulty = Difficulty.PEACEFUL
    coach = Coach(Estimator(playouts=3))
    position = Position(difficulty, Board.parse("3456/3456/34../....").cells, (6, 6, 2, 1), 0)
    candidates = [c for c in candidates_of(coach.estimator.planner(difficulty), position, wide=True)
                  if c.powers and isinstance(c.powers[0], Adjust) and c.after(position.cells) is not None]
    assert candidates
    for candidate in candidates[:4]:
        after = candidate.after(position.cells)
        assert after is not None
        start = Position(difficulty, position.cells, candidate.dice_after(position.dice), 1)
        same = coach.estimator.estimate(start, EndTurn(after), 3)
        assert coach.value_of(position, candidate, 3).samples == same.samples
        # and whichever decision point of the turn asks, the board keeps its value
        assert coach.estimator.estimate(Position(difficulty, position.cells, (1, 1, 1, 1), 1), EndTurn(after),
                                        3).samples == same.samples


def test_the_same_position_gets_the_same_advice() -> None:
    """Two coaches, the hint and the coach's own play agree (no clock, no hidden randomness)."""
    difficulty = Difficulty.SURVIVAL
    game = Game.set_up_position(Board.parse("3456/3456/34../...."), (5, 6, 2, 2), difficulty)
    position = Position.of(game)
    one, other = Coach(Estimator(playouts=8)), Coach(Estimator(playouts=8))
    assert one.choose(position) == other.choose(position)
    assert one.analyse(position).value == other.analyse(position).value
    player = CoachPolicy(one)
    assert hint(game, player) == player.choose(game.copy())


def test_the_expert_s_choice_is_always_a_candidate() -> None:
    difficulty = Difficulty.NIGHTMARE
    planner = Planner(difficulty)
    for text, dice in (("3456/3456/34../....", (1, 1, 6, 6)), ("..../.34./..../....", (2, 3, 4, 5)),
                       ("3456/3456/3456/3...", (1, 1, 1, 1))):
        position = Position(difficulty, Board.parse(text).cells, dice, 0)
        keys = {same_choice(position, c) for c in candidates_of(planner, position)}
        assert same_choice(position, expert_candidate(planner, position)) in keys


@pytest.mark.shipped_playouts  # an open board, as players get it: two or three seconds of one core
def test_on_an_open_board_the_coach_finds_what_the_search_misses() -> None:
    """13 empty cells, 3 1 5 3 cannot be placed as rolled: the search spends +1 and places
    two dice; placing the third 3 as well is worth about 17 points more (the expert's twin,
    1,536 paired playouts: 12.6 ± 1.7). Screened by 2-8 quick playouts a candidate, the
    search's choice stood; the quick playouts of the open-board budget find it."""
    difficulty = Difficulty.PEACEFUL
    coach = Coach()
    position = Position(difficulty, Board.parse("56../..X./..../....").cells, (3, 1, 5, 3), 0)
    searched = expert_candidate(coach.estimator.planner(difficulty), position)
    assert searched.after(position.cells) == Board.parse("565./4.X./..../....").cells
    chosen = coach.choose(position)
    assert chosen.powers == (Adjust(0, 1),)
    assert chosen.after(position.cells) == Board.parse("565./4.X./3.../....").cells


def test_the_screening_keeps_what_it_cannot_tell_apart_and_the_search_s_choice() -> None:
    """A screening round keeps the search's choice and the candidates the leader is not two
    standard errors ahead of, at most so many: a candidate clearly behind is dropped even
    where there is room for it."""
    difficulty = Difficulty.PEACEFUL
    coach = Coach(Estimator(playouts=16))
    position = Position(difficulty, Board.parse("3456/3456/34../....").cells, (6, 6, 2, 1), 0)
    expert, leader, close, behind, far = (Candidate(ruin=cell) for cell in (10, 11, 12, 13, 14))
    # on the same dice the leader's playouts and the others' part by 16 points every playout:
    # a difference's standard error is 4 points over 16 playouts
    pattern = {expert: (8.0, -8.0), leader: (-8.0, 8.0), close: (8.0, -8.0), behind: (8.0, -8.0), far: (8.0, -8.0)}
    means = {expert: 100.0, leader: 200.0, close: 194.0, behind: 185.0, far: 150.0}
    coach._quick = lambda _position, candidate, count: Estimate(  # type: ignore[method-assign]
        tuple(means[candidate] + pattern[candidate][k % 2] for k in range(count)))
    field = [expert, far, behind, close, leader]
    assert coach._screened(position, field, Budget(screen=((1.0, 4),), rounds=()), 16) == [expert, leader, close]
    decisive = Budget(screen=((1.0, 4), (1.0, 1)), rounds=())
    assert coach._screened(position, field, decisive, 16) == [leader]
