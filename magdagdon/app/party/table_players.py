"""The party's players on the table: the strip beside the board (below it in portrait) or,
in a window too small for it, the row of chips under the top bar. Planned from the table's
layout, the window, the language, the text scale and what each player shows, and kept until
one of those changes; the table asks for it on each tick, input and change of the window or
the language, and draws the plan it was last handed."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..table.layout import Layout
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui.presenter import Presenter
from .play import PartyPlay, strip_entries
from ..ui.placed import Placed
from .row import ChipPlan, draw_party_row, party_row_pieces, plan_party_row
from .strip import StripEntry, StripTile, draw_party_strip, party_strip_pieces, plan_party_strip

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class PlayersInputs:
    window: tuple[int, int]
    locale: str
    text_scale: float
    strip: Box | None  # the strip's box, or None
    across: bool  # the strip's tiles side by side (portrait)
    roster: Box | None  # the chips' band, or None
    roster_rows: int
    entries: tuple[StripEntry, ...]


@dataclass(frozen=True)
class PlayersPlan:
    strip: tuple[StripTile, ...]
    chips: tuple[ChipPlan, ...]


def plan_players(fonts: FontBook, inputs: PlayersInputs) -> PlayersPlan:
    entries = list(inputs.entries)
    if inputs.strip is not None:
        return PlayersPlan(plan_party_strip(fonts, inputs.window, pygame.Rect(inputs.strip), entries, inputs.across), ())
    if inputs.roster is not None:
        return PlayersPlan((), plan_party_row(fonts, inputs.window, pygame.Rect(inputs.roster), inputs.roster_rows,
                                              entries))
    return PlayersPlan((), ())


def _box(rect: pygame.Rect | None) -> Box | None:
    return None if rect is None else (rect.x, rect.y, rect.width, rect.height)


class TablePlayers:
    """The plan of the party's players on the table, and its drawing."""

    def __init__(self, fonts: FontBook, text: Catalog) -> None:
        self.fonts, self.text = fonts, text
        self.plans: Presenter[PlayersInputs, PlayersPlan] = Presenter(lambda inputs: plan_players(self.fonts, inputs))
        self.plan: PlayersPlan | None = None  # what draw reads

    def present(self, layout: Layout, window: tuple[int, int], party: PartyPlay) -> None:
        inputs = PlayersInputs(window, self.text.locale, self.fonts.scale, _box(layout.strip), layout.portrait,
                               _box(layout.roster), layout.roster_rows, tuple(strip_entries(party, self.text)))
        self.plan = self.plans.present(inputs)

    def draw(self, surface: pygame.Surface) -> None:
        plan = self.plan
        if plan is None:
            return
        draw_party_strip(surface, self.fonts, plan.strip)
        draw_party_row(surface, self.fonts, plan.chips)

    def placed(self) -> list[Placed | None]:
        """The players as ``draw`` draws them from the plan it was last handed."""
        plan = self.plan
        if plan is None:
            return []
        return party_strip_pieces(self.fonts, plan.strip) + party_row_pieces(self.fonts, plan.chips)
