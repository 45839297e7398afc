"""``find_placement`` (the witness for RULES.md §5) and the bit-mask legality it and the AI
search on (``legal_mask_from``, ``legal_masks_from``), against the plain-loop reference of
tests/brute_force.py on boards from seeded games and on hand-made edge boards."""

from __future__ import annotations

import itertools
import random

import pytest

from magdagdon.engine import Board, Difficulty, Game, Phase, Roll
from magdagdon.engine.board import NUMBERS, RUIN
from magdagdon.engine.legality import find_placement, legal_mask_from, legal_masks_from

from brute_force import slow_can_place, slow_legal_cells

EDGE_BOARDS = [
    "..../..../..../....",  # empty: anything goes anywhere
    "X.../..../..../...X",  # ruins alone do not count as numbers (RULES.md §4 ruling)
    "1.../..../..../...6",
    "6.6./.1../..../....",
    "1234/5612/3456/12..",
    "1X1X/X1X1/1X1X/X1X.",
    "6666/6666/6666/666.",
    "123./4561/2345/6123",
]


def _boards() -> list[Board]:
    """Positions of seeded random games at every turn, and the edge boards."""
    boards = [Board.parse(text) for text in EDGE_BOARDS]
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(Difficulty.PEACEFUL, seed)
        while not game.is_over:
            if game.phase is Phase.ROLL:
                boards.append(game.board)
                game.play(Roll())
            else:
                game.play(rng.choice(game.legal_moves()))
    return boards


BOARDS = _boards()


def _bits(cells) -> int:
    return sum(1 << c for c in cells)


def test_single_masks_are_the_rule() -> None:
    for board in BOARDS:
        masks = list(board.masks)
        for value in range(1, 7):
            assert legal_mask_from(masks, masks[NUMBERS], value) == _bits(slow_legal_cells(list(board.cells), value))


def test_masks_for_several_values_are_each_the_rule() -> None:
    for board in BOARDS:
        masks = list(board.masks)
        for values in ((1, 2, 3, 4, 5, 6), (6,), (1,), (2, 5), ()):
            legal = legal_masks_from(masks, masks[NUMBERS], values)
            assert len(legal) == 8 and legal[0] == legal[7] == 0
            for value in range(1, 7):
                expected = _bits(slow_legal_cells(list(board.cells), value)) if value in values else 0
                assert legal[value] == expected, (str(board), value)


def _plays_legally(board: Board, dice: list[int], placements: list[tuple[int, int]]) -> bool:
    cells, left = list(board.cells), list(dice)
    for value, cell in placements:
        if value not in left or cell not in slow_legal_cells(cells, value):
            return False
        left.remove(value)
        cells[cell] = value
    return True


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_a_placement_is_found_exactly_when_one_exists_and_it_is_legal(count: int) -> None:
    rng = random.Random(count)
    for board in BOARDS:
        for _ in range(3):
            dice = [rng.randint(1, 6) for _ in range(count)]
            for need in range(1, count + 1):
                found = find_placement(board, dice, need)
                possible = need <= board.cells.count(0) and slow_can_place(list(board.cells), dice, need)
                assert (found is not None) == possible, (str(board), dice, need)
                if found is not None:
                    assert len(found) == need and _plays_legally(board, dice, found), (str(board), dice, found)


def test_placements_of_equal_dice_and_of_a_nearly_full_board() -> None:
    board = Board.parse("1234/5612/3456/12..")  # cell 14 touches 5 and 2: nothing fits; cell 15 touches 6
    assert find_placement(board, [1, 2], 1) is None
    assert find_placement(board, [6, 5], 2) is None
    assert find_placement(board, [5, 6], 1) in ([(5, 15)], [(6, 15)])
    full_but_one = Board.parse("6666/6666/6666/666.")
    assert find_placement(full_but_one, [5, 5], 1) == [(5, 15)]
    assert find_placement(full_but_one, [5, 5], 2) is None  # one empty cell
    assert find_placement(full_but_one, [1, 2], 1) is None


