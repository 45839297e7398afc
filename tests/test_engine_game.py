"""The turn flow of RULES.md §3, §6, §7 and §9 through the Game class."""

import pytest

from brute_force import slow_legal_cells

from magdagdon.engine import (
    Accept,
    Adjust,
    Board,
    Confirm,
    Difficulty,
    Game,
    IllegalMoveError,
    Phase,
    PlaceRuin,
    Reroll,
    Roll,
    Stage,
    TakeBack,
    TakeBackAll,
    roll_dice,
)


def staging(board, dice, difficulty=Difficulty.PEACEFUL, **kw):
    game = Game.set_up_position(Board.parse(board), dice, difficulty, **kw)
    assert game.phase is Phase.STAGING
    return game


def test_a_game_starts_waiting_for_the_roll():
    game = Game(Difficulty.SURVIVAL, seed=5)
    assert game.phase is Phase.ROLL and game.turn == 0 and game.legal_moves() == [Roll()]
    game.play(Roll())
    assert game.turn == 1 and game.dice == roll_dice(5, 1)
    assert game.phase is Phase.STAGING  # two required on an empty board: never MAGDAGDON


def test_confirm_needs_the_required_count_and_keeps_extra_dice():
    game = staging("..../..../..../....", (3, 4, 4, 5))
    game.play(Stage(0, 5))
    assert not game.can_confirm
    with pytest.raises(IllegalMoveError, match="2 dice must be staged, 1 are"):
        game.play(Confirm())
    game.play(Stage(1, 6))
    assert game.can_confirm
    game.play(Stage(2, 9))  # more than required is allowed
    game.play(Confirm())
    assert str(game.board) == "..../.34./.4../...."
    assert game.phase is Phase.ROLL and game.dice == () and game.staged == ()


def test_staging_order_changes_what_is_legal():
    game = staging("..../..../..../....", (1, 2, 3, 6))
    game.play(Stage(0, 0))  # the 1
    assert game.legal_cells_for(2) == frozenset()  # a 3 cannot touch the 1
    game.play(Stage(1, 1))  # the 2 beside it
    assert game.legal_cells_for(2) == frozenset({2, 5})


def test_take_back_rechecks_the_rest_in_staging_order():
    """Ruling of §3.5: dice that depended on the returned one come back too."""
    game = staging("..../..../..../....", (2, 3, 4, 6))
    game.play(Stage(0, 0))  # 2 at cell 0
    game.play(Stage(1, 1))  # 3 at cell 1, needs the 2
    game.play(Stage(2, 2))  # 4 at cell 2, needs the 3
    returned = game.play(TakeBack(0))
    # Without the 2, the 3 (staged second) is the first die on an empty board: still legal;
    # the 4 next to it stays legal too.
    assert returned == () and [c for _, c in game.staged] == [1, 2]
    returned = game.play(TakeBack(1))
    assert returned == () and game.staged == ((2, 2),)


def test_take_back_returns_dice_that_lost_their_neighbour():
    game = staging("5.../..../..../....", (4, 3, 1, 1))
    game.play(Stage(0, 1))  # 4 beside the permanent 5
    game.play(Stage(1, 2))  # 3 beside the 4 only
    returned = game.play(TakeBack(0))
    assert returned == (1,) and game.staged == () and game.tray == (0, 1, 2, 3)
    assert str(game.working_board) == str(game.board)


def test_take_back_all():
    game = staging("..../..../..../....", (3, 3, 4, 4))
    game.play(Stage(0, 0))
    game.play(Stage(1, 1))
    assert game.play(TakeBackAll()) == (0, 1)
    assert game.staged == () and game.working_board == game.board


def test_adjust_changes_a_tray_die_by_one_and_costs_the_next_penalty():
    game = staging("..../..../..../....", (1, 3, 4, 6))
    assert game.next_penalty == 10
    with pytest.raises(IllegalMoveError, match="within 1..6"):
        game.play(Adjust(0, -1))
    game.play(Adjust(0, +1))
    assert game.dice == (2, 3, 4, 6) and game.powers_used == 1 and game.next_penalty == 20
    game.play(Stage(1, 5))
    with pytest.raises(IllegalMoveError, match="not in the tray"):
        game.play(Adjust(1, +1))  # a staged die must be taken back first (§6)
    assert game.score().power_penalty == 10


