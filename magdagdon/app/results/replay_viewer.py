"""The replay viewer: a recorded game turn by turn — the board each roll met, the dice, what
the player did (a re-roll's dice before and after) and what the dice gave against what was
expected, and beside it what the expert would have done from the same position where it
differs, with what the player's choices came to against it (± its standard error, or
exactly); a MAGDAGDON turn says so in its title. It opens on turn 1 (or on the turn a review
card names), and "Costliest turn" jumps to the turns that lost most, costliest first.
"Expert's game" (or E) turns the expert's side to the expert's own game on the same seed,
stepped turn by turn beside the player's: each turn's first roll is the seed's, so both
sides start from the same dice; "Expert's choice" turns it back. Opened from game over and
from High scores.

The expert's review is made on the worker, and the shelf keeps one per game (the one game
over asked for, when it comes from there): its best guess is there within a second and each
turn's numbers firm up as the playouts value them. The expert's own game is played on the
worker too, turn by turn, when it is first asked for.

Read from the right in Urdu: the player's side, the rolled dice, the powers and the buttons
start there (the boards themselves are never mirrored: rows are read left to right by the
rules), and the arrow pointing the way the language reads goes on to the next turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.ai.review import GameReview, TurnReview
from magdagdon.ai.turn_advice import TurnAdvice
from magdagdon.engine import Replay, ReplayError

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui import palette
from ..table.dice_faces import die_face
from ..audit.draw_log import Role, as_role, note, panel, scaled
from ..ui.button_row import draw_button_rows
from ..text.fit import fitted_line, min_text_px, readable_floor
from ..text.direction import Direction
from ..text.menu_text import blit_ink
from ..text.numbers import change
from ..table.mini_board import draw_mini_board
from ..players.expert_line_job import ExpertLineJob
from ..players.review_job import ReviewJob
from ..players.review_shelf import ReviewShelf
from ..ui.widgets import Button
from ..shell.payloads import Payload, ReplayToView
from ..shell.play_context import PlayContext
from ..shell.state_machine import Identity, State
from .turn_story import TurnStory, costliest_turns, reviews_by_turn, turn_stories
from ..shell.viewport import Viewport

if TYPE_CHECKING:
    from ..shell.screens import Services


class ReplayViewer(State):
    overlay = False

    def __init__(self, text: Catalog, fonts: FontBook, viewport: Viewport, shelf: ReviewShelf) -> None:
        super().__init__()
        self.text, self.fonts, self.viewport, self.shelf = text, fonts, viewport, shelf
        self.stories: list[TurnStory] = []
        self.page = 0
        self.job: ReviewJob | None = None
        self.review: GameReview | None = None  # the job's latest snapshot, taken in update
        self.unreadable = False
        self.hover: str | None = None
        self.replay: Replay | None = None
        self.line_job: ExpertLineJob | None = None
        self.showing_line = False  # the expert's side shows its own game, not its choices
        self.jumped_to: int | None = None  # the turn "Costliest turn" last showed

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        opening = payload if isinstance(payload, ReplayToView) else ReplayToView(None)
        replay = opening.replay
        try:
            if replay is None:
                raise ReplayError("no record")
            self.stories = turn_stories(replay)
        except ReplayError:
            self.stories, self.unreadable = [], True
        self.job = self.shelf.review(replay) if self.stories and replay is not None else None
        self.review = self.job.review if self.job is not None else None
        self.replay = replay if self.stories else None
        self.line_job, self.showing_line = None, False
        self.page = 0  # turn 1, unless a turn was asked for; "Costliest turn" jumps
        self.jumped_to = None
        if opening.open_turn is not None:
            self.page = self._page_of(opening.open_turn)

    def _page_of(self, turn: int) -> int:
        return next((i for i, story in enumerate(self.stories) if story.turn == turn), 0)

    @property
    def review_ready(self) -> bool:
        return self.review is not None or (self.job is not None and self.job.done) or not self.stories

    def update(self, dt: float) -> None:
        if self.job is not None:
            self.review = self.job.review  # the latest snapshot: each turn firms up in place

    def look(self) -> tuple[object, ...]:
        # the review, or the expert's game, moved on: show it
        return Identity(self.review), self._line_shown()

    def _line_shown(self) -> object:
        line = self.expert_line
        return (len(line) if line is not None else None, self.line_ready)

    @property
    def expert_line(self) -> list[TurnStory] | None:
        return self.line_job.stories if self.line_job is not None else None

    @property
    def line_ready(self) -> bool:
        return self.line_job is None or self.line_job.finished

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            onward, back = self.text.direction.arrows()
            if event.key in (back, pygame.K_UP, pygame.K_PAGEUP):
                self.on_button("previous")
            elif event.key in (onward, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.on_button("next")
            elif event.key == pygame.K_c:
                self.on_button("costliest")
            elif event.key == pygame.K_e:
                self.on_button("line")
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.on_button("back")
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self._button_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            ident = self._button_at(event.pos)
            if ident is not None:
                self.on_button(ident)

    def _button_at(self, pos: tuple[int, int]) -> str | None:
        return next((b.ident for b in self.buttons() if b.enabled and b.rect.collidepoint(pos)), None)

    def on_button(self, ident: str) -> None:
        last = len(self.stories) - 1
        if ident == "previous" and self.page > 0:
            self.page -= 1
        elif ident == "next" and self.page < last:
            self.page += 1
        elif ident == "costliest":
            ranked = costliest_turns(self.review, len(self.stories))
            if ranked:
                # The first tap (or one after paging away) shows the costliest turn, even
                # when the page open is itself a costly one; taps after it go down the list.
                current = self.stories[self.page].turn
                following = ranked[0]
                if current == self.jumped_to and current in ranked:
                    following = ranked[(ranked.index(current) + 1) % len(ranked)]
                self.page, self.jumped_to = self._page_of(following), following
        elif ident == "line" and self.replay is not None:
            self.showing_line = not self.showing_line
            if self.showing_line and self.line_job is None:
                self.line_job = self.shelf.expert_line(self.replay)
        elif ident == "back":
            self.pop()

    # --- drawing ------------------------------------------------------------------------------
    def _areas(self) -> "ViewerAreas":
        w, h = self.viewport.size
        margin = max(8, min(w, h) // 40)
        unit = min(h, w * 3 // 4)  # a tall window does not make the lines taller
        title = pygame.Rect(margin, margin, w - 2 * margin, max(36, unit // 14))
        buttons_h = max(40, unit // 12)
        rows_gap = max(4, buttons_h // 6)
        # two rows: Previous, Next and Costliest turn; Expert's game and Back under them
        bar = pygame.Rect(margin, h - margin - 2 * buttons_h - rows_gap, w - 2 * margin, 2 * buttons_h + rows_gap)
        # a title stands a quarter of its size clear of the line under it (a tall script's ink
        # reaches its line's edges)
        dice = pygame.Rect(margin, title.bottom + _quarter(_words_px(title.height)), w - 2 * margin, max(30, unit // 12))
        body = pygame.Rect(margin, dice.bottom + margin // 2, w - 2 * margin, bar.top - dice.bottom - margin)
        portrait = h > w * 1.05
        if portrait:  # one side over the other: the lower side's heading clear of the upper side's last line
            apart = _quarter(_words_px(side_line_height(body.height // 2, min_text_px((w, h)))))
            upper = (body.height - apart) // 2
            halves = [pygame.Rect(body.left, body.top, body.width, upper),
                      pygame.Rect(body.left, body.top + upper + apart, body.width, body.height - upper - apart)]
        else:
            halves = self.text.direction.ordered(  # the player's side first, on the right in Urdu
                [pygame.Rect(body.left, body.top, body.width // 2, body.height),
                 pygame.Rect(body.left + body.width // 2, body.top, body.width - body.width // 2, body.height)])
        return ViewerAreas(title, dice, (halves[0], halves[1]), bar)

    def buttons(self) -> list[Button]:
        bar = self._areas().bar
        gap = max(6, bar.width // 60)
        width = (bar.width - 2 * gap) // 3
        text, last = self.text, len(self.stories) - 1
        rows = [[("previous", text("button.previous"), self.page > 0),
                 ("next", text("button.next"), self.page < last),
                 ("costliest", text("replay.costliest"), bool(costliest_turns(self.review)) and not self.showing_line)],
                [("line", text("replay.show_choice" if self.showing_line else "replay.show_line"), bool(self.stories)),
                 ("back", text("button.back"), True)]]
        row_h = max(40, (bar.height * 6) // 13)
        buttons = []
        for number, row in enumerate(rows):
            spec = text.direction.ordered(row)  # a right-to-left reader starts on the right
            top = bar.top if number == 0 else bar.bottom - row_h
            left = bar.centerx - (len(spec) * width + (len(spec) - 1) * gap) // 2
            buttons += [Button(ident, pygame.Rect(left + i * (width + gap), top, width, row_h), label, enabled,
                               "primary" if ident == "next" else "normal")
                        for i, (ident, label, enabled) in enumerate(spec)]
        return buttons

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(palette.BACKGROUND)
        areas = self._areas()
        if not self.stories:
            self._line(surface, self.text("replay.unreadable" if self.unreadable else "replay.empty"),
                       areas.title, palette.TEXT)
        else:
            self._draw_turn(surface, areas, self.stories[self.page])
        draw_button_rows(surface, self.fonts, self.buttons(), self.hover)

    def _line(self, surface: pygame.Surface, line: str, rect: pygame.Rect, colour: tuple[int, int, int],
              bold: bool = False) -> pygame.Rect:
        """One line, its ink inside ``rect`` (Nastaliq's letters reach far past its size)."""
        floor = min_text_px(surface.get_size())
        image = fitted_line(self.fonts, line, _words_px(rect.height), (rect.width, rect.height - 2), colour, bold, floor)
        with panel(surface, "", rect, Role.TITLE if bold else Role.LABEL):
            return blit_ink(surface, image, rect)

    def _draw_turn(self, surface: pygame.Surface, areas: "ViewerAreas", story: TurnStory) -> None:
        text = self.text
        title = "replay.title_magdagdon" if story.magdagdon else "replay.title"
        self._line(surface, text(title, turn=story.turn, turns=self.stories[-1].turn, score=story.score_after),
                   areas.title, palette.GOLD, bold=True)
        with panel(surface, "dice", areas.dice, Role.LABEL):
            self._draw_dice(surface, areas.dice, story.dice)
        by_turn = reviews_by_turn(self.review)
        review = by_turn.get(story.turn)
        you, expert = areas.halves
        luck = "" if review is None else luck_note(text, review, by_turn.get(story.turn - 1))
        if review is None:
            note, choice, colour = text("replay.thinking" if not self.review_ready else "replay.agrees"), None, \
                palette.TEXT_DIM
            if self.review_ready:
                choice, colour = story.played, palette.LEGAL
        elif review.agreed or review.advice is None:
            note, choice, colour = text("replay.agrees"), story.played, palette.LEGAL
        else:
            note, choice, colour = choice_note(text, review), review.advice, palette.GOLD
        # a sentence too long for one line at the readable size takes two, on both sides alike
        lines = self._note_lines(surface, you.width, luck, "" if self.showing_line else note)
        with panel(surface, "you", you):
            self._draw_side(surface, you, text("replay.you"), story, story.played, False, True, palette.TEXT, luck,
                            palette.TEXT_DIM, lines)
        if self.showing_line:
            with panel(surface, "expert", expert):
                self._draw_expert_game(surface, expert, story.turn, lines)
            return
        powers = choice is not None and choice is not story.played
        with panel(surface, "expert", expert):
            self._draw_side(surface, expert, text("replay.expert"), story, choice, True, powers, palette.HINT, note,
                            colour, lines)

    def _note_lines(self, surface: pygame.Surface, width: int, *notes: str) -> int:
        """1, or 2 where a note is wider than ``width`` at the smallest readable size."""
        smallest = readable_floor(self.fonts, min_text_px(surface.get_size()))
        return 2 if any(note and self.fonts.size(note, smallest)[0] > width for note in notes) else 1

    def _draw_expert_game(self, surface: pygame.Surface, rect: pygame.Rect, turn: int, note_lines: int = 1) -> None:
        """The expert's own game at ``turn``: the board its roll met, what it made of it and
        its score after; once its game is over, its last turn and when it ended."""
        text, line = self.text, self.expert_line
        heading = text("replay.expert_game")
        if line is None or not line or (not self.line_ready and all(s.turn < turn for s in line)):
            note = text("replay.thinking") if not self.line_ready else text("replay.unreadable")
            self._line(surface, heading, pygame.Rect(rect.left, rect.top, rect.width, max(24, rect.height // 11)),
                       palette.HINT, bold=True)
            self._line(surface, note, pygame.Rect(rect.left, rect.centery, rect.width, max(24, rect.height // 11)),
                       palette.TEXT_DIM)
            return
        story = next((s for s in line if s.turn == turn), None)
        if story is None:  # its game took fewer turns
            story = line[-1]
            note = text("replay.expert_over", turn=story.turn, score=story.score_after)
        else:
            note = text("replay.expert_score", score=story.score_after)
        self._draw_side(surface, rect, heading, story, story.played, False, True, palette.HINT, note, palette.GOLD,
                        note_lines)

    def _draw_dice(self, surface: pygame.Surface, rect: pygame.Rect, dice: tuple[int, ...]) -> None:
        """'Rolled' and the dice, in reading order (from the right in Urdu, as the tray)."""
        floor = min_text_px(surface.get_size())
        size = int(rect.height * 0.9)
        gap = size // 5
        words = self.text("replay.rolled")
        label = fitted_line(self.fonts, words, max(floor, int(rect.height * 0.45)), (rect.width // 2, rect.height - 2),
                            palette.TEXT_DIM, False, floor)
        width = label.get_width()  # the picture's, side bearings included: clear of the dice
        total = width + gap + len(dice) * (size + gap) - gap
        pieces: list[tuple[int, pygame.Surface | None, int]] = [(width, label, -1)]
        pieces += [(size, die_face(value, size, "tray"), index) for index, value in enumerate(dice)]
        pieces = self.text.direction.ordered(pieces)
        x = rect.centerx - total // 2
        for width, image, index in pieces:
            assert image is not None
            if index < 0:
                blit_ink(surface, image, pygame.Rect(x, rect.top, width, rect.height))
            else:
                at = image.get_rect(midleft=(x, rect.centery))
                surface.blit(image, at)
                note(surface, at, Role.PICTURE, f"rolled die {index}")
            x += width + gap

    def _draw_powers(self, surface: pygame.Surface, rect: pygame.Rect, choice: TurnAdvice) -> None:
        """The powers used, drawn: '–1 on a 6' then the die before → after; a re-roll's
        dice before → the dice it showed; or 'no power' (from the right in Urdu, the arrow
        pointing that way)."""
        text, fonts = self.text, self.fonts
        floor = min_text_px(surface.get_size())
        size = max(floor, int(rect.height * 0.6))
        box = (rect.width, rect.height - 2)
        pieces: list[tuple[pygame.Surface, str]] = []  # a picture, and the die it shows ("": words, an arrow)
        rerolls = iter(choice.rerolled)
        for step, (kind, values) in enumerate(choice.powers):
            label = text(f"review.power.{kind}", values=" ".join(map(str, values)))
            pieces.append((fitted_line(fonts, label, size, box, palette.TEXT_DIM, False, floor), ""))
            die = int(rect.height * 0.9)
            if kind in ("minus", "plus"):
                after = values[0] + (1 if kind == "plus" else -1)
                pieces += [(die_face(values[0], die, "tray"), f"power {step} before {values[0]}"),
                           (_arrow(size, text.direction), ""), (die_face(after, die, "tray"), f"power {step} after {after}")]
            else:
                pieces += [(die_face(value, die, "tray"), f"power {step} before {value}") for value in values]
                shown = next(rerolls, None)
                if shown is not None:
                    pieces.append((_arrow(size, text.direction), ""))
                    pieces += [(die_face(value, die, "tray"), f"power {step} after {value}") for value in shown]
        if not pieces:
            pieces.append((fitted_line(fonts, text("replay.no_power"), size, box, palette.TEXT_DIM, False, floor), ""))
        pieces = text.direction.ordered(pieces)
        gap = max(4, size // 3)
        total = sum(p.get_width() for p, _ in pieces) + gap * (len(pieces) - 1)
        scale = min(1.0, rect.width / max(1, total))
        x = rect.centerx - int(total * scale) // 2
        for piece, shows in pieces:
            if scale < 1:
                piece = scaled(piece, (max(1, int(piece.get_width() * scale)), max(1, int(piece.get_height() * scale))))
            with as_role(surface, Role.LABEL):
                at = blit_ink(surface, piece, pygame.Rect(x, rect.top, piece.get_width(), rect.height))
            if shows:
                note(surface, at, Role.PICTURE, shows)
            x += piece.get_width() + int(gap * scale)

    def _draw_side(self, surface: pygame.Surface, rect: pygame.Rect, heading: str, story: TurnStory,
                   choice: TurnAdvice | None, ghost: bool, show_powers: bool, heading_colour: tuple[int, int, int],
                   note: str = "", note_colour: tuple[int, int, int] = palette.TEXT, note_lines: int = 1) -> None:
        line_h = side_line_height(rect.height, min_text_px(surface.get_size()))
        head = pygame.Rect(rect.left, rect.top, rect.width, line_h)
        self._line(surface, heading, head, heading_colour, bold=True)
        board = pygame.Rect(rect.left, head.bottom, rect.width, rect.height - line_h * (2 + note_lines))  # both sides alike
        draw_mini_board(surface, board.inflate(-line_h // 2, -line_h // 4), story.board, choice, ghost)
        y = board.bottom
        if show_powers and choice is not None:
            self._draw_powers(surface, pygame.Rect(rect.left, y, rect.width, line_h), choice)
            y += line_h
        if note and note_lines == 1:
            self._line(surface, note, pygame.Rect(rect.left, y, rect.width, line_h), note_colour)
        elif note:
            size = readable_floor(self.fonts, min_text_px(surface.get_size()))
            for index, part in enumerate(self.fonts.wrap(note, size, rect.width)[:note_lines]):
                self._line(surface, part, pygame.Rect(rect.left, y + index * line_h, rect.width, line_h), note_colour)


def side_line_height(side_height: int, floor: int) -> int:
    """The height of a side's lines (its heading, its powers, its note): room for Nastaliq's ink."""
    return max(24, side_height // 11, 5 * floor // 2)


def _words_px(line_height: int) -> int:
    """The size of the words on a line ``line_height`` tall (at most: a long line is fitted smaller)."""
    return int(line_height * 0.6)


def _quarter(px: int) -> int:
    return -(-px // 4)


@dataclass(frozen=True)
class ViewerAreas:
    """Where the viewer's parts go at the window's size."""

    title: pygame.Rect
    dice: pygame.Rect  # the turn's roll
    halves: tuple[pygame.Rect, pygame.Rect]  # the player's choice, then the expert's (in reading order)
    bar: pygame.Rect  # the buttons' two rows


def _arrow(size: int, direction: Direction) -> pygame.Surface:
    """An arrow from the die before to the die after, pointing the way the line reads,
    drawn (the fonts have no glyph for it)."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    mid, width = size // 2, max(2, size // 10)
    pygame.draw.line(image, palette.TEXT_DIM, (size // 8, mid), (size * 5 // 8, mid), width)
    pygame.draw.polygon(image, palette.TEXT_DIM, [(size // 2, size // 4), (size * 7 // 8, mid), (size // 2, size * 3 // 4)])
    return pygame.transform.flip(image, direction.rtl, False)


def luck_note(text: Catalog, review: TurnReview, previous: TurnReview | None) -> str:
    """What the dice gave against what was expected: the turn's value against the one the
    turn before left, so it is sure only once both turns are valued."""
    sure = review.settled and (previous is None or previous.settled)
    return text("replay.luck" if sure else "replay.luck_guess", luck=change(review.luck_points))


def choice_note(text: Catalog, review: TurnReview) -> str:
    """What the player's choices came to against the expert's, with how sure it is."""
    values = {"choice": change(review.choice_points), "margin": max(1, round(review.margin))}
    if not review.settled:
        return text("replay.guess", **values)
    if review.exact:
        return text("replay.choice_exact", **values)
    return text("replay.choice_gain" if review.choice_points > 0 else "replay.choice", **values)


def screen(services: Services) -> ReplayViewer:
    return ReplayViewer(services.table.text, services.table.fonts, services.table.viewport, services.reviews)
