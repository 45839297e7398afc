"""Cost of drawing a new line of text in each language (the text layout: bidi runs, a font per
script) against one plain SDL_ttf call in the language's font. Lines are cached once drawn,
so this is the price of a text the first time it appears.

    python scripts/bench_text.py
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import pygame  # noqa: E402

from magdagdon.app.text.fonts import FontBook, font_paths  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402

WHITE = (255, 255, 255)


def main(repeats: int = 5, size: int = 24) -> None:
    pygame.init()
    for locale in ("en", "it", "ur", "hi"):
        catalog = Catalog(locale)
        lines = [re.sub(r"\{[^}]*\}", "7", text) for key, text in catalog.strings.items()
                 if key != "_meta" and len(text) <= 120]
        layout_us, plain_us = [], []
        for _ in range(repeats):
            fonts = FontBook(catalog.script, rtl=catalog.rtl)
            plain = pygame.font.Font(font_paths(catalog.script)[0], size)
            start = time.perf_counter()
            for line in lines:
                fonts.render(line, size, WHITE)
            layout_us.append((time.perf_counter() - start) / len(lines) * 1e6)
            start = time.perf_counter()
            for line in lines:
                plain.render(line, True, WHITE)
            plain_us.append((time.perf_counter() - start) / len(lines) * 1e6)
        print(f"{locale}: {len(lines)} lines, text layout {statistics.median(layout_us):.0f} µs per new line, "
              f"one SDL_ttf call {statistics.median(plain_us):.0f} µs")


if __name__ == "__main__":
    main()
