#!/usr/bin/env python3
"""The memory of the menus, screen by screen (not a test): a scripted tour through the loop
players run, twice over (the title, the settings, each language, Large text on and off, the
high scores, the rules, About), reading once the game has rested after each screen (the
heap collected and trimmed, as in ``app/shell/heap.py``) the resident memory, the live images,
glibc's heap in use and free, and the fonts opened so far.

    python scripts/memory_tour.py                  # 1920x1080
    python scripts/memory_tour.py --size 1280x720

The same tour every time (no random input, no computer thinking), so two versions of the
game can be compared reading by reading; ``scripts/soak_memory.py`` plays at random for
minutes. One line per screen, then the lowest and highest readings after the table's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

LANGUAGES = ("it", "hi", "ur", "en")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    size = tuple(int(value) for value in args.size.split("x"))

    import pygame
    import soak_memory as soak  # its readings, its count of fonts opened (before pygame_gui is imported)
    from support.player import Player

    opened = soak.CountedFonts()
    player = Player(Path(tempfile.mkdtemp(prefix="memory-tour-")), size=size, seed=7, draw_log=False)
    player.wait(2.0)
    readings: list[dict[str, Any]] = []

    def read(label: str) -> None:
        player.wait(6.0)  # past the heap's rest interval: what was let go is collected and trimmed
        soak.rss_at_rest(player)
        reading = {"at": label, "rss_mb": round(soak.resident_mb(), 1), "fonts_opened": opened.opened,
                   **soak.live_pygame_objects(), **soak.heap_figures()}
        readings.append(reading)
        print(f"{label:>22}  RSS {reading['rss_mb']:6.1f} MB  images {reading['surfaces']:4d} "
              f"({reading['surface_mb']:5.1f} MB)  malloc heap {reading.get('heap_used_mb', '?')} MB used, "
              f"{reading.get('heap_free_mb', '?')} free  fonts opened {opened.opened}", flush=True)

    read("table")
    player.key(pygame.K_ESCAPE)
    read("title")
    for _ in range(args.rounds):
        player.choose("settings")
        read("settings")
        for locale in LANGUAGES:
            player.choose(f"language:{locale}")
            read(f"settings language:{locale}")
        for state in ("on", "off"):
            player.choose("large_text")
            read(f"settings large text {state}")
        player.choose("back")
        read("title")
        for screen in ("high_scores", "rules", "about"):
            player.choose(screen)
            read(screen)
            player.key(pygame.K_ESCAPE)
            read("title")
    player.close()
    rss = [float(r["rss_mb"]) for r in readings[1:]]
    images = [float(r["surface_mb"]) for r in readings[1:]]
    print(f"menus: RSS {min(rss):.1f}-{max(rss):.1f} MB (span {max(rss) - min(rss):.1f}), "
          f"images {min(images):.1f}-{max(images):.1f} MB, fonts opened {opened.opened}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
