"""The pygame_gui manager with the project's theme (``assets/theme/theme.json``).

Font paths in the theme are relative to ``assets``; they are made absolute here, and
every font size is scaled to the window so menus read well from 800×600 to 4K.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from magdagdon.assets_path import asset_path

from ..text.fonts import FONT_FILES, font_paths
from ..text.i18n import language_scripts, script_reads_right_to_left

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pygame_gui import UIManager
    from pygame_gui.core.surface_cache import SurfaceCache
    from pygame_gui.core.utility import FontResource


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
    regular, bold = font_paths(script)
    harfbuzz_script = FONT_FILES.get(script, FONT_FILES["latin"])[2]
    rtl = script_reads_right_to_left(script)
    sizes: set[tuple[int, bool]] = set()
    default_font = dict(theme["defaults"]["font"])  # unscaled copy: blocks inherit it, then scale once
    for element in ("button", "label", "text_box", "text_entry_line", "panel"):
        theme.setdefault(element, {})
    for block in theme.values():
        # Blocks without a font would fall back to pygame_gui's bundled one: give them ours.
        font = block.setdefault("font", {})
        for key, value in default_font.items():
            font.setdefault(key, value)
        # One name per script: pygame_gui keys its fonts by name, size and style, and a
        # font another manager opened is taken again by that key (``make_ui_manager``).
        font["name"] = font_name(script)
        font["locale"] = "en"
        font["regular_path"], font["bold_path"] = regular, bold
        # No italic files: <i> in a text box is set upright rather than in a fallback font.
        font["italic_path"], font["bold_italic_path"] = regular, bold
        # pygame_gui shapes each label as one run in this script and direction: right for
        # text wholly in the language's script; mixed lines need our own text layout.
        font["script"] = harfbuzz_script
        font["direction"] = "rtl" if rtl else "ltr"
        if "size" in font:
            scaled = max(10, round(int(font["size"]) * scale * text_scale))
            font["size"] = str(scaled)
            sizes.add((scaled, font.get("bold") == "1"))
    misc = theme["defaults"]["misc"]
    misc["shape_corner_radius"] = str(max(6, round(12 * scale)))
    for element in ("button", "text_box"):  # element blocks do not inherit "defaults" misc
        for key, value in misc.items():
            theme[element].setdefault("misc", {}).setdefault(key, value)
    if rtl:
        theme["text_box"]["misc"]["text_horiz_alignment"] = "right"
    _add_script_buttons(theme, theme["button"]["font"], theme["#chosen"]["colours"])
    return theme, sorted(sizes)


@dataclass(frozen=True)
class TextLook:
    size: int  # point size scaled to the window, as the theme gives pygame_gui
    bold: bool
    colour: tuple[int, int, int]


def text_look(size: tuple[int, int], element: str, object_id: str = "") -> TextLook:
    """Size, weight and colour the theme gives ``element`` ("label", "button", "text_box")
    with ``object_id`` ("#title", "#primary", ...), for menu text the game draws itself."""
    template = _theme_template()
    font: dict[str, Any] = dict(template["defaults"]["font"])
    colours: dict[str, Any] = dict(template["defaults"]["colours"])
    for block in (template.get(element, {}), template.get(object_id, {}) if object_id else {}):
        font.update(block.get("font", {}))
        colours.update(block.get("colours", {}))
    colour = pygame.Color(colours["normal_text"])
    return TextLook(max(10, round(int(font["size"]) * ui_scale(size))), font.get("bold") == "1",
                    (colour.r, colour.g, colour.b))


def script_style(script: str, chosen: bool = False) -> str:
    """The object id of a button whose text is wholly in ``script`` (a language's own name,
    or PEACEFUL in an Urdu menu), drawn in that script's font whatever the UI language."""
    return f"#script_{script}" + ("_chosen" if chosen else "")


def language_style(locale: str, chosen: bool = False) -> str:
    """The object id of a button naming ``locale`` in its own script."""
    return script_style(language_scripts().get(locale, ("latin", False))[0], chosen)


def _add_script_buttons(theme: dict[str, Any], button_font: dict[str, Any], chosen_colours: dict[str, Any]) -> None:
    """One button block per script, in its font (pygame_gui draws a button in one font).
    Font names differ per (file, script, direction): pygame_gui keys its fonts by name, not
    by script or direction; the menus' own font in that script has the same name."""
    for script, (_regular, _bold, harfbuzz_script) in FONT_FILES.items():
        regular, bold = font_paths(script)
        font = {**button_font, "name": font_name(script), "regular_path": regular, "bold_path": bold,
                "italic_path": regular, "bold_italic_path": bold,  # a name is one script's files
                "script": harfbuzz_script, "direction": "rtl" if script_reads_right_to_left(script) else "ltr"}
        theme[script_style(script)] = {"font": dict(font)}
        theme[script_style(script, chosen=True)] = {"font": dict(font), "colours": dict(chosen_colours)}


