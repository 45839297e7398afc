"""What the engine says when it refuses (the one clear line a player or a file gets), and the
small values it hands out: every reason of ``why_illegal``, the replay, action, board and
code errors word for word, cell names, the fast score total against the breakdown, and the
reachability bound the MAGDAGDON search prunes with."""

from __future__ import annotations

import json
import random

import pytest

from magdagdon.engine import (
    Accept, Adjust, Board, Confirm, Difficulty, Game, IllegalMoveError, Phase, PlaceRuin, Replay, ReplayError,
    Reroll, Roll, Stage, TakeBack, TakeBackAll, parse_action, score, score_total,
)
from magdagdon.engine.actions import ActionParseError
from magdagdon.engine.board import BoardParseError, cell_col, cell_name, cell_row
from magdagdon.engine.challenge import BadCode, code_for, read_code
from magdagdon.engine.legality import _reachable_upper_bound, is_magdagdon, legal_cells


def _rolled(seed: int = 3) -> Game:
    game = Game(Difficulty.PEACEFUL, seed)
    game.play(Roll())
    return game


def _reason(game: Game, action: object) -> str | None:
    return game.why_illegal(action)


def test_every_refusal_says_why() -> None:
    game = Game(Difficulty.PEACEFUL, 3)
    assert _reason(game, Roll()) is None
    for action in (Stage(0, 0), TakeBack(0), TakeBackAll(), Confirm()):
        assert _reason(game, action) == "only while staging dice"
    assert _reason(game, Accept()) == "only a MAGDAGDON turn can be accepted"
    assert _reason(game, PlaceRuin(0)) == "a ruin is placed only after accepting MAGDAGDON"
    assert _reason(game, Adjust(0, 1)) == "powers are used after the roll, before the turn ends"
    assert _reason(game, "roll") == "not an action"
    game.play(Roll())
    assert _reason(game, Roll()) == "roll only between turns"
    assert _reason(game, Stage(9, 0)) == "die 9 is not in the tray"
    assert _reason(game, TakeBack(0)) == "die 0 is not staged"
    assert _reason(game, TakeBackAll()) == "no die is staged"
    assert _reason(game, Confirm()) == "2 dice must be staged, 0 are"
    assert _reason(game, Adjust(9, 1)) == "die 9 is not in the tray"
    assert _reason(game, Adjust(0, 2)) == "a die changes by exactly 1"
    for reroll in (Reroll(()), Reroll((1, 0)), Reroll((0, 0)), Reroll((9,))):
        assert _reason(game, reroll) == "re-roll needs distinct tray dice in ascending order"
    assert _reason(game, Reroll((0,))) is None and _reason(game, Reroll((0, 1, 2, 3))) is None
    edge = next(d for d in range(4) if game.dice[d] in (1, 6))  if any(v in (1, 6) for v in game.dice) else None
    if edge is not None:
        delta = -1 if game.dice[edge] == 1 else 1
        assert _reason(game, Adjust(edge, delta)) == "a die stays within 1..6"
    assert _reason(game, TakeBack(0)) == "die 0 is not staged"


def test_a_die_stays_within_one_to_six() -> None:
    board = Board.parse("..../..../..../....")
    game = Game.set_up_position(board, (1, 6, 3, 4))
    assert game.why_illegal(Adjust(0, -1)) == "a die stays within 1..6"
    assert game.why_illegal(Adjust(1, 1)) == "a die stays within 1..6"
    assert game.why_illegal(Adjust(0, 1)) is None and game.why_illegal(Adjust(1, -1)) is None
    moves = game.legal_moves()
    assert Adjust(0, -1) not in moves and Adjust(1, 1) not in moves and Adjust(0, 1) in moves
    assert Adjust(1, -1) in moves and Confirm() not in moves
    assert Reroll((0, 1, 2, 3)) in moves and sum(isinstance(m, Reroll) for m in moves) == 15


