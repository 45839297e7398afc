"""The table's layout keeps every rectangle on screen and apart, the loop's clock, and the
catalogs. (That every screen the game opens on is drawn whole at every size is the
whole-screen audit's: tests/test_screen_audit.py.)"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.app.shell.loop import FixedStep  # noqa: E402
from magdagdon.app.table.layout import compute_layout  # noqa: E402


SIZES = [(1920, 1080), (800, 600), (1080, 1920)]


@pytest.mark.parametrize("size", SIZES + [(3840, 2160), (1024, 768), (600, 800), (2160, 3840)])
def test_layout_fits_and_does_not_overlap(size):
    layout = compute_layout(*size)
    screen = pygame.Rect(0, 0, *size)
    blocks = {
        "board": layout.board, "tray": layout.tray, "primary": layout.primary,
        "take_back_all": layout.take_back_all, "powers": layout.powers, "score": layout.score,
        "guide": layout.guide, "top": layout.top_bar,
        **{f"row{i}": r for i, r in enumerate(layout.row_sums)},
        **{f"col{i}": r for i, r in enumerate(layout.col_sums)},
    }
    for name, rect in blocks.items():
        assert screen.contains(rect), (name, rect)
        assert rect.width > 0 and rect.height > 0, name
    for (a, ra), (b, rb) in itertools.combinations(blocks.items(), 2):
        if {a, b} == {"powers", "power_label"}:
            continue
        assert not ra.colliderect(rb), (a, ra, b, rb)
    for a, b in itertools.combinations(layout.cells, 2):
        assert not a.colliderect(b)
    for slot in layout.tray_slots:
        assert layout.tray.contains(slot)
    for button in layout.power_buttons:
        assert layout.powers.contains(button)
    assert not layout.hint_button.colliderect(layout.menu_button)


def test_fixed_step_clock_caps_catch_up():
    clock = FixedStep(hz=120, max_steps=12)
    assert clock.advance(1 / 120) == 1
    assert clock.advance(10.0) == 12  # a long stall is skipped, not replayed
    clock.reset()
    assert clock.advance(0.5 / 120) == 0 and 0.4 < clock.alpha < 0.6


def test_catalog_has_every_key_used_and_falls_back():
    catalog = Catalog("en")
    assert catalog("button.place_more", count=2) == "Place 2 more"
    assert catalog("no.such.key") == "no.such.key"
    assert catalog.rtl is False
    import re
    from pathlib import Path

    used = set()
    for path in Path(__file__).resolve().parent.parent.joinpath("magdagdon", "app").rglob("*.py"):
        used |= set(re.findall(r'text\("([a-z_]+\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if not k.endswith(".") and not catalog.has(k))
    assert not missing, missing


def test_right_to_left_layout_mirrors_the_blocks_but_not_the_board_order():
    ltr, rtl = compute_layout(1920, 1080), compute_layout(1920, 1080, rtl=True)
    assert rtl.tray.centerx < rtl.board.centerx and ltr.tray.centerx > ltr.board.centerx
    assert rtl.cells[0].left < rtl.cells[3].left  # R1 still reads left to right
    screen = pygame.Rect(0, 0, 1920, 1080)
    for rect in [rtl.board, rtl.tray, rtl.score, rtl.primary, *rtl.row_sums, *rtl.col_sums]:
        assert screen.contains(rect)
    assert not rtl.board.colliderect(rtl.tray) and not rtl.row_sums[0].colliderect(rtl.tray)


def test_a_new_language_is_a_file_and_may_be_right_to_left(tmp_path):
    import json

    (tmp_path / "ur.json").write_text(json.dumps({"_meta": {"locale": "ur", "rtl": True, "script": "arabic"},
                                                  "button.roll": "رول"}), encoding="utf-8")
    catalog = Catalog("ur", directory=tmp_path)
    assert catalog.rtl and catalog.script == "arabic"
    assert catalog("button.roll") == "رول"
    assert catalog("button.confirm") == "CONFIRM"  # missing keys fall back to English
    assert Catalog("xx").locale == "en"
    from magdagdon.app.text.fonts import FontBook

    pygame.font.init()
    fonts = FontBook("arabic", rtl=True)
    assert fonts.render(catalog("button.roll"), 20, (255, 255, 255)).get_width() > 0
