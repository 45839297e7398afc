"""The engine at its edges: values at the limit of what is shown in an error, the fixed
seeds of text (Today's dice and party names depend on them), the day a game's dice belong
to, copies of a game, the preview score, and MAGDAGDON on boards with no number yet."""

from __future__ import annotations

import hashlib
import itertools

import pytest

from magdagdon.engine import (
    Adjust, Board, Difficulty, Game, IllegalMoveError, Phase, PlaceRuin, Replay, ReplayError, Reroll, Roll, Stage,
    parse_action, score,
)
from magdagdon.engine.actions import ActionParseError
from magdagdon.engine.board import BoardParseError
from magdagdon.engine.challenge import BadCode, daily_day_of, daily_seed, read_code
from magdagdon.engine.dice import check_seed, roll_dice, seed_from_text
from magdagdon.engine.legality import is_magdagdon

from brute_force import slow_is_magdagdon
from datetime import date, timedelta


def _action_error(text: str) -> str:
    with pytest.raises(ActionParseError) as caught:
        parse_action(text)
    return str(caught.value)


def test_a_bad_action_is_shown_whole_up_to_40_characters() -> None:
    exactly = "jump" + "x" * 34  # one word, its repr 40 characters
    assert len(repr(exactly)) == 40 and _action_error(exactly) == f"bad action {exactly!r}"
    longer = exactly + "y"
    assert _action_error(longer) == f"bad action {repr(longer)[:39]}…"


def test_a_bad_replay_version_is_shown_whole_up_to_40_characters() -> None:
    good = Replay.of(Game(Difficulty.PEACEFUL, 1)).to_dict()
    for length, shown in ((38, repr("v" * 38)), (39, repr("v" * 39)[:39] + "…")):
        with pytest.raises(ReplayError) as caught:
            Replay.from_dict({**good, "version": "v" * length})
        assert str(caught.value) == f"unsupported replay version {shown}"


def test_rerolls_of_one_to_four_dice_parse() -> None:
    assert parse_action("reroll 2") == Reroll((2,))
    assert parse_action("reroll 0 1 2 3") == Reroll((0, 1, 2, 3))
    assert parse_action("reroll 0 1") == Reroll((0, 1))


def test_boards_print_as_the_call_that_makes_them_and_bad_ones_say_why() -> None:
    assert repr(Board.parse("1.../..../..../....")) == "Board.parse('1.../..../..../....')"
    shape = "expected 16 symbols of '.123456X', optionally as 4 rows of 4 separated by '/'"
    for text in ("1234/5612/3456", "1234/561234/5612"):  # the second: 16 characters, slashes misplaced
        with pytest.raises(BoardParseError) as caught:
            Board.parse(text)
        assert str(caught.value) == f"bad board {text!r}: {shape}"
    with pytest.raises(BoardParseError) as caught:
        Board.parse("12a4/5612/3456/1234")
    assert str(caught.value) == "bad board '12a4/5612/3456/1234': symbol 'A' is not one of '.123456X'"


def test_seeds_from_text_are_fixed() -> None:
    """Everybody's Today's dice come from this: the values must never change."""
    assert seed_from_text("daily:2026-11-30") == 7297116869468864802
    assert seed_from_text("") == 3110501062869854610
    assert seed_from_text("é") == 4289983184208480416


def test_the_dice_of_every_seed_are_fixed_for_ever() -> None:
    # RULES.md §10: the same numbers on any system and Python version. 4,800 rolls of 100
    # seeds, 16 turns and three rolls a turn, as this generator first made them.
    rolls = "".join("".join(map(str, roll_dice(seed, turn, k)))
                    for seed in range(100) for turn in range(1, 17) for k in range(3))
    assert hashlib.sha256(rolls.encode()).hexdigest() == "7981727e4eb25c096cfa241b687ff30168d896dbf8271af1663029d415f77ca1"
    assert roll_dice(0, 1) == (6, 3, 3, 6) and roll_dice(2**63 - 1, 16, 7) == (6, 4, 6, 2)


def test_a_seed_is_a_whole_number_not_a_truth_value() -> None:
    for seed in (True, False, -1, 2**63, 1.0, "5"):
        with pytest.raises(ValueError):
            check_seed(seed)
    assert check_seed(0) == 0 and check_seed(2**63 - 1) == 2**63 - 1


def test_the_day_whose_dice_a_game_is() -> None:
    day = date(2026, 11, 30)
    seed = daily_seed(day)
    assert daily_day_of(seed, day) == day
    assert daily_day_of(seed, day + timedelta(days=1)) == day  # begun before midnight
    assert daily_day_of(seed, day - timedelta(days=1)) is None  # not tomorrow's
    assert daily_day_of(seed, day + timedelta(days=2)) is None
    assert daily_day_of(daily_seed(day + timedelta(days=1)), day + timedelta(days=1)) == day + timedelta(days=1)
    assert daily_day_of(seed + 1, day) is None