def font_name(script: str) -> str:
    """pygame_gui's name for the menus' font in ``script``: one file, script and direction."""
    return f"magda_{script}"


def make_ui_manager(size: tuple[int, int], script: str = "latin", text_scale: float = 1.0,
                    reuse: "Mapping[str, FontResource] | None" = None) -> "UIManager":
    """A themed ``pygame_gui.UIManager`` (pygame_gui is imported here, not before: it
    costs ~0.1 s, and the first frame does not need it).

    ``reuse``: the fonts of a manager let go (``fonts_of``). pygame_gui opens every font of
    a theme afresh for each manager (18 of them, some 0.25 MB each in SDL_ttf), and the menus
    make one for every language, Large text and window size; the fonts this theme asks for
    under the same name, size and style are taken from there instead (a name is one file,
    script and direction: ``font_name``). The others are left out, to go with the old
    manager."""
    theme, sizes = theme_for(size, script, text_scale)
    manager = _reusing_manager_class()(size, theme, dict(reuse or {}))
    manager.get_theme().shape_cache = uncached_shapes()
    base = int(theme["defaults"]["font"]["size"])
    # Text boxes switch to bold for <b> and italic for <i>: preload every variant the
    # theme can ask for (pygame_gui warns about, and then loads, any it meets unloaded);
    # the variants shape like the regular ones.
    font = theme["defaults"]["font"]
    shaping = {"script": font["script"], "direction": font["direction"]}
    every_size = sorted({s for s, _ in sizes} | {base})
    name = font_name(script)
    wanted: list[dict[str, str | int | float]] = [{"name": name, "point_size": s, "style": "bold", **shaping}
                                                  for s in every_size if (s, True) not in sizes]
    wanted += [{"name": name, "point_size": s, "style": "italic", **shaping} for s in every_size]
    fonts = manager.get_theme().get_font_dictionary()
    ids = {fonts.create_font_id(int(w["point_size"]), name, w["style"] == "bold", w["style"] == "italic"): w
           for w in wanted}
    # pygame_gui warns of a font preloaded twice (a button's size is the text's, or it was taken)
    manager.preload_fonts([w for font_id, w in ids.items() if not fonts.check_font_preloaded(font_id)])
    for font_id in manager.offered - set(fonts.used_font_ids) - set(ids):  # not asked for: let go with the old manager
        del fonts.loaded_fonts[font_id]
    return manager


def fonts_of(manager: "UIManager") -> "dict[str, FontResource]":
    """The fonts ``manager`` opened or took, by pygame_gui's id, for ``make_ui_manager``'s ``reuse``."""
    fonts: Any = manager.get_theme().get_font_dictionary()  # the interface omits loaded_fonts
    return dict(fonts.loaded_fonts)


def uncached_shapes() -> "SurfaceCache":
    """A shape cache for pygame_gui's theme that keeps nothing.

    pygame_gui keeps the backgrounds it draws in sheets of 1024×1024 pixels, one made with
    every theme and up to three as shapes of new sizes come: 4 to 12 MB per menu manager.
    The menus' buttons are plain rectangles under labels the game draws itself, cheap to
    draw again, so a long evening of screens in several sizes and languages would hold
    those sheets for nothing."""
    from pygame_gui.core.surface_cache import SurfaceCache

    class KeepsNothing(SurfaceCache):
        def __init__(self) -> None:  # no sheet made
            self.cache_surface_size = (0, 0)
            self.cache_surfaces = []
            self.cache_long_term_lookup = {}
            self.cache_short_term_lookup = {}
            self.consider_purging_list = []
            self.low_on_space = False

        def add_surface_to_cache(self, surface: pygame.Surface, string_id: str) -> None:
            return None

        def update(self) -> None:
            return None

    return KeepsNothing()


@lru_cache(maxsize=1)
def _reusing_manager_class() -> Any:
    import pygame_gui

    class ReusingManager(pygame_gui.UIManager):
        """A manager whose theme starts with fonts offered to it, before it loads its own."""

        def __init__(self, size: tuple[int, int], theme: dict[str, Any], offer: "dict[str, FontResource]") -> None:
            self._offer = offer
            self.offered: set[str] = set()
            super().__init__(size, theme, enable_live_theme_updates=False)

        def create_new_theme(self, theme_path: Any = None) -> Any:
            theme = super().create_new_theme(None)  # pygame_gui's defaults, its own two fonts
            loaded = theme.font_dict.loaded_fonts
            self.offered = {font_id for font_id in self._offer if font_id not in loaded}
            loaded.update({font_id: self._offer[font_id] for font_id in self.offered})
            self._offer = {}
            if theme_path is not None:
                theme.load_theme(theme_path)
            return theme

    return ReusingManager
