"""RuinPick: after accepting MAGDAGDON, the player picks the empty cell to ruin (§7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import PlaceRuin

from ..ui import palette
from ..ui.palette import Colour
from .games import Games
from .hud import BannerText, banner_pieces, draw_banner, plan_banner_text
from ..ui.placed import Placed
from .layout import Layout
from ..text.fonts import FontBook
from ..ui.presenter import Presenter
from ..text.fit import min_text_px
from ..ui.widgets import Button
from ..shell.payloads import Payload
from ..shell.play_context import PlayContext
from ..shell.screen_key import ScreenKey
from .table_state import TableKit, TableState

if TYPE_CHECKING:
    from ..shell.screens import Services


TITLE_SCALE = 0.2  # the banner's title, as a share of its height (draw_banner's own)


class RuinPick(TableState):
    key = ScreenKey.RUIN_PICK
    hint_allowed = True

    def __init__(self, kit: TableKit, games: Games) -> None:
        super().__init__(kit, games)
        self.banners: Presenter[BannerInputs, tuple[pygame.Rect, BannerText]] = Presenter(
            lambda given: plan_ruin_banner(kit.fonts, given))

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        empty = self.game.board.empty_cells()
        self.input.focus = ("cell", empty[0]) if empty else None

    def state_buttons(self) -> list[Button]:
        text, layout = self.text, self.layout
        if self.banner_rect() != layout.tray:  # the banner stands over them: neither is of use now
            return []
        return [Button("confirm", layout.primary, text("button.confirm"), False, "primary"),
                Button("take_back_all", layout.take_back_all, text("button.take_back_all"), False)]

    def on_cell(self, cell: int) -> None:
        action = PlaceRuin(cell)
        if self.game.is_legal(action):
            self.perform(action)

    def lit_cells(self) -> tuple[frozenset[int], Colour]:
        return frozenset(self.game.board.empty_cells()), palette.DANGER

    def guide(self) -> tuple[str, Colour]:
        return self.text("guide.ruin_pick"), palette.DANGER

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        title, lines = self.banner_words()
        rect, plan = self.banner
        draw_banner(surface, self.fonts, rect, title, lines, palette.DANGER, title_scale=TITLE_SCALE, plan=plan)

    def extra_pieces(self) -> list[Placed | None]:
        rect, plan = self.banner
        return banner_pieces(self.fonts, rect, self.banner_words()[0], plan)

    def banner_words(self) -> tuple[str, list[str]]:
        text = self.text
        return text("banner.ruin_pick"), [text("banner.ruin_pick_why")]

    def present_extra(self) -> None:
        title, lines = self.banner_words()
        self.banner = self.banners.present(BannerInputs(self.layout, self.fonts.generation, title, tuple(lines)))

    def banner_rect(self) -> pygame.Rect:
        return self.banner[0].copy()


@dataclass(frozen=True)
class BannerInputs:
    layout: Layout
    text_generation: int
    title: str
    lines: tuple[str, ...]


def plan_ruin_banner(fonts: FontBook, given: BannerInputs) -> tuple[pygame.Rect, BannerText]:
    """The banner in the tray (empty while a ruin is picked); where its title and sentence
    do not fit there (Urdu in a small window), over the row of CONFIRM and Take back all
    too, which a ruin pick cannot use."""
    layout, lines = given.layout, list(given.lines)
    floor = min_text_px(layout.size)
    tray = layout.tray
    words = plan_banner_text(fonts, tray.size, given.title, lines, 0, TITLE_SCALE, floor)
    if words.fits:
        return tray.copy(), words
    rect = tray.union(layout.primary).union(layout.take_back_all)
    return rect, plan_banner_text(fonts, rect.size, given.title, lines, 0, TITLE_SCALE, floor)


def screen(services: Services) -> RuinPick:
    return RuinPick(services.table, services.games)