def test_reroll_follows_the_seed_and_counts_one_power():
    game = staging("..../..../..../....", (1, 1, 1, 1), seed=9, turn=3)
    game.play(Reroll((1, 3)))
    fresh = roll_dice(9, 3, 1, 2)
    assert game.dice == (1, fresh[0], 1, fresh[1]) and game.powers_used == 1
    with pytest.raises(IllegalMoveError, match="ascending"):
        game.play(Reroll((2, 0)))


def test_no_power_without_uses_left():
    game = staging("..../..../..../....", (3, 3, 3, 3), Difficulty.SURVIVAL, powers_used=1)
    assert game.powers_left == 0 and game.next_penalty is None
    with pytest.raises(IllegalMoveError, match="no Majda Power left"):
        game.play(Adjust(0, 1))
    assert not any(isinstance(m, (Adjust, Reroll)) for m in game.legal_moves())


def test_magdagdon_accept_then_ruin_ends_the_turn():
    game = Game.set_up_position(Board(), (1, 1, 6, 6), Difficulty.NIGHTMARE)
    assert game.phase is Phase.MAGDAGDON and game.legal_moves() == [Accept()]
    with pytest.raises(IllegalMoveError):
        game.play(Stage(0, 0))
    game.play(Accept())
    assert game.phase is Phase.RUIN_PICK
    with pytest.raises(IllegalMoveError):  # ACCEPT is final: no power after it (Ruling §7)
        game.play(Adjust(0, 1))
    game.play(PlaceRuin(5))
    assert str(game.board) == "..../.X../..../...." and game.phase is Phase.ROLL
    with pytest.raises(IllegalMoveError, match="only after accepting"):
        game.play(PlaceRuin(6))


def test_ruin_only_on_an_empty_cell():
    game = Game.set_up_position(Board.parse("3.../..../..../...."), (1, 1, 6, 6), Difficulty.SURVIVAL)
    game.play(Accept())
    assert PlaceRuin(0) not in game.legal_moves() and len(game.legal_moves()) == 15
    with pytest.raises(IllegalMoveError, match="not an empty cell"):
        game.play(PlaceRuin(0))


def test_cannot_accept_while_a_valid_sequence_exists():
    game = staging("..../..../..../....", (3, 3, 4, 4))
    with pytest.raises(IllegalMoveError, match="only a MAGDAGDON turn"):
        game.play(Accept())


def test_power_saves_a_magdagdon_turn():
    board = Board.parse("3.../..../..../....")
    game = Game.set_up_position(board, (1, 1, 6, 6), Difficulty.PEACEFUL)
    assert game.phase is Phase.MAGDAGDON
    game.play(Adjust(0, +1))  # a 2 fits beside the 3, and the other 1 beside the 2
    assert game.phase is Phase.STAGING and game.powers_used == 1


def test_a_power_that_does_not_save_keeps_magdagdon():
    board = Board.parse("3.../..../..../....")
    game = Game.set_up_position(board, (1, 6, 6, 6), Difficulty.PEACEFUL)
    game.play(Adjust(0, +1))  # the 2 fits, but no second die does
    assert game.phase is Phase.MAGDAGDON and game.powers_used == 1
    assert Accept() in game.legal_moves()


def test_entering_magdagdon_returns_staged_dice():
    """Ruling of §6: a power can make the turn MAGDAGDON; staged dice go back to the tray."""
    game = staging("1.../..../..../....", (2, 3, 6, 6))
    game.play(Stage(0, 1))  # the 2 beside the 1; the 3 could follow beside the 2
    returned = game.play(Adjust(1, +1))  # 3 -> 4: now only the 2 fits
    assert game.phase is Phase.MAGDAGDON
    assert returned == (0,) and game.staged == () and game.tray == (0, 1, 2, 3)


def test_reroll_can_enter_and_leave_magdagdon_as_the_seed_says():
    """Search seeds for both transitions; the engine must agree with is_magdagdon each time."""
    from magdagdon.engine import is_magdagdon

    seen = set()
    for seed in range(200):
        game = Game.set_up_position(Board.parse("1.../..../..../...6"), (1, 2, 5, 6), seed=seed)
        game.play(Reroll((0, 1, 2, 3)))
        expected = is_magdagdon(game.board, game.dice, game.difficulty)
        assert (game.phase is Phase.MAGDAGDON) == expected
        seen.add(expected)
    assert seen == {True, False}


