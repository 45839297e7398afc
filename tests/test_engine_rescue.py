"""Which Majda Powers could save a MAGDAGDON roll (RULES.md §6, §7): the engine's answer
against a plain walk through the game itself — every sequence of −1/+1 within the uses
left played on copies, and every outcome of fresh dice for every choice of tray dice to
throw again (never the seeded dice the game would really roll)."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement, product

import pytest

from magdagdon.ai import make_policy
from magdagdon.engine import Adjust, Board, Difficulty, Game, Phase, rescue

from brute_force import slow_can_place


def magdagdon_positions(count: int) -> list[Game]:
    positions = []
    for seed in range(400):
        game = Game(Difficulty.PEACEFUL, seed)
        policy = make_policy("greedy", random.Random(seed))
        while not game.is_over:
            if game.phase is Phase.MAGDAGDON:
                positions.append(game.copy())
            game.play(policy.choose(game))
        if len(positions) >= count:
            break
    return positions[:count]


def adjusting_saves(game: Game, uses: int) -> bool:
    """Some sequence of up to ``uses`` legal −1/+1 leaves the MAGDAGDON (played, not computed)."""
    if uses == 0:
        return False
    for die in game.tray:
        for delta in (-1, 1):
            action = Adjust(die, delta)
            if not game.is_legal(action):
                continue
            twin = game.copy()
            twin.play(action)
            if twin.phase is Phase.STAGING or adjusting_saves(twin, uses - 1):
                return True
    return False


def rerolling_may_save(game: Game) -> bool:
    """Some outcome of throwing some tray dice again can be placed."""
    tray = game.tray
    for size in range(1, len(tray) + 1):
        for chosen in combinations(tray, size):
            for fresh in product(range(1, 7), repeat=size):
                dice = list(game.dice)
                for die, value in zip(chosen, fresh):
                    dice[die] = value
                if slow_can_place(list(game.board.cells), dice, game.required):
                    return True
    return False


@pytest.mark.parametrize("game", magdagdon_positions(12), ids=lambda g: f"{g.board}-{''.join(map(str, g.dice))}")
def test_rescue_agrees_with_playing_every_power(game):
    found = rescue(game.board, game.dice, game.required, game.powers_left)
    assert found.adjust == adjusting_saves(game, game.powers_left)
    assert found.reroll == rerolling_may_save(game)


def test_two_changes_can_save_what_one_cannot_and_only_with_two_uses_left():
    # one empty cell between a 4 and a 4 needs a 3, 4 or 5; the dice are all 1s: 1 -> 3 takes two +1
    game = Game.set_up_position(Board.parse("1414/4141/1414/414."), (1, 1, 1, 1), Difficulty.PEACEFUL)
    assert game.phase is Phase.MAGDAGDON
    assert rescue(game.board, game.dice, game.required, 3) == rescue(game.board, game.dice, game.required, 2)
    assert rescue(game.board, game.dice, game.required, 2).adjust
    assert not rescue(game.board, game.dice, game.required, 1).adjust
    assert rescue(game.board, game.dice, game.required, 1).reroll
    assert not rescue(game.board, game.dice, game.required, 0).possible


def test_a_cell_no_value_can_take_is_beyond_every_power():
    # the last empty cell lies between a 1 and a 6: no die value ever fits it
    game = Game.set_up_position(Board.parse("1616/6161/6161/616."), (3, 3, 3, 3), Difficulty.PEACEFUL)
    assert game.phase is Phase.MAGDAGDON
    assert not rescue(game.board, game.dice, game.required, 3).possible


def test_only_a_re_roll_may_save_dice_too_far_from_what_the_board_takes():
    # beside the 1s only a 1 or a 2 fits: 6 5 4 6 need more than three changes to place two
    game = Game.set_up_position(Board.parse("111./..../..../...."), (6, 5, 4, 6), Difficulty.PEACEFUL)
    assert game.phase is Phase.MAGDAGDON
    found = rescue(game.board, game.dice, game.required, game.powers_left)
    assert (found.adjust, found.reroll) == (False, True)
    assert found == (rescue(game.board, game.dice, game.required, 3))
    assert adjusting_saves(game, 3) is False and rerolling_may_save(game) is True


def slow_adjusting_saves(cells: tuple[int, ...], dice: tuple[int, ...], need: int, uses: int,
                         placeable: dict[tuple[int, ...], bool]) -> bool:
    """Some dice within ``uses`` pips of ``dice`` in all (each die 1..6), not ``dice`` itself,
    can be placed: every such roll is tried (``placeable``: each roll, sorted, already judged)."""
    for changed in product(range(1, 7), repeat=len(dice)):
        distance = sum(abs(a - b) for a, b in zip(changed, dice))
        if 0 < distance <= uses and placeable[tuple(sorted(changed))]:
            return True
    return False


def random_magdagdon_rolls(count: int) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Boards of scattered numbers and ruins with a roll of 2..4 dice that cannot place
    ``need`` of them (2 or 3): many of them only a change of a low or a high die saves."""
    rng = random.Random(20261203)
    found = []
    while len(found) < count:
        cells = [0] * 16
        for cell in rng.sample(range(16), rng.randint(3, 11)):
            cells[cell] = rng.choice((1, 1, 2, 3, 4, 5, 6, 6, 7))
        dice = tuple(rng.randint(1, 6) for _ in range(rng.randint(2, 4)))
        need = min(rng.choice((2, 2, 3)), len(dice), cells.count(0))
        if need and not slow_can_place(cells, list(dice), need):
            found.append((tuple(cells), dice, need))
    return found


def test_rescue_agrees_with_every_change_and_every_throw_on_random_rolls():
    """The powers' search against trying every roll within the uses left, and every fresh
    roll, on 300 rolls: the rolls that only a −1 saves, only a change of the first of two
    needed dice, only a 1 or a 6 thrown, are all among them."""
    lowering_only = first_die_only = 0
    for cells, dice, need in random_magdagdon_rolls(300):
        board = Board(cells)
        placeable = {roll: slow_can_place(list(cells), list(roll), need)
                     for roll in combinations_with_replacement(range(1, 7), len(dice))}
        for uses in (1, 2, 3):
            found = rescue(board, dice, need, uses)
            assert found.adjust == slow_adjusting_saves(cells, dice, need, uses, placeable), (board, dice, need, uses)
            assert found.reroll == any(placeable.values()), (board, dice, need, uses)
        one_step = [dice[:i] + (v + d,) + dice[i + 1:] for i, v in enumerate(dice) for d in (-1, 1) if 1 <= v + d <= 6]
        saving = [roll for roll in one_step if placeable[tuple(sorted(roll))]]
        lowering_only += bool(saving) and all(sum(roll) < sum(dice) for roll in saving)
        first_die_only += bool(saving) and all(roll[1:] == dice[1:] for roll in saving) and len(dice) > need
    assert lowering_only >= 5 and first_die_only >= 5  # the sample holds what it claims


def test_a_single_lowering_saves_a_roll_no_raising_can():
    # Beside the 1s only a 1 or a 2 fits; 3 3 6 6 must place two: one −1 on a 3 and the
    # 2 goes beside a 1, the other 3 beside the 2.
    game = Game.set_up_position(Board.parse("11X./X.../..../...."), (3, 3, 6, 6), Difficulty.PEACEFUL)
    assert game.phase is Phase.MAGDAGDON
    assert rescue(game.board, game.dice, game.required, 1).adjust
    assert adjusting_saves(game, 1)
