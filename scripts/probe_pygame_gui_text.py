"""What pygame_gui's labels and buttons draw for Urdu and Hindi, and which menu texts need
the game's own text layout instead — measured on pixels.

    python scripts/probe_pygame_gui_text.py

1. For sample texts it draws a UILabel themed as pygame_gui would need it (the
   language's font, HarfBuzz script and direction: the game's own theme gives pygame_gui
   no fonts, since it draws no words) and compares the ink with (a) the text shaped as
   one run in that font — what SDL_ttf does alone — and (b) the game's text layout (bidi
   runs, a font per script). The share of matching ink pixels is printed for each.
2. For every text the menus show through pygame_gui (titles, subtitles, notices, buttons,
   text boxes), it says whether one run in the language's font draws it as the text layout
   does; where not, pygame_gui draws it wrong (empty boxes for Latin letters, numbers
   reversed inside Urdu) and the text must be drawn by the game's text layout.
"""

from __future__ import annotations

import os
import re
import sys
import warnings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import pygame  # noqa: E402

from magdagdon.app.text.fonts import FONT_FILES, FontBook, font_paths  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.app.ui.ui_theme import text_look  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

SIZE = (1280, 720)
WHITE = (255, 255, 255)
SAMPLES = {"ur": ["دوبارہ پھینکیں", "باری 12", "MAGDAGDON بند کریں؟"],
           "hi": ["फिर फेंकें", "चाल 12", "MAGDAGDON बंद करें?"]}

# key -> widget, for the texts the menus draw with pygame_gui
MENU_TEXTS = {
    **{k: "title label" for k in ("app.title", "settings.title", "about.title", "rules.title", "scores.title",
                                   "confirm.title")},
    **{f"difficulty.summary.{d.name}": "subtitle label" for d in Difficulty},
    "app.tagline": "subtitle label (with · and the difficulty name)",
    **{k: "notice label" for k in ("notice.corrupt_moved_aside", "notice.corrupt_unmovable", "notice.newer_version",
                                    "notice.not_writable", "notice.disk_full", "notice.write_failed", "notice.busy",
                                    "notice.resume_invalid", "notice.scores_rebuilt", "notice.recovered_result",
                                    "notice.generic", "notice.unavailable")},
    **{k: "button" for k in ("menu.play", "menu.new_game", "menu.continue", "menu.resume", "menu.rules",
                              "menu.high_scores", "menu.settings", "menu.about", "menu.quit", "menu.demo",
                              "settings.sound_on", "settings.sound_off", "settings.fullscreen", "settings.windowed",
                              "button.back", "confirm.yes", "confirm.no")},
    **{f"difficulty.{d.name}": "button" for d in Difficulty},
    **{k: "text box" for k in ("about.body", "rules.body", "confirm.new_game", "confirm.quit", "scores.empty")},
}
VALUES = {"difficulty": "PEACEFUL", "path": "scores.json", "version": "0.1.0"}


def ink(surface: pygame.Surface, premultiplied: bool = False) -> pygame.mask.Mask:
    """Light pixels (the text) of ``surface`` laid on black, cropped to their bounds
    (pygame_gui's images hold premultiplied colours)."""
    flat = pygame.Surface(surface.get_size())
    flat.blit(surface, (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED if premultiplied else 0)
    mask = pygame.mask.from_threshold(pygame.transform.grayscale(flat), WHITE, (110, 110, 110, 255))
    rects = mask.get_bounding_rects()
    if not rects:
        return mask
    box = rects[0].unionall(rects[1:])
    cropped = pygame.mask.Mask(box.size)
    cropped.draw(mask, (-box.x, -box.y))
    return cropped


def likeness(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    """Share of ink pixels the two masks have in common at their best small shift."""
    if not a.count() or not b.count():
        return 0.0
    best = max(a.overlap_area(b, (dx, dy)) for dx in range(-3, 4) for dy in range(-3, 4))
    return best / max(a.count(), b.count())


def one_run(text: str, script: str, size: int) -> pygame.Surface:
    """``text`` shaped as one run by the language's own font, as pygame_gui does it."""
    fonts = FontBook(script, rtl=script == "arabic")
    return fonts.font(size).render(text, True, WHITE)


def language_theme(catalog: Catalog, size: int) -> dict:
    """A pygame_gui theme whose labels are set in the language's font, script and direction."""
    regular, bold = font_paths(catalog.script)
    font = {"name": f"probe_{catalog.script}", "locale": "en", "size": str(size), "regular_path": regular,
            "bold_path": bold, "script": FONT_FILES.get(catalog.script, FONT_FILES["latin"])[2],
            "direction": "rtl" if catalog.rtl else "ltr"}
    return {"defaults": {"font": font}, "label": {"font": font}}


def main() -> None:
    pygame.init()
    pygame.display.set_mode(SIZE)
    warnings.simplefilter("ignore")
    import pygame_gui

    print("1. pygame_gui labels against one run and against the text layout (share of ink alike)")
    for locale, samples in SAMPLES.items():
        catalog = Catalog(locale)
        size = text_look(SIZE, "label").size
        manager = pygame_gui.UIManager(SIZE, language_theme(catalog, size))
        fonts = FontBook(catalog.script, rtl=catalog.rtl)
        for text in samples:
            label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 1200, 200), text, manager)
            manager.update(0.01)
            single, ours = ink(one_run(text, catalog.script, size)), ink(fonts.render(text, size, WHITE))
            got = ink(label.image, premultiplied=True)
            print(f"  {locale} label {text!r:28} one run {likeness(got, single):4.0%}   "
                  f"text layout {likeness(got, ours):4.0%}")
            label.kill()

    print("\n2. menu texts that one run in the language's font draws wrong (need the text layout)")
    for locale in ("ur", "hi"):
        catalog = Catalog(locale)
        fonts = FontBook(catalog.script, rtl=catalog.rtl)
        wrong = []
        for key, widget in MENU_TEXTS.items():
            text = re.sub(r"<[^>]+>", " ", catalog(key, **VALUES))
            lines = [line for line in fonts.wrap(text, 24, 100000) if line.strip()]
            bad = [line for line in lines
                   if likeness(ink(one_run(line, catalog.script, 24)), ink(fonts.render(line, 24, WHITE))) < 0.98]
            if bad:
                wrong.append((key, widget))
        print(f"  {locale}: {len(wrong)} of {len(MENU_TEXTS)} menu texts")
        for key, widget in wrong:
            print(f"    {key:32} {widget}")


if __name__ == "__main__":
    main()
