#!/usr/bin/env python3
"""Kiosk soak and attract-loop CPU, through the loop players run (not a test).

    python scripts/bench_kiosk.py [--games 200] [--size 800x600] [--attract-seconds 60]

1. Soak: ``--kiosk`` with a fake clock and scripted input, SDL's dummy video, one process:
   ``--games`` whole games, each started from the title by a tap, played by taps chosen by
   the greedy baseline, named at the name entry when they make the table; every fifth game
   is walked away from mid-game (the "Still playing?" countdown sets it aside), and between
   games the kiosk idles into its attract loop and is woken by a tap. Reports: exceptions
   (none allowed), resident memory after the warm-up (the first 20 games) and at the end
   (growth <= 10 MB), and pygame_gui's element count on the title after each game (stable).
2. Attract CPU: ``--kiosk`` at 1920x1080 in real time (a separate process, real clock, dummy
   video), idle from the start, for ``--attract-seconds`` through every attract step: CPU
   seconds of the process per wall second (<= 25 % of a core).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

WARM_UP_GAMES = 20


def resident_mb() -> float:
    with open("/proc/self/statm") as file:
        return int(file.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def ui_elements(control) -> int:
    manager = control.ui._manager
    return 0 if manager is None else len(manager.get_sprite_group().sprites())


def play_one(player, policy, walk_away: bool) -> str:
    """One game from the title: returns how it ended ("named", "unranked", "abandoned")."""
    import pygame

    from magdagdon.engine import Accept, Adjust, Confirm, PlaceRuin, Reroll, Roll, Stage, TakeBack, TakeBackAll

    control = player.control
    player.wait_for(lambda: player.top_key == "title" and bool(player.menu_button_rects()), limit=10)
    player.choose("play" if "play" in player.menu_button_rects() else "new_game")
    layout = control.viewport.layout
    for _ in range(400):
        player.wait_for(lambda: player.top_key != "rolling" or not player.table.session.moving, limit=5)
        top = player.top_key
        if top == "game_over":  # the name is asked once the finished board and the count-up were seen
            player.wait(3.0)
            top = player.top_key
        if top == "name_entry":
            player.post(pygame.TEXTINPUT, text=random.choice(("Ana", "Bo", "Zoë", "Юля", "علی")))
            player.key(pygame.K_RETURN, then=1.0)
            return "named"
        if top == "game_over":
            return "unranked"
        state = player.top
        game = state.game
        if walk_away and game.turn >= 3:
            config = control.kiosk.config
            player.wait(config.abandon_seconds + config.countdown_seconds + 1)
            return "abandoned"
        action = policy.choose(game)
        if isinstance(action, Roll):
            player.tap(layout.primary.center)
        elif isinstance(action, Stage):
            player.tap(layout.tray_slots[action.die].center)
            player.tap(layout.cells[action.cell].center)
        elif isinstance(action, (Confirm,)):
            player.tap(layout.primary.center)
        elif isinstance(action, Accept):
            accept = next(b for b in state.buttons() if b.ident == "accept")
            player.tap(accept.rect.center)
        elif isinstance(action, PlaceRuin):
            player.tap(layout.cells[action.cell].center)
        elif isinstance(action, (Adjust, Reroll, TakeBack, TakeBackAll)):
            state.perform(action)  # not used by the greedy baseline; kept for completeness
            player.wait(0.4)
    raise RuntimeError("a game did not end in 400 actions")


def soak(games: int, size: tuple[int, int]) -> dict:
    from magdagdon.ai import make_policy
    from magdagdon.app.shell.play_context import PlayContext
    from support.player import Player

    random.seed(1)
    data = Path(tempfile.mkdtemp(prefix="bench-kiosk-"))
    player = Player(data, size=size, kiosk=True)
    config = player.kiosk_config
    ends: dict[str, int] = {}
    elements: list[int] = []
    memory: dict[str, float] = {}
    exceptions = 0
    started = time.perf_counter()
    for number in range(1, games + 1):
        try:
            end = play_one(player, make_policy("greedy", random.Random(number)), walk_away=number % 5 == 0)
        except Exception as error:  # counted and shown: the figure must be 0
            exceptions += 1
            print(f"game {number}: {type(error).__name__}: {error}", file=sys.stderr)
            player.control.machine.restart("rolling", PlayContext(player.control.games.new_session()), ("title",))
            continue
        ends[end] = ends.get(end, 0) + 1
        if player.top_key == "game_over":
            menu = next(b for b in player.top.buttons() if b.ident == "menu")
            player.tap(menu.rect.center)
        if player.top_key == "title":
            player.wait(config.idle_seconds + config.attract_step_seconds * 2)  # into the attract loop
        if player.top_key == "attract_card" or player.control.machine.context.demo:
            player.tap((5, 5))  # the waking tap
        player.wait_for(lambda: player.top_key == "title" and bool(player.menu_button_rects()), limit=10)
        elements.append(ui_elements(player.control))
        if number == WARM_UP_GAMES:
            memory["after_warm_up"] = resident_mb()
    memory["end"] = resident_mb()
    return {"games": games, "ends": ends, "exceptions": exceptions, "memory_mb": memory,
            "growth_mb": round(memory["end"] - memory.get("after_warm_up", memory["end"]), 1),
            "ui_elements": sorted(set(elements)), "wall_seconds": round(time.perf_counter() - started, 1)}


ATTRACT_PROBE = r"""
import json, sys, threading, time
import pygame
from magdagdon.app.shell.control import Control
from magdagdon.app.shell.options import Options

