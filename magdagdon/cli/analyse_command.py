"""``magdagdon analyse``: a position's value and its choices, as a chess engine's analysis.

    magdagdon analyse --difficulty D --board NOTATION --dice DDDD [--powers-used N]
        [--playouts N] [--json]
    magdagdon analyse --replay FILE [--json]

A position (the permanent board, the four dice just thrown, the powers used) is analysed by
the coach (:mod:`magdagdon.ai.coach`): every end-of-turn choice worth a thought — the boards
the dice reach with their cells, each −1/+1 with the boards after it, each re-roll, and
ACCEPT with the cell to ruin when the roll is MAGDAGDON — valued by ``--playouts`` of the
expert's playouts each on common dice (exact where the turn fills the board), best first,
with its standard error; the one the hint names is marked. The position's value is the
hint's: what the coach's play is expected to score from here.

``--replay`` prints the game's review: per turn, what the dice gave against what was
expected, what the choices came to against the coach's best (± its standard error) and the
coach's move, and the sum that adds up to the final score.

JSON: ``{"value", "hint", "candidates": [{"actions", "board_after", "powers", "value",
"se"}]}``; ``actions`` are the replay's action texts from the roll to the turn's end (a
re-roll's ends with it: what follows depends on its dice, and ``board_after`` is null);
``hint`` is one of the candidates. A board no game can reach, dice that are not four values
from 1 to 6, a powers count the difficulty does not allow: one line naming it, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from magdagdon.app.shell.options import difficulty_option
from magdagdon.engine import (
    Accept, Action, Adjust, Board, BoardParseError, Confirm, Difficulty, PlaceRuin, Replay, ReplayError, Stage,
    cell_name,
)
from magdagdon.engine.board_reach import unreachable_because
from magdagdon.shown_value import shown

if TYPE_CHECKING:
    from magdagdon.ai.candidates import Candidate
    from magdagdon.ai.coach import Analysis, Valued
    from magdagdon.ai.planner import Position
    from magdagdon.ai.review import GameReview

USAGE = 2
MOST_PLAYOUTS = 100_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--difficulty", type=difficulty_option, metavar="D",
                        help="PEACEFUL, SURVIVAL or NIGHTMARE (with --board)")
    parser.add_argument("--board", metavar="NOTATION", help="the permanent board, as 3456/34../..../....")
    parser.add_argument("--dice", metavar="DDDD", help="the four dice just thrown, as 4516")
    parser.add_argument("--powers-used", metavar="N", default="0", help="Majda Powers used so far (default 0)")
    parser.add_argument("--playouts", metavar="N", help="playouts per choice (default: the review's count)")
    parser.add_argument("--replay", metavar="FILE", help="print the review of a recorded game instead")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace) -> int:
    if args.replay is not None:
        if args.board is not None or args.dice is not None:
            return _usage("--replay goes alone: a recorded game, or a position (--difficulty, --board, --dice)")
        return _review(args)
    for option, value in (("--difficulty", args.difficulty), ("--board", args.board), ("--dice", args.dice)):
        if value is None:
            return _usage(f"{option} is needed to analyse a position (or --replay FILE)")
    try:
        position = read_position(args.difficulty, args.board, args.dice, args.powers_used)
        playouts = None if args.playouts is None else _count(args.playouts)
    except ValueError as error:
        return _usage(str(error))
    from magdagdon.ai.coach import Coach

    coach = Coach()
    analysis, hint = analyse(coach, position, playouts)
    if args.json:
        print(json.dumps(analysis_json(position, analysis, hint), indent=1))
    else:
        print(analysis_text(position, analysis, hint))
    return 0


# --- reading the position --------------------------------------------------------------------
def read_position(difficulty: Difficulty, board_text: str, dice_text: str, powers_text: str) -> Position:
    """The position the options name (ValueError naming what is wrong)."""
    from magdagdon.ai.planner import Position

    try:
        board = Board.parse(board_text)
    except BoardParseError as error:
        raise ValueError(f"--board: {error}") from None
    why = unreachable_because(board)
    if why is not None:
        raise ValueError(f"--board {shown(board_text)} breaks the rules: {why}")
    if board.is_full:
        raise ValueError(f"--board {shown(board_text)} is full: the game is over, there is no choice left")
    digits = dice_text.replace(" ", "").replace(",", "")
    if len(digits) != 4 or not digits.isascii() or not all(ch in "123456" for ch in digits):
        raise ValueError(f"--dice must be four values from 1 to 6, as 4516, not {shown(dice_text)}")
    stripped = powers_text.strip()
    if not stripped.isascii() or not stripped.isdigit() or int(stripped) > difficulty.power_count:
        raise ValueError(f"--powers-used: {powers_allowed(difficulty)}, not {shown(powers_text)}")
    return Position(difficulty, board.cells, tuple(int(ch) for ch in digits), int(stripped))


def powers_allowed(difficulty: Difficulty) -> str:
    """The rule a powers count breaks, in words (the rule book, RULES.md §2)."""
    count = difficulty.power_count
    if count == 0:
        return f"{difficulty.name} has no Majda Powers (rule book §2): powers used must be 0"
    return f"{difficulty.name} has {count} Majda Power{'s' if count > 1 else ''} (rule book §2): " \
           f"powers used must be from 0 to {count}"


def _count(text: str) -> int:
    stripped = text.strip()
    if not stripped.isascii() or not stripped.isdigit() or not 1 <= int(stripped) <= MOST_PLAYOUTS:
        raise ValueError(f"--playouts must be a whole number from 1 to {MOST_PLAYOUTS}, not {shown(text)}")
    return int(stripped)


def _usage(message: str) -> int:
    print(f"magdagdon analyse: {message}", file=sys.stderr)
    return USAGE


# --- the analysis ----------------------------------------------------------------------------
def analyse(coach: Any, position: Position, playouts: int | None) -> tuple[Analysis, Candidate]:
    """Every candidate worth a thought valued by ``playouts`` each, and the hint's."""
    from magdagdon.ai.candidates import LATE, WIDE, candidates_of, same_choice

    planner = coach.estimator.planner(position.difficulty)
    hint = coach.choose(position)
    candidates = candidates_of(planner, position, breadth=LATE if position.empties <= 9 else WIDE)
    if all(same_choice(position, c) != same_choice(position, hint) for c in candidates):
        candidates.append(hint)
    count = playouts or coach.estimator.count(position.difficulty)
    return coach.weigh(position, candidates, count), hint


