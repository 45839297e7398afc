"""High-score tables, one per difficulty, for all time or for today (the local date): a real
table (rank, name, score, date, turns, powers, hints) and the statistics of those games
(games, average, best, a histogram), drawn with plain pygame inside the menu panel. The
wheel or Page Up/Down scroll a long table; tapping a game opens it in the replay viewer
(its record comes from the archive)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import pygame

from magdagdon.engine import Difficulty, ReplayError
from magdagdon.storage import HISTOGRAM_BUCKET, ScoreEntry, Statistics
from magdagdon.storage.envelope import NewerVersion
from magdagdon.storage.today import todays_table

from ..text.fonts import FontBook
from ..table.games import Games
from ..audit.draw_log import Role, as_role, new_surface, panel
from ..ui import palette
from ..text.fit import fitted_block, min_text_px
from ..text.ellipsis import shortened
from ..text.menu_text import blit_ink, ink_rect
from ..text.numbers import signed
from ..ui.palette import Colour
from ..shell.payloads import Payload, ReplayToView, ScoresOf
from ..shell.play_context import PlayContext
from ..services.wall_clock import now
from ..services.store_access import StoreAccess
from ..ui.menu import Item, MenuKit, MenuState
from ..world.world_view import WorldView
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..world.world_board import WorldBoard
    from ..shell.screens import Services

# column key, share of the width, alignment
COLUMNS = (("rank", 0.07, "right"), ("name", 0.21, "left"), ("score", 0.13, "right"), ("date", 0.28, "left"),
           ("turns", 0.1, "right"), ("powers", 0.11, "right"), ("assisted", 0.1, "center"))


def mirrored_columns() -> tuple[tuple[str, float, str], ...]:
    """The columns as a right-to-left reader reads them: rank on the right."""
    swap = {"left": "right", "right": "left", "center": "center"}
    return tuple((key, share, swap[align]) for key, share, align in reversed(COLUMNS))


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
        self.scroll = 0
        self.floor = 14
        self.data: tuple[list[ScoreEntry], Statistics] | None = None
        self.loaded = False
        self.rows: list[tuple[pygame.Rect, ScoreEntry]] = []  # where each shown game was drawn
        self.daily_view = False  # Today's dice: today's table of the day's own dice
        self.bar_slots: list[tuple[int, pygame.Rect]] = []  # each histogram bucket's column, as last drawn
        self.daily_notice = ""  # why Today's dice shows less than daily.json holds (a newer file...)
        self.visible = 1  # how many games the table showed at once, as last drawn
        self.press: tuple[int, int, bool] | None = None  # a finger on the table: (y, scroll then, dragged)

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.shown = payload.difficulty if isinstance(payload, ScoresOf) else self.games.difficulty
        self.load()  # read now, not as it is drawn: opening the data folder may write (its lock)
        super().enter(context, payload)

    def notices(self) -> list[str]:
        return [self.daily_notice] if self.daily_view and self.daily_notice else []

    def update(self, dt: float) -> None:
        super().update(dt)
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
        page = max(1, self.visible - 1)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll + (page if event.key == pygame.K_PAGEDOWN else -page))
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and any(rect.collidepoint(event.pos) for rect, _ in self.rows):
            self.press = (event.pos[1], self.scroll, False)
        elif event.type == pygame.MOUSEMOTION and self.press is not None and self.rows:
            start_y, start_scroll, dragged = self.press
            row_h = self.rows[0][0].height
            moved = round((start_y - event.pos[1]) / max(1, row_h))
            if moved or dragged:
                self.scroll = max(0, start_scroll + moved)
                self.press = (start_y, start_scroll, True)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            press, self.press = self.press, None
            entry = next((entry for rect, entry in self.rows if rect.collidepoint(event.pos)), None)
            if entry is not None and not (press and press[2]):
                self.open_replay(entry)
                return
        super().handle_event(event)

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

    # --- drawing ------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        text = self.text
        floor = self.floor = min_text_px(surface.get_size())
        size = max(floor, min(rect.height // 26, int(floor * 1.5)))
        loaded = self.data
        if loaded is None:
            message = self.world.message() if self.showing_world else "scores.unavailable"
            self._centred(surface, rect, text(message), size)
            return
        entries, stats = loaded
        # The largest size, down to the readable floor, at which every game shows; else the
        # floor, which shows the most (the rest a scroll away).
        sizes = [size]
        while sizes[-1] > floor:
            sizes.append(max(floor, int(sizes[-1] * 0.9)))
        for size in sizes:
            plan = self._plan(rect, entries, size)
            if plan.visible >= len(entries):
                break
        figures = pygame.Rect(rect.left, rect.top, rect.width, plan.stats_h)
        with panel(surface, "statistics", figures, Role.LABEL, element=Role.PANEL):
            self._draw_statistics(surface, figures, stats, size)
        with panel(surface, "table", plan.area, Role.NAME):
            if not entries:
                self.rows = []
                empty = "scores.world_empty" if self.showing_world else \
                    "scores.empty_today" if self.today else "scores.empty"
                self._centred(surface, plan.area, text(empty), int(size * 1.2))
                return
            self._draw_table(surface, plan, entries)

    def _plan(self, rect: pygame.Rect, entries: list[ScoreEntry], size: int) -> "TablePlan":
        """Where everything goes at ``size``: the statistics, the table's columns and lines,
        how many games show at once, and the lines under them."""
        text = self.text
        stats_h = self._statistics_height(rect.width, size)
        area = pygame.Rect(rect.left, rect.top + stats_h + size // 2, rect.width, rect.height - stats_h - size // 2)
        fmt = text("scores.date_format")
        rows = [self._values(entry, rank, fmt) for rank, entry in enumerate(entries, 1)]
        footer = self._footer(entries, area.width, size)
        longest = [_filled(line, text("scores.more_below", count=len(entries))) for line in footer]
        footer_hs = [self._line_step([(line,)], size)[1].height + size // 3 for line in longest]
        bar_w = max(4, size // 3)
        table = self._fit_columns(rows, area.width, size)
        visible = max(1, (area.height - sum(footer_hs) - table.header_h) // table.row_h)
        scrolls = len(entries) > visible
        if scrolls:  # a scroll bar at the side: the columns give it room
            table = self._fit_columns(rows, area.width - bar_w * 2, table.size)
            visible = max(1, (area.height - sum(footer_hs) - table.header_h) // table.row_h)
        return TablePlan(stats_h, area, rows, table, visible, scrolls, bar_w, footer, footer_hs)

    def _centred(self, surface: pygame.Surface, rect: pygame.Rect, message: str, size: int) -> None:
        image = fitted_block(self.fonts, message, size, rect.size, palette.TEXT_DIM, False, self.floor)
        blit_ink(surface, image, rect)

    def _figures(self) -> list[str]:
        text = self.text
        return [text("scores.stats_games"), text("scores.stats_average"), text("scores.stats_best")]

    def _statistics_height(self, width: int, size: int) -> int:
        """The figures (spaced by the ink of the language's words) or the histogram's
        caption, bars and axis, whichever needs more."""
        pad = size // 2
        _, _, figures = self._figures_plan(width - 2 * pad, size)
        chart = self._ink_h(self._caption(), size) + size * 3 // 2 + self._ink_h("0", size) + 8
        return max(figures, chart) + 2 * pad

    def _figures_plan(self, width: int, size: int) -> tuple[bool, int, int]:
        """(side by side, the block's width, its height): three lines of a label and its
        figure, or — where that is lower (Nastaliq's lines are tall) and fits — three
        columns of a label over its figure."""
        labels, pad, gap = self._figures(), size // 2, max(2, size // 5)
        step, reach = self._line_step([(label, "000") for label in labels], size)
        lines = (False, int(width * 0.36), reach.height + 2 * step)
        columns_h = self._reach(tuple(labels), size).height + gap + self._reach(("0123456789",), size, True).height
        columns_w = sum(self.fonts.size(label, size)[0] + 2 * pad for label in labels)
        if columns_h < lines[2] and columns_w <= width * 0.55:
            return True, max(columns_w, lines[1]), columns_h
        return lines

    def _line_step(self, lines: Sequence[tuple[str, ...]], size: int, bold: bool = False) -> tuple[int, pygame.Rect]:
        """(from one baseline to the next, the ink of a line around its baseline) for lines
        of words set side by side: evenly spaced, no line's ink into the next one's."""
        reaches = [self._reach(words, size, bold) for words in lines]
        gap = max(2, size // 5)
        step = max([round(size * 1.25)] + [a.bottom + gap - b.top for a in reaches for b in reaches])
        reach = reaches[0].unionall(reaches[1:]) if len(reaches) > 1 else reaches[0]
        return step, reach

    def _reach(self, words: tuple[str, ...], size: int, bold: bool = False) -> pygame.Rect:
        """How far the ink of ``words``, each set on one baseline (y = 0), reaches."""
        fonts = self.fonts
        inks = [fonts.ink(word, size, bold).move(0, -fonts.baseline(word, size, bold)) for word in words if word.strip()]
        if not inks:
            return pygame.Rect(0, -size, 1, size)
        return inks[0].unionall(inks[1:])

    def _ink_h(self, words: str, size: int, bold: bool = False) -> int:
        return max(1, self.fonts.ink_height(words, size, bold))

    def _caption(self) -> str:
        todays = self.today or self.daily_view  # the statistics are of the games the table shows
        return self.text("scores.histogram_today" if todays else "scores.histogram", bucket=HISTOGRAM_BUCKET)

    def _draw_statistics(self, surface: pygame.Surface, rect: pygame.Rect, stats: Statistics, size: int) -> None:
        text = self.text
        pygame.draw.rect(surface, palette.CELL_EMPTY, rect, border_radius=max(6, size // 2))
        pad = size // 2
        inner = rect.inflate(-2 * pad, -2 * pad)
        none = text("scores.stats_none")
        average = none if stats.average is None else f"{stats.average:.0f}"
        best = none if stats.best is None else str(stats.best)
        figures = list(zip(self._figures(), (str(stats.games), average, best)))
        side_by_side, figures_w, figures_h = self._figures_plan(inner.width, size)
        # The figures where the reader starts (labels first), the chart after them.
        block = pygame.Rect(inner.left, inner.top, figures_w, inner.height)
        chart = pygame.Rect(block.right + pad * 2, inner.top, inner.width - figures_w - pad * 2, inner.height)
        block, chart = text.direction.placed(block, inner), text.direction.placed(chart, inner)
        if side_by_side:
            self._draw_figure_columns(surface, block, figures, size, figures_h)
        else:
            self._draw_figure_lines(surface, block, figures, size)
        with panel(surface, "histogram", chart):
            self._draw_histogram(surface, chart, stats, max(self.floor, int(size * 0.8)))

    def _draw_figure_lines(self, surface: pygame.Surface, block: pygame.Rect, figures: list[tuple[str, str]],
                           size: int) -> None:
        """Each figure on its line: the label at the reader's start, the number at the end."""
        fonts, direction, pad = self.fonts, self.text.direction, size // 2
        step, reach = self._line_step([(label, "000") for label, _ in figures], size)
        top = block.top + (block.height - reach.height - 2 * step) // 2 - reach.top
        for i, (label, value) in enumerate(figures):
            baseline = top + i * step
            value_img = fonts.render(value, size, palette.GOLD if i == 2 else palette.TEXT, bold=True)
            room = block.width - value_img.get_width() - pad
            label_size = max(self.floor, fonts.fit(label, size, room))
            shown = shortened(fonts, label, label_size, room, False)
            label_img = fonts.render(shown, label_size, palette.TEXT_DIM)
            label_at = direction.placed(label_img.get_rect(left=block.left, top=baseline - fonts.baseline(shown, label_size)),
                                        block)
            value_at = direction.placed(value_img.get_rect(right=block.right, top=baseline - fonts.baseline(value, size, True)),
                                        block)
            surface.blit(label_img, label_at)
            with as_role(surface, Role.VALUE):
                surface.blit(value_img, value_at)

    def _draw_figure_columns(self, surface: pygame.Surface, block: pygame.Rect, figures: list[tuple[str, str]],
                             size: int, height: int) -> None:
        """Each figure in its column, the label over the number; the first on the reader's side."""
        fonts, pad, gap = self.fonts, size // 2, max(2, size // 5)
        labels = tuple(label for label, _ in figures)
        label_reach, value_reach = self._reach(labels, size), self._reach(("0123456789",), size, True)
        label_line = block.top + (block.height - height) // 2 - label_reach.top
        value_line = label_line + label_reach.bottom + gap - value_reach.top
        widths = [fonts.size(label, size)[0] + 2 * pad for label in labels]
        x = block.left
        for i, ((label, value), width) in enumerate(zip(figures, widths)):
            column = self.text.direction.placed(pygame.Rect(x, block.top, width, block.height), block)
            x += width
            label_img = fonts.render(label, size, palette.TEXT_DIM)
            value_img = fonts.render(value, size, palette.GOLD if i == 2 else palette.TEXT, bold=True)
            surface.blit(label_img, label_img.get_rect(centerx=column.centerx, top=label_line - fonts.baseline(label, size)))
            with as_role(surface, Role.VALUE):
                surface.blit(value_img, value_img.get_rect(centerx=column.centerx,
                                                           top=value_line - fonts.baseline(value, size, True)))

    def _draw_histogram(self, surface: pygame.Surface, rect: pygame.Rect, stats: Statistics, size: int) -> None:
        text, fonts = self.text, self.fonts
        corner = text.direction.corner("top")  # the caption where the reader starts
        cap_img = _lines_image(fonts, self._caption(), size, rect.width, self.floor, palette.TEXT_DIM, corner)
        cap_ink = ink_rect(cap_img)
        surface.blit(cap_img, cap_img.get_rect(**{corner: getattr(rect, corner)}).move(0, -cap_ink.top))
        bars = dict(stats.histogram)
        label_h = self._ink_h("0123456789", size) + 4
        area = pygame.Rect(rect.left, rect.top + cap_ink.height + 4, rect.width, rect.height - cap_ink.height - label_h - 6)
        pygame.draw.line(surface, palette.PANEL_EDGE, area.bottomleft, area.bottomright, 2)
        self.bar_slots = []
        if not bars or area.height < 4:
            return
        low, high = min(bars), max(bars)
        buckets = list(range(low, high + HISTOGRAM_BUCKET, HISTOGRAM_BUCKET))
        step = area.width / len(buckets)
        tallest = max(bars.values())
        every = max(1, int(len(buckets) / max(1, area.width // (size * 3))))  # labels that fit
        for i, bucket in enumerate(buckets):
            count = bars.get(bucket, 0)
            width = max(1, int(step * 0.8))
            # The axis runs the way the language reads: low scores first, on the right in Urdu.
            x = int(text.direction.x_of(area, i * step, width))
            self.bar_slots.append((bucket, pygame.Rect(x, area.top, width, area.height)))
            if count:
                height = max(2, int(area.height * count / tallest))
                pygame.draw.rect(surface, palette.LEGAL, (x, area.bottom - height, width, height))
            if i % every == 0:
                label = fonts.render(str(bucket), size, palette.TEXT_DIM)
                ink = ink_rect(label)
                with as_role(surface, Role.VALUE):
                    surface.blit(label, (x + width // 2 - ink.centerx, area.bottom + 4 - ink.top))

    def _draw_table(self, surface: pygame.Surface, plan: "TablePlan", entries: list[ScoreEntry]) -> None:
        """The games as many as the room holds, the rest a scroll away (the wheel, Page
        Up/Down, a drag); columns as wide as their words, read from the right in Urdu."""
        text, fonts = self.text, self.fonts
        rect, rows, table, visible, bar_w = plan.area, plan.rows, plan.table, plan.visible, plan.bar_w
        footer, footer_hs, footer_h = plan.footer, plan.footer_hs, sum(plan.footer_hs)
        self.visible = visible
        self.scroll = max(0, min(self.scroll, len(entries) - visible))
        shown = rows[self.scroll:self.scroll + visible]
        direction = text.direction
        columns = direction.ordered(list(zip(COLUMNS, table.widths)))  # the rank where the reader starts
        # the columns beside the scroll bar, which stands at the lines' end
        beside_bar = pygame.Rect(rect.left, rect.top, rect.width - (bar_w * 2 if plan.scrolls else 0), rect.height)
        size, x = table.size, direction.placed(beside_bar, rect).left
        cells = []
        for (key, _, align), width in columns:
            align = direction.turned(align)
            cells.append((key, align, pygame.Rect(x + table.pad // 2, 0, width - table.pad, table.row_h)))
            x += width
        y = rect.top
        for key, align, cell in cells:
            for index, line in enumerate(table.headers[key]):
                image = fonts.render(line, size, palette.GOLD, True)
                with as_role(surface, Role.LABEL):
                    _set(surface, image, cell, align, y + table.header_baseline + index * table.header_step
                         - fonts.baseline(line, size, True))
        y += table.header_h
        pygame.draw.line(surface, palette.PANEL_EDGE, (rect.left, y - 2), (rect.right, y - 2), 2)
        self.rows = []
        for index, values in enumerate(shown):
            entry = entries[self.scroll + index]
            self.rows.append((pygame.Rect(rect.left, y, rect.width, table.row_h), entry))
            if index % 2:
                pygame.draw.rect(surface, palette.PANEL_EDGE, (rect.left, y, rect.width, table.row_h), border_radius=4)
            baseline = y + table.row_baseline
            for key, align, cell in cells:
                value = values[key]
                if not value:
                    continue
                bold = key == "score"
                if key == "name":
                    value = shortened(fonts, value, size, cell.width, bold)
                colour = palette.HINT if key == "assisted" else (palette.TEXT if bold else palette.TEXT_DIM)
                _set(surface, fonts.render(value, size, colour, bold), cell, align,
                     baseline - fonts.baseline(value, size, bold))
            y += table.row_h
        if plan.scrolls:
            bar = pygame.Rect(rect.right - bar_w, rect.top + table.header_h, bar_w, visible * table.row_h)
            self._draw_scroll_bar(surface, direction.placed(bar, rect), len(entries), visible)
        hidden = len(entries) - self.scroll - len(shown)
        y = min(rect.bottom - footer_h, y + size // 2)  # under the games, or at the foot of a full table
        for line, line_h in zip(footer, footer_hs):
            words = _filled(line, text("scores.more_below", count=hidden) if hidden > 0 else "")
            if words:
                image = fitted_block(fonts, words, size, (rect.width, line_h), palette.TEXT_DIM, False, self.floor)
                blit_ink(surface, image, pygame.Rect(rect.left, y, rect.width, line_h))
            y += line_h

    def _footer(self, entries: list[ScoreEntry], width: int, size: int) -> list[str]:
        """The lines under the table: what the hints column means (when a game used them),
        that a game can be replayed, and how many more games a scroll shows; phrases share
        a line where they fit. The last is a place-holder, filled in as the table scrolls."""
        text, fonts = self.text, self.fonts
        phrases = [text("scores.assisted_legend")] if any(entry.assisted for entry in entries) else []
        phrases.append(text("scores.replay_hint"))
        longest_more = text("scores.more_below", count=len(entries))
        phrases.append(MORE_BELOW)
        lines: list[str] = []
        for phrase in phrases:
            if lines and fonts.size(_filled(f"{lines[-1]} · {phrase}", longest_more), size)[0] <= width:
                lines[-1] = f"{lines[-1]} · {phrase}"
            else:
                lines.append(phrase)
        return lines

    def _draw_scroll_bar(self, surface: pygame.Surface, track: pygame.Rect, total: int, visible: int) -> None:
        thumb_h = max(track.width * 2, track.height * visible // max(1, total))
        thumb_y = track.top + (track.height - thumb_h) * self.scroll // max(1, total - visible)
        pygame.draw.rect(surface, palette.PANEL_EDGE, track, border_radius=track.width // 2)
        pygame.draw.rect(surface, palette.TEXT_DIM, (track.left, thumb_y, track.width, thumb_h),
                         border_radius=track.width // 2)

    def _fit_columns(self, rows: list[dict[str, str]], width: int, size: int) -> "TableLayout":
        """Columns as wide as their widest words at the largest size (down to the readable
        floor) at which the table fits ``width``; a column's name takes two lines rather
        than a word being broken; at the floor, names too long are shortened."""
        fonts, floor, text = self.fonts, self.floor, self.text
        headers = {key: text(f"scores.col_{key}") for key, _, _ in COLUMNS}
        sizes = [size]
        while sizes[-1] > floor:
            sizes.append(max(floor, int(sizes[-1] * 0.9)))
        for attempt in sizes:
            pad = max(8, attempt)  # an em between columns: at a word space, two read as one phrase
            values = {key: max([fonts.size(row[key], attempt, key == "score")[0] for row in rows] + [0])
                      for key, _, _ in COLUMNS}
            for wrap in (False, True):
                def header_w(key: str) -> int:
                    words = headers[key].split() if wrap else [headers[key]]
                    return max(fonts.size(word, attempt, True)[0] for word in words)
                needs = [max(values[key], header_w(key)) + pad for key, _, _ in COLUMNS]
                if sum(needs) <= width or (attempt == floor and wrap):
                    break
            if sum(needs) <= width:
                break
        else:  # at the floor and still too wide: the names give way (shortened with "…")
            name = [key for key, _, _ in COLUMNS].index("name")
            needs[name] = max(header_w("name") + pad, width - (sum(needs) - needs[name]))
        widths = _spread(needs, [share for _, share, _ in COLUMNS], width)
        header_lines = {key: fonts.wrap(headers[key], attempt, max(1, w - pad), True) if wrap else [headers[key]]
                        for (key, _, _), w in zip(COLUMNS, widths)}
        every = [line for lines in header_lines.values() for line in lines]
        header_step, header_reach = self._line_step([(line,) for line in every], attempt, True)
        deepest = max(len(lines) for lines in header_lines.values())
        header_h = header_reach.height + (deepest - 1) * header_step + attempt // 3
        row_words = tuple(value for row in rows for value in row.values())
        row_reach = self._reach(row_words + ("0",), attempt, True)
        row_h = row_reach.height + max(4, attempt // 3)
        return TableLayout(attempt, pad, widths, header_lines, header_h, attempt // 6 - header_reach.top,
                           header_step, row_h, (row_h - row_reach.height) // 2 - row_reach.top)

    def _values(self, entry: ScoreEntry, rank: int, date_format: str) -> dict[str, str]:
        """What each column shows for ``entry`` at ``rank``."""
        return {"rank": f"{rank}.", "name": self.text.shown_name(entry.name), "score": signed(entry.score),
                "date": entry.when.astimezone().strftime(date_format), "turns": str(entry.turns),
                "powers": str(entry.powers_used),
                "assisted": self.text("scores.assisted_mark") if entry.assisted else ""}


MORE_BELOW = "\x00"  # where the footer says how many games a scroll shows


def _filled(line: str, more: str) -> str:
    """A footer line with what a scroll shows in its place (none: the phrase and its dot go)."""
    if more:
        return line.replace(MORE_BELOW, more)
    return line.replace(f" · {MORE_BELOW}", "").replace(MORE_BELOW, "").strip()


@dataclass(frozen=True)
class TablePlan:
    """The High scores body at one text size."""

    stats_h: int
    area: pygame.Rect  # the table's, under the statistics
    rows: list[dict[str, str]]  # each game's words, column by column
    table: "TableLayout"
    visible: int  # games shown at once
    scrolls: bool
    bar_w: int  # the scroll bar's width
    footer: list[str]  # the lines under the table (see HighScores._footer)
    footer_hs: list[int]


@dataclass(frozen=True)
class TableLayout:
    """The table's columns and lines at one text size."""

    size: int
    pad: int  # room between columns
    widths: list[int]  # each column's, in COLUMNS order
    headers: dict[str, list[str]]  # each column's name, on one line or two
    header_h: int
    header_baseline: int  # from the table's top to the column names' (first) baseline
    header_step: int
    row_h: int
    row_baseline: int  # from a row's top to its baseline


def _spread(needs: list[int], shares: list[float], width: int) -> list[int]:
    """Each column its need, and the room left over shared out by ``shares``."""
    extra = max(0, width - sum(needs))
    widths = [need + int(extra * share / sum(shares)) for need, share in zip(needs, shares)]
    widths[-1] += width - sum(widths) if extra else 0
    return widths


def _set(surface: pygame.Surface, image: pygame.Surface, cell: pygame.Rect, align: str, top: int) -> None:
    """``image`` at ``top``, placed ``align`` across ``cell``."""
    x = {"left": cell.left, "right": cell.right - image.get_width(),
         "center": cell.centerx - image.get_width() // 2}[align]
    surface.blit(image, (x, top))


def _lines_image(fonts: "FontBook", words: str, size: int, width: int, floor: int, colour: Colour, corner: str,
                 bold: bool = False) -> pygame.Surface:
    """``words`` on one line fitted to ``width``; on several lines at ``floor`` when one
    line would have to be smaller than that, each at the ``corner`` ("topleft", "topright")."""
    fitted = fonts.fit(words, size, width, bold)
    if fitted >= floor:
        return fonts.render(words, fitted, colour, bold)
    lines = [fonts.render(line, floor, colour, bold) for line in fonts.wrap(words, floor, width, bold)]
    step = fonts.line_step(floor)
    image = new_surface((max(line.get_width() for line in lines), step * (len(lines) - 1) + lines[-1].get_height()),
                        pygame.SRCALPHA, fonts.logged)
    for index, line in enumerate(lines):
        image.blit(line, line.get_rect(**{corner: (image.get_width() if corner == "topright" else 0, index * step)}))
    return image


def statistics_of(entries: list[ScoreEntry]) -> Statistics:
    """The statistics of a day's table (the games it holds)."""
    statistics = Statistics()
    for entry in entries:
        statistics = statistics.add(entry.score)
    return statistics


def screen(services: Services) -> HighScores:
    return HighScores(services.menu, services.games, services.storage, services.world)
