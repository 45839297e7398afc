"""The game run as a kiosk (``--kiosk``, docs/KIOSK.md) for an evening: its claim on the data
folder, its ``kiosk.json``, the lock on its window, the director of its attract loop and the
notice the operator reads on the title until the evening begins.

The control object makes one when asked for a kiosk, and only then (this module and the
director's are a kiosk's only), and asks it what a kiosk does differently: the options it
runs with, the input the director uses up, the operator's exit chord, the phones' host it
offers, the claim let go at the end."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from magdagdon.engine import Difficulty
from magdagdon.storage.kiosk_config import load_kiosk_config

from ..services.wall_clock import now as wall_now
from ..text.i18n import available_locales, system_language
from ..ui.presenter import Presenter
from .director import KioskDirector
from .leaving_band import LeavingInputs, LeavingPlan, draw_leaving, leaving_pieces, plan_leaving
from .lock import FolderInUse, KioskClaim, KioskLock, set_lock_hints

if TYPE_CHECKING:
    from magdagdon.phones.room import RoomSnapshot

    from ..phones.host import PhoneHost
    from ..players.autoplay import Autoplay
    from ..ui.placed import Placed
    from ..services.notices import Notices
    from ..services.preferences import Preferences
    from ..services.store_access import StoreAccess
    from ..shell.options import Options
    from ..shell.state_machine import StateMachine
    from ..table.games import Games
    from ..text.fonts import FontBook
    from ..text.i18n import Catalog


class KioskEvening:
    def __init__(self, data_dir: Path | None) -> None:
        """Before SDL starts: claim the data folder (one kiosk per folder: a second one
        does not start), read ``kiosk.json`` and set the window's lock hints."""
        try:
            self.claim = KioskClaim(data_dir)
        except FolderInUse as busy:
            raise SystemExit(f"magdagdon: {busy}") from None
        self.loaded = load_kiosk_config(data_dir, wall_now(), available_locales())
        self.config = self.loaded.config
        set_lock_hints()
        self.lock = KioskLock(self.config.exit_hold_seconds)
        self.notice: str | None = None  # kiosk.json's notice, shown on the title until the evening begins
        self.director: KioskDirector | None = None  # made once the game's services are
        self.leaving: Presenter[LeavingInputs, LeavingPlan] | None = None  # the exit chord's band

    def run_options(self, options: Options, asked_locale: str | None, asked_difficulty: Difficulty | None) -> Options:
        """Fullscreen, unless a size was asked for (to look at the kiosk in a window). Its
        language and difficulty are its own (kiosk.json, the command line's ``asked_locale``,
        the system's; the command line's ``asked_difficulty`` if offered, else the first
        offered): never the ones a guest last picked in Settings."""
        config = self.config
        return replace(options, windowed=options.size is not None,
                       locale=config.language or asked_locale or system_language(),
                       difficulty=asked_difficulty if asked_difficulty in config.difficulties
                       else config.difficulties[0])

    def lock_window(self) -> None:
        """Once the window is open."""
        self.lock.lock_window()

    def set_up(self, notices: Notices, games: Games, autoplay: Autoplay, storage: StoreAccess, text: Catalog,
               set_language: Callable[[str], None], phones: Callable[[], PhoneHost | None],
               redraw: Callable[[], None], preferences: Preferences) -> None:
        """Once the game's services are made, before its first screen: the notice for the
        operator, the games' kiosk rules, and the director. ``text`` speaks the kiosk's own
        language now; ``phones`` is the phones' host if one was made; ``redraw`` asks for
        the next frame to be drawn (the title's notice going is not a state's change);
        ``preferences`` put every guest's choices back for the next guest."""
        if self.loaded.notice is not None:
            self.notice = message = notices.describe(self.loaded.notice)
            notices.add(message)
            problem = f" {self.loaded.problem}. The defaults apply." if self.loaded.problem else ""
            print(f"magdagdon: {message}{problem}", file=sys.stderr)  # the operator's log (journal)
        games.name_timeout = float(self.config.name_seconds)
        games.difficulties = self.config.difficulties
        locale, difficulty = text.locale, games.difficulty

        def notice_seen() -> None:
            """The evening has begun (the attract loop, or a guest's game): the operator has
            seen the kiosk.json notice on the title, and it goes."""
            if self.notice is not None:
                notices.discard(self.notice)
                self.notice = None
                redraw()

        def fresh_guest() -> None:
            """The next guest starts as the evening began: the kiosk's own language,
            difficulty and settings, whichever the last guest picked."""
            preferences.next_guest()
            games.difficulty = difficulty
            if text.locale != locale:
                set_language(locale)

        def room() -> RoomSnapshot | None:
            host = phones()
            return host.snapshot if host is not None else None

        def close_room() -> None:
            host = phones()
            if host is not None:
                host.close()

        self.director = KioskDirector(self.config, games, autoplay, storage, notice_seen, fresh_guest,
                                      room=room, close_room=close_room)

    def phone_host(self, data_dir: Path | None) -> PhoneHost:
        """The host of a kiosk's phones' room: the timer always on, every room a new one
        (docs/KIOSK.md)."""
        from ..phones.host import PhoneHost, kiosk_timers

        return PhoneHost(data_dir, timers=kiosk_timers(float(self.config.phones_turn_seconds)), continues=False)

    # --- each frame ---------------------------------------------------------------------------
    def note(self, event: pygame.event.Event, machine: StateMachine, now: float) -> bool:
        """The lock and the director see every event; True when the director used it up (it
        woke the attract loop or answered "Still playing?") and it must do nothing else."""
        self.lock.note(event)
        self.lock.chord.note(event, now)
        return self.director is not None and self.director.note(event, machine, now)

    def tick(self, machine: StateMachine, now: float) -> None:
        if self.director is not None:
            self.director.tick(machine, now)

    def exit_held(self, now: float) -> bool:
        """The operator has held the exit chord long enough: the game ends."""
        return self.lock.chord.held(now)

    def leaving_seconds(self, now: float) -> int | None:
        """The seconds left while the operator holds the exit chord; None when nobody does."""
        return self.lock.chord.seconds_left(now)

    def prepare_leaving(self, window: tuple[int, int], fonts: FontBook, text: Catalog, now: float) -> None:
        """Before a frame: the plan of the band counting the seconds left while the exit
        chord is held (none while nobody holds it)."""
        if self.leaving is None:
            self.leaving = Presenter(lambda inputs: plan_leaving(fonts, text, inputs))
        seconds = self.leaving_seconds(now)
        if seconds is None:
            self.leaving.forget()
        else:
            self.leaving.present(LeavingInputs(window, text.locale, fonts.generation, seconds))

    def draw_leaving(self, surface: pygame.Surface, fonts: FontBook) -> int | None:
        """The band as planned, over everything: the seconds it shows (None: no band)."""
        plan = self.leaving.plan if self.leaving is not None else None
        if plan is None:
            return None
        draw_leaving(surface, fonts, plan)
        return plan.inputs.seconds

    def leaving_placed(self, fonts: FontBook, layer: int) -> tuple[Placed, ...]:
        """What :meth:`draw_leaving` places, on ``layer`` (over everything)."""
        plan = self.leaving.plan if self.leaving is not None else None
        return leaving_pieces(fonts, plan, layer) if plan is not None else ()

    def close(self) -> None:
        """The game ends: its data folder is let go."""
        self.claim.release()
