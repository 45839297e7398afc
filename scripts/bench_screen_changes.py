#!/usr/bin/env python3
"""Frame times at screen changes, through the loop players run (not a test).

    python scripts/bench_screen_changes.py [--sizes 1920x1080,800x600] [--seconds 60]
        [--difficulty NIGHTMARE] [--profile 12]

For each window size: a party of two computer players plays itself (kept in memory only)
for ``--seconds`` — table → hand-over, hand-over → table, last turn → results — and then
a player tours the menus over a table (Esc: the title over the table; Settings, High
scores, How to play and back; Esc again), by key presses and taps on the buttons where
they are drawn. Real time, the real event queue (SDL's dummy window unless
SDL_VIDEODRIVER is set), the expert thinking on its worker thread.

A screen change is a frame after which the stack of states differs; it is charged with
the worst of that frame and the two after it (pygame_gui settles its new widgets in the
next update). Prints, per kind of change, how often it happened and its first, median and
worst frame in ms (target: none over 50 ms), then the frames over 50 ms without a change
(the machine's own hiccups show there too: compare). ``--profile N`` runs cProfile on
every frame and prints the N functions with the most cumulative time in the worst frame
of each kind (cProfile slows every frame: compare times without it).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from magdagdon.app.shell.control import Control  # noqa: E402
from magdagdon.app.shell.loop_io import RealClock, ScriptedEvents  # noqa: E402
from magdagdon.app.shell.options import Options, difficulty_option, size_option  # noqa: E402
from magdagdon.app.party.play import PartyPlay  # noqa: E402
from magdagdon.app.shell.play_context import PlayContext  # noqa: E402
from magdagdon.app.services.wall_clock import now  # noqa: E402
from magdagdon.app.ui.menu import MenuState  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402
from magdagdon.party import Party  # noqa: E402
from magdagdon.party.keeper import PartyKeeper  # noqa: E402
from magdagdon.storage.party_file import PartyFiles  # noqa: E402

SETTLE_FRAMES = 2  # frames after a change still charged to it
GAME_STATES = {"rolling", "staging", "magdagdon", "ruin_pick", "game_over"}


def screen_name(keys: tuple[str, ...]) -> str:
    """What the player sees: the top state, over the table when it is an overlay on one."""
    top = "table" if keys[-1] in GAME_STATES else keys[-1]
    return f"{top} over table" if len(keys) > 1 and keys[0] in GAME_STATES else top


class FrameRecorder:
    """Wraps the control object's frame: its wall time (not the sleep after it), and the
    screen before and after it."""

    def __init__(self, control: Control, profile: bool) -> None:
        self.control = control
        self.profile = profile
        self.records: list[tuple[float, str, str, pstats.Stats | None]] = []
        self.slept = 0.0
        self.real_frame = control._frame
        real_sleep = control.clock.sleep

        def counted_sleep(seconds: float) -> None:
            started = time.perf_counter()
            real_sleep(seconds)
            self.slept += time.perf_counter() - started

        control._frame = self.frame  # type: ignore[method-assign]
        control.clock.sleep = counted_sleep  # type: ignore[method-assign]

    def frame(self) -> None:
        machine = self.control.machine
        before = screen_name(tuple(machine.keys))
        profiler = cProfile.Profile() if self.profile else None
        self.slept = 0.0
        started = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        self.real_frame()
        if profiler is not None:
            profiler.disable()
        took = time.perf_counter() - started - self.slept
        after = screen_name(tuple(machine.keys)) if machine.stack else before
        stats = pstats.Stats(profiler, stream=io.StringIO()) if profiler is not None and took > 0.02 else None
        self.records.append((took, before, after, stats))

    def changes(self) -> dict[str, list[tuple[float, pstats.Stats | None]]]:
        """Per kind of change, the worst frame of each time it happened (and its profile)."""
        kinds: dict[str, list[tuple[float, pstats.Stats | None]]] = {}
        for index, (_took, before, after, _stats) in enumerate(self.records):
            if before == after:
                continue
            charged = self.records[index:index + 1 + SETTLE_FRAMES]
            worst = max(charged, key=lambda record: record[0])
            kinds.setdefault(f"{before} → {after}", []).append((worst[0], worst[3]))
        return kinds


def party_play(control: Control, seed: int) -> tuple[Party, PartyPlay]:
    party = Party.new(control.games.difficulty, seed, [("Computer", True), ("Computer 2", True)])
    play = PartyPlay(PartyKeeper(PartyFiles.unavailable(), lambda: None, party, now()), control.games,
                     control.storage)
    return party, play


def run_until(control: Control, condition: Callable[[], bool], limit: float) -> None:
    deadline = time.perf_counter() + limit
    control.loop(lambda: condition() or time.perf_counter() >= deadline)


def menu_tour(control: Control, events: ScriptedEvents) -> None:
    """A player at a solo table opens the title and visits three menus and back."""
    clock = control.clock

    def key(code: int) -> None:
        events.at(clock.now(), pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        events.at(clock.now() + 0.03, pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))

    def tap(ident: str) -> None:
        menu = control.machine.top
        assert isinstance(menu, MenuState)
        pos = next(button.rect.center for button, name in menu.buttons if name == ident)
        events.at(clock.now(), pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0),
                                                   touch=False))
        events.at(clock.now(), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
        events.at(clock.now() + 0.06, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))

    def settled(key_wanted: str) -> Callable[[], bool]:
        return lambda: control.machine.top_key == key_wanted and bool(getattr(control.machine.top, "built", True))

    control.machine.restart("rolling", PlayContext(control.games.new_session(Difficulty.PEACEFUL, 5)))
    run_until(control, lambda: False, 1.5)
    for visit in ("settings", "high_scores", "rules"):
        key(pygame.K_ESCAPE)
        run_until(control, settled("title"), 3.0)
        run_until(control, lambda: False, 0.5)
        tap(visit)
        run_until(control, settled(visit), 3.0)
        run_until(control, lambda: False, 0.5)
        key(pygame.K_ESCAPE)
        run_until(control, settled("title"), 3.0)
        run_until(control, lambda: False, 0.5)
        key(pygame.K_ESCAPE)
        run_until(control, lambda: control.machine.top_key not in ("title",), 3.0)
        run_until(control, lambda: False, 0.5)


def print_profile(stats: pstats.Stats, count: int) -> None:
    stream = io.StringIO()
    stats.stream = stream  # type: ignore[attr-defined]
    stats.sort_stats("cumulative").print_stats(count)
    lines = [line for line in stream.getvalue().splitlines() if line.strip()]
    print("\n".join("      " + line for line in lines[-count - 1:]))


def bench(size: tuple[int, int], seconds: float, difficulty: Difficulty, seed: int, profile: int) -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        clock = RealClock()
        events = ScriptedEvents(clock)
        options = Options(difficulty=difficulty, seed=seed, windowed=True, size=size, data_dir=Path(data_dir),
                          sound=False)
        control = Control(options, clock=clock, events=events)
        recorder = FrameRecorder(control, profile > 0)
        party, play = party_play(control, seed)
        control.machine.restart("party_handover", PlayContext(control.games.new_session(), play))
        run_until(control, lambda: party.is_over and control.machine.top_key == "party_results", seconds)
        run_until(control, lambda: False, 1.0)
        menu_tour(control, events)
        control.close()

    print(f"{size[0]}x{size[1]} ({difficulty.name}, party over: {party.is_over}, "
          f"turns {[p.game.turn for p in party.players]}, frames {len(recorder.records)}):")
    for kind, worsts in sorted(recorder.changes().items()):
        first = worsts[0][0] * 1000  # the first time pays for what later times reuse
        ms = sorted(took * 1000 for took, _ in worsts)
        print(f"  {kind:42} ×{len(ms):3}  first {first:6.1f} ms  median {statistics.median(ms):6.1f} ms  "
              f"worst {ms[-1]:6.1f} ms"
              f"{'  OVER 50 ms' if ms[-1] > 50 else ''}")
        if profile:
            stats = max(worsts, key=lambda worst: worst[0])[1]
            if stats is not None:
                print_profile(stats, profile)
    still = sorted(took * 1000 for took, before, after, _ in recorder.records if before == after)
    print(f"  frames without a change: median {statistics.median(still):.1f} ms, worst {still[-1]:.1f} ms")
    for index, (took, before, after, stats) in enumerate(recorder.records):
        if took > 0.05 and before == after:
            print(f"    frame {index} on {before}: {took * 1000:.1f} ms")
            if profile and stats is not None:
                print_profile(stats, profile)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1920x1080,800x600",
                        help="comma-separated window sizes (e.g. 1920x1080,800x600,1080x1920)")
    parser.add_argument("--seconds", type=float, default=60.0, help="longest the party may play, per size")
    parser.add_argument("--difficulty", type=difficulty_option, default=Difficulty.NIGHTMARE)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    args = parser.parse_args()
    for size in args.sizes.split(","):
        bench(size_option(size), args.seconds, args.difficulty, args.seed, args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
