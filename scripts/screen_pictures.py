#!/usr/bin/env python3
"""Every scene of the whole-screen audit as a picture, to keep or to compare with pictures
kept before a change (a change meant to draw nothing differently must find no difference).

    python scripts/screen_pictures.py --out DIR [--compare BEFORE] [--sizes 800x600,...]
                                      [--scenes "title;game over"] [--locales en,ur]

Each scene is reached through the real loop, as the audit reaches it, at each size, and
drawn in each language; ``DIR`` gets one PNG per screen (``scene@WxH.locale.png``) and
``pictures.json``, the digest of each. With ``--compare`` the digests are checked against
``BEFORE/pictures.json`` and every screen that differs (or is new, or gone) is listed; the
exit status is 1 if any differs. Scenes that play themselves are judged between two moves,
as the audit does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import offscreen  # noqa: F401  (the checkout and its tests importable, SDL off screen)

os.environ["LANGUAGE"] = "en"


def picture_name(scene: str, size: tuple[int, int], locale: str) -> str:
    return f"{re.sub(r'[^A-Za-z0-9]+', '_', scene).strip('_')}@{size[0]}x{size[1]}.{locale}.png"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the pictures and their digests")
    parser.add_argument("--compare", type=Path, default=None, help="a folder an earlier run wrote")
    parser.add_argument("--sizes", default="800x600,1280x720,1920x1080,1080x1920",
                        help="comma-separated WxH (default: the audit's sizes but 3840x2160)")
    parser.add_argument("--scenes", default="", help="scene names separated by semicolons (default: all)")
    parser.add_argument("--locales", default="", help="comma-separated catalogs (default: en,it,ur,hi,xx)")
    args = parser.parse_args()

    import pygame

    from screen_scenes import LOCALES, SCENES, fresh_copy, open_scene, settled, workspace

    sizes = [(int(w), int(h)) for w, h in (s.split("x") for s in args.sizes.split(",") if s)]
    wanted = {s.strip() for s in args.scenes.split(";") if s.strip()}
    scenes = [scene for scene in SCENES if not wanted or scene.name in wanted]
    locales = tuple(l for l in args.locales.split(",") if l) or LOCALES
    before: dict[str, str] = {}
    if args.compare is not None:
        before = json.loads((args.compare / "pictures.json").read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="magdagdon-pictures-"))
    folders = workspace(work)

    started = time.monotonic()
    digests: dict[str, str] = {}
    for scene in scenes:
        for size in sizes:
            player = open_scene(scene, fresh_copy(folders, scene.data, work / "run"), size)
            try:
                for locale in locales:
                    player.set_language(locale)
                    player.wait(0.1)
                    settled(player)
                    picture = player.shown()
                    name = picture_name(scene.name, size, locale)
                    digests[name] = hashlib.sha256(pygame.image.tobytes(picture, "RGB")).hexdigest()
                    pygame.image.save(picture, str(args.out / name))
            finally:
                player.close()
            print(f"{scene.name:28} {size[0]:>5}x{size[1]:<4}", flush=True)
    (args.out / "pictures.json").write_text(json.dumps(digests, indent=1, sort_keys=True), encoding="utf-8")
    print(f"\n{len(digests)} pictures in {args.out}, {time.monotonic() - started:.0f} s")
    if args.compare is None:
        return 0
    compared = [name for name in digests if name in before]
    differ = [name for name in compared if digests[name] != before[name]]
    new = sorted(set(digests) - set(before))
    print(f"against {args.compare}: {len(compared)} compared, {len(differ)} differ, {len(new)} new")
    for name in differ:
        print(f"  differs: {name}")
    for name in new:
        print(f"  new: {name}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
