#!/usr/bin/env python3
"""The real-window tests run again and again beside a CPU-heavy process (not a test):
a flake under load is what rejects a good change in CI, so this counts them.

    python scripts/real_window_series.py                 # 20 runs, one busy process beside them
    python scripts/real_window_series.py --runs 5 --hogs 2

Each run is ``python -m pytest`` on the tests that drive the game in a real X window
(Xvfb + xdotool). The busy processes spin on every core they are given for the whole
series. Prints one line per run and a summary; exit status 0 only when every run passed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL_WINDOW_TESTS = ["tests/test_real_window.py", "tests/test_real_window_party.py",
                     "tests/test_real_window_places.py", "tests/test_app_signals.py"]


def spin() -> None:
    while True:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--hogs", type=int, default=1, help="busy processes beside the tests")
    args = parser.parse_args()
    hogs = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.hogs)]
    for hog in hogs:
        hog.start()
    passed = 0
    try:
        for run in range(1, args.runs + 1):
            started = time.monotonic()
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *REAL_WINDOW_TESTS],
                                  cwd=ROOT, capture_output=True, text=True)
            seconds = time.monotonic() - started
            summary = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
            print(f"run {run:2}: {'green' if done.returncode == 0 else 'RED  '} {seconds:6.1f} s  {summary}", flush=True)
            if done.returncode == 0:
                passed += 1
            else:
                print(done.stdout[-3000:], file=sys.stderr)
    except KeyboardInterrupt:
        print("real_window_series: interrupted", file=sys.stderr)
        return 130
    finally:
        for hog in hogs:
            hog.terminate()
    print(f"{passed} of {args.runs} runs green, {args.hogs} busy process(es) beside them")
    return 0 if passed == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
