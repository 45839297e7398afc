"""A recorded game told turn by turn, for the replay viewer and the drawn review: the board
each roll met, the dice, what the player made of them, and — once the expert's review is
in — what the expert would have made of them and what that was worth.

Plain values only (no pygame): the engine replays the record; the expert's review comes
from :func:`magdagdon.ai.review.review_game`.
"""

from __future__ import annotations

from dataclasses import dataclass

from magdagdon.ai.review import TurnAdvice, TurnReview
from magdagdon.engine import Game, Replay, ReplayError
from magdagdon.engine.game import IllegalMoveError
from magdagdon.engine.actions import Adjust, Confirm, PlaceRuin, Reroll, Roll


@dataclass(frozen=True)
class TurnStory:
    turn: int
    board: tuple[int, ...]  # the permanent cells when the dice were rolled
    dice: tuple[int, ...]  # as rolled
    played: TurnAdvice  # the player's powers, placements or ruin, in the expert's terms
    score_after: int  # the score once the turn was over


def turn_stories(replay: Replay) -> list[TurnStory]:
    """Every complete turn of ``replay`` (a turn cut short by the end of the record is left
    out). Raises ``ReplayError`` for a record the engine refuses."""
    try:
        return _stories(replay)
    except IllegalMoveError as error:
        raise ReplayError(str(error)) from None


def _stories(replay: Replay) -> list[TurnStory]:
    game = Game(replay.difficulty, replay.seed)
    stories: list[TurnStory] = []
    actions = replay.actions
    i = 0
    while i < len(actions):
        action = actions[i]
        game.play(action)
        i += 1
        if not isinstance(action, Roll):
            continue
        turn, board, dice = game.turn, game.board.cells, tuple(game.dice)
        powers: list[tuple[str, tuple[int, ...]]] = []
        placements: tuple[tuple[int, int], ...] = ()
        ruin = None
        finished = False
        while i < len(actions) and not isinstance(actions[i], Roll):
            action = actions[i]
            if isinstance(action, Adjust):
                powers.append(("plus" if action.delta > 0 else "minus", (game.dice[action.die],)))
            elif isinstance(action, Reroll):
                powers.append(("reroll", tuple(game.dice[d] for d in action.dice)))
            elif isinstance(action, Confirm):
                placements = tuple((game.dice[die], cell) for die, cell in game.staged)
                finished = True
            elif isinstance(action, PlaceRuin):
                ruin, finished = action.cell, True
            game.play(action)
            i += 1
        if finished:
            stories.append(TurnStory(turn, board, dice, TurnAdvice(tuple(powers), placements, ruin),
                                     game.score().total))
    return stories


def reviews_by_turn(reviews: list[TurnReview] | None) -> dict[int, TurnReview]:
    return {review.turn: review for review in reviews or []}


def costliest_turns(reviews: list[TurnReview] | None, count: int = 3) -> list[int]:
    """The turns that lost the most, costliest first."""
    ranked = sorted(reviews or [], key=lambda r: (-r.loss, r.turn))
    return [review.turn for review in ranked[:count]]
