"""AttractCard: the still cards of the kiosk's attract loop, each a whole screen.

``attract_card`` in the persist dict picks one: "title" (the name and an invitation),
"scores" (today's and all-time best per difficulty, with names), "best_today" (whose game
is about to be played back), "how_to_play" (three short animated steps). The kiosk's
director chooses the order and the time; any input wakes the game before it reaches here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from magdagdon.engine import Difficulty
from magdagdon.storage import ScoreEntry

from ..fonts import FontBook
from ..i18n import Catalog
from ..render.draw_log import Role, as_role, note, panel
from ..render import palette
from ..render.dice_faces import die_face
from ..render.hud import min_text_px, wrap
from ..render.text_runs import isolated
from ..state_machine import Persist, State
from ..viewport import Viewport

ROWS_SHOWN = 5  # names per table on the scores card
STEP_TICKS = 240  # each how-to-play step shows for 2 s
HOW_TO_STEPS = ("attract.step_roll", "attract.step_place", "attract.step_score")


@dataclass(frozen=True)
class ScoreTables:
    """The scores card's tables: (difficulty, today's best, all-time best) for each shown
    difficulty, and today's best game as (name, score), None when nobody played today."""

    tables: list[tuple[Difficulty, list[ScoreEntry], list[ScoreEntry]]]
    best_today: tuple[str, int] | None


@dataclass(frozen=True)
class AttractKit:
    text: Catalog
    fonts: FontBook
    viewport: Viewport
    score_tables: Callable[[], ScoreTables]  # read when a card that shows them starts