def candidate_actions(position: Position, candidate: Candidate) -> list[Action]:
    """The actions from the roll to the turn's end (to the re-roll, for one that re-rolls)."""
    dice = list(position.dice)
    actions: list[Action] = []
    for power in candidate.powers:
        actions.append(power)
        if isinstance(power, Adjust):
            dice[power.die] += power.delta
    if candidate.rerolls:
        return actions
    if candidate.ruin is not None:
        return actions + [Accept(), PlaceRuin(candidate.ruin)]
    free = list(range(len(dice)))
    for value, cell in candidate.path:
        die = next(d for d in free if dice[d] == value)
        free.remove(die)
        actions.append(Stage(die, cell))
    return actions + [Confirm()]


def candidate_words(position: Position, candidate: Candidate) -> str:
    """'-1 on the 5, then 4 on R3C3, 5 on R2C4', or 're-roll the 1 and the 6'."""
    dice = list(position.dice)
    steps = []
    for power in candidate.powers:
        if isinstance(power, Adjust):
            steps.append(f"{'+1' if power.delta > 0 else '-1'} on the {dice[power.die]}")
            dice[power.die] += power.delta
        else:
            steps.append("re-roll " + " ".join(str(dice[d]) for d in power.dice))
    if candidate.ruin is not None:
        steps.append(f"accept, ruin {cell_name(candidate.ruin)}")
    elif candidate.path:
        steps.append(", ".join(f"{value} on {cell_name(cell)}" for value, cell in candidate.path))
    return ", then ".join(steps)


def _json_candidate(position: Position, valued: Valued) -> dict[str, Any]:
    candidate = valued.candidate
    after = candidate.after(position.cells)
    return {"actions": [action.to_text() for action in candidate_actions(position, candidate)],
            "board_after": None if after is None else str(Board(after)),
            "powers": [power.to_text() for power in candidate.powers],
            "value": round(valued.value, 2), "se": round(valued.stderr, 2)}


def analysis_json(position: Position, analysis: Analysis, hint: Candidate) -> dict[str, Any]:
    candidates = [_json_candidate(position, valued) for valued in analysis.ranked]
    marked = analysis.find(hint)
    assert marked is not None
    chosen = candidates[analysis.ranked.index(marked)]
    return {"value": chosen["value"], "hint": chosen, "candidates": candidates}