def test_a_bad_code_keeps_the_text_it_was_given() -> None:
    for text, reason in (("  ", "empty"), ("ABC!23", "wrong_characters"), ("ßßß", "wrong_characters"),
                         ("ABC12", "wrong_length")):
        with pytest.raises(BadCode) as caught:
            read_code(text)
        assert (caught.value.text, caught.value.reason) == (text, reason)


def test_difficulty_errors_name_the_choices() -> None:
    with pytest.raises(ValueError) as caught:
        Difficulty.from_name("x")
    assert str(caught.value) == "unknown difficulty 'x'; choose one of PEACEFUL, SURVIVAL, NIGHTMARE"
    assert Difficulty.from_name(" nightmare ") is Difficulty.NIGHTMARE
    with pytest.raises(ValueError) as caught:
        Difficulty.PEACEFUL.penalty_for(4)
    assert str(caught.value) == "PEACEFUL allows 3 powers, not 4"


def test_refusals_name_the_cell_and_the_missing_power() -> None:
    game = Game(Difficulty.NIGHTMARE, 5)
    game.play(Roll())
    assert game.why_illegal(Adjust(0, 1)) == "no Majda Power left"
    with pytest.raises(IllegalMoveError) as caught:
        game.play("roll")  # type: ignore[arg-type]
    assert caught.value.reason == "not an action" and caught.value.action == "roll"
    board = Board.parse("1.../..../..../....")
    staged = Game.set_up_position(board, (2, 2, 2, 2))
    assert staged.why_illegal(Stage(0, 0)) == "a 2 may not go on cell 0 (R1C1)"


def test_a_copy_is_a_game_of_its_own() -> None:
    game = Game(Difficulty.PEACEFUL, 9)
    game.play(Roll())
    twin = game.copy()
    assert isinstance(twin, Game) and twin.log == game.log and twin.log is not game.log
    twin.play(next(m for m in twin.legal_moves() if isinstance(m, Stage)))
    assert len(twin.log) == len(game.log) + 1 and game.staged == () and twin.staged != ()
    assert twin.board == game.board and twin.seed == game.seed and twin.phase is Phase.STAGING


def test_the_preview_scores_the_staged_dice_and_the_powers_used() -> None:
    game = Game(Difficulty.PEACEFUL, 9)
    game.play(Roll())
    game.play(Adjust(game.tray[0], 1 if game.dice[game.tray[0]] < 6 else -1))
    game.play(next(m for m in game.legal_moves() if isinstance(m, Stage)))
    assert game.preview_score() == score(game.working_board, Difficulty.PEACEFUL, 1)
    assert game.preview_score().power_penalty == 10 and game.preview_score().total != game.score().total


@pytest.mark.parametrize("ruins", ["..../..../..../....", "X.../..../..../...X", "XXXX/X..X/X..X/XXXX"])
def test_magdagdon_on_boards_without_numbers_agrees_with_the_plain_search(ruins: str) -> None:
    board = Board.parse(ruins)
    for difficulty in (Difficulty.NIGHTMARE, Difficulty.PEACEFUL):
        for dice in itertools.combinations_with_replacement(range(1, 7), 4):
            assert is_magdagdon(board, dice, difficulty) == slow_is_magdagdon(board, dice, difficulty), (ruins, dice)


def test_a_ruin_on_the_first_cell_is_named() -> None:
    board = Board.parse("1.../..../..../....")
    game = Game.set_up_position(board, (6, 6, 6, 6), Difficulty.NIGHTMARE)
    assert game.phase is Phase.MAGDAGDON
    game.play(game.legal_moves()[-1])  # accept
    assert game.why_illegal(PlaceRuin(0)) == "cell 0 (R1C1) is not an empty cell"
    assert game.why_illegal(PlaceRuin(1)) is None


def test_a_changed_cell_keeps_the_masks_a_fresh_count_gives() -> None:
    """``with_cell`` updates its parent's masks instead of recounting: any content over
    any content, numbers over numbers included, must give the masks of the new cells."""
    board = Board.parse("1X3./.6.2/5.4X/..1.")
    board.masks  # counted once, so every child is updated from it
    for cell in range(16):
        for content in range(8):
            changed = board.with_cell(cell, content)
            assert changed.masks == Board(changed.cells).masks, (cell, content)
            assert changed.cells[cell] == content and changed.cells[:cell] == board.cells[:cell]
    for bad in (-1, 8, 9):
        with pytest.raises(BoardParseError):
            board.with_cell(0, bad)
    uncounted = Board.parse("1X3./.6.2/5.4X/..1.")  # masks never asked for: the child counts its own
    child = uncounted.with_cell(3, 2).with_cell(7, 7)
    assert child.masks == Board(child.cells).masks and len(child.masks) == 9


def test_a_board_is_sixteen_whole_cell_contents_and_a_key_like_any_value() -> None:
    with pytest.raises(BoardParseError):
        Board((0,) * 15)
    with pytest.raises(BoardParseError):
        Board((1.0,) + (0,) * 15)
    same = Board.parse("3456/..../..../..X.")
    assert {same: "kept"}[Board.parse("3456........" + "..X.")] == "kept"
    assert hash(same) == hash(Board(same.cells)) and same in {Board(same.cells)}