def test_a_stage_on_a_wrong_cell_names_the_cell() -> None:
    board = Board.parse("1.../..../..../....")
    game = Game.set_up_position(board, (6, 2, 3, 4))
    assert game.why_illegal(Stage(0, 1)) == "a 6 may not go on cell 1 (R1C2)"
    assert game.why_illegal(Stage(0, 15)) == "a 6 may not go on cell 15 (R4C4)"
    assert game.why_illegal(Stage(0, 16)) == "a 6 may not go on cell 16"
    assert game.why_illegal(Stage(1, 1)) is None
    assert game.legal_cells_for(0) == frozenset() and game.legal_cells_for(1) == {1, 4}
    game.play(Stage(1, 1))
    assert game.legal_cells_for(1) == frozenset()  # staged: no longer in the tray
    assert game.cell_of(1) == 1 and game.cell_of(0) is None
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Stage(0, 2))
    assert caught.value.reason == "a 6 may not go on cell 2 (R1C3)"
    assert "illegal 'stage 0 2' (a 6 may not go on cell 2 (R1C3)) in phase staging" in str(caught.value)


def test_a_ruin_on_a_taken_or_odd_cell() -> None:
    for seed in range(200):
        game = Game(Difficulty.NIGHTMARE, seed)
        rng = random.Random(seed)
        while not game.is_over and game.phase is not Phase.MAGDAGDON:
            game.play(Roll() if game.phase is Phase.ROLL else rng.choice(game.legal_moves()))
        if game.phase is Phase.MAGDAGDON and game.board.cells.count(0) < 16:
            break
    assert game.legal_moves() == [Accept()]
    game.play(Accept())
    taken = next(c for c in range(16) if not game.board.is_empty(c))
    assert game.why_illegal(PlaceRuin(taken)) == f"cell {taken} ({cell_name(taken)}) is not an empty cell"
    assert game.why_illegal(PlaceRuin(16)) == "cell 16 is not an empty cell"
    assert game.why_illegal(PlaceRuin("3")) == "cell '3' is not an empty cell"


def test_cells_are_named_row_then_column() -> None:
    assert [cell_name(c) for c in (0, 3, 4, 15)] == ["R1C1", "R1C4", "R2C1", "R4C4"]
    assert (cell_row(7), cell_col(7)) == (1, 3) and isinstance(cell_row(7), int)


def test_action_text_round_trips_and_bad_text_says_why() -> None:
    for action in (Roll(), Stage(2, 15), TakeBack(3), TakeBackAll(), Confirm(), Adjust(1, 1), Adjust(2, -1),
                   Reroll((0, 2, 3)), Accept(), PlaceRuin(7)):
        assert parse_action(action.to_text()) == action
    assert Adjust(1, 1).to_text() == "plus 1" and Adjust(1, -1).to_text() == "minus 1"
    assert parse_action("  STAGE 1 2 ") == Stage(1, 2) and parse_action("stage 999 0") == Stage(999, 0)
    cases = {
        "": "empty action",
        "stage 1": "bad action 'stage 1'",
        "stage 1 2 3": "bad action 'stage 1 2 3'",
        "back": "bad action 'back'",
        "jump 1": "bad action 'jump 1'",
        "reroll 0 1 2 3 0": "bad action 'reroll 0 1 2 3 0'",
        "stage 1 ٣": "bad action 'stage 1 ٣': arguments must be whole numbers 0..15",
        "stage 1 1000": "bad action 'stage 1 1000': arguments must be whole numbers 0..15",
        "stage " + "1" * 50: "bad action " + repr("stage " + "1" * 50)[:39] + "…: arguments must be whole numbers 0..15",
    }
    for text, message in cases.items():
        with pytest.raises(ActionParseError) as caught:
            parse_action(text)
        assert str(caught.value) == message, text
    with pytest.raises(ActionParseError) as caught:
        parse_action(5)  # type: ignore[arg-type]
    assert str(caught.value) == "an action is text, not 5"