def analysis_text(position: Position, analysis: Analysis, hint: Candidate) -> str:
    marked = analysis.find(hint)
    assert marked is not None
    used = position.powers_used
    lines = [f"{position.difficulty.name}, board {Board(position.cells)}, dice {' '.join(map(str, position.dice))}, "
             f"{used} power{'s' if used != 1 else ''} used",
             f"value {marked.value:.1f}{_margin(marked)} (the hint's: the coach's play from here)",
             f"{'':3} {'value':>7} {'± se':>7}  choice"]
    for rank, valued in enumerate(analysis.ranked, start=1):
        after = valued.candidate.after(position.cells)
        ends = f" -> {Board(after)}" if after is not None else " -> the board is up to the dice"
        mark = "  <- hint" if valued is marked else ""
        lines.append(f"{rank:>3} {valued.value:7.1f} {_se(valued):>7}  "
                     f"{candidate_words(position, valued.candidate)}{ends}{mark}")
    count = max(v.playouts for v in analysis.ranked)
    lines.append(f"{count} playouts a choice, the same dice for every choice; ± is one standard error "
                 "(exact: nothing left to chance)")
    return "\n".join(lines)


def _se(valued: Valued) -> str:
    return "exact" if valued.stderr == 0.0 and valued.playouts > 1 else f"{valued.stderr:.1f}"


def _margin(valued: Valued) -> str:
    return " exact" if valued.stderr == 0.0 else f" ± {valued.stderr:.1f}"


# --- a recorded game's review ---------------------------------------------------------------------
def _review(args: argparse.Namespace) -> int:
    from pathlib import Path

    from magdagdon.ai.review import ReviewBuilder

    from .replay_command import load_document

    try:
        replay = Replay.from_dict(load_document(Path(args.replay)))
        replay.verify()
    except ReplayError as error:
        print(f"magdagdon analyse: invalid replay {shown(args.replay)}: {' '.join(str(error).split())[:200]}",
              file=sys.stderr)
        return 1
    builder = ReviewBuilder(replay)
    talk = sys.stderr.isatty()
    while builder.refine_next():
        if talk:
            done = sum(turn.settled for turn in builder.review().turns)
            print(f"reviewed {done} of {len(builder.turns)} turns", file=sys.stderr, flush=True)
    review = builder.review()
    if args.json:
        print(json.dumps(review_json(replay, review), indent=1))
    else:
        print(review_text(replay, review))
    return 0


def _best_words(replay: Replay, review: GameReview, turn_number: int) -> str:
    turn = review.by_turn()[turn_number]
    advice = turn.advice
    if advice is None:
        return ""
    steps = [f"{'+1' if kind == 'plus' else '-1' if kind == 'minus' else 're-roll'} on {' '.join(map(str, values))}"
             for kind, values in advice.powers]
    if advice.ruin is not None:
        steps.append(f"accept, ruin {cell_name(advice.ruin)}")
    elif advice.placements:
        steps.append(", ".join(f"{value} on {cell_name(cell)}" for value, cell in advice.placements))
    return ", then ".join(steps)


def review_text(replay: Replay, review: GameReview) -> str:
    lines = [f"{replay.difficulty.name}, seed {replay.seed}: the review",
             f"{'turn':>4} {'dice':>6} {'choices':>8} {'± se':>6}  the coach's move"]
    for turn in review.turns:
        se = "exact" if turn.exact else f"{turn.margin:.0f}"
        best = "as played" if turn.agreed else _best_words(replay, review, turn.turn)
        lines.append(f"{turn.turn:>4} {turn.luck_points:>+6} {turn.choice_points:>+8} {se:>6}  {best}")
    end = "final score" if review.final is not None else "expected at the end of the record"
    lines.append(f"expected {review.expected_points} + dice {review.luck_points:+} + choices {review.choice_points:+} "
                 f"= {review.end_points} ({end})")
    return "\n".join(lines)


def review_json(replay: Replay, review: GameReview) -> dict[str, Any]:
    return {"difficulty": replay.difficulty.name, "seed": replay.seed, "expected": review.expected_points,
            "luck": review.luck_points, "choices": review.choice_points, "final": review.final,
            "turns": [{"turn": t.turn, "luck": t.luck_points, "choices": t.choice_points, "se": round(t.margin, 1),
                       "exact": t.exact, "best": _best_words(replay, review, t.turn) if not t.agreed else None}
                      for t in review.turns]}
