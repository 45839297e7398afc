#!/usr/bin/env python3
"""Frame-time and idle-CPU benchmark of the game (not a test).

    PYTHONPATH=. python scripts/bench_frames.py [--size 1920x1080] [--frames 1500] [--idle-seconds 5]

1. Demo (attract mode) at the given size: main-thread CPU milliseconds per drawn frame (update +
   draw + flip; the game-over review runs in a worker thread), median and p99.
   Target: <= 4 ms per animated frame.
2. Idle: the game waiting at the ROLL button with nothing moving, run in real time;
   CPU seconds used / wall seconds. Target: <= 2 % of a core.

Runs headless (SDL dummy drivers) unless SDL_VIDEODRIVER is set, e.g. to x11 under Xvfb.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options, parse_size  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402


def bench_demo(size, frames: int, data_dir: Path) -> tuple[list[float], list[float], list[float]]:
    control = Control(Options(difficulty=Difficulty.PEACEFUL, seed=11, demo=True, windowed=True, size=size,
                              data_dir=data_dir, sound=False))
    animated_ms, move_ms, think_ms = [], [], []
    for _ in range(frames):
        start, thought, moves = time.thread_time(), control.demo.think_seconds, control.demo.moves
        control.step(pygame.event.get(), 2)  # 1/60 s of fixed updates per frame
        if control.dirty:
            control.draw()
            total = (time.thread_time() - start) * 1000
            think = (control.demo.think_seconds - thought) * 1000
            if control.demo.moves != moves:  # a move was played: engine, saving, repaint
                move_ms.append(total - think)
                think_ms.append(think)
            else:
                animated_ms.append(total)
    pygame.display.quit()
    return animated_ms, move_ms, think_ms


def bench_idle(size, seconds: float, data_dir: Path) -> float:
    control = Control(Options(difficulty=Difficulty.PEACEFUL, seed=11, windowed=True, size=size,
                              data_dir=data_dir, sound=False))
    control.step([], 600)  # let the opening pulse of the highlights finish
    control.draw()  # the first frame paints the cached layers; idle is what follows
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    control.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    pygame.display.quit()
    return 100.0 * cpu / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=1500)
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true", help="one JSON object (rows for scripts/bench.py)")
    args = parser.parse_args()
    size = parse_size(args.size)
    with tempfile.TemporaryDirectory() as data_dir:
        times, moves, think = bench_demo(size, args.frames, Path(data_dir))
        times = sorted(times)
        idle = bench_idle(size, args.idle_seconds, Path(data_dir))
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    if args.json:
        driver = os.environ.get("SDL_VIDEODRIVER")
        print(json.dumps({"rows": [
            {"benchmark": "frames", "measure": f"demo CPU ms per animated frame median / p99 ({driver}, {args.size})",
             "value": f"{statistics.median(times):.2f} / {p99:.2f} ms", "target": "<= 4 ms"},
            {"benchmark": "frames", "measure": f"idle CPU ({driver})", "value": f"{idle:.2f} % of a core",
             "target": "<= 2 %"},
        ]}))
        return
    print(f"video driver: {os.environ.get('SDL_VIDEODRIVER')}, size {size[0]}x{size[1]}")
    print(f"demo: {len(times)} animated frames, CPU ms per frame: median {statistics.median(times):.2f}, "
          f"p99 {p99:.2f}, max {times[-1]:.2f}  (target <= 4 ms)")
    if moves:
        moves.sort()
        print(f"demo: {len(moves)} frames that also played a move (engine check, sprites, saving the game, "
              f"repainting the board): median {statistics.median(moves):.2f}, max {moves[-1]:.2f} ms")
    if think:
        print(f"demo AI (policy.choose, excluded above): {len(think)} moves, median {statistics.median(think):.1f} ms, "
              f"max {max(think):.1f} ms")
    print(f"idle: {idle:.2f}% of a core over {args.idle_seconds:.0f} s  (target <= 2 %)")


if __name__ == "__main__":
    main()