class AttractCard(State):
    def __init__(self, kit: AttractKit) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts = kit.text, kit.fonts

    def enter(self, persist: Persist) -> None:
        super().enter(persist)
        self.card = str(persist.get("attract_card", "title"))
        self.tick = 0
        self.drawn_phase = -1
        self.scores = self.kit.score_tables() if self.card in ("scores", "best_today") else None

    def update(self, dt: float) -> None:
        self.tick += 1

    def _phase(self) -> int:
        """What the next frame shows changes with this number (the loop then draws)."""
        if self.card == "how_to_play":
            return self.tick // 4  # animated: 30 frames a second
        return self.tick // 60  # the title's invitation pulses slowly; the rest stands still

    def is_animating(self) -> bool:
        return self.card in ("how_to_play", "title") and self._phase() != self.drawn_phase

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.drawn_phase = self._phase()
        surface.fill(palette.BACKGROUND)
        width, height = surface.get_size()
        unit = max(min_text_px((width, height)), min(width // 16, height // 14))
        draw = {"title": self._title, "scores": self._scores, "best_today": self._best_today,
                "how_to_play": self._how_to_play}.get(self.card, self._title)
        with panel(surface, self.card):
            draw(surface, unit)
        with as_role(surface, Role.GUIDE):
            self._line(surface, self.text("attract.touch_to_play"), int(unit * 0.8), height - unit * 1.2,
                       palette.TEXT_DIM)

    def _line(self, surface: pygame.Surface, line: str, size: int, y: float, colour: palette.Colour,
              bold: bool = False) -> int:
        width = surface.get_width()
        image = self.fonts.render(line, self.fonts.fit(line, size, int(width * 0.92), bold), colour, bold)
        surface.blit(image, image.get_rect(midtop=(width // 2, int(y))))
        return image.get_height()

    def _title(self, surface: pygame.Surface, unit: int) -> None:
        height = surface.get_height()
        y = height * 0.3
        with as_role(surface, Role.TITLE):
            y += self._line(surface, self.text("app.title"), unit * 3, y, palette.GOLD, bold=True)
        with as_role(surface, Role.SUBTITLE):
            self._line(surface, self.text("app.tagline"), unit, y + unit * 0.3, palette.TEXT)
        glow = 0.5 + 0.5 * math.sin(self.tick / 60 * math.pi)
        dim, lit = palette.TEXT_DIM, palette.BUTTON_PRIMARY
        colour = (int(dim[0] + (lit[0] - dim[0]) * glow), int(dim[1] + (lit[1] - dim[1]) * glow),
                  int(dim[2] + (lit[2] - dim[2]) * glow))
        with as_role(surface, Role.GUIDE):
            self._line(surface, self.text("attract.touch_to_play"), int(unit * 1.3), height * 0.66, colour, bold=True)

    def _scores(self, surface: pygame.Surface, unit: int) -> None:
        width, height = surface.get_size()
        scores = self.scores
        y = unit * 0.6
        with as_role(surface, Role.TITLE):
            y += self._line(surface, self.text("attract.scores_title"), int(unit * 1.6), y, palette.GOLD, bold=True)
        if scores is None or not scores.tables:
            with as_role(surface, Role.NOTICE):
                self._line(surface, self.text("scores.empty"), unit, height * 0.45, palette.TEXT_DIM)
            return
        tall = height > width
        blocks = len(scores.tables)
        top = int(y + unit * 0.5)
        room = height - top - unit * 1.8  # above the invitation line
        # rows: a block is a heading plus, for today and all time, a caption and the names
        rows = blocks * (ROWS_SHOWN + 3) if tall else 2 * (ROWS_SHOWN + 2)
        row_h = max(8, min(int(unit * (1.3 if tall else 0.9)), int(room / rows)))
        size = max(8, int(row_h / 1.3))
        block_h = row_h * (ROWS_SHOWN + 2)
        for index, (difficulty, today, all_time) in enumerate(scores.tables):
            if tall:  # one block under another, today beside all time
                area = pygame.Rect(int(width * 0.04), top + index * (block_h + row_h), int(width * 0.92), block_h)
            else:  # blocks side by side, today above all time
                each = width * 0.92 / blocks
                area = pygame.Rect(int(width * 0.04 + index * each), top, int(each) - unit // 2, block_h * 2)
            with panel(surface, f"table {difficulty.name}", area.inflate(size // 2, size // 2), Role.NAME,
                       element=Role.PANEL):
                self._score_block(surface, area, difficulty, today, all_time, size, row_h, tall)

    def _score_block(self, surface: pygame.Surface, area: pygame.Rect, difficulty: Difficulty,
                     today: list[ScoreEntry], all_time: list[ScoreEntry], size: int, row_h: int, tall: bool) -> None:
        text, fonts = self.text, self.fonts
        pygame.draw.rect(surface, palette.PANEL, area.inflate(size // 2, size // 2), border_radius=size // 2)
        label = text(f"difficulty.{difficulty.name}")
        image = fonts.render(label, fonts.fit(label, size, area.width, True), palette.GOLD, bold=True)
        with as_role(surface, Role.TITLE):
            surface.blit(image, image.get_rect(midtop=(area.centerx, area.top)))
        body = pygame.Rect(area.left, area.top + row_h, area.width, area.height - row_h)
        if tall:
            halves = [pygame.Rect(body.left, body.top, body.width // 2, body.height),
                      pygame.Rect(body.centerx, body.top, body.width // 2, body.height)]
        else:
            halves = [pygame.Rect(body.left, body.top, body.width, body.height // 2),
                      pygame.Rect(body.left, body.top + body.height // 2, body.width, body.height // 2)]
        for half, caption, entries in zip(halves, ("scores.today", "scores.all_time"), (today, all_time)):
            self._names(surface, half.inflate(-size // 2, 0), text(caption), entries, size, row_h)

    def _names(self, surface: pygame.Surface, rect: pygame.Rect, caption: str, entries: list[ScoreEntry],
               size: int, row_h: int) -> None:
        fonts = self.fonts
        image = fonts.render(caption, fonts.fit(caption, size, rect.width), palette.TEXT_DIM)
        with as_role(surface, Role.LABEL):
            surface.blit(image, (rect.left, rect.top))
        y = rect.top + row_h
        if not entries:
            dash = fonts.render("—", size, palette.TEXT_DIM)
            surface.blit(dash, (rect.left, y))
        for rank, entry in enumerate(entries[:ROWS_SHOWN], start=1):
            score = fonts.render(str(entry.score), size, palette.TEXT, bold=True)
            name = f"{rank}. {isolated(self.text.shown_name(entry.name))}"
            room = rect.width - score.get_width() - size // 2
            label = fonts.render(name, fonts.fit(name, size, max(8, room)), palette.TEXT)
            with panel(surface, f"row {rank}", rect, Role.NAME):
                surface.blit(label, (rect.left, y))
                with as_role(surface, Role.VALUE):
                    surface.blit(score, score.get_rect(topright=(rect.right, y)))
            y += row_h

    def _best_today(self, surface: pygame.Surface, unit: int) -> None:
        height = surface.get_height()
        best = self.scores.best_today if self.scores is not None else None
        y = height * 0.32
        with as_role(surface, Role.TITLE):
            y += self._line(surface, self.text("attract.best_today_title"), int(unit * 1.4), y, palette.TEXT_DIM)
        if best is not None:
            name, score = best
            with as_role(surface, Role.NAME):
                self._line(surface, self.text("attract.best_today", name=name, score=score), unit * 2, y + unit,
                           palette.GOLD, bold=True)

    def _how_to_play(self, surface: pygame.Surface, unit: int) -> None:
        width, height = surface.get_size()
        step = min(len(HOW_TO_STEPS) - 1, self.tick // STEP_TICKS)
        progress = (self.tick % STEP_TICKS) / STEP_TICKS if self.tick < STEP_TICKS * len(HOW_TO_STEPS) else 1.0
        y = unit * 0.8
        with as_role(surface, Role.TITLE):
            y += self._line(surface, self.text("rules.title"), int(unit * 1.6), y, palette.GOLD, bold=True)
        y += unit * 0.4
        for line in wrap(self.fonts, f"{step + 1}/3  " + self.text(HOW_TO_STEPS[step]), unit, int(width * 0.9)):
            with as_role(surface, Role.PAGE):
                y += self._line(surface, line, unit, y, palette.TEXT)
        footer = height - unit * 1.6  # the invitation line
        room = footer - y - unit
        die = max(24, min(width // 8, int(room / 4.4)))
        stage = pygame.Rect(0, 0, die * 6, die * 4)  # the board, a gap and the tray's column
        stage.center = (width // 2, int((y + unit * 0.5 + footer) / 2))
        board = pygame.Rect(stage.left, stage.top, die * 4, die * 4)
        note(surface, stage, Role.PICTURE, "how to play board")
        cells = [pygame.Rect(board.left + c * die, board.top + r * die, die - 4, die - 4) for r in range(4) for c in range(4)]
        for cell in cells:
            pygame.draw.rect(surface, palette.CELL_EMPTY, cell, border_radius=die // 8)
        values = (3, 4, 5, 6)
        if step == 0:  # four dice tumble into the tray
            for i, value in enumerate(values):
                ease = 1 - (1 - min(1.0, progress * 1.6 - i * 0.15)) ** 3 if progress * 1.6 > i * 0.15 else 0.0
                x = stage.right + die * 2 - ease * die * 2
                face = die_face(value if ease >= 1 else 1 + (self.tick // 8 + i) % 6, die - 6)
                surface.blit(face, face.get_rect(center=(int(x), int(board.top + die * (i + 0.5)))))
        else:
            placed = 4 if step == 2 else min(4, int(progress * 5))
            for i, value in enumerate(values):
                cell = cells[4 + i]  # the second row
                if i < placed:
                    face = die_face(value, die - 6, "staged")
                    surface.blit(face, face.get_rect(center=cell.center))
                else:
                    pygame.draw.rect(surface, palette.LEGAL, cell, width=3, border_radius=die // 8)
                    face = die_face(value, die - 6)
                    surface.blit(face, face.get_rect(center=(stage.right, board.top + die * (i + 0.5))))
            if step == 2:  # the full line scores its sum and its bonus
                row = cells[4].union(cells[7])
                pygame.draw.rect(surface, palette.GOLD, row.inflate(8, 8), width=4, border_radius=die // 6)
                bonus = self.text("attract.straight_bonus", total=sum(values) + 60)
                image = self.fonts.render(bonus, self.fonts.fit(bonus, int(die * 0.45), die * 3, True), palette.GOLD, bold=True)
                with as_role(surface, Role.VALUE):
                    surface.blit(image, image.get_rect(midleft=(row.right + die // 3, row.centery)))
