"""A player for tests: scripted input at chosen moments of a fake clock, fed to the very
loop ``python -m magdagdon`` runs (``Control.loop``), and what that loop presented.

The one driver of the app in tests: tests ask its queries and call its actions, and this
file alone knows where the control keeps what they ask about, so the app can be
restructured without rewriting the tests."""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import Executor, Future
from pathlib import Path
from datetime import date
from typing import TYPE_CHECKING, Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from magdagdon.app.shell.control import FRAME_SECONDS, RETRY_SECONDS, Control  # noqa: E402, F401 (for tests)
from magdagdon.app.shell.loop_io import FakeClock, ScriptedEvents  # noqa: E402
from magdagdon.app.shell.options import Options  # noqa: E402
from magdagdon.app.shell.play_context import PlayContext  # noqa: E402
from magdagdon.app.services.store_access import SavedGame  # noqa: E402
from magdagdon.app.ui import palette  # noqa: E402
from magdagdon.app.audit.draw_log import DrawnFrame  # noqa: E402
from magdagdon.app.text.text_runs import without_controls  # noqa: E402
from magdagdon.app.ui.menu import MenuState  # noqa: E402
from magdagdon.app.table.table_state import TableState  # noqa: E402
from magdagdon.engine import Difficulty, Game  # noqa: E402

if TYPE_CHECKING:
    from magdagdon.app.phones.host import PhoneHost
    from magdagdon.app.shell.heap import HeapTrimmer
    from magdagdon.app.shell.payloads import Payload
    from magdagdon.app.table.coach import Coach
    from magdagdon.app.table.session import GameSession
    from magdagdon.app.text.fonts import FontBook
    from magdagdon.phones.room import Room
    from magdagdon.storage import Store
    from magdagdon.storage.kiosk_config import KioskConfig
    from magdagdon.storage.settings import Settings

TAP_SECONDS = 0.06  # finger down to finger up
# The fake clock's shortest frame. Tests draw a frame every 0.1 s of game time, each running
# twelve fixed updates (the most the loop runs whole, so no game time is skipped), as a very
# slow machine would: what a test checks is what the player sees settle, and drawing is most
# of the suite's time. A test that times a tap, an effect or a rolling die inside 0.1 s is
# marked ``fine_frames`` (a frame every 1/30 s); one that counts or times single frames is
# marked ``frame_exact`` and runs every step as a fast machine does (tests/conftest.py).
COARSE_FRAME_SECONDS = 0.1
FINE_FRAME_SECONDS = 1 / 30
EXACT_FRAME_SECONDS = 0.0
AFTER_INPUT = 0.4  # a player looks this long before the next action (longer than a double tap)


class FrameGrain:
    """The shortest fake frame a ``Player`` made without ``frame_seconds`` runs: coarse,
    unless the test running is marked ``frame_exact`` (set by tests/conftest.py)."""

    seconds: float = COARSE_FRAME_SECONDS


frame_grain = FrameGrain()


