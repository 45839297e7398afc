"""Starting games: a new one (its seed from the system's entropy unless given), or one
resumed, with the difficulty the next new game uses, and whether they are demo games."""

from __future__ import annotations

import random
from datetime import date, datetime
from typing import Callable

from magdagdon.engine import Difficulty, Game

from .audio import Audio
from .jobs import AfterFrame
from .session import GameSession
from .store_access import SavedGame, StoreAccess
from .viewport import Viewport

DEMO_CAPTION: tuple[str, dict[str, object]] = ("hud.demo", {})


class Games:
    def __init__(self, difficulty: Difficulty, demo: bool, audio: Audio, viewport: Viewport, jobs: AfterFrame,
                 storage: StoreAccess) -> None:
        self.difficulty = difficulty
        self.demo = demo  # attract mode: the game plays itself and is never saved nor recorded
        self.saved: SavedGame | None = None  # a game in progress found at start, offered on the title
        self.audio, self.viewport, self.jobs, self.storage = audio, viewport, jobs, storage
        self.seed_source = random.SystemRandom()
        self.today: Callable[[], date] = lambda: datetime.now().date()  # the local date (tests set it)
        self.name_timeout: float | None = None  # seconds the name entry waits for input (kiosk)
        self.difficulties: tuple[Difficulty, ...] = tuple(Difficulty)  # those a player may choose
        # What the guide line calls a game playing itself: the expert's demo, or (the kiosk's
        # attract loop) today's best game played back, by whom: a catalog key and its values.
        self.demo_caption: tuple[str, dict[str, object]] = DEMO_CAPTION

    def new_session(self, difficulty: Difficulty | None = None, seed: int | None = None) -> GameSession:
        self.difficulty = difficulty or self.difficulty
        seed = self.seed_source.randrange(1, 10**9) if seed is None else seed
        return self._session(Game(self.difficulty, seed), assisted=False)

    def resume_session(self, game: Game, assisted: bool = False) -> GameSession:
        self.difficulty = game.difficulty
        return self._session(game, assisted)

    def take_saved(self) -> GameSession | None:
        """Resume the saved game (once)."""
        saved, self.saved = self.saved, None
        return None if saved is None else self.resume_session(saved.game, saved.assisted)

    def _session(self, game: Game, assisted: bool) -> GameSession:
        return GameSession(game, self.audio, self.viewport, self.jobs, self.storage, assisted=assisted, demo=self.demo)
