"""Start-up time: launch to first drawn frame, for the game, the executable and bare pygame.

Each run starts a fresh process; the baseline is a bare pygame-ce script opening the same
window and drawing once. Two figures for each:

- *launch to first frame* (the target): the process ends the moment its first frame is
  handed to the window (``pygame.display.flip`` is wrapped to exit right after it, in the
  game and in the bare script alike), so the time is Python's start, the imports, the
  window and the first frame, and nothing after;
- *whole run*: the same program run to its own end (``--frames 1``: quit after the first
  frame), its shutdown and the interpreter's clean-up included. The executable is timed
  this way only.

The two programs are run in turn, one pair after another, so that a change in the
machine's load falls on both; the ratio is the median of the pairs'. Under X (``DISPLAY``
set, e.g. Xvfb) real windows are used, otherwise SDL's dummy driver.

    python scripts/bench_startup.py [--runs 9] [--exe dist/magdagdon/magdagdon] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = "1920x1080"

BARE_SCRIPT = """
import pygame
pygame.init()
screen = pygame.display.set_mode((1920, 1080))
screen.fill((20, 24, 40))
pygame.display.flip()
pygame.quit()
"""


def environment() -> dict[str, str]:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # Players' machines cache bytecode; a shell that forbids it would time the compiler.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


# Put before a program: its first frame handed to the window ends the process.
ENDS_AT_FIRST_FRAME = """
import os, runpy, sys
import pygame
_flip = pygame.display.flip
def _flip_and_end(*args):
    _flip(*args)
    os._exit(0)
pygame.display.flip = _flip_and_end
"""


def time_once(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    return elapsed


def time_in_turn(commands: dict[str, list[str]], runs: int, env: dict[str, str]) -> dict[str, list[float]]:
    """Wall-clock seconds per run of each command, run in turn (after one warm-up round,
    so the OS file cache is hot)."""
    timings: dict[str, list[float]] = {name: [] for name in commands}
    for index in range(runs + 1):
        for name, command in commands.items():
            elapsed = time_once(command, env)
            if index:
                timings[name].append(elapsed)
    return timings


def game_arguments(data_dir: str) -> list[str]:
    return ["--windowed", "--size", SIZE, "--frames", "1", "--data-dir", data_dir]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--exe", type=Path, default=ROOT / "dist" / "magdagdon" / "magdagdon",
                        help="the built one-folder executable (skipped if missing)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    env = environment()
    python = sys.executable
    with tempfile.TemporaryDirectory() as data_dir:
        game = game_arguments(data_dir)
        commands = {
            "bare pygame-ce: first frame": [python, "-c", ENDS_AT_FIRST_FRAME + BARE_SCRIPT],
            "python -m magdagdon: first frame": [
                python, "-c", ENDS_AT_FIRST_FRAME + "runpy.run_module('magdagdon', run_name='__main__', alter_sys=True)",
                *game],
            "bare pygame-ce: whole run": [python, "-c", BARE_SCRIPT],
            "python -m magdagdon: whole run": [python, "-m", "magdagdon", *game],
        }
        if args.exe.exists():
            commands["executable (one folder): whole run"] = [str(args.exe), *game]
        rows = time_in_turn(commands, args.runs, env)
    results: dict[str, dict[str, float]] = {}
    for name, times in rows.items():
        program, measure = name.split(": ")
        bare = rows[f"bare pygame-ce: {measure}"]
        results[name] = {"median_ms": statistics.median(times) * 1000, "min_ms": min(times) * 1000,
                         "ratio_to_bare": statistics.median(t / b for t, b in zip(times, bare))}
    video = env.get("SDL_VIDEODRIVER", "x11")
    if args.json:
        report = {
            "rows": [
                {"benchmark": "startup", "measure": f"{name} ({video})",
                 "value": f"{r['median_ms']:.0f} ms = {r['ratio_to_bare']:.2f}x bare",
                 "target": "" if name.startswith("bare") or "whole run" in name and "executable" not in name
                 else ("<= 3x" if "executable" in name else "<= 2x")}
                for name, r in results.items()
            ],
            "results": results, "video_driver": video,
        }
        print(json.dumps(report, indent=1))
        return 0
    print(f"start-up, {args.runs} runs each in turn, video: {video}; x bare: the median of the pairs' ratios")
    print(f"{'program: measure':<40}{'median ms':>11}{'min ms':>9}{'x bare':>8}")
    for name, r in results.items():
        print(f"{name:<40}{r['median_ms']:>11.0f}{r['min_ms']:>9.0f}{r['ratio_to_bare']:>8.2f}")
    if not args.exe.exists():
        print(f"(no executable at {args.exe}: build it with scripts/build_exe.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