def test_board_text_errors() -> None:
    with pytest.raises(BoardParseError) as caught:
        Board.parse(5)  # type: ignore[arg-type]
    assert str(caught.value) == "board notation must be text, got 5"
    assert Board.parse("1234561234561234") == Board.parse("1234/5612/3456/1234")
    assert Board.parse("x.../..../..../....").cells[0] == 7
    with pytest.raises(BoardParseError) as caught:
        Board.parse("1234/5612/3456/12a4")
    assert "'A'" in str(caught.value)
    with pytest.raises(BoardParseError) as caught:
        Board.parse("1234/5612/3456")
    assert "optionally as 4 rows of 4 separated by '/'" in str(caught.value)
    assert Board.parse("1.../..../..../....") != "1.../..../..../...." and Board.parse("..../..../..../....") != 0


def test_replay_errors_say_what_is_wrong() -> None:
    game = _rolled()
    good = Replay.of(game).to_dict()
    assert Replay.of(game).to_json() == json.dumps(good, separators=(",", ":"))
    assert Replay.of(game).result is None  # not over: no result claimed

    def refused(document: object) -> str:
        with pytest.raises(ReplayError) as caught:
            Replay.from_dict(document)
        return str(caught.value)

    assert refused([]) == "a replay is a JSON object"
    assert refused({**good, "format": "chess"}) == "not a MAGDAGDON replay (format 'chess')"
    assert refused({**good, "version": 99}) == "unsupported replay version 99"
    from magdagdon.engine.replay import MAX_ACTIONS

    assert refused({**good, "actions": "roll"}) == f"'actions' must be a list of at most {MAX_ACTIONS} actions"
    assert refused({**good, "result": 5}) == "'result' must be an object"
    assert refused({**good, "result": {"board": "..../..../..../....", "score": 1, "turns": 1}}) == \
        "'result' needs board (text), score, turns and powers_used (integers)"
    assert refused({**good, "result": {"board": 5, "score": 1, "turns": 1, "powers_used": 0}}) == \
        "'result' needs board (text), score, turns and powers_used (integers)"
    assert refused({**good, "result": {"board": ".", "score": True, "turns": 1, "powers_used": 0}}) == \
        "'result' needs board (text), score, turns and powers_used (integers)"
    assert refused({**good, "result": {"board": "bad", "score": 1, "turns": 1, "powers_used": 0}}).startswith(
        "'result': ")
    claimed = Replay.from_dict({**good, "result": {"board": "..../..../..../....", "score": 1, "turns": 1,
                                                    "powers_used": 0}})
    with pytest.raises(ReplayError) as caught:
        claimed.verify()
    assert str(caught.value) == "the replay claims a result but the game is not over"
    with pytest.raises(ReplayError) as caught:
        Replay.of(Game.set_up_position(Board.parse("..../..../..../...."), (1, 2, 3, 4)))
    assert str(caught.value) == "a game set up from a position has no replay"


def test_a_long_action_list_is_refused_at_its_limit() -> None:
    good = Replay.of(_rolled()).to_dict()
    from magdagdon.engine.replay import MAX_ACTIONS

    assert Replay.from_dict({**good, "actions": ["roll"] * MAX_ACTIONS}).actions[0] == Roll()
    with pytest.raises(ReplayError):
        Replay.from_dict({**good, "actions": ["roll"] * (MAX_ACTIONS + 1)})


def test_set_up_positions_are_checked() -> None:
    board = Board.parse("..../..../..../....")
    game = Game.set_up_position(board, (1, 2, 3, 4))
    assert game.turn == 1 and game.seed == 0 and game.set_up
    for dice in ((1, 2, 3), (1, 2, 3, 7), (0, 2, 3, 4)):
        with pytest.raises(ValueError) as caught:
            Game.set_up_position(board, dice)
        assert str(caught.value) == f"a roll is four values 1..6, not {dice!r}"
    full = Board.parse("1234/5612/3456/1234")
    with pytest.raises(ValueError) as caught:
        Game.set_up_position(full, (1, 2, 3, 4))
    assert str(caught.value) == f"no empty cell on {full}"


