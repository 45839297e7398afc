"""High-score tables, one per difficulty, for all time or for today (the local date): a real
table (rank, name, score, date, turns, powers, hints) and the statistics of those games
(games, average, best, a histogram), drawn with plain pygame inside the menu panel. The
wheel or Page Up/Down scroll a long table; tapping a game opens it in the replay viewer
(its record comes from the archive)."""

from __future__ import annotations

import pygame

from magdagdon.engine import Difficulty, ReplayError
from magdagdon.storage import HISTOGRAM_BUCKET, ScoreEntry, Statistics
from magdagdon.storage.envelope import NewerVersion
from magdagdon.storage.daily_table import DailyTables
from magdagdon.storage.today import todays_table

from ..fonts import FontBook
from ..games import Games
from ..render.draw_log import Role, as_role, new_surface, panel
from ..render import palette
from ..render.hud import min_text_px
from ..render.menu_text import ink_rect
from ..render.numbers import signed
from ..render.palette import Colour
from ..state_machine import Persist
from ..store_access import StoreAccess
from .menu import Item, MenuKit, MenuState

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

    def __init__(self, kit: MenuKit, games: Games, storage: StoreAccess) -> None:
        super().__init__(kit)
        self.games, self.storage = games, storage
        self.shown = games.difficulty
        self.today = False  # False: all time
        self.scroll = 0
        self.floor = 14
        self.data: tuple[list[ScoreEntry], Statistics] | None = None
        self.loaded = False
        self.rows: list[tuple[pygame.Rect, ScoreEntry]] = []  # where each shown game was drawn
        self.daily_view = False  # Today's dice: today's table of the day's own dice
        self.bar_slots: list[tuple[int, pygame.Rect]] = []  # each histogram bucket's column, as last drawn

    def enter(self, persist: Persist) -> None:
        self.shown = persist.pop("scores_difficulty", None) or self.games.difficulty
        super().enter(persist)

    def items(self) -> list[Item]:
        text = self.text
        items = [Item(f"tab:{d.name}", text(f"difficulty.{d.name}"), "#chosen" if d is self.shown else "", row=0)
                 for d in Difficulty]
        items += [Item("period:today", text("scores.today"), "#chosen" if self.today else "", row=1),
                  Item("period:all", text("scores.all_time"), "" if self.today or self.daily_view else "#chosen", row=1),
                  Item("period:daily", text("scores.daily"), "#chosen" if self.daily_view else "", row=1)]
        items.append(Item("back", text("button.back"), "#primary"))
        return items

    def on_choice(self, ident: str) -> None:
        if ident.startswith("tab:"):
            self.shown = Difficulty.from_name(ident.split(":", 1)[1])
            self.scroll, self.data, self.loaded = 0, None, False
            self.build()
        elif ident.startswith("period:"):
            self.today = ident == "period:today"
            self.daily_view = ident == "period:daily"
            self.scroll, self.data, self.loaded = 0, None, False
            self.build()
        else:
            self.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll + (5 if event.key == pygame.K_PAGEDOWN else -5))
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            entry = next((entry for rect, entry in self.rows if rect.collidepoint(event.pos)), None)
            if entry is not None:
                self.open_replay(entry)
                return
        super().handle_event(event)

    def open_replay(self, entry: ScoreEntry) -> None:
        """The game in the replay viewer; a record that is missing or damaged is one line there."""
        store = self.storage.store
        replay = None
        try:
            if store is not None:
                replay = store.archive.load(entry.replay_id).replay
        except (OSError, ValueError, ReplayError, NewerVersion):  # CorruptFile is a ValueError
            replay = None
        self.push("replay", replay=replay)

    # --- data ---------------------------------------------------------------------------
    def load(self) -> tuple[list[ScoreEntry], Statistics] | None:
        """(entries, statistics) of the shown difficulty, or None when storage is unavailable."""
        if not self.loaded:
            self.loaded = True
            store = self.storage.store
            try:
                if store is None:
                    self.data = None
                elif self.daily_view:
                    entries = DailyTables(store.data_dir).table(self.games.today(), self.shown)
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
        size = max(floor, min(rect.height // 26, int(floor * 1.25)))
        loaded = self.load()
        if loaded is None:
            self._centred(surface, rect, text("scores.unavailable"), size)
            return
        entries, stats = loaded
        # Three rows of figures, as tall as the language's font needs (Nastaliq is tall).
        stats_h = max(int(size * 4.6), 3 * self.fonts.line_height(size) * 9 // 10 + size)
        figures = pygame.Rect(rect.left, rect.top, rect.width, stats_h)
        with panel(surface, "statistics", figures, Role.LABEL, element=Role.PANEL):
            self._draw_statistics(surface, figures, stats, size)
        table = pygame.Rect(rect.left, rect.top + stats_h + size // 2, rect.width, rect.height - stats_h - size // 2)
        with panel(surface, "table", table, Role.NAME):
            if not entries:
                self._centred(surface, table, text("scores.empty_today" if self.today else "scores.empty"), int(size * 1.2))
                return
            self._draw_table(surface, table, entries, size)

    def _centred(self, surface: pygame.Surface, rect: pygame.Rect, message: str, size: int) -> None:
        fonts = self.fonts
        image = fonts.render(message, fonts.fit(message, size, rect.width), palette.TEXT_DIM)
        surface.blit(image, image.get_rect(center=rect.center))

    def _draw_statistics(self, surface: pygame.Surface, rect: pygame.Rect, stats: Statistics, size: int) -> None:
        text, fonts = self.text, self.fonts
        pygame.draw.rect(surface, palette.CELL_EMPTY, rect, border_radius=max(6, size // 2))
        pad = size // 2
        inner = rect.inflate(-2 * pad, -2 * pad)
        none = text("scores.stats_none")
        average = none if stats.average is None else f"{stats.average:.0f}"
        best = none if stats.best is None else str(stats.best)
        figures = [(text("scores.stats_games"), str(stats.games)), (text("scores.stats_average"), average),
                   (text("scores.stats_best"), best)]
        rtl = text.rtl  # a right-to-left reader finds the figures on the right, labels first
        figures_w = int(inner.width * 0.36)
        left = pygame.Rect(inner.right - figures_w if rtl else inner.left, inner.top, figures_w, inner.height)
        line_h = inner.height / len(figures)
        for i, (label, value) in enumerate(figures):
            y = int(inner.top + line_h * (i + 0.5))
            value_img = fonts.render(value, size, palette.GOLD if i == 2 else palette.TEXT, bold=True)
            label_img = fonts.render(label, fonts.fit(label, size, left.width - value_img.get_width() - pad), palette.TEXT_DIM)
            surface.blit(label_img, label_img.get_rect(**{"midright" if rtl else "midleft": (left.right if rtl else left.left, y)}))
            with as_role(surface, Role.VALUE):
                surface.blit(value_img, value_img.get_rect(**{"midleft" if rtl else "midright": (left.left if rtl else left.right, y)}))
        chart_w = inner.width - figures_w - pad * 2
        chart = pygame.Rect(inner.left if rtl else left.right + pad * 2, inner.top, chart_w, inner.height)
        with panel(surface, "histogram", chart):
            self._draw_histogram(surface, chart, stats, max(self.floor, int(size * 0.8)))

    def _draw_histogram(self, surface: pygame.Surface, rect: pygame.Rect, stats: Statistics, size: int) -> None:
        text, fonts = self.text, self.fonts
        todays = self.today or self.daily_view  # the statistics are of the games the table shows
        caption = text("scores.histogram_today" if todays else "scores.histogram", bucket=HISTOGRAM_BUCKET)
        cap_img = _lines_image(fonts, caption, size, rect.width, self.floor, palette.TEXT_DIM, text.rtl)
        surface.blit(cap_img, cap_img.get_rect(**({"topright": rect.topright} if text.rtl else {"topleft": rect.topleft})))
        bars = dict(stats.histogram)
        label_h = fonts.font(size).get_linesize()
        area = pygame.Rect(rect.left, rect.top + cap_img.get_height() + 2, rect.width,
                           rect.height - cap_img.get_height() - label_h - 4)
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
            x = int(area.right - (i + 1) * step + (step - width)) if text.rtl else int(area.left + i * step)
            self.bar_slots.append((bucket, pygame.Rect(x, area.top, width, area.height)))
            if count:
                height = max(2, int(area.height * count / tallest))
                pygame.draw.rect(surface, palette.LEGAL, (x, area.bottom - height, width, height))
            if i % every == 0:
                label = fonts.render(str(bucket), size, palette.TEXT_DIM)
                with as_role(surface, Role.VALUE):
                    surface.blit(label, label.get_rect(midtop=(x + width // 2, area.bottom + 2)))

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect, entries: list[ScoreEntry], size: int) -> None:
        text, fonts = self.text, self.fonts
        columns = mirrored_columns() if text.rtl else COLUMNS
        fmt = text("scores.date_format")
        rows = [self._values(entry, rank, fmt) for rank, entry in enumerate(entries, 1)]
        # Each line as tall as the ink of its own words: a row of digits and Latin names is
        # short even in Urdu, whose font's line is about twice as tall as Latin's.
        row_h = self._line_h([value for values in rows for value in values.values()], size)
        edges, x = [], rect.left
        for _, share, _ in columns:
            width = int(rect.width * share)
            edges.append(pygame.Rect(x + (size // 2 if text.rtl else 0), 0, width - size // 2, row_h))
            x += width
        legend = text("scores.assisted_legend") if any(e.assisted for e in entries) else ""
        hint = text("scores.replay_hint")
        if legend and fonts.size(f"{legend} · {hint}", size)[0] <= rect.width:
            legend, hint = "", f"{legend} · {hint}"  # both on one line where they fit
        legend_h = self._line_h([legend], size) if legend else 0
        hint_h = self._line_h([hint], size)
        # Column names too long for their column at the smallest size take two lines.
        headers = [(_lines_image(fonts, text(f"scores.col_{key}"), size, max(8, cell.width), self.floor, palette.GOLD,
                                 align == "right", True), align, cell) for (key, _, align), cell in zip(columns, edges)]
        header_h = max(row_h, max(ink_rect(image).height for image, _, _ in headers) + size // 4)
        room = rect.height - header_h - legend_h - hint_h
        visible = max(1, room // row_h)
        more_h = 0
        if len(entries) > visible:
            more_h = self._line_h([text("scores.more_below", count=len(entries))], size)
            visible = max(1, (room - more_h) // row_h)  # room for "n more below"
        self.scroll = min(self.scroll, max(0, len(entries) - visible))
        shown = rows[self.scroll:self.scroll + visible]
        y = rect.top
        for image, align, cell in headers:
            with as_role(surface, Role.LABEL):
                _place(surface, image, pygame.Rect(cell.left, y, cell.width, header_h), align)
        y += header_h
        pygame.draw.line(surface, palette.PANEL_EDGE, (rect.left, y - 2), (rect.right, y - 2), 2)
        self.rows = []
        for index, values in enumerate(shown):
            entry = entries[self.scroll + index]
            self.rows.append((pygame.Rect(rect.left, y, rect.width, row_h), entry))
            if index % 2:
                pygame.draw.rect(surface, palette.PANEL_EDGE, (rect.left, y, rect.width, row_h), border_radius=4)
            for (key, _, align), cell in zip(columns, edges):
                colour = palette.HINT if key == "assisted" else (palette.TEXT if key == "score" else palette.TEXT_DIM)
                self._cell(surface, cell.move(0, y), values[key], size, colour, align, bold=key == "score")
            y += row_h
        hidden = len(entries) - self.scroll - len(shown)
        if hidden > 0:
            self._cell(surface, pygame.Rect(rect.left, y, rect.width, more_h),
                       text("scores.more_below", count=hidden), size, palette.TEXT_DIM, "center")
        if legend:
            self._cell(surface, pygame.Rect(rect.left, rect.bottom - hint_h - legend_h, rect.width, legend_h), legend,
                       size, palette.HINT, "center")
        self._cell(surface, pygame.Rect(rect.left, rect.bottom - hint_h, rect.width, hint_h), hint, size,
                   palette.TEXT_DIM, "center")

    def _values(self, entry: ScoreEntry, rank: int, date_format: str) -> dict[str, str]:
        """What each column shows for ``entry`` at ``rank``."""
        return {"rank": f"{rank}.", "name": self.text.shown_name(entry.name), "score": signed(entry.score),
                "date": entry.when.astimezone().strftime(date_format), "turns": str(entry.turns),
                "powers": str(entry.powers_used),
                "assisted": self.text("scores.assisted_mark") if entry.assisted else ""}

    def _line_h(self, lines: list[str], size: int) -> int:
        """A line tall enough for the ink of each of ``lines`` at ``size`` (bold, the taller),
        and never shorter than a Latin line."""
        fonts = self.fonts
        latin = int(fonts.size("0", size)[1] * 1.05)
        inks = [fonts.ink_height(line, size, True) for line in set(lines) if line.strip()]
        return max([latin] + [ink + size // 4 for ink in inks])

    def _cell(self, surface: pygame.Surface, rect: pygame.Rect, value: str, size: int, colour: Colour, align: str,
              bold: bool = False) -> None:
        if not value:
            return
        fonts = self.fonts
        image = fonts.render(value, fonts.fit(value, size, max(8, rect.width), bold), colour, bold)
        _place(surface, image, rect, align)


def _place(surface: pygame.Surface, image: pygame.Surface, box: pygame.Rect, align: str) -> None:
    """``image`` in ``box``, placed ``align`` across it and centred down it; an image taller
    than its box (a tall script's line) is centred by its ink, which fits."""
    if image.get_height() <= box.height:
        anchor = {"left": "midleft", "right": "midright", "center": "center"}[align]
        surface.blit(image, image.get_rect(**{anchor: getattr(box, anchor)}))
        return
    ink = ink_rect(image)
    x = {"left": box.left, "right": box.right - image.get_width(), "center": box.centerx - image.get_width() // 2}[align]
    surface.blit(image, (x, box.centery - ink.centery))


def _lines_image(fonts: "FontBook", words: str, size: int, width: int, floor: int, colour: Colour, right: bool,
                 bold: bool = False) -> pygame.Surface:
    """``words`` on one line fitted to ``width``; on several lines at ``floor`` when one
    line would have to be smaller than that."""
    fitted = fonts.fit(words, size, width, bold)
    if fitted >= floor:
        return fonts.render(words, fitted, colour, bold)
    lines = [fonts.render(line, floor, colour, bold) for line in fonts.wrap(words, floor, width, bold)]
    step = fonts.line_step(floor)
    image = new_surface((max(line.get_width() for line in lines), step * (len(lines) - 1) + lines[-1].get_height()),
                        pygame.SRCALPHA, fonts.logged)
    for index, line in enumerate(lines):
        image.blit(line, line.get_rect(**{"topright" if right else "topleft": (image.get_width() if right else 0, index * step)}))
    return image


def statistics_of(entries: list[ScoreEntry]) -> Statistics:
    """The statistics of a day's table (the games it holds)."""
    statistics = Statistics()
    for entry in entries:
        statistics = statistics.add(entry.score)
    return statistics
