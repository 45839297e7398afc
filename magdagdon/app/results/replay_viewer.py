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

from typing import TYPE_CHECKING

import pygame

from magdagdon.ai.review import GameReview
from magdagdon.engine import Replay, ReplayError

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui import palette
from ..table.dice_faces import die_face
from ..audit.draw_log import Role, note, panel, scaled
from ..ui.button_row import button_row_pieces, draw_button_rows
from ..text.direction import Direction
from ..text.menu_text import blit_ink
from ..table.mini_board import draw_mini_board
from ..players.expert_line_job import ExpertLineJob
from ..players.review_job import ReviewJob
from ..players.review_shelf import ReviewShelf
from ..ui.placed import Placed, element, pieces, placed_ink_in
from ..ui.presenter import Presenter
from ..ui.widgets import Button
from ..shell.payloads import Payload, ReplayToView
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from .replay_plan import DiceRow, Line, PowersRow, ReplayInputs, ReplayPlan, RowPart, SidePlan, plan_replay
from .turn_story import TurnStory, costliest_turns, turn_stories
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
        self.plans: Presenter[ReplayInputs, ReplayPlan] = Presenter(lambda inputs: plan_replay(fonts, text, inputs))

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
        self.present()

    def _page_of(self, turn: int) -> int:
        return next((i for i, story in enumerate(self.stories) if story.turn == turn), 0)

    @property
    def review_ready(self) -> bool:
        return self.review is not None or (self.job is not None and self.job.done) or not self.stories

    def update(self, dt: float) -> None:
        if self.job is not None:
            self.review = self.job.review  # the latest snapshot: each turn firms up in place
        self.present()

    def resize(self) -> None:  # and a language switch
        self.present()

    def look(self) -> ReplayInputs | None:
        # the review, or the expert's game, moved on since the last frame: show it (as planned
        # on update, so the frame drawn is the plan's)
        return self.plans.inputs

    @property
    def expert_line(self) -> list[TurnStory] | None:
        return self.line_job.stories if self.line_job is not None else None

    @property
    def line_ready(self) -> bool:
        return self.line_job is None or self.line_job.finished

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self._handle(event)
        if self.request is None:  # the turn turned, or the expert's side: drawn before the next update
            self.present()

    def _handle(self, event: pygame.event.Event) -> None:
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

    # --- the plan -----------------------------------------------------------------------------
    def present(self) -> ReplayPlan:
        """The plan for the window, the language and what the viewer shows now: kept while
        they hold (asked on entering, on update, after input and a resize; never in draw)."""
        line = self.expert_line
        return self.plans.present(ReplayInputs(
            self.viewport.size, self.text.locale, self.fonts.generation, tuple(self.stories), self.unreadable,
            self.page, self.review, self.review_ready, self.showing_line, None if line is None else tuple(line),
            self.line_ready))

    @property
    def plan(self) -> ReplayPlan:
        plan = self.plans.plan
        assert plan is not None  # presented on entering
        return plan

    def buttons(self) -> list[Button]:
        return list(self.plan.buttons)

    # --- what the plan places -----------------------------------------------------------------
    def placed(self) -> tuple[Placed, ...]:
        """The title, 'Rolled' and its dice, each side's heading, board, powers and notes, and
        the buttons (the viewer fills the window: nothing under it shows)."""
        plan, fonts = self.plan, self.fonts
        out: list[Placed | None] = [self._line_piece(plan.title)]
        if plan.dice is not None:
            row = plan.dice
            out.append(placed_ink_in(fonts, row.label, row.label_px, row.label_box, Role.LABEL, row.rect))
            out += [element(Role.PICTURE, at, f"rolled die {index}") for index, at in enumerate(row.dice_at)]
        for side in (plan.you, plan.expert):
            if side is None:
                continue
            out.append(self._line_piece(side.heading))
            if side.board is not None:
                out.append(element(Role.PICTURE, side.board, "ghost board" if side.ghost else "mini board"))
            if side.powers is not None:
                out += [Placed(Role.LABEL, part.ink, part.words, max(1, int(fonts.px(part.px) * side.powers.scale)),
                               side.powers.rect) for part in side.powers.parts if part.words]
            out += [self._line_piece(line) for line in side.notes]
        return pieces(out, button_row_pieces(fonts, plan.buttons))

    def _line_piece(self, line: Line) -> Placed | None:
        return placed_ink_in(self.fonts, line.words, line.px, line.box, Role.TITLE if line.bold else Role.LABEL,
                           line.box, line.bold)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(palette.BACKGROUND)
        plan = self.plan
        self._line(surface, plan.title)
        if plan.dice is not None:
            with panel(surface, "dice", plan.dice.rect):
                self._draw_dice(surface, plan.dice)
        for name, side in (("you", plan.you), ("expert", plan.expert)):
            if side is not None:
                with panel(surface, name, plan.areas.halves[0 if name == "you" else 1]):
                    self._draw_side(surface, side)
        draw_button_rows(surface, self.fonts, plan.buttons, self.hover)

    def _line(self, surface: pygame.Surface, line: Line) -> pygame.Rect:
        """One planned line, its ink inside its box (Nastaliq's letters reach far past its size)."""
        image = self.fonts.render(line.words, line.px, line.colour, line.bold)
        with panel(surface, "", line.box):
            return blit_ink(surface, image, line.box)

    def _draw_dice(self, surface: pygame.Surface, row: DiceRow) -> None:
        """'Rolled' and the dice where the plan put them."""
        blit_ink(surface, self.fonts.render(row.label, row.label_px, palette.TEXT_DIM), row.label_box)
        for index, (value, at) in enumerate(zip(row.dice, row.dice_at)):
            surface.blit(die_face(value, at.width, "tray"), at)
            note(surface, at, Role.PICTURE, f"rolled die {index}")

    def _draw_powers(self, surface: pygame.Surface, row: PowersRow) -> None:
        """The powers used, drawn where the plan put them: '–1 on a 6' then the die before →
        after; a re-roll's dice before → the dice it showed; or 'no power'."""
        for part in row.parts:
            piece = self._picture(part, row)
            if row.scale < 1:
                piece = scaled(piece, (part.box.width, max(1, int(piece.get_height() * row.scale))))
            at = blit_ink(surface, piece, part.box)
            if part.shows:
                note(surface, at, Role.PICTURE, part.shows)

    def _picture(self, part: RowPart, row: PowersRow) -> pygame.Surface:
        if part.words:
            return self.fonts.render(part.words, part.px, palette.TEXT_DIM)
        if part.arrow:
            return _arrow(row.size, self.text.direction)
        return die_face(part.face, int(row.rect.height * 0.9), "tray")

    def _draw_side(self, surface: pygame.Surface, side: SidePlan) -> None:
        """A side's heading, its board with the choice's dice, its powers and its note."""
        self._line(surface, side.heading)
        if side.board is not None:
            draw_mini_board(surface, side.board, side.position, side.choice, side.ghost)
        if side.powers is not None:
            self._draw_powers(surface, side.powers)
        for line in side.notes:
            self._line(surface, line)


def _arrow(size: int, direction: Direction) -> pygame.Surface:
    """An arrow from the die before to the die after, pointing the way the line reads,
    drawn (the fonts have no glyph for it)."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    mid, width = size // 2, max(2, size // 10)
    pygame.draw.line(image, palette.TEXT_DIM, (size // 8, mid), (size * 5 // 8, mid), width)
    pygame.draw.polygon(image, palette.TEXT_DIM, [(size // 2, size // 4), (size * 7 // 8, mid), (size // 2, size * 3 // 4)])
    return pygame.transform.flip(image, direction.rtl, False)


def screen(services: Services) -> ReplayViewer:
    return ReplayViewer(services.table.text, services.table.fonts, services.table.viewport, services.reviews)
