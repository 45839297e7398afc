"""The control object: owns the window and the services, alone reads events, and runs the
one loop every run takes — players, tests, ``--frames``/``--screenshot`` and benchmarks.

Each frame: events → fixed-step updates for the time that passed → pygame_gui's update →
draw and present the whole frame if anything visible changed → the jobs that wait for a
shown frame (saving) → sleep: to the next frame while something moves; when nothing does,
up to a tenth of a second, looking for input every 20 ms, so input shows at once and
finished background work (the game-over review) within 0.1 s, for well under 1 % of a core.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Callable

import pygame

from magdagdon.engine import Difficulty
from magdagdon.storage.settings import Settings

from ..services.audio import Audio
from ..table.coach_choice import choose_coach
from .opening import open_first_screen
from .play_context import PlayContext
from ..text.fonts import LARGE_TEXT_SCALE, FontBook
from ..table.games import Games
from .heap import HeapTrimmer
from ..text.i18n import Catalog
from ..input.gamepad import PadKeys, Pads
from ..input.pointer import PointerTranslator
from .jobs import AfterFrame
from ..players.autoplay import Autoplay
from ..players.warm_up import warm_expert
from ..players.review_shelf import ReviewShelf
from ..players.worker import Worker
from ..world.world_board import BoardChoice, WorldBoard
from .loop import UPDATES_PER_SECOND, FixedStep
from .loop_io import Clock, EventSource, PygameEvents, RealClock
from ..ui.menu_ui import MenuUI
from ..services.notices import Notices
from .options import Options
from ..results.player_name import LastName
from ..services.preferences import Preferences
from ..audit.draw_log import DrawnFrame, LoggedSurface, forget, new_frame_surface
from ..audit.plan_match import with_planned_roles
from ..table.table_canvas import TableCanvas
from .screens import Services, screen_factories
from .state_machine import StateMachine
from ..ui.menu import MenuKit, MenuState
from ..table.table_state import TableKit
from ..services.store_access import StoreAccess
from .termination import Termination
from .viewport import Viewport
from .window import Window
from .screen_key import ScreenKey

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from ..kiosk.evening import KioskEvening
    from ..phones.host import PhoneHost
    from ..ui.placed import Placed

FRAME_SECONDS = 1 / UPDATES_PER_SECOND  # while something moves
IDLE_FRAME_SECONDS = 0.1  # while nothing does
# How long a thread may hold the interpreter before another gets a turn. The worker's
# thoughts are pure Python (a game's review is seconds of the expert's playouts) and every
# frame hands the interpreter over many times (each pygame call lets it go): at Python's
# 5 ms a frame waited up to 5 ms at each of those, and game over's count-up showed 292
# frames in 3 s instead of 330 (p99 frame gap 17 ms); at 1 ms, 329 and 10 ms.
INTERPRETER_SWITCH_SECONDS = 0.001
INPUT_POLL_SECONDS = 0.02  # how often an idle loop looks for input
RETRY_SECONDS = 5.0  # how often a result held unsaved (a full disk) is written again


class Control:
    def __init__(self, options: Options, clock: Clock | None = None, events: EventSource | None = None,
                 thinker: Executor | None = None, termination: Termination | None = None,
                 draw_log: bool = False) -> None:
        preferences = Preferences(options.data_dir)
        asked = options  # the command line's, before the saved settings fill it in
        options = preferences.apply(options)
        self.kiosk: KioskEvening | None = None  # None: not a kiosk
        if options.kiosk:
            from ..kiosk.evening import KioskEvening  # its lock, director and cards: a kiosk's only

            self.kiosk = KioskEvening(options.data_dir)
            options = self.kiosk.run_options(options, asked.locale, asked.difficulty)
            preferences.for_guests(options)  # a guest's choices are that guest's only
        self.options = options
        # SIGTERM, SIGINT, SIGHUP end the game cleanly; handled from before SDL starts, so
        # that they are told apart from a close request (the command line installs it
        # earlier still, before pygame is imported, and puts it away itself).
        self.own_termination = termination is None
        self.termination = termination if termination is not None else Termination()
        self.clock: Clock = clock or RealClock()
        self.events: EventSource = events or PygameEvents()
        os.environ.setdefault("SDL_HINT_TOUCH_MOUSE_EVENTS", "1")
        # The game draws in software: hand the window its frames directly (X11: shared
        # memory) rather than through an OpenGL texture, which costs ~4 ms of CPU per
        # 1080p frame when the GL is software (measured under Xvfb) for nothing gained.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # Only what the game uses: with the joystick subsystem up, SDL polls more.
        pygame.display.init()
        pygame.font.init()
        self.window = Window(fullscreen=not options.windowed, size=options.size)
        if self.kiosk is not None:
            self.kiosk.lock_window()
        self.text = text = Catalog(options.locale)
        pygame.display.set_caption(text("app.window_title"))
        # The draw log (tests, the screen audit): what each presented frame shows, in
        # ``frame_log``; players draw straight onto the window.
        self.draw_log = draw_log
        self.frame_log: DrawnFrame | None = None
        self.frame_pieces: tuple[Placed, ...] = ()  # what the plans of the logged frame placed
        # Every frame logged as it is drawn (else a logged frame is drawn when asked for:
        # ``logged_frame``); tests turn it off, most of their frames are never looked at.
        self.log_every_frame = draw_log
        self._log_frame: pygame.Surface | None = None
        self.fonts = fonts = FontBook(text.script, rtl=text.rtl, logged=draw_log,
                                      window=self.window.surface.get_size())
        self.preferences = preferences
        self.audio = Audio()
        self.viewport = Viewport(self.window.surface.get_size(), text.rtl)
        self.heap = HeapTrimmer()
        self.ui = MenuUI(self.viewport.size, on_drop=self.heap.let_go)
        preferences.follow(self._follow_settings)  # sound, volume, large text: now and on each change
        self.notices = Notices(text)
        if preferences.file_was_set_aside and preferences.notice is not None:
            self.notices.add(self.notices.describe(preferences.notice))
            print(preferences.log_line(), file=sys.stderr)
        self.jobs = AfterFrame()
        self.worker = Worker(thinker)  # every background thought: its threads unless an executor is handed in
        sys.setswitchinterval(INTERPRETER_SWITCH_SECONDS)  # the frames keep their pace beside the thoughts
        self.storage = StoreAccess(options.data_dir, self.notices)
        self._phones: PhoneHost | None = None  # the phones' room: made when its lobby first opens
        self.games = Games(options.difficulty or Difficulty.PEACEFUL, self.audio, self.viewport, self.jobs,
                           self.storage)
        self.world = WorldBoard(self.worker, options.data_dir, self._board_choice, kiosk=self.kiosk is not None)
        self.coach = choose_coach(options, preferences, self.kiosk is not None and self.kiosk.config.coach_every_game)
        menu_kit = MenuKit(text, fonts, self.ui, self.viewport, locked=self.kiosk is not None,
                           phones=self.kiosk is None or self.kiosk.config.phones)
        table_kit = TableKit(text, fonts, self.viewport, TableCanvas(), self.coach, preferences, self.worker)
        last_name = LastName(preferences.saved.name, lambda name: preferences.remember(name=name))
        services = Services(table_kit, menu_kit, self.games, self.storage, self.worker, ReviewShelf(self.worker),
                            self.notices, self.audio,
                            self.window, preferences, last_name, self.set_language,
                            lambda: self.phones, self.world)
        self.services = services  # the one bundle every screen's maker is handed
        self.machine = StateMachine(screen_factories(services))
        self.autoplay = Autoplay(self.games, self.worker, options.seed or 0)
        if self.kiosk is not None:
            self.kiosk.set_up(self.notices, self.games, self.autoplay, self.storage, text, self.set_language,
                              lambda: self._phones, self.redraw, preferences)
        self.pointer = PointerTranslator()
        self.pad_keys = PadKeys()
        # Controllers only in a kiosk: with the joystick subsystem up SDL polls more.
        self.pads = Pads() if self.kiosk is not None else None
        self.step = FixedStep()
        self.frames = 0
        self._stop: Callable[[], bool] = lambda: False  # the running loop's: is this frame its last?
        self.last_frame_at: float | None = None
        self.dirty = True  # something visible changed that the states do not report
        self.moved_last_frame = False
        self.closed = False
        self.leaving_shown: int | None = None  # the exit chord's seconds last drawn
        self.close_requested_at = -10  # the frame of the last WINDOWCLOSE
        self.retry_at: float | None = None  # when a result held unsaved is written again
        # Storage, sounds and pygame_gui wait until the first frame is on screen.
        self.startup_pending = True
        open_first_screen(self.machine, options, self.games, self.storage, lambda: self.phones)

    def _follow_settings(self, settings: Settings) -> None:
        """The settings the control's own services carry out (the table reads the others)."""
        self.audio.enabled = bool(settings.sound)
        self.audio.volume = (100 if settings.volume is None else settings.volume) / 100
        self.fonts.set_scale(LARGE_TEXT_SCALE if settings.large_text else 1.0)

    def _board_choice(self) -> BoardChoice:
        """Whether finished games of Today's dice go to the world board, and where: the
        player's Settings, or a kiosk's kiosk.json (which can turn it on for a party and name
        its board). The game has no address of its own (docs/BOARD.md)."""
        settings = self.preferences.current
        config = self.kiosk.config if self.kiosk is not None else None
        sending = bool(settings.world_board) or (config is not None and config.world_board)
        address = (config.board_url if config is not None else None) or settings.board_url
        return BoardChoice(sending, address)

    @property
    def phones(self) -> PhoneHost:
        """The host of the phones' room, made on first use (its room, sockets and files are
        needed only once Phones at a party is chosen)."""
        if self._phones is None:
            if self.kiosk is not None:
                self._phones = self.kiosk.phone_host(self.options.data_dir)
            else:
                from ..phones.host import PhoneHost

                self._phones = PhoneHost(self.options.data_dir)
        return self._phones

    def redraw(self) -> None:
        """Draw the next frame: something visible changed that the states do not report."""
        self.dirty = True

    # --- start ------------------------------------------------------------------------------
    def finish_startup(self) -> None:
        """What the first frame does not need: the saved game, sounds, the menus, the expert (on the worker)."""
        self.startup_pending = False
        options = self.options
        if options.scene is None and options.seed is None and not options.demo:
            self.games.saved = self.storage.load_saved_game()
        if self.audio.enabled:
            self.audio.load()
        self.ui.ready = True  # menus build their widgets at their next update
        self.heap.hold_threshold()
        self.worker.submit(warm_expert(self.games.difficulty))

    # --- the loop ---------------------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> int:
        """Play until the player quits, or ``max_frames`` frames have run; then save the
        game and, when asked for, the last frame shown as a PNG. 1 when the screenshot
        could not be written (one line on stderr says why)."""
        self.loop(lambda: max_frames is not None and self.frames >= max_frames)
        shot = self.options.screenshot
        frame = self.window.png() if shot is not None else b""
        self.close()  # the game first: a screenshot that fails loses nothing
        if shot is None:
            return 0
        from magdagdon.storage.atomic_file import write_atomic  # a run that keeps a picture only

        try:
            write_atomic(shot, frame)  # never a half-written PNG, whatever the disk does
        except OSError as error:
            print(f"magdagdon: the screenshot {shot} was not saved: {error.strerror or error}", file=sys.stderr)
            return 1
        return 0

    def loop(self, stop: Callable[[], bool]) -> None:
        """Run frames until the player quits or ``stop()`` says so."""
        self._stop = stop
        while not self.machine.quit_requested and not stop():
            self._frame()

    def _frame(self) -> None:
        started = self.clock.now()
        elapsed = 0.0 if self.last_frame_at is None else started - self.last_frame_at
        self.last_frame_at = started
        if self.startup_pending and self.frames:
            self.finish_startup()
        events = self.events.poll()
        for event in events:
            self.process(event)
        if self.termination.requested or (self.kiosk is not None and self.kiosk.exit_held(started)):
            self.quit()
            return
        if self.window.surface.get_size() != self.viewport.size:
            self.on_resize()
        for _ in range(self.step.advance(elapsed)):
            if self.machine.quit_requested:
                return
            self.machine.update(self.step.dt)
            self.autoplay.tick(self.machine)
        if self.kiosk is not None:
            self.kiosk.tick(self.machine, self.clock.now())
        # pygame_gui draws from what its update saw: after every change, before every draw.
        self.ui.update(elapsed)
        moving = self.animating()
        if events or moving or self.moved_last_frame or self.dirty or self.machine.changed or self.ui.changed:
            self._draw()
        self.moved_last_frame = moving
        self.frames += 1
        self._retry_held_results(started)
        if not self.startup_pending:
            self.world.tick(started)  # games of Today's dice still waiting for the world board
        if self.jobs.run():  # saving may bring a notice to show
            self.dirty = True
        if self._stop():
            return  # the last frame of a bounded run: nothing waits for the next one
        if moving or self.dirty or self.machine.changed or self.ui.changed:
            self.heap.drawing(started)
            self.clock.sleep(started + FRAME_SECONDS - self.clock.now())
        else:
            if self.machine.follows_live_work():
                self.heap.drawing(started)  # the trim alone: a full collection waits for a real rest
            else:
                self.heap.rest(started, self.window.presented)  # what was let go, back to the system
            self._idle_until(started + IDLE_FRAME_SECONDS)

    def _retry_held_results(self, now: float) -> None:
        """While a finished game's result is held unsaved, write it again every few seconds,
        so it is saved soon after space returns (and the game-over screen says so)."""
        if not self.storage.unsaved_results:
            self.retry_at = None
        elif self.retry_at is None:
            self.retry_at = now + RETRY_SECONDS
        elif now >= self.retry_at:
            self.retry_at = now + RETRY_SECONDS
            self.jobs.add(self._write_held_results)

    def _write_held_results(self) -> None:
        self.storage.retry_unsaved()

    def _idle_until(self, deadline: float) -> None:
        """Sleep until ``deadline``, or until input arrives."""
        while not self.events.waiting():
            left = deadline - self.clock.now()
            if left <= 0:
                return
            self.clock.sleep(min(INPUT_POLL_SECONDS, left))

    def animating(self) -> bool:
        leaving = self.kiosk.leaving_seconds(self.clock.now()) if self.kiosk is not None else None
        return (self.machine.context.demo or self.machine.is_animating() or self.autoplay.active(self.machine)
                or leaving != self.leaving_shown)

    def _draw(self) -> None:
        target = self.window.surface
        self._prepare()  # plans first: a draw only reads them
        if self.draw_log and self.log_every_frame:
            frame = self._logged_surface()
            self.machine.draw(frame, self.step.alpha)
            self._draw_leaving(frame)
            target.blit(frame, (0, 0))
            self.frame_log = self._frame_of(frame)
        else:
            self.machine.draw(target, self.step.alpha)
            self._draw_leaving(target)
        self.window.present()
        self.dirty = self.machine.changed = self.ui.changed = False

    def _logged_surface(self) -> pygame.Surface:
        """The window-sized surface logged frames are drawn on (kept, its log emptied)."""
        target = self.window.surface
        frame = self._log_frame
        if frame is None or frame.get_size() != target.get_size():
            frame = self._log_frame = new_frame_surface(target.get_size(), target, logged=True)
        forget(frame)
        return frame

    def _frame_of(self, frame: pygame.Surface) -> DrawnFrame:
        """The log of a frame just drawn. What each text is (a title, a value...) is its
        plan's word: each line takes the role of the planned text that holds it."""
        records = frame.records if isinstance(frame, LoggedSurface) else []
        self.frame_pieces = self.placed()
        return with_planned_roles(DrawnFrame(frame.get_size(), tuple(self.machine.keys), tuple(records)),
                                  self.frame_pieces)

    def logged_frame(self) -> DrawnFrame:
        """The screen as it stands, drawn once more on a logged surface and not presented:
        what a frame drawn now shows, with its draw log (for tests and the screen audit, with
        ``draw_log``). Drawing changes nothing, and the looks and the exit chord's seconds
        are left as the loop last drew them, so the loop draws exactly as it would have."""
        machine = self.machine
        looks = [state.drawn_look for state in machine.stack]
        leaving = self.leaving_shown
        frame = self._logged_surface()
        self._prepare()
        machine.draw(frame, self.step.alpha)
        self._draw_leaving(frame)
        for state, look in zip(machine.stack, looks):
            state.drawn_look = look
        self.leaving_shown = leaving
        return self._frame_of(frame)

    def placed(self) -> tuple[Placed, ...]:
        """What the next frame's plans place: the screens' (``StateMachine.placed``) and,
        over them, the kiosk's exit band while the chord is held."""
        screens = self.machine.placed()
        if self.kiosk is None:
            return screens
        return screens + self.kiosk.leaving_placed(self.fonts, max((p.layer for p in screens), default=0) + 1)

    def _prepare(self) -> None:
        """The plans of what the next frame shows: the screens', and the kiosk's band while
        the exit chord is held."""
        self.machine.prepare()
        if self.kiosk is not None:
            self.kiosk.prepare_leaving(self.window.surface.get_size(), self.fonts, self.text, self.clock.now())

    def _draw_leaving(self, surface: pygame.Surface) -> None:
        """The operator holds the exit chord: the seconds left, over everything."""
        self.leaving_shown = self.kiosk.draw_leaving(surface, self.fonts) if self.kiosk is not None else None

    # --- events -----------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> None:
        if self.kiosk is not None and self.kiosk.note(event, self.machine, self.clock.now()):
            self.dirty = True
            return  # it woke the attract loop or answered "Still playing?": nothing else
        if self.pads is not None:
            self.pads.note(event)
        top = self.machine.top
        if not getattr(top, "reads_pad", False):
            translated = self.pad_keys.translate(event, self.machine.top_key, isinstance(top, MenuState))
            if not translated:
                return
            event = translated[0]
        for event in self.pointer.translate(event, self.window.surface.get_size()):
            kind = event.type
            if kind == pygame.WINDOWCLOSE:
                self.close_requested_at = self.frames
            if kind == pygame.QUIT:
                # A locked kiosk ignores a close request (the close button, Alt+F4: SDL sends
                # WINDOWCLOSE, then QUIT where its hint is not honoured); a QUIT alone is the
                # system ending the game, which saves and ends.
                if self.kiosk is not None and self.frames - self.close_requested_at <= 1:
                    continue
                self.quit()
                return
            if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.window.refresh()
                continue
            if kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWFOCUSGAINED):
                self.dirty = True
                continue
            if self.machine.context.demo and kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                # A player arrived: a fresh game of their own under the menu (the demo's
                # game is never saved nor recorded).
                self.machine.restart(ScreenKey.ROLLING, PlayContext(self.games.new_session()), (ScreenKey.TITLE,))
                continue
            self.machine.handle_event(event)

    def on_resize(self) -> None:
        size = self.window.surface.get_size()
        self.viewport.resize(size)
        self.fonts.fit_window(size)
        self.ui.resize(size)
        self.machine.resize()
        self.dirty = True

    def set_language(self, locale: str) -> None:
        """Every visible text in ``locale`` from the next frame: the catalog and fonts every
        state holds switch in place, the table mirrors for a right-to-left language, and
        the menus are rebuilt in the new script."""
        text = self.text
        text.switch(locale)
        pygame.display.set_caption(text("app.window_title"))
        self.fonts.switch(text.script, rtl=text.rtl)
        self.viewport.set_direction(text.rtl)
        self.machine.resize()
        self.dirty = True

    # --- the end ----------------------------------------------------------------------------
    def quit(self) -> None:
        self.close()
        self.machine.quit_requested = True

    def close(self) -> None:
        """Finish the waiting jobs and save the game in progress (once)."""
        if self.closed:
            return
        self.closed = True
        self.autoplay.close()
        if self.kiosk is not None:
            self.kiosk.close()
        self.jobs.run()
        context = self.machine.context
        if context.session is not None:
            context.session.save_in_progress()
        if self.storage.unsaved_results:  # a result held unsaved: written now if it can be
            self.storage.retry_unsaved()
        if context.party is not None:
            context.party.save()  # a quit mid-turn keeps the dice placed and the powers used so far
        if self._phones is not None:
            self._phones.close()  # the phones are told, the room's file written, the port let go
        self.storage.close()  # the game in progress is no longer this running game's
        if self.own_termination:  # after the saves: a second Ctrl+C cannot cut them short
            self.termination.release()
