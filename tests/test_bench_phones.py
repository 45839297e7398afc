"""The phones' benchmark runs and reports numbers that make sense: two scripted phones in a
process of their own, two turns against a real room server, the host's frame loop drawing
their boards. Nothing here is timed; scripts/bench_phones.py is where the figures live."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_phones", ROOT / "scripts" / "bench_phones.py")
assert spec is not None and spec.loader is not None
bench_phones = importlib.util.module_from_spec(spec)
sys.modules["bench_phones"] = bench_phones  # dataclasses look their module up by name
spec.loader.exec_module(bench_phones)


def test_the_bench_plays_two_phones_for_two_turns_and_reports_sane_numbers():
    rows = bench_phones.run_bench([2], games=1, seed=7, paces=[0.0], turns=2, guard_seconds=60)
    assert len(rows) == 1
    row = rows[0]
    assert (row.phones, row.games, row.errors) == (2, 1, 0)
    assert row.actions >= 2 * 2 * 2  # two turns each of at least a die placed and a confirm, per phone
    p50, p99, worst = row.latency_ms
    assert 0 < p50 <= p99 <= worst and math.isfinite(worst)
    assert row.host_cpu_ms > 0 and row.server_cpu_ms is not None and 0 < row.server_cpu_ms <= row.host_cpu_ms
    assert row.frames >= 1
    f50, f99, fmax = row.frame_ms
    assert 0 < f50 <= f99 <= fmax and 0 <= row.frames_over <= row.frames
    assert row.phones_load > 0
    printed = bench_phones.table(rows)
    assert printed.count("\n") == 2 and "| flat out | 2 | 1 (0) |" in printed  # two turns: not finished
