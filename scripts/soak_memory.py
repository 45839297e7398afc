#!/usr/bin/env python3
"""Memory soak: random input through the loop players run, in party play and in kiosk play,
with the game's resident memory (VmRSS) read from /proc every minute (not a test).

    python scripts/soak_memory.py                  # 30 minutes per mode: party, then kiosk
    python scripts/soak_memory.py --together       # both at once, in two processes (2 cores)
    python scripts/soak_memory.py --short          # 3 minutes per mode (1 of warm-up)
    python scripts/soak_memory.py --minutes 10 --modes kiosk

Each mode runs in a process of its own (SDL's dummy video, a fake clock: the loop runs as
fast as the machine allows, so a minute holds far more input than a player gives), with
the computer players and the game-over review thinking on their worker threads, and the
draw log off, as in the game. The input is random with a bias to what can be pressed: taps on the buttons, the
tray and the board, taps anywhere, keys (arrows, Tab, Enter, Esc, R, C, H, A, Backspace),
words typed into the name and code entries, drags, pauses long enough for the kiosk's
attract loop and its "Still playing?", and every setting (languages, Large text, window
mode). Quit is never pressed; the kiosk has none. ``--resizes`` also drags the party's
window to other sizes now and then (a larger window rightly holds more: expect the RSS to
follow the size).

- party: a party of a person and a computer set up from the title, then random input
  (which leaves it, starts others, continues it, plays alone...) at 1024x768.
- kiosk: ``--kiosk`` at 1280x720 with biased taps (guests walk up, play, name, leave).

Reports per mode: RSS at the start, at the end of the warm-up and every minute (read at
that moment, whatever the game is doing, and again once the game has next rested after
drawing: what it holds while it waits for input), with the
live pygame surfaces and fonts (the Python heap alone misses SDL's memory), the fonts opened
so far, what glibc's heap holds in use and free (``mallinfo2``: freed memory it keeps
counts in RSS until it is trimmed), the sizes of the game's caches of drawn things, and
whether every minute stays within ``--allowed`` MB (20) of the warm-up. Exit status 0 when
every mode does.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from offscreen import ROOT  # the checkout and its tests importable, SDL off screen

MODES = ("party", "kiosk")
SIZES = {"party": (1024, 768), "kiosk": (1280, 720)}
RESIZES = [(800, 600), (1024, 768), (1280, 720), (1366, 768), (900, 1200), (1920, 1080)]


def resident_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def live_pygame_objects() -> dict[str, float]:
    """Surfaces and fonts Python still holds, and the surfaces' pixel bytes. Neither is
    tracked by the garbage collector, nor is a dict or tuple holding only such objects
    (a cache keyed by text and size): everything reachable from the tracked objects is
    walked."""
    import gc

    import pygame

    surfaces: dict[int, pygame.Surface] = {}
    fonts: dict[int, object] = {}
    seen: set[int] = set()
    todo = gc.get_objects()
    seen.update(id(item) for item in todo)
    while todo:
        held_by_these = gc.get_referents(*todo[-2000:])
        del todo[-2000:]
        for held in held_by_these:
            if id(held) in seen:
                continue
            seen.add(id(held))
            kind = type(held)
            if kind is pygame.Surface:
                surfaces[id(held)] = held
            elif kind is pygame.font.FontType:
                fonts[id(held)] = held
            elif kind in (dict, tuple, list, set, frozenset):
                todo.append(held)
    pixels = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces.values())
    return {"surfaces": len(surfaces), "surface_mb": round(pixels / 2**20, 1), "fonts": len(fonts)}


def held_by(control) -> dict[str, object]:
    """The sizes of the game's caches of drawn things and open fonts."""
    fonts = control.fonts
    sizes = {}
    for name, cache in (("texts", getattr(fonts, "_texts", None)), ("images", getattr(fonts, "images", None)),
                        ("banners", getattr(fonts, "banners", None)),
                        ("open_fonts", getattr(fonts.setter, "_faces", None) and range(fonts.setter.open_fonts()))):
        if cache is not None:
            sizes[name] = len(cache)
    return {"caches": sizes}


