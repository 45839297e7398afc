"""Run every benchmark of the project and print one table.

    python scripts/bench.py [--quick] [--skip NAME ...]

Each benchmark script runs in its own process with ``--json`` and contributes the rows
of its ``"rows"`` list. ``--quick`` uses smaller sample sizes (for a smoke run).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent

# name -> (script, full-size arguments, quick arguments)
BENCHMARKS = {
    "engine": ("bench_engine.py", [], ["--positions", "1000", "--games", "300"]),
    "ai": ("bench_ai.py", [], ["--games", "40"]),
    "frames": ("bench_frames.py", [], ["--seconds", "4", "--idle-seconds", "2"]),
    "startup": ("bench_startup.py", [], ["--runs", "3"]),
    "storage": ("bench_storage.py", [], ["--games", "60", "--records", "30", "--rounds", "3"]),
}


def machine_description() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def run_benchmark(name: str, quick: bool) -> list[dict]:
    script, full, quick_args = BENCHMARKS[name]
    command = [sys.executable, str(SCRIPTS / script), "--json", *(quick_args if quick else full)]
    started = time.perf_counter()
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        return [{"benchmark": name, "measure": "FAILED", "value": result.stderr.strip().splitlines()[-1:] or "?", "target": ""}]
    rows = json.loads(result.stdout[result.stdout.index("{"):])["rows"]
    print(f"  {name}: {seconds:.0f} s", file=sys.stderr)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--skip", nargs="*", default=[], choices=list(BENCHMARKS))
    args = parser.parse_args()
    print(f"machine: {machine_description()}")
    rows = []
    for name in BENCHMARKS:
        if name not in args.skip:
            rows.extend(run_benchmark(name, args.quick))
    widths = [max(len(str(r[k])) for r in rows + [dict(benchmark="benchmark", measure="measure", value="value", target="target")])
              for k in ("benchmark", "measure", "value", "target")]
    header = dict(benchmark="benchmark", measure="measure", value="value", target="target")
    for row in [header] + rows:
        print("  ".join(str(row[k]).ljust(w) for k, w in zip(("benchmark", "measure", "value", "target"), widths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
