#!/usr/bin/env python3
"""Frame-time and idle-CPU benchmark of the game, through the loop players run (not a test).

    python scripts/bench_frames.py [--size 1920x1080] [--seconds 12] [--idle-seconds 5]

Each measure starts the game in its own process, exactly as ``python -m magdagdon`` does, with
real time and the real event queue; only the window is SDL's dummy driver unless
SDL_VIDEODRIVER is set (e.g. ``x11`` under Xvfb), and a QUIT event ends the run.

1. Demo (attract mode) for ``--seconds``: main-thread CPU milliseconds between two presented
   frames (events, updates, drawing, presenting; sleeping costs none), median and p99, frames
   that also played a move counted apart. Target: <= 4 ms median per animated frame.
2. Idle at the ROLL button, then idle on the title menu: CPU seconds of the whole process per
   wall second, after the opening animation has ended. Target: <= 2 % of a core.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs inside the measured process: counts presented frames by wrapping pygame's present
# calls, and stops the game with a QUIT event (what closing the window sends).
PROBE = r"""
import json, os, sys, threading, time
import pygame
from magdagdon.app.shell.control import Control
from magdagdon.app.shell.options import Options
from magdagdon.engine import Difficulty

mode, width, height, seconds, warmup, data_dir = sys.argv[1:7]
size, seconds, warmup = (int(width), int(height)), float(seconds), float(warmup)
options = Options(difficulty=Difficulty.PEACEFUL, seed=None if mode == "title" else 11, demo=mode == "demo",
                  windowed=True, size=size, data_dir=data_dir, sound=False)
control = Control(options)
frames, moves = [], []

def counting(present):
    def wrapped(*args):
        present(*args)
        # The loop thread's CPU time: the demo's expert thinks on the worker's threads.
        frames.append((time.thread_time(), control.autoplay.moves))
    return wrapped

pygame.display.flip = counting(pygame.display.flip)
pygame.display.update = counting(pygame.display.update)
cpu = {}

def stop_later():
    time.sleep(warmup)
    cpu["start"] = (time.process_time(), time.perf_counter(), len(frames))
    time.sleep(seconds)
    cpu["end"] = (time.process_time(), time.perf_counter(), len(frames))
    pygame.event.post(pygame.event.Event(pygame.QUIT))

threading.Thread(target=stop_later, daemon=True).start()
control.run()
(c0, w0, f0), (c1, w1, f1) = cpu["start"], cpu["end"]
animated, with_move = [], []
for (t0, m0), (t1, m1) in zip(frames[f0:f1], frames[f0 + 1:f1]):
    ms = (t1 - t0) * 1000
    (with_move if m1 != m0 else animated).append(ms)
print(json.dumps({"animated": animated, "with_move": with_move, "frames": f1 - f0,
                  "cpu_percent": 100.0 * (c1 - c0) / (w1 - w0)}))
"""


def measure(mode: str, size: tuple[int, int], seconds: float, warmup: float) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data_dir:
        result = subprocess.run([sys.executable, "-c", PROBE, mode, str(size[0]), str(size[1]), str(seconds),
                                 str(warmup), data_dir], env=env, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"bench_frames: the {mode} run failed:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seconds", type=float, default=12.0, help="demo time measured")
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true", help="one JSON object (rows for scripts/bench.py)")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.lower().split("x"))
    size = (width, height)
    demo = measure("demo", size, args.seconds, 2.0)
    idle = measure("idle", size, args.idle_seconds, 5.0)  # the highlights breathe for 4 s first
    title = measure("title", size, args.idle_seconds, 3.0)
    animated, moves = demo["animated"], demo["with_move"]
    median, p99 = statistics.median(animated), percentile(animated, 0.99)
    driver = os.environ.get("SDL_VIDEODRIVER", "dummy")
    if args.json:
        print(json.dumps({"rows": [
            {"benchmark": "frames", "measure": f"demo CPU ms per animated frame median / p99 ({driver}, {args.size})",
             "value": f"{median:.2f} / {p99:.2f} ms", "target": "<= 4 ms"},
            {"benchmark": "frames", "measure": f"idle CPU at the table / on the title ({driver})",
             "value": f"{idle['cpu_percent']:.2f} / {title['cpu_percent']:.2f} % of a core", "target": "<= 2 %"},
        ]}))
        return
    print(f"video driver: {driver}, size {width}x{height}")
    print(f"demo: {len(animated)} animated frames in {args.seconds:.0f} s, CPU ms per frame: median {median:.2f}, "
          f"p99 {p99:.2f}, max {max(animated):.2f}  (target <= 4 ms median)")
    if moves:
        print(f"demo: {len(moves)} frames that also played a move (AI thinking excluded): "
              f"median {statistics.median(moves):.2f}, max {max(moves):.2f} ms")
    print(f"idle at the ROLL button: {idle['cpu_percent']:.2f} % of a core, {idle['frames']} frames presented "
          f"in {args.idle_seconds:.0f} s  (target <= 2 %)")
    print(f"idle on the title menu: {title['cpu_percent']:.2f} % of a core, {title['frames']} frames presented "
          f"in {args.idle_seconds:.0f} s  (target <= 2 %)")


if __name__ == "__main__":
    main()