def heap_figures() -> dict[str, float]:
    """glibc's view of its heap (mallinfo2): in use and free but kept, in MB."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                     "keepcost")]

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return {}
    return {"heap_used_mb": round(info.uordblks / 2**20, 1), "heap_free_mb": round(info.fordblks / 2**20, 1),
            "mmapped_mb": round(info.hblkhd / 2**20, 1)}


class RandomHands:
    """Random input with a bias to what the screen offers, never the title's Quit."""

    KEYS = ("K_LEFT", "K_RIGHT", "K_UP", "K_DOWN", "K_TAB", "K_RETURN", "K_SPACE", "K_ESCAPE", "K_r", "K_c",
            "K_h", "K_a", "K_BACKSPACE", "K_PAGEDOWN", "K_PAGEUP")
    WORDS = ("ANA", "Bo", "Zoë", "Юля", "علی", "प्रिया", "J1ZEN4", "QQQQQQ", "x" * 20)

    def __init__(self, player, rng: random.Random, resizes: bool = False) -> None:
        import pygame

        self.player, self.rng, self.resizes = player, rng, resizes
        self.keys = [getattr(pygame, name) for name in self.KEYS]
        self.actions = 0

    def targets(self) -> list:
        """Rectangles the player could mean: menu buttons, table buttons, tray and cells."""
        from magdagdon.app.ui.menu import MenuState
        from magdagdon.app.table.table_state import TableState

        top = self.player.top
        if isinstance(top, MenuState):
            return [button.rect for button, ident in top.buttons if ident != "quit"]
        rects = []
        buttons = getattr(top, "buttons", None)
        if callable(buttons):
            rects += [button.rect for button in buttons()]
        if isinstance(top, TableState):
            layout = self.player.control.viewport.layout
            rects += list(layout.tray_slots) + list(layout.cells)
        return rects

    def quit_rect(self):
        from magdagdon.app.ui.menu import MenuState

        top = self.player.top
        if isinstance(top, MenuState):
            return next((button.rect for button, ident in top.buttons if ident == "quit"), None)
        return None

    def focused_quit(self) -> bool:
        from magdagdon.app.ui.menu import MenuState

        top = self.player.top
        return (isinstance(top, MenuState) and 0 <= top.focus_index < len(top.buttons)
                and top.buttons[top.focus_index][1] == "quit")

    def act(self) -> None:
        import pygame

        player, rng = self.player, self.rng
        self.actions += 1
        size = player.control.window.surface.get_size()
        roll = rng.random()
        typing = player.top_key in ("name_entry", "code_entry")
        if typing and roll < 0.3:
            player.post(pygame.TEXTINPUT, text=rng.choice(self.WORDS))
            player.wait(0.1)
        elif roll < 0.55:
            targets = self.targets()
            if targets:
                player.tap(rng.choice(targets).center, then=rng.choice((0.05, 0.2, 0.45)))
        elif roll < 0.68:
            spot = (rng.randrange(size[0]), rng.randrange(size[1]))
            quit_rect = self.quit_rect()
            if quit_rect is None or not quit_rect.collidepoint(spot):
                player.tap(spot, then=rng.choice((0.05, 0.3)))
        elif roll < 0.9:
            key = rng.choice(self.keys)
            if key in (pygame.K_RETURN, pygame.K_SPACE) and self.focused_quit():
                key = pygame.K_DOWN
            player.key(key, then=rng.choice((0.05, 0.2)))
        elif roll < 0.94:
            layout = player.control.viewport.layout
            player.drag(rng.choice(layout.tray_slots).center, rng.choice(layout.cells).center)
        elif roll < 0.985:
            player.wait(rng.choice((1.0, 3.0, 10.0)))
        elif roll < 0.995:
            player.wait(rng.choice((35.0, 70.0, 90.0)))  # the attract loop; "Still playing?" mid-game
        elif self.resizes:
            self.resize(rng.choice(RESIZES))
        else:
            player.wait(0.5)

    def resize(self, size: tuple[int, int]) -> None:
        """What a window manager does when the player drags the window's edge."""
        import pygame

        if self.player.control.window.fullscreen:
            return
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.player.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        self.player.wait(0.3)


def start_player(mode: str, data: Path, thinker: ThreadPoolExecutor):
    from support.party_player import set_up_party
    from support.player import Player

    if mode == "kiosk":
        player = Player(data, size=SIZES[mode], kiosk=True, thinker=thinker, draw_log=False)
        player.wait(1.0)
        return player
    player = Player(data, size=SIZES[mode], seed=7, thinker=thinker, draw_log=False)
    player.wait(1.0)
    set_up_party(player, [("ANA", False), ("Computer", True)])
    return player


class CountedFonts:
    """How many fonts the game opens (a cache too small for a screen opens them again and
    again: the soak would show it here before anyone saw it in the frame times)."""

    def __init__(self) -> None:
        import pygame

        self.opened = 0
        real = pygame.font.Font

        def counted(*args, **kwargs):
            self.opened += 1
            return real(*args, **kwargs)

        pygame.font.Font = counted  # type: ignore[misc]


def rss_at_rest(player) -> float | None:
    """The resident memory once the game has rested after what it drew (see
    magdagdon.app.shell.heap: what it let go is handed back then), as a player's machine sees it
    while the game waits for input; None if it kept drawing for half a minute (the attract
    loop, a count-up)."""
    control = player.control
    for _ in range(60):
        if control.heap.drawn_until == control.window.presented:
            return round(resident_mb(), 1)
        player.wait(0.5)
    return None


