"""The test suite's wall time: the README's test command (``python -m pytest``), timed.

    python scripts/bench_suite.py                       # this checkout
    python scripts/bench_suite.py --vs ../old-checkout  # this one and another, in turn
    python scripts/bench_suite.py --vs ../old -- -m "not build"   # pytest's own options after --

Each checkout runs with the Python that runs this script (install the test extras into it
first: ``python -m pip install ".[test]"``), in its own folder, so its tests use its own
code. For each run it prints the wall time, the CPU time of pytest and everything it started
(user + system), and pytest's last line (passed, failed, skipped). With ``--vs`` the two
checkouts alternate ``--rounds`` times, so a busy moment of the machine falls on both.
The target (README: at most 8 minutes of wall time on 2 cores) is for the whole command on
an otherwise idle machine; the exit status is 1 when a run fails its tests, never for time.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SuiteRun:
    checkout: Path
    wall_s: float
    cpu_s: float
    summary: str
    passed: bool


def run_suite(checkout: Path, pytest_args: list[str]) -> SuiteRun:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *pytest_args],
                          cwd=checkout, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    counts = [line.strip("= ") for line in done.stdout.splitlines()
              if re.search(r"\d+ (passed|failed|errors?)\b", line)]
    summary = counts[-1] if counts else f"exit status {done.returncode}"
    return SuiteRun(checkout, wall, cpu, summary, done.returncode == 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout to time (default: this one)")
    parser.add_argument("--vs", type=Path, help="a second checkout, timed in turn with the first")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each checkout (default 1)")
    parser.add_argument("pytest_args", nargs="*", help="pytest's options, after --")
    options = parser.parse_args(argv)
    checkouts = [options.checkout] + ([options.vs] if options.vs else [])
    for checkout in checkouts:
        if not (checkout / "pyproject.toml").is_file():
            print(f"bench_suite: {checkout} is not a checkout of the game (no pyproject.toml)", file=sys.stderr)
            return 2
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load {load:.1f} at the start; pytest {' '.join(options.pytest_args) or '(no options)'}")
    print(f"{'checkout':<40} {'wall':>9} {'CPU':>9}  result")
    all_passed = True
    for _ in range(max(1, options.rounds)):
        for checkout in checkouts:
            run = run_suite(checkout, options.pytest_args)
            all_passed &= run.passed
            print(f"{str(checkout)[-40:]:<40} {run.wall_s / 60:>7.1f} m {run.cpu_s / 60:>7.1f} m  {run.summary}", flush=True)
    return 0 if all_passed else 1


if __name__ == "__main__":
    sys.exit(main())
