"""The still parts of the table, kept in one surface shared by the game states and
repainted region by region: only what changed (the board after a placement, the score,
the turn counter) is painted again; each frame then starts with one copy of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from magdagdon.engine import Board, Difficulty, Game, ScoreBreakdown, score

from ..text.fit import min_text_px
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui.presenter import Presenter
from .board_view import SumWords, board_pieces, draw_board, plan_sums
from ..audit.draw_log import Role, forget, new_frame_surface, panel
from ..ui.background import draw_background
from .hud import Header, TopBarPlan, draw_top_bar, plan_top_bar, top_bar_pieces
from .layout import Layout
from .score_panel import (LegendPlan, ScorePanel, draw_legend, draw_score_panel, legend_pieces, plan_legend,
                          plan_panel, score_pieces)
from .tray_view import (PowerCaption, PowersShown, draw_power_label, draw_tray, plan_power_label,
                        power_label_pieces, tray_pieces)
from ..ui.placed import Placed

Region = tuple[str, pygame.Rect, object, Callable[[pygame.Surface], None]]


UNBOXED = frozenset({"powers", "legend"})  # regions drawn as words on the table, with no box of their own


@dataclass(frozen=True)
class Setting:
    """What every still part is laid out in: the table's layout (the window, mirrored or
    not), the language and the text size (the font book's generation)."""

    layout: Layout
    locale: str
    text_generation: int


@dataclass(frozen=True)
class ScoreShown:
    """What the score panel shows: the score of the working board (the staged dice's
    preview, in gold), told by what it is scored from (scoring it is the plan's work)."""

    board: Board
    difficulty: Difficulty
    powers_used: int
    staged: bool

    def breakdown(self) -> ScoreBreakdown:
        return score(self.board, self.difficulty, self.powers_used)


@dataclass(frozen=True)
class StillPlan:
    """The still parts' words, sizes and lines, as the canvas paints them."""

    top: TopBarPlan
    sums: tuple[SumWords, ...]
    powers: PowerCaption
    score: ScorePanel
    legend: LegendPlan | None


def still_pieces(fonts: FontBook, text: Catalog, layout: Layout, plan: StillPlan, score_shown: int | None = None,
                 giving_way: frozenset[str] = frozenset()) -> list[Placed | None]:
    """The still parts as ``TableCanvas.draw`` paints them from ``plan`` (the regions
    ``giving_way`` to a coach mark left bare)."""
    out = top_bar_pieces(fonts, layout, plan.top) + board_pieces(fonts, layout, plan.sums) + tray_pieces(layout)
    if "powers" not in giving_way:
        out += power_label_pieces(fonts, layout, text, plan.powers)
    out += score_pieces(fonts, plan.score, text, plan.score.total if score_shown is None else score_shown)
    if plan.legend is not None and "legend" not in giving_way:
        out += legend_pieces(fonts, plan.legend)
    return out


class StillPlans:
    """One presenter for each still part, so a staged die plans the sums and the score again
    and not the header: each part's plan is kept while its setting and what it shows hold."""

    def __init__(self, fonts: FontBook, text: Catalog) -> None:
        self.fonts, self.text = fonts, text

        def floor(setting: Setting) -> int:
            return min_text_px(setting.layout.size)

        self.top: Presenter[tuple[Setting, Header], TopBarPlan] = Presenter(
            lambda given: plan_top_bar(fonts, given[0].layout, text, given[1]))
        self.sums: Presenter[tuple[Setting, Board], tuple[SumWords, ...]] = Presenter(
            lambda given: plan_sums(fonts, given[0].layout, given[1], floor(given[0])))
        self.powers: Presenter[tuple[Setting, PowersShown], PowerCaption] = Presenter(
            lambda given: plan_power_label(fonts, given[0].layout, text, given[1]))
        self.score: Presenter[tuple[Setting, ScoreShown], ScorePanel] = Presenter(
            lambda given: plan_panel(fonts, given[0].layout.score, given[1].breakdown(), text, given[1].staged,
                                     floor(given[0]), legend=given[0].layout.legend is None))
        self.legend: Presenter[Setting, LegendPlan] = Presenter(
            lambda setting: plan_legend(fonts, setting.layout.legend or setting.layout.score, text, floor(setting)))

    def present(self, layout: Layout, game: Game, todays_dice: bool) -> StillPlan:
        setting = Setting(layout, self.text.locale, self.fonts.generation)
        return StillPlan(
            self.top.present((setting, Header.of(game, todays_dice))),
            self.sums.present((setting, game.working_board)),
            self.powers.present((setting, PowersShown.of(game))),
            self.score.present((setting, ScoreShown(game.working_board, game.difficulty, game.powers_used,
                                                    bool(game.staged)))),
            self.legend.present(setting) if layout.legend is not None else None,
        )

    @property
    def plans_made(self) -> int:
        return sum(presenter.plans_made for presenter in (self.top, self.sums, self.powers, self.score, self.legend))


class TableCanvas:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.keys: dict[str, object] = {}
        self.layout: Layout | None = None
        self.text_generation = 0
        self.plans: StillPlans | None = None

    def invalidate(self) -> None:
        self.keys.clear()

    def present(self, layout: Layout, game: Game, fonts: FontBook, text: Catalog, todays_dice: bool) -> StillPlan:
        """The still parts' plan for the game as it stands: the one kept where nothing it
        was made from changed. The table asks on each update, input and change of the
        window, the language or the text size; draw asks again and so finds it made."""
        plans = self.plans
        if plans is None or plans.fonts is not fonts or plans.text is not text:
            plans = self.plans = StillPlans(fonts, text)
        return plans.present(layout, game, todays_dice)

    def _regions(self, layout: Layout, game: Game, fonts: FontBook, text: Catalog, plan: StillPlan,
                 score_shown: int | None) -> tuple[Region, ...]:
        board_rect = layout.board.inflate(layout.margin, layout.margin).union(layout.row_sums[-1]).union(layout.col_sums[-1])
        shown = plan.score.total if score_shown is None else score_shown
        regions: tuple[Region, ...] = (
            ("top", layout.top_bar, plan.top, lambda s: draw_top_bar(s, fonts, layout, plan.top)),
            ("board", board_rect, (game.board, plan.sums),
             lambda s: draw_board(s, fonts, layout, game.board, plan.sums)),
            ("tray", layout.tray, (), lambda s: draw_tray(s, layout)),
            ("powers", layout.power_label, plan.powers, lambda s: draw_power_label(s, fonts, layout, text, plan.powers)),
            ("score", layout.score, (plan.score, shown), lambda s: draw_score_panel(s, fonts, plan.score, text, shown)),
        )
        legend = plan.legend
        if legend is not None:
            regions += (("legend", legend.rect, legend, lambda s: draw_legend(s, fonts, legend)),)
        return regions

    def draw(self, target: pygame.Surface, layout: Layout, game: Game, fonts: FontBook, text: Catalog,
             score_shown: int | None = None, todays_dice: bool = False,
             giving_way: frozenset[str] = frozenset()) -> None:
        """``score_shown``: the total while it counts up (None: the game's); ``todays_dice``:
        the game plays a day's dice (the header names them); ``giving_way``: regions painted
        bare for a moment (a coach mark stands in the powers' label or the legend)."""
        surface = self.surface
        if fonts.generation != self.text_generation:  # text size changed: repaint every region
            self.text_generation = fonts.generation
            self.keys.clear()
        if surface is None or surface.get_size() != target.get_size():
            # Made in the window's pixel format (allocating and then ``convert()``-ing a
            # 1080p surface costs ~20 ms, a noticeable part of start-up).
            surface = self.surface = new_frame_surface(target.get_size(), target, fonts.logged)
            self.layout = None
        if self.layout is not layout:  # a new layout at the same size (a party's band) reuses the surface
            forget(surface)
            draw_background(surface, layout.size)
            self.keys.clear()
            self.layout = layout
        plan = self.present(layout, game, fonts, text, todays_dice)
        for name, rect, key, paint in self._regions(layout, game, fonts, text, plan, score_shown):
            if name in giving_way:
                key, paint = ("giving way",), _bare
            if self.keys.get(name) != key:
                # The background under a region is painted again rather than copied from a
                # second window-sized surface (one allocation less on a table's first frame).
                forget(surface, name=name)
                surface.set_clip(rect)
                draw_background(surface, layout.size)
                surface.set_clip(None)
                # The powers' caption and the legend are words on the table, not boxes.
                with panel(surface, name, rect, element=None if name in UNBOXED else Role.PANEL):
                    paint(surface)
                self.keys[name] = key
        target.blit(surface, (0, 0))


def _bare(surface: pygame.Surface) -> None:
    """A region giving way: its background only."""
