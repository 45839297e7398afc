"""Starting games: a new one (its seed from the system's entropy unless given), one
resumed, or one that plays itself (a demo), and the difficulty the next new game uses.

Whether a game is a demo is decided here, once, when its session is made: a player's
game is never a demo, a demo never becomes a player's game, and a demo leaves the
difficulty the player chose as it was."""

from __future__ import annotations

import random
from datetime import date, datetime, timezone
from typing import Callable

from magdagdon.engine import Difficulty, Game
from magdagdon.engine.challenge import daily_day_of

from ..services.audio import Audio
from ..shell.jobs import AfterFrame
from .session import DEMO_CAPTION, Caption, GameSession
from ..services.store_access import SavedGame, StoreAccess
from ..shell.viewport import Viewport


class Games:
    def __init__(self, difficulty: Difficulty, audio: Audio, viewport: Viewport, jobs: AfterFrame,
                 storage: StoreAccess) -> None:
        self.difficulty = difficulty
        self.saved: SavedGame | None = None  # a game in progress found at start, offered on the title
        self.audio, self.viewport, self.jobs, self.storage = audio, viewport, jobs, storage
        self.seed_source = random.SystemRandom()
        self.today: Callable[[], date] = lambda: datetime.now().date()  # the local date (tests set it)
        # Today's dice are the UTC date's, the same moment everywhere (the world board's day)
        self.dice_day: Callable[[], date] = lambda: datetime.now(timezone.utc).date()
        self.name_timeout: float | None = None  # seconds the name entry waits for input (kiosk)
        self.difficulties: tuple[Difficulty, ...] = tuple(Difficulty)  # those a player may choose

    def new_session(self, difficulty: Difficulty | None = None, seed: int | None = None) -> GameSession:
        self.difficulty = difficulty or self.difficulty
        return self._session(self.fresh_game(seed=seed), assisted=False)

    def fresh_game(self, difficulty: Difficulty | None = None, seed: int | None = None) -> Game:
        """A game not yet rolled, in ``difficulty`` (else the one chosen), on ``seed`` (else
        one from the system's entropy)."""
        seed = self.seed_source.randrange(1, 10**9) if seed is None else seed
        return Game(difficulty or self.difficulty, seed)

    def resume_session(self, game: Game, assisted: bool = False) -> GameSession:
        self.difficulty = game.difficulty
        return self._session(game, assisted)

    def demo_session(self, game: Game | None = None, caption: Caption = DEMO_CAPTION) -> GameSession:
        """``game`` (a new one in the difficulty chosen, when None) played by the demo driver,
        never saved nor recorded; ``caption`` is what the guide line calls it."""
        return GameSession(game if game is not None else self.fresh_game(), self.audio, self.viewport, self.jobs, self.storage, demo=True, demo_caption=caption)

    def take_saved(self) -> GameSession | None:
        """Resume the saved game (once)."""
        saved, self.saved = self.saved, None
        return None if saved is None else self.resume_session(saved.game, saved.assisted)

    def _session(self, game: Game, assisted: bool) -> GameSession:
        session = GameSession(game, self.audio, self.viewport, self.jobs, self.storage, assisted=assisted)
        # Today's dice however the game came (the menu, a code, a saved game): the header says so.
        session.dice_of_day = daily_day_of(game.seed, self.dice_day(), game.difficulty)
        return session
