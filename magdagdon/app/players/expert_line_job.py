"""The expert's own game on a recorded game's seed, told turn by turn for the replay viewer
to step beside the player's. Every turn's first roll is the seed's (RULES.md §10), so each
turn starts from the same dice for both. It runs on the worker; a line that cannot be made
only leaves the viewer on the expert's choices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magdagdon.ai import ExpertPolicy
from magdagdon.engine import Difficulty, Game, Replay

from ..results.turn_story import TurnStory, turn_stories
from .worker import Answer, Worker

if TYPE_CHECKING:
    from concurrent.futures import Future


def expert_line(difficulty: Difficulty, seed: int) -> list[TurnStory]:
    """The expert's whole game from ``seed``, turn by turn."""
    game = Game(difficulty, seed)
    expert = ExpertPolicy()
    while not game.is_over:
        game.play(expert.choose(game))
    return turn_stories(Replay.of(game))


class ExpertLineJob:
    def __init__(self, worker: Worker, replay: Replay) -> None:
        self.future: Future[list[TurnStory]] = worker.submit(lambda: expert_line(replay.difficulty, replay.seed))
        self._answer = Answer(self.future, "the expert's game could not be played")

    @property
    def stories(self) -> list[TurnStory] | None:
        """The expert's turns once they are in; None while it plays, or if it could not."""
        return self._answer.get()
