"""The menus' look (``assets/theme/theme.json``), all of it drawn by the game: the buttons'
rounded bodies and rims in each look (:func:`button_body`, :func:`button_corner_radius`),
and the words on and around them, their sizes, weights and colours (:func:`text_look`,
:func:`text_colour`), every size scaled to the window so menus read well from 800×600 to 4K.
pygame_gui's buttons are the click targets under them, with nothing of their own to show
(:func:`click_target_theme`).
"""

from __future__ import annotations

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
    """The menus' buttons' rounded corners at a window size (the theme's radius, scaled; a
    button keeps it within half its height)."""
    return max(6, round(int(_theme_template()["defaults"]["misc"]["shape_corner_radius"]) * ui_scale(size)))


def button_rim_width() -> int:
    """The width of a menu button's rim, in pixels at every window size."""
    return int(_theme_template()["defaults"]["misc"]["border_width"])


# What the theme calls a button's looks: pygame_gui's names for the states it shows.
BUTTON_LOOKS = ("normal", "hovered", "selected", "active", "disabled")


@dataclass(frozen=True)
class ButtonBody:
    """A menu button's body in one look: its fill and the rim round it."""

    fill: tuple[int, int, int]
    rim: tuple[int, int, int]


def button_body(object_id: str, look: str) -> ButtonBody:
    """The fill and rim the theme gives a menu button of style ``object_id`` ("", "#primary",
    "#chosen", "#danger") in ``look`` (one of :data:`BUTTON_LOOKS`; "active": pressed)."""
    _font, colours = _block("button", object_id)
    return ButtonBody(_rgb(colours[f"{look}_bg"]), _rgb(colours[f"{look}_border"]))


TRANSPARENT = "#00000000"


def click_target_theme() -> dict[str, Any]:
    """pygame_gui's theme: its buttons are click targets with nothing to show (plain
    rectangles, no rim, no shadow, every look transparent); the menu draws each button's
    rounded body, rim and shadow itself (``MenuState.draw_button_bodies``), as the table
    draws its buttons. pygame_gui drew a rounded look four times over to smooth its edges,
    some 16 ms a look at 1920×1080 and 60 ms at 3840×2160, so a menu opened, a language
    switched or a window resized cost a fraction of a second to a second. The theme holds
    no fonts either: every word on a menu is the game's own drawing, so pygame_gui opens
    only its two default fonts, once per window size."""
    colours = {f"{look}_{part}": TRANSPARENT for look in BUTTON_LOOKS for part in ("bg", "border", "text")}
    return {"button": {"colours": colours,
                       "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"}}}


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

    manager = UIManager(size, click_target_theme(), enable_live_theme_updates=False)
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
