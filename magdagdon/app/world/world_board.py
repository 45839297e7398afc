"""The world board, from the game: a finished game of Today's dice sent after game over,
the waiting ones sent again now and then, a day's board and a game's replay fetched — every
exchange on the worker, never in a frame (docs/BOARD.md).

What comes back is a value the screens put into words: a rank, or why not (offline, refused
with the board's code, an answer that makes no sense, the data folder refusing the queue,
no board's address chosen). The local result is never touched by any of it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timezone
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from magdagdon.engine import Difficulty, Replay
from magdagdon.engine.challenge import daily_day_of, day_seed
from magdagdon.storage import DEFAULT_NAME
from magdagdon.storage.data_dir import resolve_data_dir

from ..players.worker import Answer, Worker
from ..services.wall_clock import now

if TYPE_CHECKING:
    from datetime import date

    from magdagdon.board.client import Problem
    from magdagdon.board.sender import Sent
    from magdagdon.storage import ScoreEntry

    from ..table.session import GameSession

RETRY_SECONDS = 60.0  # how often the loop looks for games waiting to be sent


@dataclass(frozen=True)
class BoardChoice:
    """Whether games are sent, and where (Settings, or a kiosk's kiosk.json). The game has
    no address of its own: None until one is chosen, and then nothing is sent or read."""

    sending: bool
    address: str | None


@dataclass(frozen=True)
class Fetched:
    """A day's board or a replay, or why not."""

    entries: "list[ScoreEntry] | None" = None
    replay: Replay | None = None
    problem: "Problem | None" = None


class WorldSend:
    """One finished game's way to the board, as game over shows it."""

    def __init__(self, answer: "Answer[Sent] | None", no_address: bool = False) -> None:
        self.answer = answer  # None: not sent (not Today's dice, sending is off, or no address)
        self.no_address = no_address  # sending is on but no board's address is chosen

    @property
    def result(self) -> "Sent | None":
        return None if self.answer is None else self.answer.get()

    @property
    def waiting(self) -> bool:
        return self.answer is not None and self.answer.get() is None and not self.answer.failed


class WorldBoard:
    def __init__(self, worker: Worker, data_dir: Path | None, choice: Callable[[], BoardChoice],
                 kiosk: bool = False) -> None:
        self.worker = worker
        self.data_dir = data_dir
        self.choice = choice
        self.kiosk = kiosk  # a guest's name is never the last guest's
        self.next_retry: float | None = None
        self._retrying: Answer[dict[str, Sent]] | None = None

    def _folder(self) -> Path:
        return Path(resolve_data_dir(self.data_dir))

    def world_day(self, session: "GameSession") -> "date | None":
        """The open day whose dice the game was dealt (today's or yesterday's, UTC)."""
        game = session.game
        day = daily_day_of(game.seed, now().astimezone(timezone.utc).date(), game.difficulty)
        return day if day is not None and game.seed == day_seed(day, game.difficulty) else None

    def send_finished(self, session: "GameSession", last_name: str | None) -> WorldSend:
        """Queue and send ``session``'s finished game if it is Today's dice and sending is on."""
        choice = self.choice()
        day = self.world_day(session)
        if not choice.sending or day is None or not session.keeps_itself or session.game.set_up:
            return WorldSend(None)
        address = choice.address
        if address is None:
            return WorldSend(None, no_address=True)
        from magdagdon.board.outbox import Outbox, Waiting
        from magdagdon.board.sender import queue_and_send

        name = session.player_name or (None if self.kiosk else last_name) or DEFAULT_NAME
        waiting = Waiting(Replay.of(session.game), name, session.assisted, day)
        outbox = Outbox(self._folder())
        return WorldSend(Answer(self.worker.submit(lambda: queue_and_send(outbox, address, waiting, now())),
                                "the game could not be sent to the world board"))

    def tick(self, clock: float) -> None:
        """Now and then, the games still waiting (offline before) are sent, on the worker."""
        if self.next_retry is None:
            self.next_retry = clock  # the first look: at start-up
        if clock < self.next_retry or (self._retrying is not None and not self._retrying.future.done()):
            return
        self.next_retry = clock + RETRY_SECONDS
        choice = self.choice()
        address = choice.address
        if not choice.sending or address is None:
            return
        from magdagdon.board.outbox import OUTBOX_FILE, Outbox
        from magdagdon.board.sender import send_waiting

        folder = self._folder()
        if not (folder / OUTBOX_FILE).exists():
            return  # nothing waits: no thread, no lock, no network
        outbox = Outbox(folder)
        self._retrying = Answer(self.worker.submit(lambda: send_waiting(outbox, address, now())),
                                "the waiting games could not be sent to the world board")

    def day(self, address: str, day: "date", difficulty: Difficulty) -> Answer[Fetched]:
        """The top of ``day``'s board in ``difficulty``, read from the board at ``address``."""

        def fetch() -> Fetched:
            from magdagdon.board.client import BoardProblem, fetch_day

            try:
                return Fetched(entries=fetch_day(address, day, difficulty))
            except BoardProblem as trouble:
                return Fetched(problem=trouble.problem)

        return Answer(self.worker.submit(fetch), "the world board could not be read")

    def replay(self, address: str, replay_id: str) -> Answer[Fetched]:
        """A game of the board at ``address``, checked by the engine before it is shown."""

        def fetch() -> Fetched:
            from magdagdon.board.client import BoardProblem, fetch_replay

            try:
                return Fetched(replay=fetch_replay(address, replay_id))
            except BoardProblem as trouble:  # a replay that does not verify among them
                return Fetched(problem=trouble.problem)

        return Answer(self.worker.submit(fetch), "the world board's replay could not be read")
