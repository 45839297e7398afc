"""The controllers of a seat: each answers ``next_action(game)`` — the action to play now, or
None while there is none yet (a person's seat always: their moves come from the input)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol, Sequence

from magdagdon.engine import Action, Game

from .worker import Worker

if TYPE_CHECKING:
    from concurrent.futures import Future
    from magdagdon.ai import Policy


class Controller(Protocol):
    def next_action(self, game: Game) -> Action | None: ...


class PersonSeat:
    """Someone at the screen plays this seat."""

    def next_action(self, game: Game) -> Action | None:
        return None


class ComputerSeat:
    """The computer (the expert, or a party's beginner or regular): the question goes to the
    worker with a copy of the position; the answer is played only if the game is still where
    it was when asked."""

    def __init__(self, worker: Worker, make_policy: Callable[[], Policy]) -> None:
        self.worker = worker
        self.make_policy = make_policy
        self.policy: Policy | None = None  # made at the first question (loading its tables takes a while)
        self.thinking: Future[Action] | None = None
        self.asked: tuple[Game, int] | None = None  # the game and the length of its log when asked

    def next_action(self, game: Game) -> Action | None:
        if self.thinking is None or self.asked != (game, len(game.log)):
            if self.policy is None:
                self.policy = self.make_policy()
            policy, position = self.policy, game.copy()
            self.asked = (game, len(game.log))
            self.thinking = self.worker.submit(lambda: policy.choose(position))
        if not self.thinking.done() or self.thinking.cancelled():
            return None
        action = self.thinking.result()
        self.thinking = self.asked = None
        return action

    def forget(self) -> None:
        """The game it was thinking about is gone: its answer, when it comes, is not played."""
        self.thinking = self.asked = None


class ScriptedSeat:
    """A recorded game played back action by action."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = list(actions)

    def next_action(self, game: Game) -> Action | None:
        return self.actions.pop(0) if self.actions else None
