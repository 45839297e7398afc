#!/usr/bin/env python3
"""Frame times while computer players think, through the loop players run (not a test).

    python scripts/bench_party_frames.py [--size 1920x1080] [--seconds 20] [--difficulty NIGHTMARE]

Starts the game with a party of two computer players (the expert), kept in memory only,
real time and the real event queue (SDL's dummy window unless SDL_VIDEODRIVER is set),
and measures the wall time of every loop frame — events, updates, drawing, presenting,
not the sleep between frames — while the expert chooses its moves on its worker thread.
Target: no frame over 50 ms. Prints the frame count, median, p99 and worst frame, and
how many of the computer's moves were played and how long each took to choose.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from magdagdon.app.shell.control import Control  # noqa: E402
from magdagdon.app.shell.options import Options, difficulty_option, size_option  # noqa: E402
from magdagdon.app.party.play import PartyPlay  # noqa: E402
from magdagdon.app.shell.play_context import PlayContext  # noqa: E402
from magdagdon.app.services.wall_clock import now  # noqa: E402
from magdagdon.party import Party  # noqa: E402
from magdagdon.party.keeper import PartyKeeper  # noqa: E402
from magdagdon.storage.party_file import PartyFiles  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=size_option, default=(1920, 1080))
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--difficulty", type=difficulty_option, default=None)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as data_dir:
        options = Options(difficulty=args.difficulty, seed=args.seed, windowed=True, size=args.size,
                          data_dir=Path(data_dir), sound=False)
        control = Control(options)
        party = Party.new(control.games.difficulty, args.seed, [("Computer", True), ("Computer 2", True)])
        play = PartyPlay(PartyKeeper(PartyFiles.unavailable(), lambda: None, party, now()), control.games,
                         control.storage)
        control.machine.restart("party_handover", PlayContext(control.games.new_session(), play))

        frame_times: list[float] = []
        during: list[bool] = []  # the expert was thinking when the frame began
        where: list[str] = []
        think_times: list[float] = []
        real_frame = control._frame
        real_submit = control.worker.submit
        pending: set[object] = set()  # thoughts asked of the worker and not yet answered

        def timed_frame() -> None:
            thinking = bool(pending)
            key = control.machine.top_key
            started = time.perf_counter()
            real_frame()
            frame_times.append(time.perf_counter() - started - slept[0])
            during.append(thinking)
            where.append(key)
            slept[0] = 0.0

        slept = [0.0]
        real_sleep = control.clock.sleep

        def counted_sleep(seconds: float) -> None:
            started = time.perf_counter()
            real_sleep(seconds)
            slept[0] += time.perf_counter() - started

        def timed_submit(thought):  # type: ignore[no-untyped-def]
            future = real_submit(thought)
            asked = time.perf_counter()
            pending.add(future)

            def answered(_: object) -> None:
                pending.discard(future)
                think_times.append(time.perf_counter() - asked)

            future.add_done_callback(answered)
            return future

        control._frame = timed_frame  # type: ignore[method-assign]
        control.clock.sleep = counted_sleep  # type: ignore[method-assign]
        control.worker.submit = timed_submit  # type: ignore[method-assign]
        deadline = time.perf_counter() + args.seconds
        control.loop(lambda: time.perf_counter() >= deadline or party.is_over)
        control.close()

    ms = sorted(t * 1000 for t in frame_times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"frames {len(ms)}: median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, worst {ms[-1]:.1f} ms "
          f"(target: none over 50 ms; {sum(1 for t in ms if t > 50)} over)")
    thinking = sorted(t * 1000 for t, d in zip(frame_times, during) if d)
    if thinking:
        print(f"frames while the expert thought: {len(thinking)}, median {statistics.median(thinking):.1f} ms, "
              f"worst {thinking[-1]:.1f} ms")
    for index, (t, d, key) in enumerate(zip(frame_times, during, where)):
        if t > 0.05:
            print(f"  frame {index} in {key}: {t * 1000:.1f} ms{' (expert thinking)' if d else ''}")
    if think_times:
        thinks = sorted(t * 1000 for t in think_times)
        print(f"computer moves chosen: {len(thinks)}, median {statistics.median(thinks):.0f} ms, "
              f"worst {thinks[-1]:.0f} ms (on the worker thread)")
    print(f"party over: {party.is_over}; turns: {[p.game.turn for p in party.players]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