seconds, data_dir = float(sys.argv[1]), sys.argv[2]
control = Control(Options(windowed=True, size=(1920, 1080), data_dir=data_dir, sound=False, kiosk=True))
steps = []
real_tick = control.kiosk.director.tick
def noting(machine, now):
    real_tick(machine, now)
    tag = machine.top_key + ":" + str(getattr(machine.top, "card", ""))
    if not steps or steps[-1] != tag:
        steps.append(tag)
control.kiosk.director.tick = noting
measured = {}
def stop_later():
    time.sleep(seconds)
    measured["cpu"], measured["wall"] = time.process_time() - start_cpu, time.perf_counter() - start_wall
    pygame.event.post(pygame.event.Event(pygame.QUIT))
start_cpu, start_wall = time.process_time(), time.perf_counter()
threading.Thread(target=stop_later, daemon=True).start()
control.run()
print(json.dumps({"cpu_share": measured["cpu"] / measured["wall"], "steps": steps}))
"""


def attract_cpu(seconds: float) -> dict:
    data = Path(tempfile.mkdtemp(prefix="bench-attract-"))
    config = {"kind": "magdagdon-kiosk", "version": 1,
              "data": {"idle_seconds": 5, "attract_step_seconds": 8}}
    (data / "kiosk.json").write_text(json.dumps(config), encoding="utf-8")
    # a game recorded today, so the loop also plays one back
    sys.path.insert(0, str(ROOT / "tests"))
    from datetime import datetime

    from magdagdon.storage import open_store
    from test_storage_support import finished_games

    now = datetime.now().astimezone()
    open_store(data, now).record_result(finished_games(1)[0], now, name="Ana")
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"), PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", ATTRACT_PROBE, str(seconds), str(data)], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=seconds + 120)
    if result.returncode != 0:
        raise SystemExit(result.stderr[-2000:])
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--attract-seconds", type=float, default=90.0)
    args = parser.parse_args()
    size = tuple(int(part) for part in args.size.split("x"))
    attract = attract_cpu(args.attract_seconds)
    print(f"attract loop at 1920x1080, real time, {args.attract_seconds:.0f} s: "
          f"{attract['cpu_share'] * 100:.1f} % of a core (target <= 25 %)")
    print("  steps seen:", " -> ".join(attract["steps"]))
    result = soak(args.games, size)  # type: ignore[arg-type]
    print(f"soak: {result['games']} games at {args.size} in {result['wall_seconds']} s: ends {result['ends']}, "
          f"exceptions {result['exceptions']}")
    print(f"  resident memory after {WARM_UP_GAMES} games {result['memory_mb'].get('after_warm_up', 0):.1f} MB, "
          f"at the end {result['memory_mb']['end']:.1f} MB: growth {result['growth_mb']} MB (target <= 10 MB)")
    print(f"  pygame_gui elements on the title after each game: {result['ui_elements']} (one value: stable)")
    ok = result["exceptions"] == 0 and result["growth_mb"] <= 10 and len(result["ui_elements"]) == 1 \
        and attract["cpu_share"] <= 0.25
    print("targets met" if ok else "TARGETS MISSED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