def test_illegal_move_error_names_action_and_board():
    game = staging("3.../..../..../....", (4, 4, 6, 6))
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Stage(2, 1))
    message = str(caught.value)
    assert "'stage 2 1'" in message and "3.../..../..../...." in message
    assert isinstance(caught.value, ValueError)


def test_turn_counter_counts_rolls_including_magdagdon_not_rerolls():
    game = Game(Difficulty.PEACEFUL, seed=1)
    game.play(Roll())
    while game.phase is Phase.STAGING and not game.can_confirm:
        die = next(d for d in game.tray if game.legal_cells_for(d))
        game.play(Stage(die, min(game.legal_cells_for(die))))
    game.play(Reroll(game.tray))
    assert game.turn == 1 and game.rerolls_this_turn == 1 and game.powers_used == 1


def test_game_over_when_full_and_final_score():
    game = staging("3456/3456/3456/345.", (6, 1, 1, 1))
    assert game.required == 1
    game.play(Stage(0, 15))
    game.play(Confirm())
    assert game.is_over and game.final_score.total == 544 and game.legal_moves() == []


def test_legal_moves_are_exactly_the_playable_ones():
    game = staging("..3./.34./..../....", (2, 3, 5, 6), powers_used=1)
    game.play(Stage(1, 10))  # a 3 below the 4: staged dice count for what follows
    moves = game.legal_moves()
    for move in moves:
        assert game.is_legal(move)
    # Stage moves against the rule text, written independently (tests/brute_force.py) ...
    working = game.working_board.cells
    stage_moves = {(m.die, m.cell) for m in moves if isinstance(m, Stage)}
    expected = {(d, c) for d in (0, 2, 3) for c in slow_legal_cells(working, game.dice[d])}
    assert stage_moves == expected
    # ... and as golden values: a 2 touches a 3 and not the 4, a 5 the 4 and no 3, a 6 nothing.
    assert stage_moves == {(0, 1), (0, 3), (0, 4), (0, 9), (0, 11), (0, 14), (2, 7)}
    # every other (die, cell) is refused
    for die in range(4):
        for cell in range(16):
            assert game.is_legal(Stage(die, cell)) == ((die, cell) in stage_moves)
    assert TakeBack(1) in moves and TakeBackAll() in moves and Confirm() not in moves
    # two powers left: -1/+1 on each tray die within 1..6 (the 6 has no +1), 7 re-rolls of 3 dice
    assert {m for m in moves if isinstance(m, Adjust)} == {
        Adjust(0, -1), Adjust(0, 1), Adjust(2, -1), Adjust(2, 1), Adjust(3, -1)
    }
    assert sum(isinstance(m, Reroll) for m in moves) == 7


def test_playing_something_that_is_no_action_names_it():
    game = Game(Difficulty.PEACEFUL, seed=1)
    with pytest.raises(IllegalMoveError, match="'roll'.*not an action"):
        game.play("roll")
    assert game.log == [] and game.phase is Phase.ROLL


def test_each_turn_counts_on_by_one_and_opens_with_its_own_roll():
    # RULES.md §10: turn t's first roll is the seed's roll for t, whatever was played before.
    import random

    game, rng, turns = Game(Difficulty.PEACEFUL, seed=21), random.Random(21), []
    while not game.is_over:
        moves = [m for m in game.legal_moves() if not isinstance(m, (Adjust, Reroll))]
        action = Roll() if Roll() in moves else (Confirm() if Confirm() in moves else rng.choice(moves))
        game.play(action)
        if isinstance(action, Roll):
            turns.append(game.turn)
            assert game.dice == roll_dice(21, game.turn)
    assert turns == list(range(1, len(turns) + 1)) and len(turns) > 4


def test_two_powers_in_one_turn_count_two_and_the_second_reroll_is_the_seeds_second():
    game = staging("..../..../..../....", (1, 1, 1, 1), seed=9, turn=3)
    game.play(Reroll((0,)))
    game.play(Reroll((0,)))
    assert game.dice[0] == roll_dice(9, 3, 2, 1)[0] and game.powers_used == 2
    game.play(Adjust(1, +1))
    assert game.powers_used == 3 and game.dice[1] == 2


def test_an_action_that_sends_no_die_back_returns_none_and_a_new_game_shows_the_empty_board():
    game = Game(Difficulty.PEACEFUL, seed=21)
    assert game.working_board == Board() and game.last_returned == ()
    assert game.play(Roll()) == () and game.last_returned == ()
    cell = game.legal_moves()[0]
    assert game.play(cell) == () and game.last_returned == ()
