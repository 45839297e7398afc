"""The expert's own game on a recorded game's seed, told turn by turn for the replay viewer
to step beside the player's, played by the coach (each decision the one the hint would name).
Every turn's first roll is the seed's (RULES.md §10), so each turn starts from the same dice
for both. It runs on the worker and publishes each turn as it is played, so the viewer shows
the first turns while the later are thought about; a line that cannot be made only leaves
the viewer on the expert's choices."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from magdagdon.engine import Difficulty, Game, Phase, Replay

from .worker import Answer, Worker

if TYPE_CHECKING:
    from concurrent.futures import Future

    from ..results.turn_story import TurnStory


def expert_line(difficulty: Difficulty, seed: int,
                on_turn: Callable[[list[TurnStory]], None] = lambda stories: None) -> list[TurnStory]:
    """The coach's whole game from ``seed``, turn by turn (``on_turn`` hears of each turn)."""
    from magdagdon.ai.coach_policy import CoachPolicy  # on the worker, never in a frame

    from ..results.turn_story import turn_stories

    game = Game(difficulty, seed)
    coach = CoachPolicy()
    stories: list[TurnStory] = []
    while not game.is_over:
        game.play(coach.choose(game))
        if game.phase in (Phase.ROLL, Phase.GAME_OVER):
            stories = turn_stories(Replay.of(game))
            on_turn(stories)
    return stories


class ExpertLineJob:
    def __init__(self, worker: Worker, replay: Replay) -> None:
        self.turns_so_far: list[TurnStory] = []  # replaced whole as each turn is played
        self.future: Future[list[TurnStory]] = worker.submit(lambda: self._line(replay.difficulty, replay.seed))
        self._answer = Answer(self.future, "the expert's game could not be played")

    @property
    def stories(self) -> list[TurnStory] | None:
        """The expert's turns played so far (all of them once it is done); None if it failed."""
        if self.future.done():
            return self._answer.get()
        return self.turns_so_far

    @property
    def finished(self) -> bool:
        return self.future.done()

    def _line(self, difficulty: Difficulty, seed: int) -> list[TurnStory]:
        def published(stories: list[TurnStory]) -> None:
            self.turns_so_far = stories

        return expert_line(difficulty, seed, published)
