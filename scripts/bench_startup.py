"""Start-up time: launch to first drawn frame, for the game, the executable and bare pygame.

Each run starts a fresh process that draws one frame and exits (``--frames 1``: the run
ends as soon as that frame is shown, with no wait for a next one); the baseline is a bare
pygame-ce script opening the same window and drawing once. Under X
(``DISPLAY`` set, e.g. Xvfb) real windows are used, otherwise SDL's dummy driver.

    python scripts/bench_startup.py [--runs 7] [--exe dist/magdagdon/magdagdon] [--json]
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


def time_command(command: list[str], runs: int, env: dict[str, str]) -> list[float]:
    """Wall-clock seconds per run (one warm-up run first, so the OS file cache is hot)."""
    timings = []
    for index in range(runs + 1):
        start = time.perf_counter()
        result = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
        if index:
            timings.append(elapsed)
    return timings


def game_command(program: list[str], data_dir: str) -> list[str]:
    return program + ["--windowed", "--size", SIZE, "--frames", "1", "--data-dir", data_dir]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--exe", type=Path, default=ROOT / "dist" / "magdagdon" / "magdagdon",
                        help="the built one-folder executable (skipped if missing)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    env = environment()
    with tempfile.TemporaryDirectory() as data_dir:
        rows = {
            "bare pygame-ce": time_command([sys.executable, "-c", BARE_SCRIPT], args.runs, env),
            "python -m magdagdon": time_command(
                game_command([sys.executable, "-m", "magdagdon"], data_dir), args.runs, env),
        }
        if args.exe.exists():
            rows["executable (one folder)"] = time_command(game_command([str(args.exe)], data_dir), args.runs, env)
    bare = statistics.median(rows["bare pygame-ce"])
    results = {
        name: {"median_ms": statistics.median(t) * 1000, "min_ms": min(t) * 1000,
               "ratio_to_bare": statistics.median(t) / bare}
        for name, t in rows.items()
    }
    results["video_driver"] = env.get("SDL_VIDEODRIVER", "x11")
    if args.json:
        results["rows"] = [
            {"benchmark": "startup", "measure": f"{name}: launch to first frame ({results['video_driver']})",
             "value": f"{r['median_ms']:.0f} ms = {r['ratio_to_bare']:.2f}x bare",
             "target": "" if name == "bare pygame-ce" else ("<= 3x" if "executable" in name else "<= 2x")}
            for name, r in results.items() if isinstance(r, dict)
        ]
        print(json.dumps(results, indent=1))
        return 0
    print(f"launch to first frame, {args.runs} runs each, video: {results['video_driver']}")
    print(f"{'program':<26}{'median ms':>11}{'min ms':>9}{'× bare':>8}")
    for name, r in results.items():
        if isinstance(r, dict):
            print(f"{name:<26}{r['median_ms']:>11.0f}{r['min_ms']:>9.0f}{r['ratio_to_bare']:>8.2f}")
    if not args.exe.exists():
        print(f"(no executable at {args.exe}: build it with scripts/build_exe.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
