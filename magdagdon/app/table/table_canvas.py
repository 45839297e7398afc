"""The still parts of the table, kept in one surface shared by the game states and
repainted region by region: only what changed (the board after a placement, the score,
the turn counter) is painted again; each frame then starts with one copy of it."""

from __future__ import annotations

from typing import Callable

import pygame

from magdagdon.engine import Game

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from .board_view import draw_board
from ..audit.draw_log import Role, forget, new_frame_surface, panel
from .hud import draw_background, draw_top_bar
from .layout import Layout
from .score_panel import draw_legend, draw_score_panel
from .tray_view import draw_power_label, draw_tray

Region = tuple[str, pygame.Rect, object, Callable[[pygame.Surface], None]]


UNBOXED = frozenset({"powers", "legend"})  # regions drawn as words on the table, with no box of their own


class TableCanvas:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.keys: dict[str, object] = {}
        self.layout: Layout | None = None
        self.text_generation = 0

    def invalidate(self) -> None:
        self.keys.clear()

    def _regions(self, layout: Layout, game: Game, fonts: FontBook, text: Catalog,
                 score_shown: int | None, todays_dice: bool) -> tuple[Region, ...]:
        preview = game.preview_score()
        board_rect = layout.board.inflate(layout.margin, layout.margin).union(layout.row_sums[-1]).union(layout.col_sums[-1])
        regions: tuple[Region, ...] = (
            ("top", layout.top_bar, (game.turn, game.difficulty, game.seed, text.locale, todays_dice),
             lambda s: draw_top_bar(s, fonts, layout, game, text, todays_dice)),
            ("board", board_rect, (game.board, game.working_board),
             lambda s: draw_board(s, fonts, layout, game.board, game.working_board, text)),
            ("tray", layout.tray, (), lambda s: draw_tray(s, layout)),
            ("powers", layout.power_label, (game.powers_used, game.difficulty, text.locale),
             lambda s: draw_power_label(s, fonts, layout, game, text)),
            ("score", layout.score, (preview.total, preview.base, preview.bonus, preview.ruins, preview.powers_used,
                                     bool(game.staged), score_shown),
             lambda s: draw_score_panel(s, fonts, layout.score, preview, text, preview=bool(game.staged),
                                        shown_total=score_shown, legend=layout.legend is None)),
        )
        if layout.legend is not None:
            legend = layout.legend
            regions += (("legend", legend, (text.locale,), lambda s: draw_legend(s, fonts, legend, text)),)
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
            draw_background(surface, layout)
            self.keys.clear()
            self.layout = layout
        for name, rect, key, paint in self._regions(layout, game, fonts, text, score_shown, todays_dice):
            if name in giving_way:
                key, paint = ("giving way",), _bare
            if self.keys.get(name) != key:
                # The background under a region is painted again rather than copied from a
                # second window-sized surface (one allocation less on a table's first frame).
                forget(surface, name=name)
                surface.set_clip(rect)
                draw_background(surface, layout)
                surface.set_clip(None)
                # The powers' caption and the legend are words on the table, not boxes.
                with panel(surface, name, rect, element=None if name in UNBOXED else Role.PANEL):
                    paint(surface)
                self.keys[name] = key
        target.blit(surface, (0, 0))


def _bare(surface: pygame.Surface) -> None:
    """A region giving way: its background only."""