class ThinkAtOnce(Executor):
    """Runs what is handed to it at once: the computer players' moves come as soon as they
    are asked for, in fake time, however busy the machine is (a worker thread racing a fake
    clock would make the tests depend on the machine's load)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed back through the future, as a thread would
            done.set_exception(error)
        return done


class HeldThoughts(Executor):
    """Holds what is handed to it until ``release()``: a thought still being made, in fake
    time, for as long as a test needs (then it is made at once, as ``ThinkAtOnce`` does)."""

    def __init__(self) -> None:
        self.held: list[tuple[Future[Any], Callable[[], Any]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        waiting: Future[Any] = Future()
        self.held.append((waiting, lambda: fn(*args, **kwargs)))
        return waiting

    def release(self) -> None:
        held, self.held = self.held, []
        for waiting, thought in held:
            try:
                waiting.set_result(thought())
            except BaseException as error:
                waiting.set_exception(error)


class Player:
    def __init__(self, data_dir: Path, size: tuple[int, int] = (800, 600), thinker: Executor | None = None,
                 draw_log: bool = True, frame_seconds: float | None = None, **options: Any) -> None:
        values: dict[str, Any] = dict(difficulty=Difficulty.PEACEFUL, windowed=True, size=size, data_dir=data_dir,
                                      sound=False)
        values.update(options)
        if frame_seconds is None:
            frame_seconds = frame_grain.seconds
        self.clock = FakeClock(1000.0, slowest=frame_seconds)
        self.events = ScriptedEvents(self.clock)
        self.control = Control(Options(**values), clock=self.clock, events=self.events,
                               thinker=thinker or ThinkAtOnce(), draw_log=draw_log)
        # Frames are logged when a test looks at one (frame_log, drawn): logging every frame
        # cost a quarter of the time of the tests that play.
        self.control.log_every_frame = False

    # --- time and input -----------------------------------------------------------------
    @property
    def now(self) -> float:
        return self.clock.now()

    def wait(self, seconds: float) -> None:
        """Let the game run ``seconds`` with no input but what is already scripted."""
        until = self.now + seconds
        self.control.loop(lambda: self.now >= until)

    def wait_for(self, condition: Callable[[], bool], limit: float = 30.0) -> None:
        until = self.now + limit
        self.control.loop(lambda: condition() or self.now >= until)
        assert condition(), "the game never got there"

    def loop_until(self, stop: Callable[[], bool]) -> None:
        """Run frames until ``stop()`` says so (asked after each frame) or the game quits:
        no time limit and no check, for a test that counts what the frames did."""
        self.control.loop(stop)

    def post(self, event_type: int, delay: float = 0.0, **attributes: Any) -> None:
        self.events.at(self.now + delay, pygame.event.Event(event_type, **attributes))

    def tap(self, pos: tuple[int, int], then: float = AFTER_INPUT) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        self.post(pygame.MOUSEBUTTONUP, TAP_SECONDS, pos=pos, button=1, touch=False)
        self.wait(then)

    def drag(self, start: tuple[int, int], end: tuple[int, int], then: float = AFTER_INPUT) -> None:
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        self.post(pygame.MOUSEMOTION, 0.05, pos=mid, rel=(5, 5), buttons=(1, 0, 0), touch=False)
        self.post(pygame.MOUSEMOTION, 0.1, pos=end, rel=(5, 5), buttons=(1, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONUP, 0.15, pos=end, button=1, touch=False)
        self.wait(0.15 + then)

    def key(self, key: int, then: float = AFTER_INPUT, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, 0.03, key=key, mod=mod, unicode="", scancode=0)
        self.wait(then)

    def give_name(self, name: str = "", then: float = AFTER_INPUT) -> None:
        """Answer the name entry a result that made the table brings: type ``name``
        (replacing the name offered) and press Enter."""
        self.wait_for(lambda: self.top_key == "name_entry", limit=5.0)
        for _ in range(16):
            self.key(pygame.K_BACKSPACE, then=0.0)
        if name:
            self.post(pygame.TEXTINPUT, text=name)
        self.key(pygame.K_RETURN, then)

    def choose(self, ident: str, then: float = AFTER_INPUT) -> None:
        """Tap the top menu's button ``ident``, where the player sees it."""
        self.tap(self.menu_button_rects()[ident].center, then)

    # --- running and ending the game as the program does ---------------------------------
    def run(self, max_frames: int) -> int:
        """Run as ``python -m magdagdon --frames N`` does: ``max_frames`` frames in all, then
        the end (the game saved, the screenshot written if asked for); its exit status."""
        return self.control.run(max_frames)

    def quit(self) -> None:
        """Quit as the window's close button does: the game saved, the loop told to stop."""
        self.control.quit()

    def shut_down(self) -> None:
        """End as the process does (the loop not told): the waiting jobs finished, the game in
        progress saved, the worker and the kiosk's claim on the folder let go; once only."""
        self.control.close()

    def close(self) -> None:
        """Close the window (the game is not ended: see ``shut_down`` and ``quit``)."""
        pygame.display.quit()

    # --- setting the scene: what a screen, a clock or a config would do -------------------
    def set_language(self, locale: str) -> None:
        """Switch the language as Settings does."""
        self.control.set_language(locale)

    def change_settings(self, **fields: Any) -> None:
        """Change settings (fields of ``Settings``) as the Settings screen does: applied now, saved."""
        self.control.preferences.change(**fields)

    def set_today(self, day: date) -> None:
        """The date the game reads (Today's dice: the UTC date; today's scores: the local one)
        is ``day`` from now on."""
        self.control.games.today = lambda: day
        self.control.games.dice_day = lambda: day

    def offer_difficulties(self, *difficulties: Difficulty) -> None:
        """Offer players only ``difficulties``, as a kiosk's config does."""
        self.control.games.difficulties = difficulties

    def set_name_timeout(self, seconds: float | None) -> None:
        """The name entry gives up after ``seconds`` without input, as in a kiosk (None: never)."""
        self.control.games.name_timeout = seconds

    def offer_saved_game(self, game: Game) -> None:
        """As if ``game`` had been found in progress at start (the title offers Continue)."""
        self.control.games.saved = SavedGame(game, assisted=False)

    def play_from(self, game: Game, state: str = "staging") -> None:
        """Put ``game`` on the table as a resumed game, ``state`` showing it and nothing over it
        (a position a test built, played on from there through the screens)."""
        self.control.machine.restart(state, PlayContext(self.control.games.resume_session(game)))

    def restart_at(self, key: str) -> None:
        """Leave every screen and open ``key`` on the play in progress, as the game does when
        a party's last turn ends (the handover becomes the results)."""
        machine = self.control.machine
        machine.restart(key, machine.context)

    def push(self, key: str, payload: "Payload | None" = None) -> None:
        """Open screen ``key`` over the one on top with ``payload``, as a button there would."""
        self.top.push(key, payload)

    def set_computer_policy(self, make: Callable[[], Any]) -> None:
        """The party's computer players ask ``make()`` for the policy they play by."""
        self.control.autoplay.computer_policy = make

    def retry_unsaved(self) -> bool:
        """Write the results held unsaved again now, as the loop does every ``RETRY_SECONDS``;
        True if they were written."""
        return self.control.storage.retry_unsaved()

    def phones_on_loopback(self) -> None:
        """Open phones' rooms on 127.0.0.1, at any free port: the tests' phones are on this
        machine (a room is never opened on loopback for players)."""
        host = self.control.phones
        host.address, host.port, host.allow_loopback = (lambda: "127.0.0.1"), 0, True

    def resize_menus(self, size: tuple[int, int]) -> None:
        """Lay the menus out for ``size``, as a new window size does (their pygame_gui manager
        is let go and a new one made when next needed)."""
        self.control.ui.resize(size)

    # --- watching the loop at work ---------------------------------------------------------
    def before_each_present(self, note: Callable[[], None]) -> None:
        """Call ``note()`` as each frame is about to be handed to the window (what the game
        had done by the time the player saw it)."""
        window = self.control.window
        present = window.present

        def noting_present() -> None:
            note()
            present()

        window.present = noting_present  # type: ignore[method-assign]

    def around_each_draw(self, watch: Callable[[Callable[[], None]], None]) -> None:
        """Draw the screens of each frame through ``watch(draw)``: ``watch`` calls ``draw()``
        once, and may look at the game before and after (what a draw changed)."""
        machine = self.control.machine

        def draw(surface: pygame.Surface, alpha: float) -> None:
            # the class's draw, looked up at each frame: another watch on it (the audit's
            # searches while drawing) still hears this machine's draws
            watch(lambda: type(machine).draw(machine, surface, alpha))

        machine.draw = draw  # type: ignore[method-assign]

    # --- what the game is doing (queries, so tests need not reach into the control) --------
    @property
    def text(self) -> Any:
        """The catalog of the language on screen."""
        return self.control.text

    @property
    def fonts(self) -> "FontBook":
        """The one font book every screen draws its words with."""
        return self.control.fonts

    @property
    def layout(self) -> Any:
        """The table's rectangles at the window's size."""
        return self.control.viewport.layout

    @property
    def window_size(self) -> tuple[int, int]:
        return self.control.window.surface.get_size()

    @property
    def viewport_size(self) -> tuple[int, int]:
        """The size the table and the menus are laid out for (the window's, once it settled)."""
        return self.control.viewport.size

    @property
    def fullscreen(self) -> bool:
        return self.control.window.fullscreen

    @property
    def frames_drawn(self) -> int:
        """Frames the loop has run (drawn or idle) since start."""
        return self.control.frames

    @property
    def frames_presented(self) -> int:
        """Frames actually handed to the window."""
        return self.control.window.presented

    @property
    def frame_log(self) -> "DrawnFrame":
        """The last frame's picture with its draw log: the screen as it stands, drawn once
        more on a logged surface (no time passes; the loop draws on as it would have)."""
        return self.control.logged_frame()

    @property
    def stack_keys(self) -> list[str]:
        """The keys of the states on the stack, bottom first."""
        return list(self.control.machine.keys)

    @property
    def stack(self) -> list[Any]:
        return list(self.control.machine.stack)

    @property
    def screen_keys(self) -> set[str]:
        """Every screen the game can open (the keys its state machine makes states for)."""
        return set(self.control.machine.factories)

    @property
    def screen_services(self) -> Any:
        """The services the game hands each screen's maker (one bundle for all)."""
        return self.control.services

    @property
    def quit_requested(self) -> bool:
        return self.control.machine.quit_requested

    @property
    def demo_playing(self) -> bool:
        """The game on the table plays itself (the demo, the attract loop's game)."""
        return self.control.machine.context.demo

    @property
    def difficulty(self) -> Difficulty:
        """The difficulty a new game takes."""
        return self.control.games.difficulty

    @property
    def animating(self) -> bool:
        return self.control.animating()

    def notices(self, count: int | None = None) -> list[str]:
        """The latest ``count`` notices the title would show (None: all of them)."""
        notices = self.control.notices
        return list(notices.shown) if count is None else notices.latest(count)

    # --- options and settings in use -------------------------------------------------------
    @property
    def options(self) -> Options:
        """The options this run took: the command line's, filled in from the saved settings."""
        return self.control.options

    @property
    def settings(self) -> "Settings":
        """The settings in use now (the saved ones, with this run's command line over them)."""
        return self.control.preferences.current

    @property
    def sound_on(self) -> bool:
        return self.control.audio.enabled

    @property
    def sounds_loaded(self) -> bool:
        """The sounds are read (start-up leaves them for after the first frame)."""
        return self.control.audio.loaded

    @property
    def volume(self) -> float:
        """The effects' volume, 0 to 1."""
        return self.control.audio.volume

    @property
    def text_scale(self) -> float:
        """The scale every text is drawn at (above 1 with Large text)."""
        return self.control.fonts.scale

    @property
    def name_timeout(self) -> float | None:
        """Seconds the name entry waits for input before it records the default name (None: for ever)."""
        return self.control.games.name_timeout

    @property
    def saved_game(self) -> "SavedGame | None":
        """The game found in progress at start, offered as Continue (None once taken)."""
        return self.control.games.saved

    # --- the play on the table -------------------------------------------------------------
    @property
    def play_context(self) -> PlayContext:
        """The play every screen shares (the game on the table, the party): a fresh one starts
        each new play, so a test may watch its identity."""
        return self.control.machine.context

    @property
    def session(self) -> "GameSession":
        """The game on the table, whichever screen is on top (LookupError when an attract
        card fills the screen)."""
        return self.control.machine.context.table

    @property
    def party(self) -> Any:
        """The party being played (its ``PartyPlay``), None in a single game."""
        return self.control.machine.context.party

    def session_for(self, game: Game) -> "GameSession":
        """A session for ``game`` as the game would resume it (not shown: for what a session says)."""
        return self.control.games.resume_session(game)

    @property
    def coach(self) -> "Coach":
        """The coach behind the first game's marks and tips (what it guides and has shown)."""
        return self.control.coach

    def thinking(self, seat: int = 0) -> Any:
        """The thought (a Future) the computer player in party seat ``seat`` waits for; None
        between its thoughts."""
        return self.control.autoplay.seats[seat].thinking

    def computer_plays_as(self, seat: int) -> str | None:
        """The name of the policy the computer at party seat ``seat`` plays by ("beginner",
        "regular", "expert") in the party being played; None before its first move there, or
        for a person's seat."""
        autoplay = self.control.autoplay
        if autoplay.seats_of is not self.party:
            return None
        policy = getattr(autoplay.seats.get(seat), "policy", None)
        return None if policy is None else policy.name

    # --- the kiosk -------------------------------------------------------------------------
    @property
    def kiosk_config(self) -> "KioskConfig | None":
        """The kiosk's config as it was read (None: not a kiosk)."""
        kiosk = self.control.kiosk
        return kiosk.config if kiosk is not None else None

    @property
    def attracting(self) -> bool:
        """The kiosk's attract loop is on (the cards and games shown while nobody plays)."""
        return self._kiosk_director().attracting

    @property
    def attract_game(self) -> str | None:
        """The attract loop's step whose game plays on the table now ("best_today",
        "expert_demo"); None while no such game plays."""
        director = self._kiosk_director()
        return director.config.attract_steps[director.step] if director.demo_running else None

    def _kiosk_director(self) -> Any:
        kiosk = self.control.kiosk
        assert kiosk is not None, "not a kiosk: there is no attract loop"
        return kiosk.director

    @property
    def pads_open(self) -> dict[Any, Any]:
        """The game controllers the kiosk has open, by instance."""
        pads = self.control.pads
        assert pads is not None, "not a kiosk: no game controllers are read"
        return dict(pads.open)

    @property
    def termination_handler(self) -> Any:
        """The handler the game installs for SIGTERM (a test checks it is handed back at the end)."""
        return self.control.termination._on_signal

    # --- the services behind the screens (objects a test inspects as they change) ----------
    @property
    def store(self) -> "Store | None":
        """The score store the game reads and writes (opened now if it was not yet; None:
        storage unavailable)."""
        return self.control.storage.store

    @property
    def store_open(self) -> bool:
        """The game has opened its storage (start-up leaves it for after the first frame)."""
        return self.control.storage.is_open

    @property
    def unsaved_results(self) -> int:
        """Finished games' results held in memory because they could not be written."""
        return self.control.storage.unsaved_results

    @property
    def worker(self) -> Any:
        """The worker every background thought goes to (closed at the end)."""
        return self.control.worker

    @property
    def heap(self) -> "HeapTrimmer":
        """The heap trimmer: its counts say when the loop's rests tidied memory."""
        return self.control.heap

    @property
    def menu_manager(self) -> Any:
        """The pygame_gui manager the menus' widgets live in (made now if none is)."""
        return self.control.ui.manager

    @property
    def phones(self) -> "PhoneHost":
        """The host of the phones' room (made on first use): its room's snapshot, address, server."""
        return self.control.phones

    @property
    def room(self) -> "Room":
        """The phones' room open now: its seats, their games, its changes."""
        return self.control.phones.open_room.room

    # --- what is on screen --------------------------------------------------------------
    @property
    def top(self) -> Any:
        return self.control.machine.top

    @property
    def top_key(self) -> str:
        return self.control.machine.top_key

    @property
    def table(self) -> TableState:
        state = self.control.machine.stack[0]
        assert isinstance(state, TableState)
        return state

    def menu_button_rects(self, enabled: bool | None = None) -> dict[str, pygame.Rect]:
        """The menu's buttons by name; ``enabled`` keeps only those that are (True) or are not (False)."""
        menu = self.top
        assert isinstance(menu, MenuState), self.top_key
        return {ident: button.rect for button, ident in menu.buttons if enabled is None or button.is_enabled == enabled}

    @property
    def surface(self) -> pygame.Surface:
        """The window's own surface (a test draws on it as a screen would)."""
        return self.control.window.surface

    def shown(self) -> pygame.Surface:
        """The frame last presented (the window keeps it until the next)."""
        return self.control.window.surface.copy()

    def fresh(self) -> pygame.Surface:
        """The frame the live states would show now, with pygame_gui settled on exactly
        the widgets that exist (what the player can press)."""
        control = self.control
        control.ui.update(0.0)
        surface = pygame.Surface(control.window.surface.get_size(), 0, control.window.surface)
        control.machine.prepare()
        control.machine.draw(surface, control.step.alpha)
        return surface

    def drawn(self) -> "DrawnFrame":
        """The frame drawn now, with its draw log: the window is exposed and repainted."""
        control = self.control
        control.ui.update(0.0)
        self.post(pygame.WINDOWEXPOSED)
        control.frame_log, control.log_every_frame = None, True  # this frame logged as it is drawn
        try:
            self.wait(0.05)
        finally:
            control.log_every_frame = False
        frame = control.frame_log
        assert frame is not None, "no frame was drawn"
        return frame

    def look(self) -> list[tuple[str, int]]:
        """Every (text, size) on a frame drawn now: the window is exposed, as when another
        window uncovers it, and the game repaints it."""
        self.post(pygame.WINDOWEXPOSED)
        return self.texts_drawn(lambda: self.wait(0.02))

    def texts_drawn(self, draw: Callable[[], None]) -> list[tuple[str, int]]:
        """Every (text, size) the game's fonts render while ``draw`` runs (the words as a
        player reads them: without the invisible isolates around names and codes)."""
        fonts = getattr(self.top, "fonts", None) or self.table.fonts  # one FontBook for all states
        seen: list[tuple[str, int]] = []
        real = fonts.render

        def spy(text: str, size: int, colour: Any, bold: bool = False) -> pygame.Surface:
            seen.append((without_controls(text), size))
            return real(text, size, colour, bold)

        fonts.render = spy  # type: ignore[method-assign]
        try:
            draw()
        finally:
            del fonts.render
        return seen

def same_picture(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def looks_like_a_button(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """A filled shape with a label: mostly one colour that is not the bare panel, and the
    anti-aliased text adds several more."""
    inner = rect.inflate(-rect.width // 10, -rect.height // 5)
    colours = Counter(tuple(surface.get_at((x, y)))[:3] for x in range(inner.left, inner.right, 2)
                      for y in range(inner.top, inner.bottom, 2))
    fill = colours.most_common(1)[0][0]
    return fill not in (palette.PANEL, palette.SHADOW) and len(colours) >= 4
