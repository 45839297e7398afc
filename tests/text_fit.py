"""The fit check behind tests/test_text_fit.py: open a screen, draw it whole, and list every
text that does not fit its box or is drawn smaller than the readable floor.

What counts as a box:
- every ``FontBook.fit(text, size, width)``: the width it was given (buttons, cells, lines);
- every menu label and button label: its rect; every line of a menu page: the page's width;
- every region of the table canvas (top bar, board, powers caption, score panel): its rect;
- every name and score in the party's compact players' row: its chip.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, Callable

import pygame

from magdagdon.app.render import hud
from magdagdon.app.render.hud import min_text_px
from magdagdon.app.party_play import strip_entries
from magdagdon.app.render.menu_text import ink_rect
from magdagdon.app.render.party_row import draw_party_row
from magdagdon.app.render.party_strip import draw_party_strip
from magdagdon.app.states.menu import MenuState
from magdagdon.app.states.table import TableState

from support.player import Player

PSEUDO = "xx"  # English made 30 % longer, to find boxes only just wide enough


def readable_floor(size: tuple[int, int]) -> int:
    """The smallest text allowed: 16 px at 800x600, growing with the window."""
    return min_text_px(size)


def write_pseudo_catalogs(source: Path, target: Path) -> None:
    """The shipped catalogs plus ``xx.json``: each English text 30 % longer."""
    target.mkdir(parents=True, exist_ok=True)
    for path in source.glob("*.json"):
        (target / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    english = json.loads((source / "en.json").read_text(encoding="utf-8"))
    pseudo = {key: lengthen(value) if isinstance(value, str) else value for key, value in english.items()}
    pseudo["_meta"] = {**english["_meta"], "locale": PSEUDO, "name": "Pseudo"}
    (target / f"{PSEUDO}.json").write_text(json.dumps(pseudo, ensure_ascii=False), encoding="utf-8")


def lengthen(text: str) -> str:
    """Each word ~30 % longer (placeholders and markup kept): "Play" -> "Plaay"."""
    def stretch(match: re.Match[str]) -> str:
        word = match.group(0)
        extra = math.ceil(len(word) * 0.3)
        middle = len(word) // 2
        return word[:middle] + word[middle - 1:middle] * extra + word[middle:] if len(word) > 1 else word + word

    parts = re.split(r"(\{[^}]*\}|<[^>]*>|%[A-Za-z])", text)
    return "".join(part if i % 2 else re.sub(r"[^\W\d_]+", stretch, part) for i, part in enumerate(parts))


class Problems:
    def __init__(self, where: str) -> None:
        self.where = where
        self.found: list[str] = []

    def add(self, what: str) -> None:
        line = f"{self.where}: {what}"
        if line not in self.found:
            self.found.append(line)


def check_screen(player: Player, where: str) -> list[str]:
    """Redraw the whole screen and return what does not fit."""
    control = player.control
    fonts, size = control.fonts, control.window.surface.get_size()
    floor = readable_floor(size)
    problems = Problems(where)
    real_fit, real_render = fonts.fit, fonts.render

    too_wide: dict[tuple[str, int, bool], int] = {}  # fitted sizes at which the text still overflows

    def fit(text: str, wanted: int, max_width: int, bold: bool = False) -> int:
        fitted = real_fit(text, wanted, max_width, bold)
        if text.strip() and fonts.size(text, fitted, bold)[0] > max_width:
            too_wide[(text, int(fitted), bold)] = max_width
        return fitted

    def render(text: str, points: int, colour: Any, bold: bool = False) -> pygame.Surface:
        if text.strip() and any(ch.isalpha() or ch.isdigit() for ch in text) and int(points) < floor:
            problems.add(f"{text!r} at {int(points)} px, below {floor} px")
        box = too_wide.get((text, int(points), bold))
        if box is not None:  # drawn at a size that was fitted and still did not fit
            problems.add(f"{text!r} is {fonts.size(text, points, bold)[0]} px wide in a {box} px box")
        return real_render(text, points, colour, bold)

    real_plan = hud.plan_banner_text

    def plan_banner(*args: Any) -> hud.BannerText:  # a banner painted whole: its lines within it
        plan = real_plan(*args)
        if not plan.fits:
            problems.add(f"banner {args[2]!r}: {len(plan.wrapped)} lines of {plan.line_height} px in {plan.room} px")
        return plan

    fonts.fit, fonts.render = fit, render  # type: ignore[method-assign]
    hud.plan_banner_text = plan_banner
    fonts.banners.clear()  # banners are painted again, through the check
    try:
        control.machine.resize()  # menus rebuild (and fit) their words
        for state in control.machine.stack:
            if isinstance(state, TableState):
                _check_canvas(state, problems)
                _check_party_row(state, problems)
        player.fresh()
        top = control.machine.top
        if isinstance(top, MenuState) and top.built:
            _check_menu(top, problems)
    finally:
        del fonts.fit, fonts.render
        hud.plan_banner_text = real_plan
    return problems.found


def _check_canvas(state: TableState, problems: Problems) -> None:
    """Each region of the table painted alone: its words' ink inside its rect."""
    kit = state.kit
    layout = kit.viewport.layout
    game = state.session.game
    for name, rect, _key, paint in kit.canvas._regions(layout, game, kit.fonts, kit.text, None):
        surface = _InkSurface(layout.size, kit.fonts)
        paint(surface)
        for text, ink in surface.inks():
            if not rect.inflate(2, 2).contains(ink):
                problems.add(f"{text!r} leaves the {name} region ({ink} outside {rect})")


