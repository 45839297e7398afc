"""Today's dice on the world board, inside the high scores: *This table* (the games played
here) or *World* (everyone's, fetched from the board on the worker). While the board is
asked, or when it cannot be, or while no board's address is chosen, the table's place says
so in one line; a game tapped is fetched from the board and opens in the replay viewer."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from magdagdon.engine import Difficulty, Replay

from ..ui.menu import Item

if TYPE_CHECKING:
    from magdagdon.storage import ScoreEntry

    from ..players.worker import Answer
    from ..text.i18n import Catalog
    from .world_board import Fetched, WorldBoard

# What the table's place says when the board's answer is a problem (by Problem's value).
PROBLEMS = {"offline": "scores.world_offline", "nonsense": "scores.world_nonsense", "refused": "scores.world_refused"}


class WorldView:
    def __init__(self, world: "WorldBoard") -> None:
        self.world = world
        self.shown = False  # False: this table
        self._asked: tuple[str | None, date, Difficulty] | None = None
        self._day: "Answer[Fetched] | None" = None
        self._replay: "Answer[Fetched] | None" = None
        self.seen = 0  # answers taken in (a change the screen redraws for)

    def items(self, text: "Catalog") -> list[Item]:
        return [Item("board:local", text("scores.this_table"), "" if self.shown else "#chosen", row=2),
                Item("board:world", text("scores.world"), "#chosen" if self.shown else "", row=2)]

    def asked_for(self, day: date, difficulty: Difficulty) -> bool:
        return self._asked == (self.world.choice().address, day, difficulty)

    def ask(self, day: date, difficulty: Difficulty) -> None:
        """Fetch the day's board (again, when asked anew); nothing while no address is chosen."""
        address = self.world.choice().address
        self._asked = (address, day, difficulty)
        self._day = None if address is None else self.world.day(address, day, difficulty)
        self.seen = 0

    def entries(self) -> "list[ScoreEntry] | None":
        fetched = None if self._day is None else self._day.get()
        return None if fetched is None else fetched.entries

    def message(self) -> str:
        """The catalog key of what the table's place says while there are no entries."""
        if self._asked is not None and self._asked[0] is None:
            return "scores.world_no_address"
        if self._day is None or (self._day.get() is None and not self._day.failed):
            return "scores.world_waiting"
        fetched = self._day.get()
        if fetched is None:
            return "scores.world_offline"
        return "scores.world_empty" if fetched.problem is None else PROBLEMS[fetched.problem.value]

    def open(self, replay_id: str) -> None:
        address = self.world.choice().address
        if address is not None:
            self._replay = self.world.replay(address, replay_id)

    def arrived(self) -> bool:
        """True once for each answer that came in since the last call (the screen redraws)."""
        came = sum(1 for answer in (self._day, self._replay) if answer is not None and answer.future.done())
        fresh, self.seen = came > self.seen, came
        return fresh

    def replay_to_open(self) -> tuple[bool, Replay | None]:
        """(an answer came, the replay it brought: None when it could not be fetched), once."""
        answer = self._replay
        if answer is None or not answer.future.done():
            return False, None
        self._replay = None
        self.seen = max(0, self.seen - 1)
        fetched = answer.get()
        return True, None if fetched is None else fetched.replay
