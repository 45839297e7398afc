"""Top bar (name, difficulty, turn, seed), the guide line at the bottom, and banners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..ui import palette
from ..audit.draw_log import Role, new_surface, panel
from ..text.fit import SMALLEST_PX, blit_lines, fit_lines, fitted_size, min_text_px, wrap
from ..ui.palette import Colour
from ..ui.placed import Placed, element, placed_text, stacked_pieces

if TYPE_CHECKING:
    from magdagdon.engine import Difficulty, Game

    from ..text.fonts import FontBook
    from ..text.i18n import Catalog
    from .layout import Layout


def top_buttons(fonts: "FontBook", layout: "Layout", text: "Catalog") -> tuple[pygame.Rect, pygame.Rect]:
    """Hint's and Menu's rects: the layout's, widened (away from the window's edge, Hint
    moving with Menu) where a label at the readable size needs more room: "Consiglio" is
    never broken inside the word."""
    floor = min_text_px(layout.size)
    # Worked out as a left-to-right reader has them (the layout mirrored them for Urdu), then placed.
    window, direction = pygame.Rect((0, 0), layout.size), text.direction
    hint, menu = direction.placed(layout.hint_button, window), direction.placed(layout.menu_button, window)
    gap = menu.left - hint.right
    for rect, label in ((menu, text("hud.menu")), (hint, text("hud.hint"))):
        side = max(4, min(rect.height // 6, rect.width // 10))  # the label's room, as a button keeps it
        need = fonts.size(label, floor, True)[0] + 2 * side + 2
        if need > rect.width:
            rect.left -= need - rect.width
            rect.width = need
    hint.right = menu.left - gap
    return direction.placed(hint, window), direction.placed(menu, window)


def header_parts(text: "Catalog", header: "Header") -> tuple[list[str], ...]:
    """The header's words beside the title, longest first, as room allows: the turn matters
    most, the seed least; a game on today's dice says so before anything but the turn."""
    difficulty = text(f"difficulty.{header.difficulty.name}")
    turn, seed = text("hud.turn", turn=header.turn), text("hud.seed", seed=header.seed)
    if header.todays_dice:
        daily = text("hud.todays_dice")
        return [daily, difficulty, turn, seed], [daily, difficulty, turn], [daily, turn], [turn]
    return [difficulty, turn, seed], [difficulty, turn], [turn]


@dataclass(frozen=True)
class Header:
    """What the top bar says of the game."""

    difficulty: "Difficulty"
    turn: int
    seed: int
    todays_dice: bool

    @classmethod
    def of(cls, game: "Game", todays_dice: bool) -> "Header":
        return cls(game.difficulty, game.turn, game.seed, todays_dice)


@dataclass(frozen=True)
class TopBarPlan:
    """The top bar's words: the title, and beside it as much of the header as fits."""

    title: str
    title_size: int
    title_at: pygame.Rect  # placed for the reading direction
    info: str  # "" where not even the turn fits at a readable size
    info_size: int
    info_at: pygame.Rect


def plan_top_bar(fonts: "FontBook", layout: "Layout", text: "Catalog", header: Header) -> TopBarPlan:
    bar = layout.top_bar
    floor = min_text_px(layout.size)
    size = max(floor, int(bar.height * 0.5))
    title = text("app.title")
    title_w, title_h = fonts.render(title, size, palette.GOLD, bold=True).get_size()  # the picture draw blits
    hint, menu = top_buttons(fonts, layout, text)
    buttons = menu.union(hint)
    room = bar.width - 4 * layout.margin - title_w - buttons.width  # a margin clear of Hint
    direction = text.direction  # the title at the start, the buttons (mirrored by the layout) at the end
    title_rect = pygame.Rect(0, 0, title_w, title_h)
    title_rect.midleft = (bar.left + layout.margin, bar.centery)
    title_at = direction.placed(title_rect, bar)
    info_size = max(floor, int(bar.height * 0.34))
    for shown in header_parts(text, header):  # as much as fits at a readable size
        info = "  ·  ".join(shown)
        fitted = fitted_size(fonts, info, info_size, (max(1, room), 0), False, SMALLEST_PX)
        if fitted >= floor and fonts.size(info, fitted)[0] <= room:
            at = fonts.render(info, fitted, palette.TEXT_DIM).get_rect()
            at.midleft = (bar.left + layout.margin * 2 + title_w, bar.centery)
            return TopBarPlan(title, size, title_at, info, fitted, direction.placed(at, bar))
    return TopBarPlan(title, size, title_at, "", 0, pygame.Rect(0, 0, 0, 0))