def test_bad_die_values_and_codes_are_named() -> None:
    with pytest.raises(ValueError) as caught:
        legal_cells(Board.parse("..../..../..../...."), 7)
    assert str(caught.value) == "a die shows 1..6, not 7"
    with pytest.raises(ValueError) as caught:
        code_for(-1, Difficulty.PEACEFUL)
    assert str(caught.value) == f"only seeds 0 to {2**30 - 1} have a challenge code, not -1"
    with pytest.raises(BadCode) as caught:
        read_code("AB_CD")
    assert str(caught.value) == "'AB_CD' is not a challenge code: wrong length" and caught.value.text == "AB_CD"
    with pytest.raises(BadCode) as caught:
        read_code(5)  # type: ignore[arg-type]
    assert (caught.value.text, caught.value.reason) == ("5", "wrong_characters")
    assert read_code("000000").seed != read_code("000001").seed  # the first version's codes still read
    first = code_for(0, Difficulty.NIGHTMARE)
    assert read_code(first).seed == 0 and read_code(first).difficulty is Difficulty.NIGHTMARE
    assert all(len(code_for(seed, Difficulty.PEACEFUL)) == 7 for seed in (0, 1, 31, 32, 2**30 - 1))


def test_the_fast_total_is_the_breakdowns_total() -> None:
    boards = ["1234/5612/3456/1234", "1111/2222/3333/4444", "X234/5X12/34X6/123X", "6543/6543/6543/6543",
              "1.../..../..../....", "1212/2121/1212/2121"]
    for text in boards:
        board = Board.parse(text)
        for difficulty in Difficulty:
            for used in range(difficulty.power_count + 1):
                assert score_total(board, difficulty, used) == score(board, difficulty, used).total, text


def test_line_scores_say_which_line_and_whether_it_is_complete() -> None:
    breakdown = score(Board.parse("1234/5X12/3456/12.4"), Difficulty.PEACEFUL, 1)
    names = [line.name for line in breakdown.lines]
    assert names == ["R1", "R2", "R3", "R4", "C1", "C2", "C3", "C4"]
    complete = {line.name: line.complete for line in breakdown.lines}
    assert complete["R1"] and complete["R3"] and not complete["R2"] and not complete["R4"]
    assert breakdown.lines[0].cells == (0, 1, 2, 3) and breakdown.lines[4].cells == (0, 4, 8, 12)
    assert breakdown.powers_used == 1 and breakdown.power_penalty == 10


def test_the_reachability_bound() -> None:
    """Dice that fit now, and dice within 1 of those (transitively), may ever be placed."""
    fits = [0] * 8
    fits[3] = 0b1
    assert _reachable_upper_bound((3, 4, 5, 1), fits) == 3  # 3 fits; 4 beside it; 5 beside 4; 1 never
    assert _reachable_upper_bound((1, 6), fits) == 0
    assert _reachable_upper_bound((3, 3, 2), fits) == 3
    fits = [0] * 8
    fits[6] = 0b10
    assert _reachable_upper_bound((6, 4, 5), fits) == 3 and _reachable_upper_bound((6, 4), fits) == 1
    fits = [0] * 8
    fits[1] = 0b100
    assert _reachable_upper_bound((1, 2, 3, 4), fits) == 4 and _reachable_upper_bound((2,), fits) == 0


def test_no_magdagdon_with_nothing_to_place() -> None:
    full = Board.parse("1234/5612/3456/1234")
    assert is_magdagdon(full, (1, 2, 3, 4), Difficulty.PEACEFUL) is False
