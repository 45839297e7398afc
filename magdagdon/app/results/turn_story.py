"""A recorded game told turn by turn, for the replay viewer and the drawn review: the board
each roll met, the dice, what the player made of them, and — once the expert's review is
in — what the expert would have made of them, what the dice gave and what the choices came to.

Plain values only (no pygame): the engine replays the record; the expert's review comes
from :func:`magdagdon.ai.review.review_game`.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING

from magdagdon.ai.turn_advice import TurnAdvice, TurnNotes
from magdagdon.engine import Game, Phase, Replay, ReplayError
from magdagdon.engine.game import IllegalMoveError
from magdagdon.engine.actions import Roll

if TYPE_CHECKING:
    from magdagdon.ai.review import GameReview, TurnReview


@dataclass(frozen=True)
class TurnStory:
    turn: int
    board: tuple[int, ...]  # the permanent cells when the dice were rolled
    dice: tuple[int, ...]  # as rolled
    played: TurnAdvice  # the player's powers, placements or ruin, in the expert's terms
    score_after: int  # the score once the turn was over
    magdagdon: bool = False  # the roll, or a re-roll, fitted nowhere (RULES.md §5)


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
        notes = TurnNotes()
        magdagdon = game.phase is Phase.MAGDAGDON
        while i < len(actions) and not isinstance(actions[i], Roll):
            notes.note(game, actions[i])
            game.play(actions[i])
            notes.landed(game, actions[i])
            magdagdon = magdagdon or game.phase is Phase.MAGDAGDON
            i += 1
        if notes.finished:
            stories.append(TurnStory(turn, board, dice, notes.advice(), game.score().total, magdagdon))
    return stories


def reviews_by_turn(review: GameReview | None) -> dict[int, TurnReview]:
    return {} if review is None else review.by_turn()


def costliest_turns(review: GameReview | None, count: int = 3) -> list[int]:
    """The turns whose choices lost the most, costliest first."""
    return [] if review is None else [turn.turn for turn in review.costliest(count)]
