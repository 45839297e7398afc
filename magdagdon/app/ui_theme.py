"""The pygame_gui manager with the project's theme (``assets/theme/theme.json``).

Font paths in the theme are relative to ``assets``; they are made absolute here, and
every font size is scaled to the window so menus read well from 800×600 to 4K.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from magdagdon.assets_path import asset_path

from .fonts import FONT_FILES

if TYPE_CHECKING:
    from pygame_gui import UIManager


@lru_cache(maxsize=1)
def _theme_template() -> dict[str, Any]:
    with open(asset_path("theme", "theme.json"), encoding="utf-8") as file:
        return json.load(file)


def ui_scale(size: tuple[int, int]) -> float:
    return max(0.8, min(3.4, min(size) / 660))


def theme_for(size: tuple[int, int], script: str = "latin",
              text_scale: float = 1.0) -> tuple[dict[str, Any], list[tuple[int, bool]]]:
    """The theme dict for a window size, and the font sizes it uses (to preload);
    ``text_scale`` enlarges the text alone (the Large text setting)."""
    theme = copy.deepcopy(_theme_template())
    scale = ui_scale(size)
    regular, bold = FONT_FILES.get(script, FONT_FILES["latin"])
    sizes: set[tuple[int, bool]] = set()
    default_font = dict(theme["defaults"]["font"])  # unscaled copy: blocks inherit it, then scale once
    for element in ("button", "label", "text_box", "text_entry_line", "panel"):
        theme.setdefault(element, {})
    for block in theme.values():
        # Blocks without a font would fall back to pygame_gui's bundled one: give them ours.
        font = block.setdefault("font", {})
        for key, value in default_font.items():
            font.setdefault(key, value)
        font["name"] = "magda"
        font["locale"] = "en"
        font["regular_path"] = str(asset_path("fonts", regular))
        font["bold_path"] = str(asset_path("fonts", bold))
        # No italic files: <i> in a text box is set upright rather than in a fallback font.
        font["italic_path"] = font["regular_path"]
        font["bold_italic_path"] = font["bold_path"]
        if "size" in font:
            scaled = max(10, round(int(font["size"]) * scale * text_scale))
            font["size"] = str(scaled)
            sizes.add((scaled, font.get("bold") == "1"))
    misc = theme["defaults"]["misc"]
    misc["shape_corner_radius"] = str(max(6, round(12 * scale)))
    for element in ("button", "text_box"):  # element blocks do not inherit "defaults" misc
        for key, value in misc.items():
            theme[element].setdefault("misc", {}).setdefault(key, value)
    return theme, sorted(sizes)


def make_ui_manager(size: tuple[int, int], script: str = "latin", text_scale: float = 1.0) -> "UIManager":
    """A themed ``pygame_gui.UIManager`` (pygame_gui is imported here, not before: it
    costs ~0.1 s, and the first frame does not need it)."""
    import pygame_gui

    theme, sizes = theme_for(size, script, text_scale)
    manager = pygame_gui.UIManager(size, theme, enable_live_theme_updates=False)
    base = int(theme["defaults"]["font"]["size"])
    # Text boxes switch to bold for <b> and italic for <i>: preload every variant the
    # theme can ask for (pygame_gui warns about, and then loads, any it meets unloaded).
    every_size = sorted({s for s, _ in sizes} | {base})
    wanted: list[dict[str, str | int | float]] = [{"name": "magda", "point_size": s, "style": "bold"}
                                                  for s in every_size if (s, True) not in sizes]
    wanted += [{"name": "magda", "point_size": s, "style": "italic"} for s in every_size]
    manager.preload_fonts(wanted)
    return manager