def draw_top_bar(surface: pygame.Surface, fonts: "FontBook", layout: "Layout", plan: TopBarPlan) -> None:
    bar = layout.top_bar
    pygame.draw.rect(surface, palette.PANEL, bar)
    pygame.draw.line(surface, palette.PANEL_EDGE, bar.bottomleft, (bar.right, bar.bottom - 1), 2)
    title = fonts.render(plan.title, plan.title_size, palette.GOLD, bold=True)
    surface.blit(title, plan.title_at)
    if plan.info:
        surface.blit(fonts.render(plan.info, plan.info_size, palette.TEXT_DIM), plan.info_at)


def top_bar_pieces(fonts: "FontBook", layout: "Layout", plan: TopBarPlan) -> list[Placed | None]:
    bar = layout.top_bar
    return [element(Role.PANEL, bar, "top"),
            placed_text(fonts, plan.title, plan.title_size, plan.title_at.topleft, Role.TITLE, bar, True),
            placed_text(fonts, plan.info, plan.info_size, plan.info_at.topleft, Role.LABEL, bar) if plan.info else None]


@dataclass(frozen=True)
class GuidePlan:
    """The guide line's words (on one line or two) and, for a warning, its sign."""

    lines: tuple[str, ...]
    size: int
    colour: Colour
    words: pygame.Rect
    sign: pygame.Rect | None