def test_nothing_to_place_and_impossible_counts() -> None:
    board = Board.parse("..../..../..../....")
    assert find_placement(board, [1, 2], 0) == [] and find_placement(board, [1, 2], -1) == []
    assert find_placement(board, [1, 2], 3) is None  # more than the dice
    assert find_placement(Board.parse("1234/5612/3456/123."), [4, 4], 2) is None  # more than the empty cells
    assert find_placement(board, [4], 1) == [(4, 0)]  # the first empty cell, the first die
    with pytest.raises(ValueError):
        find_placement(board, [0], 1)
    with pytest.raises(ValueError):
        find_placement(board, [7], 1)
    assert RUIN == 7


# Boards with no number but ruins: the first die goes anywhere, the next ones beside it.
RUINS_ONLY = [Board.parse(text) for text in (
    "XXXX/XXXX/XXXX/XXX.",  # one cell
    "X.X./XXXX/.X.X/XXXX",  # four cells, none beside another
    "..XX/XXXX/XXXX/XX..",  # two pairs
    "XXX./XXX./XX../XXXX",  # a corner of three: the middle cell has two free neighbours
    ".XX./XXXX/XXXX/.XX.",  # the four corners alone
    "XXXX/X..X/X..X/XXXX",  # a square of four
    "XXX./XXX./XX../XXX.",  # the last cell has one free neighbour, the one above it three
)]


@pytest.mark.parametrize("need", [0, 1, 2, 3, 4])
def test_can_place_is_the_plain_search_for_every_roll(need: int) -> None:
    """The closed forms for one, two and three dice (``_two_fit``, ``_far_pair_fits``,
    ``_three_fit``, ``_three_fit_without_numbers``) and the search beyond, against the plain
    depth-first search, on every position and on rolls of 2, 3 and 4 dice."""
    from magdagdon.engine import can_place

    rolls = [roll for size in (2, 3, 4) for roll in itertools.combinations_with_replacement(range(1, 7), size)]
    rolls += [roll[::-1] for roll in rolls if len(roll) < 4]  # dice come in any order
    boards = BOARDS[::3] + RUINS_ONLY if need < 4 else BOARDS[::9] + RUINS_ONLY
    for board in boards:
        for dice in rolls[::5] if need < 4 else rolls[::11]:
            expected = need <= board.cells.count(0) and slow_can_place(list(board.cells), list(dice), need)
            assert can_place(board, dice, need) == expected, (str(board), dice, need)


@pytest.mark.parametrize("text, dice", [
    ("..11/..2./..../....", (4, 3, 4)),  # a 4 first fails wherever it goes; the 3 first, then the 4s
    (".211/X322/..2X/..X.", (4, 4, 3)),
    ("..../.4../.3.4/1223", (6, 5, 5)),
    ("..../122./2111/XXX.", (4, 5, 3, 3)),
])
def test_three_dice_are_tried_first_each_value_once(text: str, dice: tuple[int, ...]) -> None:
    """Rolls whose first tried die fails as the first placed: the other values must each be
    tried first too (equal dice once)."""
    from magdagdon.engine import can_place

    board = Board.parse(text)
    assert can_place(board, dice, 3) == slow_can_place(list(board.cells), list(dice), 3)
    assert can_place(board, dice, 3) == (find_placement(board, dice, 3) is not None)


def test_the_legality_table_has_an_entry_per_value_and_none_for_empty_cells_and_ruins() -> None:
    for board in BOARDS[::7] + RUINS_ONLY:
        legal, blocked = Board(board.cells).legality  # a board of its own: its table worked out here
        assert len(legal) == len(blocked) == 8 and legal[0] == legal[7] == 0
        for value in range(1, 7):
            assert legal[value] == _bits(slow_legal_cells(list(board.cells), value)), (str(board), value)


def test_the_unchecked_push_plays_as_the_checked_play() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        checked, fast = Game(Difficulty.PEACEFUL, seed), Game(Difficulty.PEACEFUL, seed)
        while not checked.is_over:
            action = Roll() if checked.phase is Phase.ROLL else rng.choice(checked.legal_moves())
            assert checked.play(action) == fast.push(action)
            assert (fast.board, fast.dice, fast.turn, fast.powers_used, fast.rerolls_this_turn, fast.phase,
                    fast.working_board) == (checked.board, checked.dice, checked.turn, checked.powers_used,
                                            checked.rerolls_this_turn, checked.phase, checked.working_board)
        assert fast.log == checked.log and fast.turn <= 16 and fast.last_returned == checked.last_returned
