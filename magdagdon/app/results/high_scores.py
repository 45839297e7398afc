"""High-score tables, one per difficulty, for all time or for today (the local date): a real
table (rank, name, score, date, turns, powers, hints) and the statistics of those games
(games, average, best, a histogram), drawn with plain pygame inside the menu panel. The
wheel or Page Up/Down scroll a long table; tapping a game opens it in the replay viewer
(its record comes from the archive).

The screen is laid out by a plan (:mod:`.high_scores_plan`) that a presenter keeps while
the body's box, the window, the language, the text scale and the games shown stay the same;
the scroll picks what of it shows (a second, smaller plan). Input clamps the scroll and
hit-tests the rows in them; draw only reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Difficulty, ReplayError
from magdagdon.storage import ScoreEntry, Statistics
from magdagdon.storage.envelope import NewerVersion
from magdagdon.storage.today import todays_table

from ..table.games import Games
from ..text.fonts import FontBook
from ..audit.draw_log import Role, panel
from ..ui import palette
from ..ui.placed import Placed, element, pieces, placed_text
from ..ui.presenter import Presenter
from ..shell.payloads import Payload, ReplayToView, ScoresOf
from ..shell.play_context import PlayContext
from ..shell.screen_key import ScreenKey
from ..services.wall_clock import now
from ..services.store_access import StoreAccess
from ..ui.menu import Item, MenuKit, MenuState
from ..world.world_view import WorldView
from ..ui.body_inputs import body_inputs
from .high_scores_plan import ScoresInputs, ScoresModel, ScoresPlan, ScrollView, Words, plan_scores, view_at

if TYPE_CHECKING:
    from ..world.world_board import WorldBoard
    from ..shell.screens import Services


class HighScores(MenuState):
    title_key = "scores.title"
    wide = True
    drawn_body = True
    body_share = 1.0  # the table takes all the height there is

    def __init__(self, kit: MenuKit, games: Games, storage: StoreAccess, world: "WorldBoard") -> None:
        super().__init__(kit)
        self.games, self.storage = games, storage
        self.world = WorldView(world)  # Today's dice: this table's, or the world board's
        self.shown = games.difficulty
        self.today = False  # False: all time
        self.scroll = 0  # the first game shown; kept within the plan's bounds as it changes
        self.data: tuple[list[ScoreEntry], Statistics] | None = None
        self.loaded = False
        self.daily_view = False  # Today's dice: today's table of the day's own dice
        self.daily_notice = ""  # why Today's dice shows less than daily.json holds (a newer file...)
        self.press: tuple[int, int, bool] | None = None  # a finger on the table: (y, scroll then, dragged)
        self.plans: Presenter[ScoresInputs, ScoresPlan] = Presenter(
            lambda inputs: plan_scores(self.fonts, self.text, inputs))
        self.plan: ScoresPlan | None = None  # what draw reads (None: the menu is not built)
        self.views: Presenter[tuple[ScoresPlan, int], ScrollView | None] = Presenter(self._view)
        self.view: ScrollView | None = None  # what the scroll shows of the plan's table

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.shown = payload.difficulty if isinstance(payload, ScoresOf) else self.games.difficulty
        self.load()  # read now, not as it is drawn: opening the data folder may write (its lock)
        super().enter(context, payload)

    def notices(self) -> list[str]:
        return [self.daily_notice] if self.daily_view and self.daily_notice else []

    def update(self, dt: float) -> None:
        super().update(dt)
        self.present()
        opened, replay = self.world.replay_to_open()
        if opened:
            self.daily_notice = "" if replay is not None else self.text("scores.world_replay_missing")
            if replay is not None:
                self.push(ScreenKey.REPLAY, ReplayToView(replay))
            else:
                self.build()
        if self.showing_world and self.world.arrived():  # taken in here, shown by the next frame
            self.loaded = False
            self.load()
            self.present()
            self.kit.ui.note_change()

    @property
    def showing_world(self) -> bool:
        """Today's dice of the world board, not this table's."""
        return self.daily_view and self.world.shown

    def items(self) -> list[Item]:
        text = self.text
        items = [Item(f"tab:{d.name}", text(f"difficulty.{d.name}"), "#chosen" if d is self.shown else "", row=0)
                 for d in Difficulty]
        items += [Item("period:today", text("scores.today"), "#chosen" if self.today else "", row=1),
                  Item("period:all", text("scores.all_time"), "" if self.today or self.daily_view else "#chosen", row=1),
                  Item("period:daily", text("scores.daily"), "#chosen" if self.daily_view else "", row=1),
                  Item("back", text("button.back"), "#primary", row=1)]  # beside them: more room for games
        if self.daily_view:
            items += self.world.items(text)
        return items

    def on_choice(self, ident: str) -> None:
        if ident.startswith("tab:"):
            self.shown = Difficulty.from_name(ident.split(":", 1)[1])
            self.scroll, self.data, self.loaded = 0, None, False
            self.load()
            self.build()
        elif ident.startswith("board:"):
            self.world.shown = ident == "board:world"
            if self.world.shown:
                self.world.ask(self.games.dice_day(), self.shown)  # each tap asks the board afresh
            self.scroll, self.data, self.loaded = 0, None, False
            self.load()
            self.build()
        elif ident.startswith("period:"):
            self.today = ident == "period:today"
            self.daily_view = ident == "period:daily"
            self.scroll, self.data, self.loaded = 0, None, False
            self.load()  # before the menu is laid out: Today's dice shows the notice of a file left alone
            self.build()
        else:
            self.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel, Page Up/Down and a drag on the table scroll it; a tap on a game (a
        press that did not drag) opens its replay."""
        table = self.plan.table if self.plan is not None else None
        page = max(1, table.visible - 1) if table is not None else 1
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll_to(self.scroll + (page if event.key == pygame.K_PAGEDOWN else -page))
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.entry_at(event.pos) is not None:
            self.press = (event.pos[1], self.scroll, False)
        elif event.type == pygame.MOUSEMOTION and self.press is not None and table is not None:
            start_y, start_scroll, dragged = self.press
            moved = round((start_y - event.pos[1]) / max(1, table.row_h))
            if moved or dragged:
                self.scroll_to(start_scroll + moved)
                self.press = (start_y, start_scroll, True)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            press, self.press = self.press, None
            entry = self.entry_at(event.pos)
            if entry is not None and not (press and press[2]):
                self.open_replay(entry)
                return
        super().handle_event(event)

    # --- the plan -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.present()

    def clear(self) -> None:
        super().clear()
        self.plan = self.view = None

    def inputs(self) -> ScoresInputs | None:
        """What the plan is made from, or None while the menu has no body to lay out."""
        body = self.body_rect
        if body is None:
            return None
        model = self._model()
        return body_inputs(body, self.kit.viewport.size, self.text.locale, self.fonts.scale, model)

    def _model(self) -> ScoresModel:
        if self.data is None:
            unavailable = self.world.message() if self.showing_world else "scores.unavailable"
            return ScoresModel(None, Statistics(), unavailable, "", "")
        entries, stats = self.data
        empty = "scores.world_empty" if self.showing_world else "scores.empty_today" if self.today else "scores.empty"
        todays = self.today or self.daily_view  # the statistics are of the games the table shows
        return ScoresModel(tuple(entries), stats, "", empty, "scores.histogram_today" if todays else "scores.histogram")

    def present(self) -> None:
        """The plan for the screen as it is now (kept while its inputs hold), the scroll
        clamped to it, and what that scroll shows."""
        inputs = self.inputs()
        if inputs is None:
            self.plan = self.view = None
            return
        self.plan = self.plans.present(inputs)
        table = self.plan.table
        self.scroll = table.clamped(self.scroll) if table is not None else 0
        self.view = self.views.present((self.plan, self.scroll))

    def _view(self, at: tuple[ScoresPlan, int]) -> ScrollView | None:
        plan, scroll = at
        return view_at(self.fonts, self.text, plan.table, scroll) if plan.table is not None else None

    def scroll_to(self, scroll: int) -> None:
        self.scroll = max(0, scroll)
        self.present()

    def entry_at(self, pos: tuple[int, int]) -> ScoreEntry | None:
        """The game whose row is at ``pos``, as the table shows now."""
        return next((entry for rect, entry in self.rows if rect.collidepoint(pos)), None)

    @property
    def rows(self) -> list[tuple[pygame.Rect, ScoreEntry]]:
        """Each game shown and its row on screen."""
        if self.view is None or self.data is None:
            return []
        entries = self.data[0]
        return [(rect, entries[index]) for rect, index in self.view.rows]

    @property
    def bar_slots(self) -> list[tuple[int, pygame.Rect]]:
        """Each histogram bucket's column."""
        statistics = self.plan.statistics if self.plan is not None else None
        return [(bar.bucket, bar.slot) for bar in statistics.bars] if statistics is not None else []

    def open_replay(self, entry: ScoreEntry) -> None:
        """The game in the replay viewer; a record that is missing or damaged is one line there.
        A game of the world board is fetched from it first (on the worker)."""
        if self.showing_world:
            self.world.open(entry.replay_id)
            return
        store = self.storage.store
        replay = None
        try:
            if store is not None:
                replay = store.archive.load(entry.replay_id).replay
        except (OSError, ValueError, ReplayError, NewerVersion):  # CorruptFile is a ValueError
            replay = None
        self.push(ScreenKey.REPLAY, ReplayToView(replay))

    # --- data ---------------------------------------------------------------------------
    def load(self) -> tuple[list[ScoreEntry], Statistics] | None:
        """(entries, statistics) of the shown difficulty, or None when storage is unavailable."""
        if not self.loaded:
            self.loaded = True
            store = self.storage.store
            try:
                if self.showing_world:
                    if not self.world.asked_for(self.games.dice_day(), self.shown):
                        self.world.ask(self.games.dice_day(), self.shown)
                    entries = self.world.entries()
                    self.data = None if entries is None else (entries, statistics_of(entries))
                elif store is None:
                    self.data = None
                elif self.daily_view:
                    # The entries that stand on their replays; a newer daily.json is a notice.
                    entries = store.daily_table(self.games.dice_day(), self.shown, now())
                    fresh = self.storage.pull_notices()
                    self.daily_notice = fresh[-1] if fresh else ""
                    self.data = (entries, statistics_of(entries))
                elif self.today:
                    entries = todays_table(store, self.shown, self.games.today())
                    self.data = (entries, statistics_of(entries))
                else:
                    self.data = (store.high_scores(self.shown), store.statistics(self.shown))
            except OSError:  # e.g. another MAGDAGDON holds the data folder too long
                self.data = None
        return self.data

    # --- what the plan places -----------------------------------------------------------
    def placed_body(self) -> tuple[Placed, ...]:
        """The statistics' panel, figures, caption and bars' labels, the table's column
        names, the games the scroll shows and the lines under them (or the message)."""
        plan, view, body = self.plan, self.view, self.body_rect
        if plan is None or body is None:
            return ()
        statistics, table = plan.statistics, plan.table
        if statistics is None:
            return pieces(self._placed_words(plan.message, Role.PAGE, body))
        out = pieces(element(Role.PANEL, statistics.box, "statistics"),
                     self._placed_words(statistics.figures, Role.LABEL, statistics.box),
                     self._placed_words(statistics.caption, Role.LABEL, statistics.chart),
                     self._placed_words(tuple(bar.label for bar in statistics.bars if bar.label is not None),
                                        Role.LABEL, statistics.chart))
        area = plan.message_box
        if table is None or view is None:
            return out + pieces(self._placed_words(plan.message, Role.NAME, area))
        cells = [placed_text(self.fonts, cell.words, table.size, (cell.x, row.top + cell.dy), Role.NAME, area, cell.bold)
                 for row, index in view.rows for cell in table.rows[index]]
        return out + pieces(self._placed_words(table.headers, Role.NAME, area), cells,
                            self._placed_words(view.footer, Role.NAME, area))

    def _placed_words(self, words: tuple[Words, ...], role: Role, box: pygame.Rect) -> list[Placed | None]:
        """``words`` as :func:`_draw_words` draws them (in their own role, else the panel's ``role``)."""
        return [placed_text(self.fonts, piece.words, piece.size, piece.at, piece.role or role, box, piece.bold)
                for piece in words]

    # --- drawing ------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plan, view = self.plan, self.view
        if plan is None:
            return
        statistics, table = plan.statistics, plan.table
        if statistics is None:
            _draw_words(surface, self.fonts, plan.message)
            return
        with panel(surface, "statistics", statistics.box, element=Role.PANEL):
            pygame.draw.rect(surface, palette.CELL_EMPTY, statistics.box, border_radius=statistics.radius)
            _draw_words(surface, self.fonts, statistics.figures)
            with panel(surface, "histogram", statistics.chart):
                _draw_words(surface, self.fonts, statistics.caption)
                pygame.draw.line(surface, palette.PANEL_EDGE, *statistics.axis, 2)
                for bar in statistics.bars:
                    if bar.bar is not None:
                        pygame.draw.rect(surface, palette.LEGAL, bar.bar)
                    if bar.label is not None:
                        _draw_words(surface, self.fonts, (bar.label,))
        with panel(surface, "table", plan.message_box):
            if table is None or view is None:
                _draw_words(surface, self.fonts, plan.message)
                return
            self._draw_table(surface, plan, view)

    def _draw_table(self, surface: pygame.Surface, plan: ScoresPlan, view: ScrollView) -> None:
        """The column names, the games the scroll shows (every second one striped), the scroll
        bar and the lines under them."""
        fonts, table = self.fonts, plan.table
        assert table is not None
        _draw_words(surface, fonts, table.headers)
        area = table.area
        pygame.draw.line(surface, palette.PANEL_EDGE, (area.left, table.rule_y), (area.right, table.rule_y), 2)
        for slot, (row, index) in enumerate(view.rows):
            if slot % 2:
                pygame.draw.rect(surface, palette.PANEL_EDGE, row, border_radius=4)
            for cell in table.rows[index]:
                surface.blit(fonts.render(cell.words, table.size, cell.colour, cell.bold),
                             (cell.x, row.top + cell.dy))
        if table.bar_track is not None and view.thumb is not None:
            track = table.bar_track
            pygame.draw.rect(surface, palette.PANEL_EDGE, track, border_radius=track.width // 2)
            pygame.draw.rect(surface, palette.TEXT_DIM, view.thumb, border_radius=track.width // 2)
        _draw_words(surface, fonts, view.footer)


def _draw_words(surface: pygame.Surface, fonts: "FontBook", pieces: tuple[Words, ...]) -> None:
    for piece in pieces:
        image = fonts.render(piece.words, piece.size, piece.colour, piece.bold)
        surface.blit(image, piece.at)


def statistics_of(entries: list[ScoreEntry]) -> Statistics:
    """The statistics of a day's table (the games it holds)."""
    statistics = Statistics()
    for entry in entries:
        statistics = statistics.add(entry.score)
    return statistics


def screen(services: Services) -> HighScores:
    return HighScores(services.menu, services.games, services.storage, services.world)