def plan_guide(fonts: "FontBook", layout: "Layout", message: str, colour: Colour = palette.TEXT) -> GuidePlan:
    """The guide line (two where one does not hold it at the readable size); a warning
    (coral or red) carries a warning sign too, so it does not rest on colour alone."""
    rect = layout.guide
    warning = colour in (palette.DANGER, palette.CORAL)
    floor = min_text_px(layout.size)
    icon = min(int(rect.height * 0.7), max(floor, rect.height // 2)) if warning else 0
    room = rect.width - (icon + icon // 3 if warning else 0)
    lines, size = fit_lines(fonts, message, int(rect.height * 0.55), room, rect.height, floor)
    width = max(fonts.size(line, size)[0] for line in lines)
    words = pygame.Rect(0, rect.top, width, rect.height)
    words.centerx = rect.centerx
    sign = None
    if warning:  # the sign before the words, the two centred together
        direction = fonts.direction
        words.x = direction.onward(words.x, (icon + icon // 3) // 2)
        sign = pygame.Rect(direction.before(words, icon // 3, icon), 0, icon, icon)
        sign.centery = rect.centery
    return GuidePlan(tuple(lines), size, colour, words, sign)


def draw_guide(surface: pygame.Surface, fonts: "FontBook", layout: "Layout", plan: GuidePlan) -> None:
    if plan.sign is not None:
        draw_warning_sign(surface, plan.sign, plan.colour)
    with panel(surface, "guide", layout.guide):
        blit_lines(surface, fonts, list(plan.lines), plan.size, plan.colour, plan.words)


def guide_pieces(fonts: "FontBook", layout: "Layout", plan: GuidePlan) -> list[Placed | None]:
    return stacked_pieces(fonts, plan.lines, plan.size, plan.words, Role.GUIDE, layout.guide)


def draw_warning_sign(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A triangle with an exclamation mark, drawn (no font needs the glyph)."""
    points = [(rect.centerx, rect.top), (rect.right, rect.bottom), (rect.left, rect.bottom)]
    pygame.draw.polygon(surface, colour, points)
    bar = max(2, rect.width // 9)
    pygame.draw.line(surface, palette.TEXT_DARK, (rect.centerx, rect.top + rect.height * 0.35),
                     (rect.centerx, rect.top + rect.height * 0.68), bar)
    pygame.draw.circle(surface, palette.TEXT_DARK, (rect.centerx, int(rect.top + rect.height * 0.83)), max(1, bar * 2 // 3))


def draw_banner(surface: pygame.Surface, fonts: "FontBook", rect: pygame.Rect, title: str, lines: list[str],
                colour: Colour = palette.DANGER, title_colour: Colour = palette.TEXT, reserve: int = 0,
                title_scale: float = 0.2, plan: "BannerText | None" = None) -> pygame.Rect:
    """A rounded banner with a big title and wrapped text, shrunk to leave ``reserve``
    pixels free at the bottom (for buttons); returns the free area below the text.
    ``plan``: its text as ``plan_banner_text`` laid it out for ``rect``'s size (None: laid
    out as it is first painted).

    Painted once per look and kept (banners stay up while dice animate under them)."""
    key = ("banner", rect.size, title, tuple(lines), tuple(colour), tuple(title_colour), reserve, title_scale)
    cached = fonts.banners.get(key)
    if cached is None:
        drop = max(3, rect.height // 40)
        image = new_surface((rect.width, rect.height + drop), pygame.SRCALPHA, fonts.logged)
        if plan is None:
            plan = plan_banner_text(fonts, rect.size, title, lines, reserve, title_scale, min_text_px(surface.get_size()))
        free = _paint_banner(image, fonts, pygame.Rect((0, 0), rect.size), title, colour, title_colour, plan)
        cached = (image, free)
        fonts.banners[key] = cached  # a banner is a window-sized picture: FontBook keeps a few
    image, free = cached
    with panel(surface, "banner", rect, element=Role.DIALOG):
        surface.blit(image, rect.topleft)
    return free.move(rect.topleft)


def banner_spots(fonts: "FontBook", rect: pygame.Rect, title: str,
                 plan: "BannerText") -> list[tuple[str, int, bool, tuple[int, int]]]:
    """Where the banner's title and lines go in ``rect``: (words, size, bold, where the
    picture's top-left goes). The title's ink hangs from the inner edge; each line's ink
    is centred in its line."""
    inner = plan.inner.move(rect.topleft)
    ink = fonts.ink(title, plan.title_size, True)
    spots = [(title, plan.title_size, True, (inner.centerx - ink.centerx, inner.top - ink.top))]
    y = inner.top + plan.title_height + under_title(plan.pad, plan.title_size)
    for line in plan.wrapped:
        ink = fonts.ink(line, plan.size)
        spots.append((line, plan.size, False, (inner.centerx - ink.centerx, y + plan.line_height // 2 - ink.centery)))
        y += plan.line_height
    return spots


def banner_pieces(fonts: "FontBook", rect: pygame.Rect, title: str, plan: "BannerText",
                  layer: int = 1) -> list[Placed | None]:
    """The banner ``draw_banner`` paints in ``rect`` from ``plan``: a dialog, its title and lines."""
    return [element(Role.DIALOG, rect, "banner", layer),
            *(placed_text(fonts, words, size, at, Role.TITLE if bold else Role.PAGE, rect, bold, layer)
              for words, size, bold, at in banner_spots(fonts, rect, title, plan))]


@dataclass(frozen=True)
class BannerText:
    """Where a banner's title and lines go, at which sizes, and whether they fit."""
    pad: int
    inner: pygame.Rect
    title_size: int
    title_height: int
    size: int
    wrapped: tuple[str, ...]
    line_height: int
    room: int

    @property
    def fits(self) -> bool:
        return len(self.wrapped) * self.line_height <= self.room


def plan_banner_text(fonts: "FontBook", size: tuple[int, int], title: str, lines: list[str], reserve: int,
                     title_scale: float, floor: int) -> BannerText:
    """Lay the text out in a banner of ``size``: the lines shrink (never below ``floor``)
    until they fit above the ``reserve``d bottom strip. Heights are those of the words'
    ink, so a tall script (Nastaliq) is not given its font's far taller line. Where the
    lines still do not fit, the banner's edges narrow, then its title shrinks (never below
    the lines' size)."""
    width, height = size
    usual_pad = max(8, width // 24)
    title_size = int(height * title_scale)
    plan = _plan_banner(fonts, size, title, lines, reserve, title_size, floor, usual_pad)
    pad = max(8, min(usual_pad, height // 16))
    while not plan.fits:
        plan = _plan_banner(fonts, size, title, lines, reserve, title_size, floor, pad)
        smaller = max(floor, plan.size, int(title_size * 0.9))
        if plan.fits or smaller >= title_size:
            break
        title_size = smaller
    return plan


def _plan_banner(fonts: "FontBook", size: tuple[int, int], title: str, lines: list[str], reserve: int,
                 title_size: int, floor: int, pad: int) -> BannerText:
    width, height = size
    inner = pygame.Rect(0, 0, width, height).inflate(-2 * pad, -2 * pad)
    title_size = fitted_size(fonts, title, title_size, (inner.width, 0), True, SMALLEST_PX)
    title_height = fonts.ink_height(title, title_size, True)
    room = inner.bottom - reserve - (inner.top + title_height + under_title(pad, title_size))
    text_size = max(floor, int(height * 0.075))
    while True:
        wrapped = [line for paragraph in lines for line in wrap(fonts, paragraph, text_size, inner.width)]
        line_height = banner_line_height(fonts, wrapped, text_size)
        if len(wrapped) * line_height <= room or text_size <= floor:
            break
        text_size = max(floor, int(text_size * 0.9))
    return BannerText(pad, inner, title_size, title_height, text_size, tuple(wrapped), line_height, room)


def under_title(pad: int, title_size: int) -> int:
    """The room between a banner's title and its first line: a quarter of the title's size
    at least, or the two read as one block."""
    return max(pad // 4, -(-title_size // 4))


def banner_line_height(fonts: "FontBook", lines: list[str], size: int) -> int:
    """From one of ``lines`` to the next: the tallest one's ink and a quarter of the size."""
    return max([fonts.ink_height(line, size) for line in lines] + [size]) + max(2, size // 4)


def _paint_banner(surface: pygame.Surface, fonts: "FontBook", rect: pygame.Rect, title: str, colour: Colour,
                  title_colour: Colour, plan: BannerText) -> pygame.Rect:
    radius = max(8, min(rect.height, rect.width) // 10)
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (*palette.SHADOW, 200), shadow.get_rect(), border_radius=radius)
    surface.blit(shadow, rect.move(0, max(3, rect.height // 40)))
    pygame.draw.rect(surface, palette.DANGER_DARK if colour == palette.DANGER else palette.PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, colour, rect, width=max(3, rect.height // 50), border_radius=radius)
    inner = plan.inner.move(rect.topleft)
    for words, size, bold, at in banner_spots(fonts, rect, title, plan):
        surface.blit(fonts.render(words, size, title_colour if bold else palette.TEXT, bold=bold), at)
    y = inner.top + plan.title_height + under_title(plan.pad, plan.title_size) + plan.line_height * len(plan.wrapped)
    return pygame.Rect(inner.left, y, inner.width, max(0, inner.bottom - y))


def draw_heart(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: Colour = palette.CORAL) -> None:
    """A heart drawn from two circles and a triangle (no font needed for ♥)."""
    x, y = centre
    r = size // 4
    pygame.draw.circle(surface, colour, (x - r, y - r // 2), r)
    pygame.draw.circle(surface, colour, (x + r, y - r // 2), r)
    pygame.draw.polygon(surface, colour, [(x - 2 * r + 1, y - r // 4), (x + 2 * r - 1, y - r // 4), (x, y + int(1.7 * r))])
