#!/usr/bin/env python3
"""The whole-screen audit over every scene, language and window size, as a table (not a
test: tests/test_screen_audit.py asserts the same sweep finds nothing).

    python scripts/screen_audit.py [--sizes 800x600,1920x1080] [--scenes "title;game over"]
                                   [--locales en,ur] [--findings]

Each scene is opened at the first size given and the window resized to the others, as the
test does. Prints, for each scene and size, the number of findings per language, then the
total; ``--findings`` lists every finding as well.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import offscreen  # noqa: F401  (the checkout and its tests importable, SDL off screen)

os.environ["LANGUAGE"] = "en"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="", help="comma-separated WxH (default: every size the audit uses)")
    parser.add_argument("--scenes", default="", help="scene names separated by semicolons (default: all)")
    parser.add_argument("--locales", default="", help="comma-separated catalogs (default: en,it,ur,hi,xx)")
    parser.add_argument("--findings", action="store_true", help="list every finding")
    args = parser.parse_args()

    import shutil

    from screen_scenes import LOCALES, SCENES, SIZES, fresh_copy, sweep, workspace

    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",") if s] or list(SIZES)
    wanted = {s.strip() for s in args.scenes.split(";") if s.strip()}
    scenes = [scene for scene in SCENES if not wanted or scene.name in wanted]
    locales = tuple(l for l in args.locales.split(",") if l) or LOCALES
    work = Path(tempfile.mkdtemp(prefix="magdagdon-audit-"))
    folders = workspace(work)

    started = time.monotonic()
    total, lines, screens = 0, [], 0
    header = f"{'scene':28} {'size':>10}  " + " ".join(f"{l:>4}" for l in locales)
    print(header)
    for scene in scenes:
        swept = sweep(scene, fresh_copy(folders, scene.data, work / "run"), tuple(sizes), locales)  # type: ignore[arg-type]
        for size in sizes:
            found = swept.get(size, [])  # type: ignore[call-overload]
            screens += len(locales)
            counts = {l: sum(1 for f in found if f.split(": ", 1)[0].endswith(f" {l}")) for l in locales}
            other = len(found) - sum(counts.values())
            total += len(found)
            lines += found
            row = " ".join(f"{counts[l]:>4}" for l in locales) + (f"  (+{other} not reached)" if other else "")
            print(f"{scene.name:28} {size[0]:>5}x{size[1]:<4}  {row}", flush=True)
    print(f"\n{screens} screens ({len(scenes)} scenes x {len(sizes)} sizes x {len(locales)} languages), "
          f"{total} findings, {time.monotonic() - started:.0f} s")
    if args.findings:
        print("\n".join(lines))
    shutil.rmtree(work, ignore_errors=True)
    return 0 if total == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