def _check_menu(menu: MenuState, problems: Problems) -> None:
    for label in menu.labels:
        ink = ink_rect(label.image)
        if ink.width > label.rect.width or ink.height > label.rect.height:
            problems.add(f"menu label {label.text!r} ink {ink.size} in a {label.rect.size} box")
    window = pygame.Rect((0, 0), menu.kit.viewport.size)
    for button, ident in menu.buttons:
        if not window.contains(button.rect):
            problems.add(f"button {ident!r} at {button.rect} leaves the window")
        words = menu.button_labels.get(ident, "")
        surface = _InkSurface(menu.kit.viewport.size, menu.fonts)
        menu.draw_button_label(surface, button, words)
        for text, ink in surface.inks():
            if not button.rect.contains(ink):
                problems.add(f"button {text!r} ink {ink} outside {button.rect}")
    if menu.page is not None:
        view = menu._page_view()
        size = menu._page_size()
        for line in menu.page.lines:
            width = menu.fonts.styled_width(line.spans, size, line.bold)  # bold and italic words included
            if width > view.width:
                problems.add(f"page line {line.text!r} is {width} px in a {view.width} px page")


def _check_party_row(state: TableState, problems: Problems) -> None:
    """The compact players' row: each name and score inside its own chip; the strip: each
    word inside the room its tile gives words (beside or above the mini board)."""
    layout = state.kit.viewport.layout
    party = state.party
    if party is not None and "strip" in layout.extras:
        surface = _InkSurface(layout.size, state.fonts)
        tiles = draw_party_strip(surface, state.fonts, layout.extras["strip"], strip_entries(party, state.text),
                                 across=layout.portrait)
        for text, ink in surface.inks():  # words in their room, digits on the mini board
            if not any(room.inflate(2, 2).contains(ink) or board.contains(ink) for room, board in tiles):
                problems.add(f"players' strip text {text!r} ink {ink} outside its room")
    if party is None or "roster" not in layout.extras:
        return
    surface = _InkSurface(layout.size, state.fonts)
    chips = draw_party_row(surface, state.fonts, layout.extras["roster"], layout.extras["roster_rows"],
                           strip_entries(party, state.text))
    for text, ink in surface.inks():
        if not any(chip.contains(ink) for chip in chips):
            problems.add(f"players' row text {text!r} ink {ink} outside its chip")


class _InkSurface(pygame.Surface):
    """Notes where each text the fonts render lands when blitted onto it."""

    def __init__(self, size: tuple[int, int], fonts: Any) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.placed: list[tuple[str, pygame.Rect]] = []
        self.fonts = fonts
        self.made: dict[int, str] = {}
        real: Callable[..., pygame.Surface] = fonts.render
        self.previous = real

        def spy(text: str, points: int, colour: Any, bold: bool = False) -> pygame.Surface:
            image = real(text, points, colour, bold)
            self.made[id(image)] = text
            return image

        fonts.render = spy

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        text = self.made.get(id(source))
        if text and text.strip() and area is None:
            topleft = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            self.placed.append((text, ink_rect(source).move(topleft)))
        return rect

    def inks(self) -> list[tuple[str, pygame.Rect]]:
        self.fonts.render = self.previous
        return self.placed
