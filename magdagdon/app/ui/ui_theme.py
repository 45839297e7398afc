"""The menus' look (``assets/theme/theme.json``): pygame_gui's buttons take its colours
and shapes; the words the game draws on and around them take its sizes, weights and
colours (:func:`text_look`, :func:`text_colour`), every size scaled to the window so menus
read well from 800×600 to 4K.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from magdagdon.assets_path import asset_path

if TYPE_CHECKING:
    from pygame_gui import UIManager
    from pygame_gui.core.surface_cache import SurfaceCache


@lru_cache(maxsize=1)
def _theme_template() -> dict[str, Any]:
    with open(asset_path("theme", "theme.json"), encoding="utf-8") as file:
        return json.load(file)


def ui_scale(size: tuple[int, int]) -> float:
    return max(0.8, min(3.4, min(size) / 660))


def button_corner_radius(size: tuple[int, int]) -> int:
    """The menus' buttons' rounded corners at a window size (pygame_gui keeps a radius within
    half the button's height)."""
    return max(6, round(12 * ui_scale(size)))


def theme_for(size: tuple[int, int]) -> dict[str, Any]:
    """pygame_gui's theme for a window size: the buttons' colours and shapes (rounded, lit from
    above by a gradient like the table's pieces; a pressed button darker, rimmed in gold;
    their shadows are the menu's drawing, as the table's buttons' are). It holds no
    fonts: every word on a menu is the game's own drawing (``MenuState``), so pygame_gui
    opens only its two default fonts, once per window size (the theme's font sizes are the
    game's, read by :func:`text_look`)."""
    theme = {element: {key: copy.deepcopy(value) for key, value in block.items() if key != "font"}
             for element, block in _theme_template().items()}
    misc = theme["defaults"]["misc"]
    misc["shape_corner_radius"] = str(button_corner_radius(size))
    theme.setdefault("button", {})
    for element in ("button", "text_box"):  # element blocks do not inherit "defaults" misc
        for key, value in misc.items():
            theme.setdefault(element, {}).setdefault("misc", {}).setdefault(key, value)
    return theme


@dataclass(frozen=True)
class TextLook:
    size: int  # pixel size scaled to the window (before Large text, which the fonts apply)
    bold: bool
    colour: tuple[int, int, int]


def _block(element: str, object_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The font and colours of ``element`` with ``object_id``: the defaults, then the
    element's block, then the object id's."""
    template = _theme_template()
    font: dict[str, Any] = dict(template["defaults"]["font"])
    colours: dict[str, Any] = dict(template["defaults"]["colours"])
    for block in (template.get(element, {}), template.get(object_id, {}) if object_id else {}):
        font.update(block.get("font", {}))
        colours.update(block.get("colours", {}))
    return font, colours


def _rgb(value: str) -> tuple[int, int, int]:
    colour = pygame.Color(value)
    return (colour.r, colour.g, colour.b)


def text_look(size: tuple[int, int], element: str, object_id: str = "") -> TextLook:
    """Size, weight and colour the theme gives ``element`` ("label", "button", "text_box")
    with ``object_id`` ("#title", "#primary", ...), for menu text the game draws itself."""
    font, colours = _block(element, object_id)
    return TextLook(max(10, round(int(font["size"]) * ui_scale(size))), font.get("bold") == "1",
                    _rgb(colours["normal_text"]))


def text_colour(element: str, object_id: str = "", state: str = "normal") -> tuple[int, int, int]:
    """The colour the theme gives the words of ``element`` with ``object_id`` in ``state``
    ("normal", "hovered", "selected", "active", "disabled")."""
    _font, colours = _block(element, object_id)
    return _rgb(colours.get(f"{state}_text", colours["normal_text"]))


def make_ui_manager(size: tuple[int, int]) -> "UIManager":
    """A themed ``pygame_gui.UIManager`` for a window size (pygame_gui is imported here, not
    before: it costs ~0.1 s, and the first frame does not need it)."""
    from pygame_gui import UIManager

    manager = UIManager(size, theme_for(size), enable_live_theme_updates=False)
    manager.get_theme().shape_cache = uncached_shapes()
    return manager


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
