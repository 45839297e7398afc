"""GameOver: the end of a game, seen whole. First the finished board alone (the last line's
bonus flashing, the table's score counting to the end), then the panel: the final
breakdown counts up, the rank in the difficulty's table, the expert's review — one line that
adds up (what the expert expected before the first roll, what the dice gave, what the
choices made of it: the final score) and the costliest turns drawn as small boards (what the
player did beside the expert's ghost dice, and one sentence: the expert's play and what the
player's choices came to against it; a tap opens that turn in the replay viewer) — and play
again. The review is asked for as the panel comes up; its best guess is there within a
second and each number firms up in place as the expert's playouts value it. A result that makes the table asks for the player's name
once the count-up has been seen. A menu or dialog opened over the panel makes it step aside.

Where the panel's parts go is planned in ``game_over_plan``; the review's cards are drawn
by ``review_cards``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from magdagdon.ai.review import OPENING_VALUE, GameReview, TurnReview
from magdagdon.engine import Replay, ReplayError
from magdagdon.engine.challenge import code_for, has_code

from ..input.focus import FocusKey
from ..players.review_shelf import ReviewShelf
from ..world.world_board import WorldBoard
from ..ui import palette
from ..audit.draw_log import Role, new_frame_surface, panel
from ..table.hud import draw_banner
from ..text.menu_text import ink_rect, ink_x
from ..text.numbers import change, signed
from ..table.score_rows import score_rows
from ..ui.button_row import button_row_pieces, draw_button_rows
from ..ui.placed import Placed, element, pieces, placed_ink_hung, placed_text
from ..ui.presenter import Presenter
from ..ui.widgets import Button
from ..shell.payloads import Answer, NameAsked, NameGiven, Payload, ReplayToView, ScoresOf
from ..shell.play_context import PlayContext
from .game_over_plan import (ButtonWords, GameOverInputs, GameOverPlan, PanelContent, PanelPlan, ResultLine,
                             plan_game_over)
from .review_cards import ReviewCard, draw_review_cards, review_items, review_line
from ..world.world_line import world_line
from .turn_story import TurnStory, turn_stories
from ..table.games import Games
from ..table.table_state import TableKit, TableState
from ..shell.loop import ticks
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services
    from ..text.direction import Direction
    from ..text.fonts import FontBook

BOARD_TICKS = ticks(0.8)  # the finished board alone: the last move's flash (0.4 s), then a look
COUNT_TICKS = ticks(1.25)  # then the breakdown counts up
NAME_PAUSE_TICKS = ticks(0.5)  # and the total stands a moment before the name is asked
# What arrives without input (the review, a retried save, the world board's answer) is looked
# for this often: planning the panel's words at every tick took a fifth of a core.
FOLLOW_TICKS = ticks(0.05)


class GameOver(TableState):
    key = ScreenKey.GAME_OVER

    def __init__(self, table: TableKit, games: Games, reviews: ReviewShelf, world: WorldBoard,
                 last_name: Callable[[], str]) -> None:
        super().__init__(table, games)
        self.reviews = reviews
        self.world, self.last_name = world, last_name
        self.panel: Presenter[GameOverInputs, GameOverPlan] = Presenter(self._make_plan)

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.session.record_when_shown()
        self.asked_name = False
        self.input.focus = ("button", "play_again")
        self._backdrop_cache: tuple[object, pygame.Surface] | None = None
        self._stories: dict[int, TurnStory] | None = None
        self.panel.forget()  # another game's
        if not self.session.demo:  # nobody reads a demo's
            self.start_review()
        self.present_panel()

    def follow_phase(self) -> None:
        pass  # only "play again" leaves this state

    # --- the moments of the end ---------------------------------------------------------
    @property
    def board_shown(self) -> bool:
        """The finished board alone, before the panel comes up."""
        return self.tick < BOARD_TICKS

    @property
    def counting(self) -> bool:
        return self.tick <= BOARD_TICKS + COUNT_TICKS

    @property
    def panel_shown(self) -> bool:
        """The panel is up and is the screen in use (no menu or dialog over it)."""
        return not self.board_shown and not self.covered

    def update(self, dt: float) -> None:
        super().update(dt)
        self.session.check_saved()  # a held result written by a retry or another save
        session = self.session
        if session.world_send is None and session.recorded and not session.awaiting_name and not session.demo:
            session.world_send = self.world.send_finished(session, self.last_name() or None)  # on the worker
        if self.session.awaiting_name and not self.asked_name and self.tick >= BOARD_TICKS + COUNT_TICKS + NAME_PAUSE_TICKS:
            self._ask_name()
        if self.tick % FOLLOW_TICKS == 0:
            self._keep_up()

    def prepare(self) -> None:
        super().prepare()
        self._keep_up()  # the frame shows the panel as it stands

    def handle_event(self, event: pygame.event.Event) -> None:
        self._handle(event)
        self._keep_up()  # a retry, a tap that brings the panel: drawn before the next update

    def _handle(self, event: pygame.event.Event) -> None:
        pressed = event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
        waiting = self.session.awaiting_name and not self.asked_name
        if self.board_shown and pressed:
            self.tick = BOARD_TICKS  # a tap or a key brings the panel at once, and does nothing else
            self.session.effects = []
            if waiting or not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                return  # Esc still opens the menu, once the result has its name
        elif waiting and pressed:
            self._ask_name()  # the result is named before anything leaves this screen
            return
        super().handle_event(event)

    def start_review(self) -> None:
        """Ask the expert, once per game, for its review (game over shows its sum and the
        costliest turns, the replay viewer every turn); the shelf keeps it for the viewer."""
        if self.session.review_job is None and not self.game.set_up:
            self.session.review_job = self.reviews.review(Replay.of(self.game))

    def _ask_name(self) -> None:
        self.asked_name = True  # the result made the table, and the player saw it: whose is it?
        self.push(ScreenKey.NAME_ENTRY, NameAsked(timeout_seconds=self.games.name_timeout))

    def is_animating(self) -> bool:
        """The board's last flash, the count-up; or the rank, a storage notice or the review
        arrived since the last frame (the loop then draws it without waiting for input)."""
        return super().is_animating() or self.counting or (self.panel_shown and self.look() != self.drawn_look)

    def look(self) -> tuple[object, ...] | None:
        """What the panel shows beyond the count-up, as last planned: its lines and the
        review's turns (planned on update, so a frame follows each plan)."""
        inputs = self.panel.inputs
        if not self.panel_shown or inputs is None:
            return None
        return inputs.content.lines, inputs.content.captions

    def declared_content(self) -> tuple[str, ...]:
        """What this screen must show once its panel is up: the score, each result line, and
        the review once it is in."""
        if not self.panel_shown:
            return ()
        content = ["score", *(line.content for line in self._result_lines())]
        if self._review_items():
            content.append("review")
        return tuple(dict.fromkeys(content))

    # --- buttons ------------------------------------------------------------------------
    def state_buttons(self) -> list[Button]:
        return list(self.plan().buttons) if self.panel_shown else []

    def buttons(self) -> list[Button]:
        return self.state_buttons()

    def on_button(self, ident: str) -> None:
        if ident == "play_again":
            # The difficulty the player chose last (in Settings, say), not the finished game's.
            self.context.session = self.games.new_session()
            self.reset(ScreenKey.ROLLING)
        elif ident == "replay":
            if not self.game.set_up:  # a position set up for a test or scene has no record
                self.push(ScreenKey.REPLAY, ReplayToView(Replay.of(self.game)))
        elif ident.startswith("turn:"):
            if not self.game.set_up:
                self.push(ScreenKey.REPLAY, ReplayToView(Replay.of(self.game), open_turn=int(ident.split(":", 1)[1])))
        elif ident == "scores":
            self.push(ScreenKey.HIGH_SCORES, ScoresOf(self.game.difficulty))
        elif ident == "menu":
            self.push(ScreenKey.TITLE)
        elif ident == "retry_save":
            self.session.retry_save()

    def on_other_key(self, key: int) -> None:
        if key in (pygame.K_r, pygame.K_n):
            self.on_button("play_again")

    def resume(self, answer: Answer | None) -> None:
        super().resume(answer)
        if isinstance(answer, NameGiven) and self.session.awaiting_name:
            self.session.name_given(answer.name)
        self._keep_up()

    def resize(self) -> None:  # and a language switch
        super().resize()
        self._keep_up()

    def _keep_up(self) -> None:
        """The plan kept up with the panel while it is the screen in use (not under a menu,
        nor leaving: play again hands the table a new game)."""
        if not self.covered and self.request is None:
            self.present_panel()

    # --- what the panel says ------------------------------------------------------------
    def _result_lines(self) -> list[ResultLine]:
        """Each line under the breakdown."""
        text, session, game = self.text, self.session, self.game
        name = text(f"difficulty.{game.difficulty.name}")
        lines = [ResultLine("turns", text("gameover.turns", turns=game.turn, powers=game.powers_used), palette.TEXT_DIM)]
        if session.daily_rank:
            lines.append(ResultLine("code", text("gameover.daily_rank", rank=session.daily_rank,
                                                 code=code_for(game.seed, game.difficulty)), palette.GOLD))
        elif has_code(game.seed):
            lines.append(ResultLine("code", text("gameover.code", code=code_for(game.seed, game.difficulty)), palette.TEXT))
        rank = session.outcome.rank if session.outcome is not None else None
        if session.saved_result is False and session.outcome is not None:
            # Held in memory, retried: why, and that it is kept, first.
            lines.insert(0, ResultLine("rank", text("gameover.held", problem=session.held_reason or text("notice.generic")),
                                       palette.CORAL))
        elif session.saved_result is False:
            lines.append(ResultLine("rank", text("gameover.not_saved"), palette.CORAL))
        elif rank:
            player = session.player_name
            line = text("gameover.rank_named", name=player, rank=rank, difficulty=name) if player else \
                text("gameover.rank", rank=rank, difficulty=name)
            lines.append(ResultLine("rank", line, palette.GOLD))
        elif session.outcome is not None:
            lines.append(ResultLine("rank", text("gameover.no_rank", difficulty=name), palette.TEXT_DIM))
        if session.assisted:
            lines.append(ResultLine("assisted", text("gameover.assisted"), palette.HINT))
        world = world_line(text, session.world_send)
        if world is not None:
            lines.append(world)
        review = self._review()
        if review is not None:
            lines.append(ResultLine("account", self._account(review), palette.TEXT if review.settled else palette.TEXT_DIM))
        elif self._review_awaited():  # its room kept: what was expected is known at once
            expected = signed(round(OPENING_VALUE[self.game.difficulty]))
            lines.append(ResultLine("account", text("gameover.account_waiting", expected=expected), palette.TEXT_DIM))
        items = self._review_items()
        if items or self._review_awaited():
            gains = bool(items) and all(item.choice_points > 0 for item in items)
            title = text("gameover.review_title_gains" if gains else "gameover.review_title")
            if any(item.settled and not item.exact for item in items):  # a "±" is shown: the title says what it is
                title = text("gameover.review_title_margin", title=title)
            lines.append(ResultLine("review title", title, palette.TEXT))
        return lines

    def _account(self, review: GameReview) -> str:
        """'Expected 431 · dice +42 · choices –31 = 442': the review's sum, in whole points
        that add up; while the guess is being checked, it says so."""
        return self.text("gameover.account" if review.settled else "gameover.account_guess",
                         expected=signed(review.expected_points), luck=change(review.luck_points),
                         choices=change(review.choice_points), final=signed(review.end_points))

    def _review(self) -> GameReview | None:
        if self.game.set_up or self.session.demo:
            return None
        return self.session.review

    def _review_items(self) -> list[TurnReview]:
        """The turns given a card (the costliest, or the moves that beat the expert's) that
        have advice and a turn to draw."""
        items = [item for item in review_items(self._review()) if item.advice is not None]
        if not items:
            return []
        stories = self.stories()
        return [item for item in items if item.turn in stories]

    def _review_awaited(self) -> bool:
        """The review is still to come: its room is kept, so nothing moves when it arrives."""
        job = self.session.review_job
        waiting = job is None or (job.review is None and not job.done)
        return waiting and not self.session.demo and not self.game.set_up

    def _rows(self, progress: float = 1.0) -> list[tuple[str, str]]:
        """The breakdown's (label, value) rows, ``progress`` of the way through the count-up."""
        return score_rows(self.game.score(), self.text, progress)

    def _button_words(self) -> tuple[ButtonWords, ...]:
        """The panel's buttons, play again first; a retry while the result is held unsaved."""
        text = self.text
        words = [("play_again", text("button.play_again"), "primary"), ("replay", text("gameover.replay"), "normal"),
                 ("scores", text("menu.high_scores"), "normal"), ("menu", text("button.menu"), "normal")]
        if self.session.saved_result is False and self.session.outcome is not None:
            words.insert(1, ("retry_save", text("gameover.retry"), "normal"))
        return tuple(words)

    # --- layout -------------------------------------------------------------------------
    def present_panel(self) -> GameOverPlan:
        """The plan for the panel as it is now: kept while the window, the language and what
        the panel shows hold (asked on entering, on update, after input, a resize, a language
        switch and a dialog's answer; never in draw)."""
        items = tuple(self._review_items())
        score = self.game.score()  # scored once: asked on every update
        content = PanelContent(signed(score.total), tuple(score_rows(score, self.text)), tuple(self._result_lines()),
                               tuple(review_line(self.text, item) for item in items), self._button_words())
        return self.panel.present(GameOverInputs(self.kit.viewport.size, self.text.locale, self.fonts.generation,
                                                 content, items, self._review_awaited()))

    def _make_plan(self, inputs: GameOverInputs) -> GameOverPlan:
        layout = self.layout
        return plan_game_over(self.fonts, self.text, inputs, layout.margin, layout.portrait, layout.dialog_at)

    def planned(self) -> GameOverPlan:
        """The plan last presented."""
        plan = self.panel.plan
        assert plan is not None  # presented on entering
        return plan

    def plan(self) -> PanelPlan:
        """Where the panel's parts go."""
        return self.planned().panel

    def review_cards(self) -> tuple[ReviewCard, ...]:
        """The review's cards where the plan keeps them: what the pointer hits and draw paints."""
        return self.planned().cards

    @property
    def cards(self) -> list[tuple[pygame.Rect, int]]:
        """Each card's box and its turn."""
        return [(card.rect, card.turn) for card in self.review_cards()]

    @property
    def card_boards(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Each card's (player's, expert's) board."""
        return [(card.mine, card.expert) for card in self.review_cards()]

    # --- what the plan places ----------------------------------------------------------------
    def placed(self) -> tuple[Placed, ...]:
        """The table; once the panel is up, dimmed under a veil (it is then background) and,
        unless a menu or dialog stands over it, the panel over them (layer 1)."""
        table = super().placed()
        if self.board_shown:
            return table
        veil = element(Role.VEIL, pygame.Rect((0, 0), self.kit.viewport.size), "veil", 1, opaque=False)
        if self.covered:
            return pieces(table, veil)
        return pieces(table, veil, self._panel_pieces())

    def _panel_pieces(self, layer: int = 1) -> tuple[Placed, ...]:
        """The banner, its title, the total, the breakdown, the lines under it, the review and
        the buttons, where the plan put them (the count-up settled on its final numbers)."""
        fonts, planned = self.fonts, self.planned()
        plan, content, dialog = planned.panel, planned.inputs.content, planned.panel.dialog
        out: list[Placed | None] = [element(Role.DIALOG, dialog, "banner", layer)]
        title = self.text("gameover.title")
        if plan.title_box is None:  # in the banner's own head
            banner = planned.banner
            out.append(placed_ink_hung(fonts, title, banner.title_size, banner.inner.move(dialog.topleft), Role.TITLE,
                                dialog, True, layer))
        else:
            out.append(placed_ink_hung(fonts, title, plan.title_px, plan.title_box, Role.TITLE, dialog, True, layer))
        out.append(placed_ink_hung(fonts, content.total, plan.total_px, plan.total_box, Role.VALUE,
                            plan.total_box.inflate(0, 2), True, layer))
        for (label, value), box, label_px in zip(content.rows, plan.rows, plan.label_px):
            label_at, value_at = row_spots(fonts, self.text.direction, label, value, box, plan, label_px)
            out.append(placed_text(fonts, label, label_px, label_at, Role.LABEL, box.inflate(2, 4), layer=layer))
            out.append(placed_text(fonts, value, plan.size, value_at, Role.VALUE, box.inflate(2, 4), True, layer))
        out += [placed_ink_hung(fonts, part.words, part.px, part.box, Role.NOTICE, dialog, layer=layer)
                for _, _, parts in plan.lines for part in parts]
        waiting = planned.waiting
        if waiting is not None:
            out += [placed_text(fonts, words, waiting.px, at, Role.NOTICE, waiting.area, layer=layer)
                    for words, at in zip(waiting.lines, waiting.at)]
        elif plan.cards is not None:
            for index, card in enumerate(planned.cards):
                out += [element(Role.PANEL, card.rect, f"card {index}", layer),
                        element(Role.PICTURE, card.mine, "mini board", layer),
                        element(Role.PICTURE, card.expert, "ghost board", layer)]
                out += [placed_text(fonts, line.words, line.size, line.at, Role.LABEL, card.rect, line.bold, layer)
                        for line in card.caption]
        return pieces(out, button_row_pieces(fonts, plan.buttons, layer))

    # --- drawing ------------------------------------------------------------------------
    def _backdrop(self, surface: pygame.Surface, plan: PanelPlan | None) -> pygame.Surface:
        """The table, the shade and (``plan``) the empty panel: still while the numbers count
        up, so drawn once and then copied (one opaque blit instead of a repaint per frame)."""
        key = (id(self.layout), surface.get_size(), self.text.locale, self.fonts.generation, str(self.game.board),
               None if plan is None else (tuple(plan.dialog), plan.reserve, plan.title_scale, plan.title_box is None))
        cached = self._backdrop_cache
        if cached is None or cached[0] != key:
            image = new_frame_surface(surface.get_size(), surface, self.fonts.logged)
            self.draw_static(image)
            self.kit.viewport.dim(image, 150)
            if plan is not None:
                title = self.text("gameover.title") if plan.title_box is None else ""  # else drawn in its column
                draw_banner(image, self.fonts, plan.dialog, title, [], palette.GOLD, palette.GOLD,
                            plan.reserve, title_scale=plan.title_scale, plan=self.planned().banner)
            cached = self._backdrop_cache = (key, image)
        return cached[1]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.board_shown:  # the finished board, its last flash and count
            self.draw_static(surface)
            self.draw_effects(surface, alpha)
            return
        if self.covered:  # a menu or dialog over it: the panel steps aside
            surface.blit(self._backdrop(surface, None), (0, 0))
            return
        plan = self.plan()
        surface.blit(self._backdrop(surface, plan), (0, 0))
        progress = min(1.0, (self.tick - BOARD_TICKS + alpha) / COUNT_TICKS)
        with panel(surface, "banner", plan.dialog):  # everything here stands on the panel
            if plan.title_box is not None:
                image = self.fonts.render(self.text("gameover.title"), plan.title_px, palette.GOLD, bold=True)
                self._blit_centred(surface, image, plan.title_box)
            self._draw_total(surface, plan, progress)
            self._draw_breakdown(surface, plan, progress)
            for content, colour, parts in plan.lines:
                with panel(surface, content, plan.dialog):
                    for part in parts:
                        self._blit_centred(surface, self.fonts.render(part.words, part.px, colour), part.box)
            self._draw_cards(surface, plan)
            hands = self.input
            focused = str(hands.focus[1]) if hands.keyboard and hands.focus and hands.focus[0] == "button" else None
            draw_button_rows(surface, self.fonts, plan.buttons, hands.hover, focused)

    @staticmethod
    def _blit_centred(surface: pygame.Surface, image: pygame.Surface, box: pygame.Rect) -> None:
        """``image`` with its ink centred across ``box`` and its ink's top at the box's top."""
        ink = ink_rect(image)
        surface.blit(image, (box.centerx - ink.centerx, box.top - ink.top))

    def _draw_total(self, surface: pygame.Surface, plan: PanelPlan, progress: float) -> None:
        fonts = self.fonts
        shown = signed(int(self.game.score().total * progress))
        image = fonts.render(shown, plan.total_px, palette.GOLD, bold=True)
        final = ink_rect(fonts.render(signed(self.game.score().total), plan.total_px, palette.GOLD, bold=True))
        ink = ink_rect(image)
        with panel(surface, "score", plan.total_box.inflate(0, 2)):
            # Counted up on the final total's baseline, so the digits do not bob as they change.
            surface.blit(image, (plan.total_box.centerx - ink.centerx, plan.total_box.top - final.top))

    def _draw_breakdown(self, surface: pygame.Surface, plan: PanelPlan, progress: float) -> None:
        """Label and value on one baseline; mirrored in Urdu (the label on the right)."""
        fonts, text, size = self.fonts, self.text, plan.size
        for index, ((label, value), box, label_px) in enumerate(zip(self._rows(progress), plan.rows, plan.label_px)):
            label_at, value_at = row_spots(fonts, text.direction, label, value, box, plan, label_px)
            with panel(surface, "breakdown", plan.dialog), panel(surface, f"row {index}", box.inflate(2, 4)):
                surface.blit(fonts.render(label, label_px, palette.TEXT_DIM), label_at)
                surface.blit(fonts.render(value, size, palette.TEXT, bold=True), value_at)

    # --- the drawn review -------------------------------------------------------------------
    def stories(self) -> dict[int, TurnStory]:
        """Each turn's position, replayed once (a few milliseconds) when first needed."""
        if self._stories is None:
            try:
                self._stories = {s.turn: s for s in turn_stories(Replay.of(self.game))}
            except ReplayError:  # a position set up for a scene has no record to replay
                self._stories = {}
        return self._stories

    def _draw_cards(self, surface: pygame.Surface, plan: PanelPlan) -> None:
        """A card per costly turn where the plan keeps the review."""
        planned = self.planned()
        waiting = planned.waiting
        if waiting is not None:  # the review is being worked out: its place says so
            with panel(surface, "review", waiting.area):
                for words, at in zip(waiting.lines, waiting.at):
                    surface.blit(self.fonts.render(words, waiting.px, palette.TEXT_DIM), at)
        elif plan.cards is not None and planned.cards:
            draw_review_cards(surface, self.fonts, plan.cards, planned.cards, self.stories(), plan.size)

    def hit(self, pos: tuple[int, int]) -> FocusKey | None:
        if not self.panel_shown:
            return None
        card = next((card.turn for card in self.review_cards() if card.rect.collidepoint(pos)), None)
        return ("card", card) if card is not None else super().hit(pos)

    def activate(self, target: FocusKey) -> None:
        if target[0] == "card":
            self.on_button(f"turn:{target[1]}")
        else:
            super().activate(target)


def row_spots(fonts: "FontBook", direction: "Direction", label: str, value: str, box: pygame.Rect, plan: PanelPlan,
              label_px: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where a breakdown row's label and value pictures go: on the row's one baseline, the
    label's ink at the reader's start of ``box``, the value's at its end."""
    baseline = box.top + plan.row_baseline  # one baseline for every row on a line
    label_ink, value_ink = fonts.ink(label, label_px), fonts.ink(value, plan.size, True)
    return ((ink_x(box, label_ink, direction.start), baseline - fonts.baseline(label, label_px)),
            (ink_x(box, value_ink, direction.end), baseline - fonts.baseline(value, plan.size, True)))


def screen(services: Services) -> GameOver:
    return GameOver(services.table, services.games, services.reviews, services.world, services.last_name.offer)
