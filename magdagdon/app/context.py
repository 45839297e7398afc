"""Services every state shares: text, fonts, sounds, the layout, the UI manager, storage,
settings, and the way to start a new game. Owned by the control object."""

from __future__ import annotations

import os
import random

import pygame

from magdagdon.engine import Difficulty, Game

from .audio import Audio
from .fonts import FontBook
from .i18n import Catalog
from .options import Options
from .render.layout import Layout, compute_layout
from .render.table_canvas import TableCanvas
from .render import palette
from .session import GameSession


class AppContext:
    def __init__(self, options: Options, window_size: tuple[int, int]) -> None:
        self.options = options
        self.text = Catalog(options.locale)
        self.fonts = FontBook(self.text.script, rtl=self.text.rtl)
        self.audio = Audio(enabled=options.sound)
        self.difficulty = options.difficulty
        self.fullscreen = not options.windowed
        self.layout: Layout = compute_layout(*window_size, rtl=self.text.rtl)
        self.canvas = TableCanvas()
        self._ui = None
        self.ui_ready = True  # the control object holds this False until its first frame is shown
        self._shades: dict[tuple, pygame.Surface] = {}
        self.notices: list[str] = []
        self._store = None
        self._store_opened = False
        self.seed_source = random.SystemRandom()
        self.demo = options.demo
        self.on_toggle_fullscreen = None  # set by the control object
        self.preferences = None  # app.preferences.Preferences, set by the control object
        self.saved_game = None  # an in-progress game found at start, offered on the title
        self.saved_assisted = False  # ... and whether hints were used in it
        self.jobs_after_frame: list = []

    # --- work that must not delay a frame ----------------------------------------------------
    def after_frame(self, job) -> None:
        """Run ``job`` once the current frame is on screen (saves fsync: ~ms each)."""
        if job not in self.jobs_after_frame:
            self.jobs_after_frame.append(job)

    def run_jobs_after_frame(self) -> None:
        jobs, self.jobs_after_frame = self.jobs_after_frame, []
        for job in jobs:
            job()

    # --- the pygame_gui manager, built (and pygame_gui imported) on first use --------------
    @property
    def ui(self):
        if self._ui is None:
            from .ui_theme import make_ui_manager

            self._ui = make_ui_manager(self.layout.size, self.text.script)
        return self._ui

    def shade(self, size: tuple[int, int], opacity: int) -> pygame.Surface:
        """A dimming veil for overlays, made once per size (not one per frame)."""
        key = (tuple(size), opacity)
        veil = self._shades.get(key)
        if veil is None:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((*palette.SHADOW, opacity))
            self._shades = {key: veil, **{k: v for k, v in self._shades.items() if k[0] == key[0]}}
        return veil

    def set_language(self, locale: str) -> None:
        """Switch every visible text to ``locale``: catalog, fonts, mirrored layout, menus."""
        self.text = Catalog(locale)
        self.fonts = FontBook(self.text.script, rtl=self.text.rtl)
        self.resized(self.layout.size)
        self.canvas.invalidate()

    # --- window ---------------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(*size, rtl=self.text.rtl)
        self._ui = None  # rebuilt for the new size when a menu next needs it

    # --- storage (built by the storage engineer; docs/CONTRACTS.md) ------------------------
    @property
    def store_is_open(self) -> bool:
        return self._store_opened

    @property
    def store(self):
        if not self._store_opened:
            self._store_opened = True
            try:
                from magdagdon.storage import open_store

                self._store = open_store(self.options.data_dir)
            except Exception:
                self._store = None
                self.notices.append(self.text("notice.unavailable"))
            self.pull_notices()
        return self._store

    def pull_notices(self) -> list[str]:
        """Translate the storage notices met since the last call; returns the new texts."""
        store, fresh = self._store, []
        if store is not None:
            take = getattr(store, "take_notices", None)
            raw = take() if take else list(getattr(store, "notices", []))
            for notice in raw:
                message = self.notice_text(notice)
                fresh.append(message)
                if message not in self.notices:
                    self.notices.append(message)
        return fresh

    def notice_text(self, notice) -> str:
        kind = getattr(notice, "kind", None)
        key = f"notice.{getattr(kind, 'value', kind)}"
        # File names only: a whole path rarely fits on a menu line (the folder is the data folder).
        values = {"path": os.path.basename(getattr(notice, "path", "") or ""),
                  "moved_to": os.path.basename(getattr(notice, "moved_to", "") or "")}
        return self.text(key, **values) if self.text.has(key) else self.text("notice.generic")

    def note_storage_failure(self) -> None:
        message = self.text("notice.generic")
        if message not in self.notices:
            self.notices.append(message)

    # --- games ----------------------------------------------------------------------------
    def new_seed(self) -> int:
        return self.seed_source.randrange(1, 10**9)

    def new_session(self, difficulty: Difficulty | None = None, seed: int | None = None) -> GameSession:
        difficulty = difficulty or self.difficulty
        self.difficulty = difficulty
        return GameSession(self, Game(difficulty, self.new_seed() if seed is None else seed))

    def resume_session(self, game: Game, assisted: bool = False) -> GameSession:
        self.difficulty = game.difficulty
        return GameSession(self, game, assisted=assisted)

    def load_saved_game(self) -> None:
        """Find the game in progress left by the last run (offered as "Continue")."""
        store = self.store
        self.saved_game, self.saved_assisted = None, False
        if store is None:
            return
        try:
            # load_in_progress also records a finished game a crash left unrecorded.
            game = store.load_in_progress()
            details = store.in_progress_details() if game is not None else None
        except Exception:
            return
        if game is not None:
            self.saved_game = game
            self.saved_assisted = bool(getattr(details, "assisted", False))