def run_mode(mode: str, minutes: float, warm_up: float, seed: int, resizes: bool) -> None:
    """In the child process: play, and print one JSON line per minute."""
    rng = random.Random(seed)
    data = Path(tempfile.mkdtemp(prefix=f"soak-{mode}-"))
    thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer-player")
    opened = CountedFonts()
    player = start_player(mode, data, thinker)
    print(json.dumps({"start": True, "rss_mb": round(resident_mb(), 1)}), flush=True)
    hands = RandomHands(player, rng, resizes and mode == "party")
    started = time.monotonic()
    next_report = started + warm_up * 60
    restarts = 0
    while True:
        now = time.monotonic()
        if now >= next_report:
            elapsed = (now - started) / 60
            line = {"minute": round(elapsed, 1), "rss_mb": round(resident_mb(), 1), "actions": hands.actions,
                    "restarts": restarts, "screen": player.top_key, "fonts_opened": opened.opened,
                    **live_pygame_objects(), **held_by(player.control), **heap_figures()}
            line["rest_mb"] = rss_at_rest(player)
            print(json.dumps(line), flush=True)
            if elapsed >= minutes - 1e-6:
                break
            next_report += 60
        hands.act()
        if player.control.machine.quit_requested:  # a key reached Quit after all: start again
            restarts += 1
            player.control.close()
            player = start_player(mode, data, thinker)
            hands.player = player
    player.control.close()
    thinker.shutdown(wait=True)


def follow(mode: str, command: list[str], allowed: float) -> tuple[str, bool]:
    """Run one mode in a process of its own, print its readings as they come (each line
    names its mode: two may run at once), and sum it up: the summary, and whether every
    minute after the warm-up stayed within ``allowed`` MB of it."""
    child = subprocess.Popen([sys.executable, __file__, "--child", mode, *command], stdout=subprocess.PIPE,
                             text=True, cwd=ROOT)
    assert child.stdout is not None
    readings = []
    for raw in child.stdout:
        reading = json.loads(raw)
        if reading.get("start"):
            print(f"{mode:>5}  start    RSS {reading['rss_mb']:6.1f} MB", flush=True)
            continue
        readings.append(reading)
        above = reading["rss_mb"] - readings[0]["rss_mb"]
        rest = reading.get("rest_mb")
        print(f"{mode:>5} {reading['minute']:5.1f} min  RSS {reading['rss_mb']:6.1f} MB ({above:+5.1f}), "
              f"at rest {'-' if rest is None else f'{rest:.1f}'}  "
              f"{reading['actions']:6d} actions  surfaces {reading['surfaces']:4d} ({reading['surface_mb']:5.1f} MB)  "
              f"fonts {reading['fonts']:3d} (opened {reading['fonts_opened']:6d})  "
              f"malloc heap {reading.get('heap_used_mb', '?')} MB used, {reading.get('heap_free_mb', '?')} free  "
              f"on {reading['screen']}  {reading['caches']}", flush=True)
    if child.wait() != 0 or not readings:
        return f"{mode}: the soak failed (exit status {child.returncode})", False
    warm = readings[0]["rss_mb"]
    peak = max(reading["rss_mb"] for reading in readings)
    end = readings[-1]["rss_mb"]
    within = peak - warm <= allowed
    restarts = readings[-1]["restarts"]
    rests = [reading["rest_mb"] for reading in readings if reading.get("rest_mb") is not None]
    at_rest = (f"; at rest {rests[0]:.1f} MB after the warm-up, {rests[-1]:.1f} at the end, highest "
               f"{max(rests):.1f} ({max(rests) - rests[0]:+.1f})") if rests else ""
    return (f"{mode}: warm-up {warm:.1f} MB, end {end:.1f} MB ({end - warm:+.1f}), highest {peak:.1f} MB "
            f"({peak - warm:+.1f}){at_rest}; {readings[-1]['actions']} actions"
            + (f", {restarts} restarts after a Quit" if restarts else "")
            + f": {'within' if within else 'NOT within'} {allowed:g} MB"), within


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=30.0, help="per mode, warm-up included (default 30)")
    parser.add_argument("--warm-up", type=float, default=2.0, help="minutes before the reference reading (default 2)")
    parser.add_argument("--short", action="store_true", help="a quick check: 3 minutes per mode, 1 of warm-up")
    parser.add_argument("--modes", default=",".join(MODES), help="party,kiosk (default both)")
    parser.add_argument("--allowed", type=float, default=20.0, help="MB above the warm-up reading (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--resizes", action="store_true", help="party play: also resize the window now and then")
    parser.add_argument("--together", action="store_true", help="run the modes at once, each in its own process")
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.short:
        args.minutes, args.warm_up = 3.0, 1.0
    if args.child:
        run_mode(args.child, args.minutes, args.warm_up, args.seed, args.resizes)
        return 0
    modes = [mode.strip() for mode in args.modes.split(",") if mode.strip()]
    unknown = [mode for mode in modes if mode not in MODES]
    if unknown:
        parser.error(f"unknown mode {unknown[0]!r}; one of {', '.join(MODES)}")
    command = ["--minutes", str(args.minutes), "--warm-up", str(args.warm_up), "--seed", str(args.seed)] \
        + (["--resizes"] if args.resizes else [])
    if args.together:
        with ThreadPoolExecutor(max_workers=len(modes)) as pool:
            results = list(pool.map(lambda mode: follow(mode, command, args.allowed), modes))
    else:
        results = [follow(mode, command, args.allowed) for mode in modes]
    for summary, _ in results:
        print(summary, flush=True)
    met = all(within for _, within in results)
    print("target met" if met else "TARGET MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
