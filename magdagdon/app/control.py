"""The control object: owns the window, alone reads the event queue, runs the fixed-step
loop, and draws only when something changed (idle = blocked in ``event.wait``)."""

from __future__ import annotations

import os
import time
import warnings

import pygame

from .context import AppContext
from .demo import DemoDriver
from .input.pointer import PointerTranslator
from .loop import FixedStep
from .options import Options
from .preferences import Preferences
from .state_machine import StateMachine
from .states.about import About
from .states.confirm import Confirm
from .states.game_over import GameOver
from .states.high_scores import HighScores
from .states.magdagdon import Magdagdon
from .states.rolling import Rolling
from .states.ruin_pick import RuinPick
from .states.rules import Rules
from .states.settings import Settings
from .states.staging import Staging
from .states.table import PHASE_STATE, merge_rects
from .states.title import Title

IDLE_POLL_SECONDS = 0.02
FRAME_CAP = 120  # frames per second while animating
DEFAULT_WINDOW = (1280, 800)
MINIMUM_WINDOW = (800, 600)  # the smallest the table is laid out for without rows overlapping


class Control:
    def __init__(self, options: Options) -> None:
        preferences = Preferences(options.data_dir)
        self.options = options = preferences.apply(options)
        os.environ.setdefault("SDL_HINT_TOUCH_MOUSE_EVENTS", "1")
        # Only what the game uses: with the joystick subsystem up, SDL polls instead of
        # sleeping in event.wait, and idle CPU would not drop to ~0.
        pygame.display.init()
        pygame.font.init()
        self.fullscreen = not options.windowed
        self.screen = self._open_window()
        pygame.display.set_caption("MAGDAGDON")
        self.ctx = AppContext(options, self.screen.get_size())
        self.ctx.preferences = preferences
        if preferences.notice is not None and preferences.notice.kind.value == "corrupt_moved_aside":
            self.ctx.notices.append(self.ctx.notice_text(preferences.notice))
        pygame.display.set_caption(self.ctx.text("app.window_title"))
        self.ctx.on_toggle_fullscreen = self.toggle_fullscreen
        self.pointer = PointerTranslator()
        self.clock = FixedStep()
        self.frame_clock = pygame.time.Clock()
        ctx = self.ctx
        self.machine = StateMachine({
            "rolling": lambda: Rolling(ctx), "staging": lambda: Staging(ctx),
            "magdagdon": lambda: Magdagdon(ctx), "ruin_pick": lambda: RuinPick(ctx),
            "game_over": lambda: GameOver(ctx), "title": lambda: Title(ctx),
            "settings": lambda: Settings(ctx), "rules": lambda: Rules(ctx),
            "high_scores": lambda: HighScores(ctx), "about": lambda: About(ctx),
            "confirm": lambda: Confirm(ctx),
        })
        self.demo = DemoDriver(ctx, options.seed or 0)
        self.frames = 0
        self.dirty = True
        self.full_redraw = True
        self.switch_areas: list[pygame.Rect] = []  # to present with the next frame
        # Storage, sounds and the pygame_gui menus wait until the first frame is shown
        # (start-up time, issue 6): ``finish_startup`` runs right after it, or at the first
        # ``step`` when a test drives the loop by hand.
        self.startup_pending = True
        ctx.ui_ready = False
        self.start()

    # --- window ---------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = self.options.size or DEFAULT_WINDOW
        if self.options.size is None:
            info = pygame.display.get_desktop_sizes()
            if info:
                dw, dh = info[0]
                size = (min(size[0], int(dw * 0.9)), min(size[1], int(dh * 0.9)))
        size = (max(size[0], MINIMUM_WINDOW[0]), max(size[1], MINIMUM_WINDOW[1]))
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        with warnings.catch_warnings():  # pygame-ce flags Window.from_display_module as future-deprecated
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MINIMUM_WINDOW  # the window manager keeps it
        return screen

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.ctx.fullscreen = self.fullscreen
        self.screen = self._open_window()
        self.on_resize()

    def on_resize(self) -> None:
        width, height = pygame.display.get_surface().get_size()
        if not self.fullscreen and (width < MINIMUM_WINDOW[0] or height < MINIMUM_WINDOW[1]):
            # a window manager that ignores the minimum: grow back rather than overlap rows
            pygame.display.set_mode((max(width, MINIMUM_WINDOW[0]), max(height, MINIMUM_WINDOW[1])), pygame.RESIZABLE)
        self.screen = pygame.display.get_surface()
        self.ctx.resized(self.screen.get_size())
        self.machine.resize()
        self.dirty = True
        self.full_redraw = True

    # --- start ------------------------------------------------------------------------------
    def start(self) -> None:
        from .scenes import GAME_SCENES, MENU_SCENES, scene_game

        options, ctx = self.options, self.ctx
        scene = options.scene
        if scene in GAME_SCENES:
            game = scene_game(scene, options.difficulty, options.seed or 1)
            session = ctx.resume_session(game)
            self.machine.start(PHASE_STATE[game.phase], {"session": session})
            return
        session = ctx.new_session(options.difficulty, options.seed)
        if scene in MENU_SCENES:
            overlays = ("title",) if scene == "title" else ("title", scene)
            persist = {"session": session}
            if scene == "confirm":
                persist.update(confirm_text=ctx.text("confirm.quit"), confirm_action="none")
            self.machine.start("rolling", persist, overlays)
            return
        quick = options.demo or options.seed is not None
        self.machine.start("rolling", {"session": session}, () if quick else ("title",))

    def finish_startup(self) -> None:
        """What the first frame does not need: the saved game, sounds, the menus."""
        if not self.startup_pending:
            return
        self.startup_pending = False
        options, ctx = self.options, self.ctx
        if options.scene is None and options.seed is None and not options.demo:
            ctx.load_saved_game()
        if ctx.audio.enabled:
            ctx.audio.load()
        ctx.ui_ready = True
        for state in self.machine.stack:
            ensure = getattr(state, "ensure_built", None)
            if ensure is not None:
                ensure()
        self.dirty = True
        self.full_redraw = True

    # --- events -----------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> None:
        for event in self.pointer.translate(event, self.screen.get_size()):
            kind = event.type
            if kind == pygame.QUIT:
                self.quit()
                return
            if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                if self.screen.get_size() != pygame.display.get_surface().get_size() or kind == pygame.VIDEORESIZE:
                    self.on_resize()
                continue
            if kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWFOCUSGAINED):
                self.dirty = True
                continue
            if self.ctx.demo and kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                # A player arrived: a fresh game of their own under the menu (the demo's
                # game is never saved nor recorded).
                self.ctx.demo = False
                session = self.ctx.new_session(self.options.difficulty)
                self.machine.restart("rolling", {"session": session}, ("title",))
                self.dirty = True
                continue
            self.machine.handle_event(event)
            self.dirty = True

    def quit(self) -> None:
        self.ctx.run_jobs_after_frame()
        top = self.machine.top
        session = top.persist.get("session") if top.persist else None
        if session is not None:
            session.save_in_progress()
        self.machine.quit_requested = True

    # --- loop ---------------------------------------------------------------------------------
    def animating(self) -> bool:
        return self.ctx.demo or self.machine.is_animating()

    def step(self, events: list[pygame.event.Event], ticks: int) -> None:
        """One frame: events, ``ticks`` fixed updates, draw if needed (tests drive this)."""
        self.finish_startup()
        self.ctx.run_jobs_after_frame()  # left over when a test steps without drawing
        top = self.machine.top
        for event in events:
            self.process(event)
        for _ in range(ticks):
            if self.machine.quit_requested:
                break
            self.machine.update(self.clock.dt)
            self.demo.tick(self.machine)
        if ticks and self.animating():
            self.dirty = True
        new = self.machine.top
        if events or (new is not top and not (top.partial_switch and new.partial_switch and len(self.machine.stack) == 1)):
            self.full_redraw = True  # input, a menu or a dialog may change anything on screen
        elif new is not top:  # the dice landed and the next game state took over
            rects = new.switch_rects()
            if rects is None:
                self.full_redraw = True
            else:
                self.switch_areas += rects

    def draw(self) -> None:
        """Draw the frame; when only animation moved, draw and send just the moving areas
        (uploading a whole 1080p frame costs several ms on X11, repainting it ~1 ms)."""
        top, alpha = self.machine.top, self.clock.alpha
        rects = None
        if not self.full_redraw:
            top.prepare_frame(alpha)
            rects = top.animated_rects()
            still = top.static_rects()
            if rects is not None and still is not None:
                rects = merge_rects(rects + still + self.switch_areas)
            else:
                rects = None
        self.switch_areas = []
        if rects is None:
            self.machine.draw(self.screen, alpha)
            if self.full_redraw:
                top.animated_rects()  # states note what the screen now shows
            pygame.display.flip()
        elif rects:
            self.screen.set_clip(rects[0].unionall(rects[1:]))
            try:
                self.machine.draw(self.screen, alpha)
            finally:
                self.screen.set_clip(None)
            pygame.display.update(rects)
        self.dirty = False
        self.full_redraw = False
        self.ctx.run_jobs_after_frame()

    def idle_wait(self) -> list[pygame.event.Event]:
        """Sleep until input arrives. SDL's ``event.wait`` polls every millisecond on
        some drivers (about 3 % of a core); short sleeps between polls cost ~0.2 %
        and answer within ``IDLE_POLL_SECONDS``."""
        while True:
            time.sleep(IDLE_POLL_SECONDS)
            events = pygame.event.get()
            if events or self.machine.quit_requested:
                return events

    def run(self, max_frames: int | None = None) -> int:
        fixed = max_frames is not None  # --frames: two ticks per frame, no waiting (tests, benchmarks)
        self.draw()  # the first frame, before anything it does not need (see finish_startup)
        self.frames = 1
        if not (fixed and max_frames <= 1):
            self.finish_startup()
        last = time.perf_counter()
        while not self.machine.quit_requested and not (fixed and self.frames >= max_frames):
            events = pygame.event.get()
            if not events and not fixed and not self.dirty and not self.animating():
                events = self.idle_wait()
                last = time.perf_counter()
                self.clock.reset()
            now = time.perf_counter()
            ticks = 2 if fixed else self.clock.advance(now - last)
            last = now
            self.step(events, ticks)
            if self.dirty or (fixed and self.frames + 1 >= max_frames):
                self.draw()
            self.frames += 1
            if fixed and self.frames >= max_frames:
                break
            if not fixed and self.animating():
                self.frame_clock.tick(FRAME_CAP)
        if self.options.screenshot:
            finish = getattr(self.machine.top, "finish_background", None)
            if finish is not None:
                finish(10.0)
                self.machine.top.is_animating()  # notes the review as seen
            self.draw()
            pygame.image.save(self.screen, str(self.options.screenshot))
        self.quit()
        return 0
