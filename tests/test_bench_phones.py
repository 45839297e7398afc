"""The phones' benchmark runs and reports numbers that make sense: two scripted phones in a
process of their own, two turns against the game itself hosting the room (its own loop drawing
the race); and its phones, flat out, keep within the server's rate limit. Nothing here is
timed; scripts/bench_phones.py is where the figures live."""

from __future__ import annotations

import asyncio
import importlib.util
import math
import sys
import time
from pathlib import Path

from magdagdon.phones.room import RoomPhase
from magdagdon.phones.server import RateLimit
from support.phone_client import GUARD_SECONDS, Host

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_phones", ROOT / "scripts" / "bench_phones.py")
assert spec is not None and spec.loader is not None
bench_phones = importlib.util.module_from_spec(spec)
sys.modules["bench_phones"] = bench_phones  # dataclasses look their module up by name
spec.loader.exec_module(bench_phones)


def test_the_bench_plays_two_phones_for_two_turns_and_reports_sane_numbers(monkeypatch):
    """Its host's first frame of each stretch held up half a second (a loaded machine's first
    race frame): flat-out phones play a whole game in less, so the phones themselves stop
    at the turn limit, not the host's next look at the room."""
    looped = bench_phones.run_frames

    def slow_first_frame(control, clock, stop):
        frame, first = control._frame, [True]

        def held_up() -> None:
            if first.pop() if first else False:
                time.sleep(0.5)
            frame()

        control._frame = held_up
        try:
            return looped(control, clock, stop)
        finally:
            control._frame = frame

    monkeypatch.setattr(bench_phones, "run_frames", slow_first_frame)
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


def test_flat_out_phones_keep_within_the_servers_rate_limit_and_their_room_finishes(tmp_path):
    """Beyond its rate limit the server drops a connection's messages, saying too_fast only for
    the first: a phone that sent past it waited for an answer that never came and its room
    stalled (on seed 2 the fourth phone, in its seventh turn, takes back and restages the same
    die as fast as the answers come). A tight limit, on the real clock, makes every phone meet it."""
    tight = RateLimit(per_second=10, burst=10)
    with Host(tmp_path, seed=2, limit=tight, clock=time.monotonic) as host:  # type: ignore[arg-type]

        async def main() -> dict:
            phones = asyncio.create_task(bench_phones.run_phones(host.socket_url, host.room.code, 4, 2, 0.0, tight))
            guard = time.monotonic() + GUARD_SECONDS
            while len(host.room.snapshot.seats) < 4:  # the phones join, then the host starts
                assert time.monotonic() < guard and not phones.done()
                await asyncio.sleep(0.01)
            await asyncio.get_running_loop().run_in_executor(None, host.server.start_game)
            return await asyncio.wait_for(phones, GUARD_SECONDS)

        result = asyncio.run(main())
        snapshot = host.room.snapshot
    assert snapshot.phase is RoomPhase.FINISHED and all(seat.game_over for seat in snapshot.seats)
    assert result["errors"] == []  # not one message dropped: none sent past the limit
    assert result["actions"] == sum(1 for seat in host.room.seats for a in seat.game.log if a.to_text() != "roll")
