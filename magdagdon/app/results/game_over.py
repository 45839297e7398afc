"""GameOver: the end of a game, seen whole. First the finished board alone (the last line's
bonus flashing, the table's score counting to the end), then the panel: the final
breakdown counts up, the rank in the difficulty's table, the AI's review of the costliest
turns drawn as small boards (what the player did beside the expert's ghost dice, and one
sentence: the expert's play and the points it would have made; a tap opens that turn in the
replay viewer), and play again. The review is meant to be read across a table: its dice
are given ``REVIEW_DIE_SHARE`` of the window's short side (28 px at 1280×720) where the
window allows, in landscape in a column of its own beside the breakdown.
A result that makes the table asks for the player's name once the count-up has been seen.

The panel is laid out by the ink of its words (Nastaliq's letters stand far shorter than
its line), as tall as it needs within the window, so every line and the review fit in
every language and size. A menu or dialog opened over it makes it step aside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass, replace

import pygame

from magdagdon.ai.review import TurnAdvice, TurnReview
from magdagdon.engine import Replay, ReplayError, cell_col, cell_row
from magdagdon.engine.challenge import code_for, has_code

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..input.focus import FocusKey
from ..players.review_job import ReviewJob
from ..players.worker import Worker
from ..ui import palette
from ..audit.draw_log import Role, as_role, new_frame_surface, panel
from ..table.hud import draw_banner
from ..text.fit import min_text_px
from ..text.direction import LEFT_TO_RIGHT, Direction
from ..text.menu_text import blit_ink, fitted_block, ink_rect, ink_x
from .mini_board import board_cells, draw_mini_board
from ..text.numbers import cost, signed
from ..ui.palette import Colour
from ..ui.button_row import INK_SHARE, LABEL_SHARE, draw_button_rows, words_width
from ..ui.widgets import Button
from ..table.session import GameSession
from ..shell.payloads import Answer, NameAsked, NameGiven, Payload, ReplayToView, ScoresOf
from ..shell.play_context import PlayContext
from .turn_story import TurnStory, turn_stories
from ..table.games import Games
from ..table.table_state import TableKit, TableState
from ..shell.loop import ticks

if TYPE_CHECKING:
    from ..shell.screens import Services

BOARD_TICKS = ticks(0.8)  # the finished board alone: the last move's flash (0.4 s), then a look
COUNT_TICKS = ticks(1.25)  # then the breakdown counts up
NAME_PAUSE_TICKS = ticks(0.5)  # and the total stands a moment before the name is asked
REVIEW_ITEMS = 3
REVIEW_DIE_SHARE = 28 / 720  # of the window's short side: a review die's side
# A long sentence, to keep the review's room before the review is in (two dice placed).
SAMPLE_REVIEW = TurnReview(12, 188, (), (), TurnAdvice((), ((5, 6), (4, 7)), None))


def local_cell_name(text: Catalog, cell: int) -> str:
    """A cell named in the player's language ("R2C3"; in Urdu "قطار 2 کالم 3")."""
    return text("cell.name", row=cell_row(cell) + 1, col=cell_col(cell) + 1)


def review_die_target(size: tuple[int, int]) -> int:
    """The side the review's dice are given where the window allows: readable across a
    table, 28 px at 1280×720, growing with the window's short side."""
    return round(min(size) * REVIEW_DIE_SHARE)


def card_sides(card: pygame.Rect, caption_h: int, gap: int,
               direction: Direction = LEFT_TO_RIGHT) -> tuple[pygame.Rect, pygame.Rect]:
    """A review card's two boards above its sentence: the player's, then the expert's (the
    player's first where the reader starts)."""
    boards = pygame.Rect(card.left, card.top + gap, card.width, card.height - caption_h - 3 * gap)
    inset = max(4, card.width // 40)
    half = boards.width // 2
    first, second = direction.ordered([pygame.Rect(boards.left, boards.top, half, boards.height).inflate(-inset, 0),
                                       pygame.Rect(boards.left + half, boards.top, half, boards.height).inflate(-inset, 0)])
    return first, second


def beside_card_parts(card: pygame.Rect, gap: int,
                      direction: Direction = LEFT_TO_RIGHT) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """A review card in the column beside the breakdown: the player's board, the expert's,
    then the sentence, in reading order (from the right in Urdu)."""
    inset = max(4, card.width // 60)
    half = card.width // 2
    side = max(1, min((half - 3 * inset) // 2, card.height - 2 * gap))
    top = card.centery - side // 2
    first = pygame.Rect(card.left + inset, top, side, side)
    second = pygame.Rect(first.right + inset, top, side, side)
    words = pygame.Rect(card.left + half + inset, card.top + gap, card.width - half - 2 * inset, card.height - 2 * gap)
    # mirrored in Urdu: the player's board at the right edge, the sentence at the left
    return direction.placed(first, card), direction.placed(second, card), direction.placed(words, card)


def review_line(text: Catalog, item: TurnReview) -> str:
    """'Turn 4: 3 on R2C3, 4 on R2C4 — about 35 points', worded by the catalog."""
    advice = item.advice
    if advice is None:
        return text("gameover.review_line", turn=item.turn, loss=round(item.loss))
    steps = [text(f"review.power.{kind}", values=" ".join(map(str, values))) for kind, values in advice.powers]
    if advice.ruin is not None:
        steps.append(text("review.ruin", cell=local_cell_name(text, advice.ruin)))
    elif advice.placements:
        steps.append(text("review.list_separator").join(
            text("review.place", value=value, cell=local_cell_name(text, cell)) for value, cell in advice.placements))
    return text("gameover.review_advice", turn=item.turn, loss=round(item.loss),
                advice=text("review.then").join(steps))


@dataclass(frozen=True)
class ResultLine:
    """A line under the breakdown: what it is (the draw log's panel), its words, its colour."""

    content: str
    words: str
    colour: Colour


@dataclass(frozen=True)
class PlacedLine:
    """One line of text as laid out: its words, size, and the box its ink is centred in."""

    words: str
    px: int
    box: pygame.Rect


@dataclass(frozen=True)
class PanelPlan:
    """Where everything on the game-over panel goes, for one window, language and set of lines."""

    dialog: pygame.Rect
    title_scale: float  # for draw_banner: the title's size as a share of the panel's height
    reserve: int  # the strip at the panel's bottom kept for the buttons
    size: int  # the size of the breakdown and the result lines
    total_px: int
    total_box: pygame.Rect
    paired: bool  # the breakdown's rows two to a line
    rows: tuple[pygame.Rect, ...]  # each breakdown row's box (label and value on one baseline)
    lines: tuple[tuple[str, Colour, tuple[PlacedLine, ...]], ...]  # (content, colour, its lines)
    cards: pygame.Rect | None  # the review's area (kept before the review is in)
    buttons: tuple[Button, ...]
    review_die: int = 0  # the side of a die on the review's boards (0: no review)
    beside: bool = False  # the review in a column beside the breakdown, its cards one under another
    title_box: pygame.Rect | None = None  # beside: the title heads the breakdown's column (else the panel's top)
    title_px: int = 0  # and its size there
    cards_shown: int = REVIEW_ITEMS  # the costliest turns drawn: fewer only where all would not fit
    card_columns: int = REVIEW_ITEMS  # the cards' row (under the breakdown) or column (beside) is cut in this many


def fits_block(fonts: FontBook, words: str, size: int, width: int, floor: int) -> list[tuple[str, int]]:
    """``words`` as (line, size) pairs: one line at the largest size up to ``size`` that fits
    ``width``, or, where that would be below the readable ``floor``, as many lines at it."""
    fitted = fonts.fit(words, size, width)
    if fitted >= floor:
        return [(words, fitted)]
    return [(line, floor) for line in fonts.wrap(words, floor, width)]


class GameOver(TableState):
    key = "game_over"

    def __init__(self, table: TableKit, games: Games, worker: Worker) -> None:
        super().__init__(table, games)
        self.worker = worker

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.session.record_when_shown()
        self.asked_name = False
        self.focus = ("button", "play_again")
        self.result_shown: tuple[object, ...] = ()  # the result lines and review last drawn
        self._backdrop_cache: tuple[object, pygame.Surface] | None = None
        self._plan_cache: tuple[object, PanelPlan] | None = None
        self.cards: list[tuple[pygame.Rect, int]] = []  # the review's cards as drawn, with their turn
        self.card_boards: list[tuple[pygame.Rect, pygame.Rect]] = []  # each card's (player's, expert's) board
        self._stories: dict[int, TurnStory] | None = None

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
        if self.tick == BOARD_TICKS + COUNT_TICKS and not self.session.demo:  # after the count-up (CPU)
            self.start_review()  # nobody reads a demo's
        if self.session.awaiting_name and not self.asked_name and self.tick >= BOARD_TICKS + COUNT_TICKS + NAME_PAUSE_TICKS:
            self._ask_name()

    def handle_event(self, event: pygame.event.Event) -> None:
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
        """Ask the expert, once per game, for every turn that lost points (game over shows the
        costliest, the replay viewer all of them)."""
        if self.session.review_job is None and not self.game.set_up:
            self.session.review_job = ReviewJob(self.worker, Replay.of(self.game))

    def _ask_name(self) -> None:
        self.asked_name = True  # the result made the table, and the player saw it: whose is it?
        self.push("name_entry", NameAsked(timeout_seconds=self.games.name_timeout))

    def is_animating(self) -> bool:
        """The board's last flash, the count-up; or the rank, a storage notice or the review
        arrived since the last frame (the loop then draws it without waiting for input)."""
        return super().is_animating() or self.counting or (self.panel_shown and self._shown() != self.result_shown)

    def _shown(self) -> tuple[object, ...]:
        """What the panel shows beyond the count-up: its lines and the review's turns."""
        return (tuple((line.words, line.colour) for line in self._result_lines()),
                tuple(item.turn for item in self._review_items()))

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
            self.reset("rolling")
        elif ident == "replay":
            if not self.game.set_up:  # a position set up for a test or scene has no record
                self.push("replay", ReplayToView(Replay.of(self.game), self.session.review_job))
        elif ident.startswith("turn:"):
            if not self.game.set_up:
                self.push("replay", ReplayToView(Replay.of(self.game), self.session.review_job,
                                                 open_turn=int(ident.split(":", 1)[1])))
        elif ident == "scores":
            self.push("high_scores", ScoresOf(self.game.difficulty))
        elif ident == "menu":
            self.push("title")
        elif ident == "retry_save":
            self.session.retry_save()

    def on_other_key(self, key: int) -> None:
        if key in (pygame.K_r, pygame.K_n):
            self.on_button("play_again")

    def resume(self, answer: Answer | None) -> None:
        super().resume(answer)
        if isinstance(answer, NameGiven) and self.session.awaiting_name:
            self.session.name_given(answer.name)

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
        if self._review_items() or self._review_awaited():
            lines.append(ResultLine("review title", text("gameover.review_title"), palette.TEXT))
        return lines

    def _review_items(self) -> list[TurnReview]:
        """The review's costliest turns that have a card (advice, and a turn to draw)."""
        review = [item for item in (self.session.review or [])[:REVIEW_ITEMS] if item.advice is not None]
        if not review or self.game.set_up:
            return []
        stories = self.stories()
        return [item for item in review if item.turn in stories]

    def _review_awaited(self) -> bool:
        """The review is still to come: its room is kept, so nothing moves when it arrives."""
        job = self.session.review_job
        return (job is None or not job.done) and not self.session.demo and not self.game.set_up

    # --- layout -------------------------------------------------------------------------
    def plan(self) -> PanelPlan:
        lines = self._result_lines()
        items = self._review_items()
        captions = tuple(review_line(self.text, item) for item in items)
        key = (self.kit.viewport.size, self.text.locale, self.fonts.generation, tuple(lines), captions,
               self._review_awaited())
        cached = self._plan_cache
        if cached is None or cached[0] != key:
            if not captions and self._review_awaited():
                captions = (review_line(self.text, SAMPLE_REVIEW),)
            cached = self._plan_cache = (key, self._lay_out(lines, captions))
        return cached[1]

    def _rows(self, progress: float = 1.0) -> list[tuple[str, str]]:
        score = self.game.score()
        text = self.text
        return [
            (text("score.base"), f"{int(score.base * progress)}"),
            (text("score.bonus"), f"+{int(score.bonus * progress)}"),
            (text("score.ruins", count=score.ruins), cost(int(score.ruin_penalty * progress))),
            (text("score.powers", count=score.powers_used), cost(int(score.power_penalty * progress))),
        ]

    def _lay_out(self, lines: list[ResultLine], captions: tuple[str, ...]) -> PanelPlan:
        """The largest text size (down to the readable floor) at which the whole panel fits the
        window; the breakdown's rows go two to a line where one under another would not fit;
        what height is left goes to the review's boards."""
        fonts, text = self.fonts, self.text
        w, h = self.kit.viewport.size
        margin = self.layout.margin
        floor = min_text_px((w, h))
        usual = self._usual_width()
        width = w - 2 * margin if captions else usual  # the review's boards take the window's width
        most = h - 2 * margin
        pad = max(8, width // 24)  # as the banner's own (hud.draw_banner)
        inner = width - 2 * pad
        largest = max(floor, min(round(min(w, h) * 0.028), inner // 22))
        want = review_die_target((w, h))
        # In landscape the review goes in a column of its own beside the breakdown, or under it
        # where that gives its dice more room (a small window in a short script).
        shapes = (True, False) if captions and not self.layout.portrait else (False,)
        # Every card if they fit at some size; else the costliest few, wider, whose sentences
        # then take fewer lines (a small window in a tall script): never a panel past the window.
        choices = [(captions, REVIEW_ITEMS)] + [(captions[:n], n) for n in range(len(captions) - 1, 0, -1)]
        plan: PanelPlan | None = None
        for shown, columns in choices:
            fitting: PanelPlan | None = None
            for beside in shapes:
                for size in range(largest, floor - 1, -1):
                    for paired in (False, True):
                        if beside:
                            plan = self._plan_beside(size, paired, width, most, pad, floor, lines, shown, columns)
                        else:
                            plan = self._plan_at(size, paired, width, most, pad, floor, lines, shown, columns)
                        plan = replace(plan, cards_shown=len(shown), card_columns=columns)
                        if plan.dialog.height <= most:
                            if not shown or plan.review_die >= want:
                                return plan
                            fitting = fitting or plan  # the largest text that fits, should no shape give the dice room
            if fitting is not None:
                return fitting
        assert plan is not None
        return plan  # nothing fits (a tiny window): the smallest, judged by the audit

    def _usual_width(self) -> int:
        """The panel's width without the review: the breakdown's rows keep to it."""
        w, margin = self.kit.viewport.size[0], self.layout.margin
        return w - 2 * margin if self.layout.portrait else min(w - 2 * margin, max(int(w * 0.55), 720))

    def _plan_beside(self, size: int, paired: bool, width: int, most: int, pad: int, floor: int,
                     lines: list[ResultLine], captions: tuple[str, ...], count: int = REVIEW_ITEMS) -> PanelPlan:
        """Two columns over the buttons: the title, the total, the breakdown and the result
        lines in one, the review in the other (its title, then a card per costly turn, one
        under another: the two boards, and the sentence beside them)."""
        fonts, text = self.fonts, self.text
        w, h = self.kit.viewport.size
        inner = width - 2 * pad
        gap = max(3, round(size * 0.35))
        score = self.game.score()
        row_h = self._row_height(size)
        row_count = 2 if paired else 4
        start_w = (inner - pad) * 9 // 20  # the breakdown's column; the review's takes the rest
        end_w = inner - pad - start_w
        title_px, title_ink = self._title_size(size, start_w, floor)
        total_px = max(floor, fonts.fit(signed(score.total), round(size * 2.6), start_w, True))
        total_h = fonts.ink_height(signed(score.total), total_px, True)

        def lay(chosen: list[ResultLine], room: int) -> list[tuple[str, Colour, list[tuple[str, int, int]]]]:
            return [(line.content, line.colour, [(words, px, fonts.ink_height(words, px)) for words, px in
                                                 fits_block(fonts, line.words, size, room, floor)]) for line in chosen]

        results = lay([line for line in lines if line.content != "review title"], start_w)
        heading = lay([line for line in lines if line.content == "review title"], end_w)

        def height_of(laid: list[tuple[str, Colour, list[tuple[str, int, int]]]]) -> int:
            return sum(part_h + gap for _, _, parts in laid for _, _, part_h in parts)

        title_h = title_ink + pad // 4 + 2 * gap
        start_h = title_h + total_h + 2 * gap + row_count * (row_h + gap) + gap + height_of(results)
        head_h = height_of(heading)
        buttons, buttons_h = self._button_rows(inner, floor, size)
        probe = pygame.Rect(0, 0, end_w, 10 ** 4)
        words_w = beside_card_parts(probe, gap)[2].width
        caption_h = max(ink_rect(fitted_block(fonts, c, size, (words_w, 10 ** 4), palette.GOLD, False, floor)).height
                        for c in captions)
        card_min = max(caption_h, 4 * floor) + 2 * gap
        card_cap = max(card_min, beside_card_parts(probe, gap)[0].width + 2 * gap)  # square boards filling their half

        # room for a full review (count), kept from before it is in: nothing moves when it comes

        def end_h(card_h: int) -> int:
            return head_h + count * card_h + (count - 1) * gap

        low = max(8, pad // 2)  # under the buttons: the review's boards want the height
        fixed = pad + pad + buttons_h + low
        room = max(start_h, end_h(card_min), min(most - fixed, end_h(card_cap)))
        card_h = max(card_min, min(card_cap, (room - head_h - (count - 1) * gap) // count))
        body = max(start_h, end_h(card_h), most - fixed)  # the whole height: the buttons stay put
        height = fixed + body
        dialog = pygame.Rect(0, 0, width, height)
        dialog.center = (w // 2, h // 2)
        left = dialog.left + pad
        y = dialog.top + pad
        both = pygame.Rect(left, y, start_w + pad + end_w, body)  # the result where the reader starts, the review after it
        start = text.direction.placed(pygame.Rect(left, y, start_w, body), both)
        end = text.direction.placed(pygame.Rect(left + start_w + pad, y, end_w, body), both)
        title_box = pygame.Rect(start.left, y, start_w, title_ink)
        y += title_h
        total_box = pygame.Rect(start.left, y, start_w, total_h)
        y += total_h + 2 * gap
        rows = []
        col_w = (start.width - size) // 2 if paired else start.width * 2 // 3
        for index in range(4):
            column = index % 2 if paired else 0
            x = start.left + text.direction.column(column, 2) * (col_w + size) if paired else start.left + start.width // 6
            rows.append(pygame.Rect(x, y, col_w, row_h))
            if not paired or index % 2:
                y += row_h + gap
        y += gap
        placed = []
        for area, laid in ((start, results), (end, heading)):
            if area is end:
                y = end.top
            for content_name, colour, parts in laid:
                boxes = []
                for words, px, part_h in parts:
                    boxes.append(PlacedLine(words, px, pygame.Rect(area.left, y, area.width, part_h)))
                    y += part_h + gap
                placed.append((content_name, colour, tuple(boxes)))
        cards = pygame.Rect(end.left, end.top + head_h, end_w, count * card_h + (count - 1) * gap)
        review_die = board_cells(beside_card_parts(pygame.Rect(0, 0, end_w, card_h), gap)[0])[0].width
        row_top = dialog.bottom - low - buttons_h
        placed_buttons = tuple(Button(b.ident, b.rect.move(left, row_top), b.label, True, b.style) for b in buttons)
        reserve = dialog.bottom - row_top + pad
        return PanelPlan(dialog, 0.1, reserve, size, total_px, total_box, paired, tuple(rows), tuple(placed),
                         cards, placed_buttons, review_die, beside=True, title_px=title_px,
                         title_box=title_box)

    def _title_size(self, size: int, inner: int, floor: int) -> tuple[int, int]:
        """The title's size and ink height: over twice as tall as the lines'; in Nastaliq,
        whose letters reach far above and below the line, a smaller size."""
        fonts, title = self.fonts, self.text("gameover.title")
        title_px = fonts.fit(title, round(size * 2.4), inner, True)
        title_ink = fonts.ink_height(title, title_px, True)
        if title_ink > size * 3:
            title_px = max(floor, int(title_px * size * 3 / title_ink))
            title_ink = fonts.ink_height(title, title_px, True)
        return title_px, title_ink

    def _plan_at(self, size: int, paired: bool, width: int, most: int, pad: int, floor: int,
                 lines: list[ResultLine], captions: tuple[str, ...], columns: int = REVIEW_ITEMS) -> PanelPlan:
        fonts, text = self.fonts, self.text
        w, h = self.kit.viewport.size
        inner = width - 2 * pad
        gap = max(3, round(size * 0.35))
        title_px, title_ink = self._title_size(size, inner, floor)
        score = self.game.score()
        total_px = max(floor, fonts.fit(signed(score.total), round(size * 2.6), inner, True))
        total_h = fonts.ink_height(signed(score.total), total_px, True)
        # rows: the tallest ink among the labels and values, above and below their baseline
        row_h = self._row_height(size)
        row_count = 2 if paired else 4
        laid: list[tuple[str, Colour, list[tuple[str, int, int]]]] = []
        for line in lines:
            parts = [(words, px, fonts.ink_height(words, px)) for words, px in
                     fits_block(fonts, line.words, size, inner, floor)]
            laid.append((line.content, line.colour, parts))
        lines_h = sum(part_h + gap for _, _, parts in laid for _, _, part_h in parts)
        buttons, buttons_h = self._button_rows(inner, floor, size)
        card_h = 0
        caption_h = 0
        if captions:
            card_w = (inner - gap * (columns - 1)) // columns
            caption_h = max(ink_rect(fitted_block(fonts, c, size, (card_w - 8, size * 3), palette.GOLD, False, floor)).height
                            for c in captions)
            card_h = 4 * floor + caption_h + 3 * gap  # the smallest boards worth drawing
        top_part = pad + title_ink + pad // 4 + 2 * gap  # the title stands apart from the total
        content = total_h + 2 * gap + row_count * (row_h + gap) + gap + lines_h + card_h
        bottom_part = pad + buttons_h + pad
        height = top_part + content + bottom_part
        if captions:  # what height is left makes the review's boards larger, up to the cards' width
            card_w = (inner - gap * (columns - 1)) // columns
            widest = (card_w - 3 * max(4, card_w // 40)) // 2 + caption_h + 3 * gap
            grow = max(0, min(most - height, widest - card_h))
            card_h += grow
            height += grow
        dialog = pygame.Rect(0, 0, width, height)
        dialog.center = (w // 2, h // 2)
        # positions, top to bottom
        y = dialog.top + top_part
        left = dialog.left + pad
        total_box = pygame.Rect(left, y, inner, total_h)
        y += total_h + 2 * gap
        rows = []
        usual = self._usual_width()
        rows_w = min(inner, usual - 2 * max(8, usual // 24))
        rows_left = left + (inner - rows_w) // 2
        col_w = (rows_w - size) // 2 if paired else rows_w * 2 // 3
        for index in range(4):
            column = index % 2 if paired else 0
            if paired:
                x = rows_left + text.direction.column(column, 2) * (col_w + size)
            else:
                x = rows_left + rows_w // 6
            rows.append(pygame.Rect(x, y, col_w, row_h))
            if not paired or index % 2:
                y += row_h + gap
        y += gap
        placed = []
        for content_name, colour, parts in laid:
            boxes = []
            for words, px, part_h in parts:
                boxes.append(PlacedLine(words, px, pygame.Rect(left, y, inner, part_h)))
                y += part_h + gap
            placed.append((content_name, colour, tuple(boxes)))
        cards = pygame.Rect(left, y, inner, card_h) if captions else None
        review_die = 0
        if captions:
            card = pygame.Rect(0, 0, (inner - gap * (columns - 1)) // columns, card_h)
            review_die = board_cells(card_sides(card, caption_h, gap)[0])[0].width
        row_top = dialog.bottom - pad - buttons_h
        placed_buttons = tuple(Button(b.ident, b.rect.move(left, row_top), b.label, True, b.style) for b in buttons)
        reserve = dialog.bottom - row_top + pad  # the buttons and the gap above them
        return PanelPlan(dialog, (title_px + 0.5) / height, reserve, size, total_px, total_box, paired,
                         tuple(rows), tuple(placed), cards, placed_buttons, review_die)

    def _row_height(self, size: int) -> int:
        above, below = self._row_reach(size)
        return above + below

    def _row_reach(self, size: int) -> tuple[int, int]:
        """How far the breakdown's words reach above and below their shared baseline."""
        fonts = self.fonts
        above = below = 0
        for label, value in self._rows():
            for words, bold in ((label, False), (value, True)):
                ink = fonts.ink(words, size, bold)
                base = fonts.baseline(words, size, bold)
                above, below = max(above, base - ink.top), max(below, ink.bottom - base)
        return above, below

    def _button_rows(self, width: int, floor: int, size: int) -> tuple[list[Button], int]:
        """The four buttons, each as wide as its words need and the rest shared out, all
        labels at one size (one row of buttons in one text size): one row if they fit at a
        readable size, else two. Rects are relative to the row's top left."""
        fonts, text = self.fonts, self.text
        spec = [("play_again", text("button.play_again"), "primary"), ("replay", text("gameover.replay"), "normal"),
                ("scores", text("menu.high_scores"), "normal"), ("menu", text("button.menu"), "normal")]
        if self.session.saved_result is False and self.session.outcome is not None:
            spec.insert(1, ("retry_save", text("gameover.retry"), "normal"))  # the result is held unsaved
        gap = max(8, width // 40)
        lowest = -(-floor * 100 // round(LABEL_SHARE * 100))  # the height whose label is at the floor
        while any(fonts.ink_height(label, floor, True) > lowest * INK_SHARE for _, label, _ in spec):
            lowest += 1  # letters that reach far (Nastaliq): a taller button keeps them readable
        tallest = max(lowest, round(size * 2.3))
        for per_row in (len(spec), (len(spec) + 1) // 2):  # one row, else two
            rows = [spec[i:i + per_row] for i in range(0, len(spec), per_row)]
            for height in range(tallest, lowest - 1, -2):
                needs = [[words_width(fonts, label, height) for _, label, _ in row] for row in rows]
                if all(sum(need) + gap * (len(need) - 1) <= width for need in needs):
                    return self._placed(rows, needs, width, height, gap), len(rows) * height + (len(rows) - 1) * gap
        per_row = (len(spec) + 1) // 2
        rows = [spec[i:i + per_row] for i in range(0, len(spec), per_row)]
        needs = [[(width - gap * (per_row - 1)) // per_row] * len(row) for row in rows]
        return self._placed(rows, needs, width, lowest, gap), len(rows) * lowest + (len(rows) - 1) * gap

    def _placed(self, rows: list[list[tuple[str, str, str]]], needs: list[list[int]], width: int, height: int,
                gap: int) -> list[Button]:
        buttons = []
        for r, (row, need) in enumerate(zip(rows, needs)):
            even = (width - gap * (len(row) - 1)) // len(row)
            if max(need) <= even:
                widths = [even] * len(row)
            else:  # as wide as the words need, the rest shared out
                spare = (width - gap * (len(row) - 1) - sum(need)) // len(row)
                widths = [n + spare for n in need]
            order = self.text.direction.ordered(list(zip(row, widths)))  # a right-to-left reader starts on the right
            x = 0
            for (ident, label, style), button_w in order:
                buttons.append(Button(ident, pygame.Rect(x, r * (height + gap), button_w, height), label, True, style))
                x += button_w + gap
        return buttons

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
                            plan.reserve, title_scale=plan.title_scale)
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
        self.result_shown = self._shown()
        progress = min(1.0, (self.tick - BOARD_TICKS + alpha) / COUNT_TICKS)
        with panel(surface, "banner", plan.dialog):  # everything here stands on the panel
            if plan.title_box is not None:
                image = self.fonts.render(self.text("gameover.title"), plan.title_px, palette.GOLD, bold=True)
                with as_role(surface, Role.TITLE):
                    self._blit_centred(surface, image, plan.title_box)
            self._draw_total(surface, plan, progress)
            self._draw_breakdown(surface, plan, progress)
            for content, colour, parts in plan.lines:
                with panel(surface, content, plan.dialog, Role.NOTICE):
                    for part in parts:
                        self._blit_centred(surface, self.fonts.render(part.words, part.px, colour), part.box)
            self._draw_cards(surface, plan)
            focused = str(self.focus[1]) if self.keyboard and self.focus and self.focus[0] == "button" else None
            draw_button_rows(surface, self.fonts, plan.buttons, self.hover, focused)

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
        with panel(surface, "score", plan.total_box.inflate(0, 2), Role.VALUE):
            # Counted up on the final total's baseline, so the digits do not bob as they change.
            surface.blit(image, (plan.total_box.centerx - ink.centerx, plan.total_box.top - final.top))

    def _draw_breakdown(self, surface: pygame.Surface, plan: PanelPlan, progress: float) -> None:
        """Label and value on one baseline; mirrored in Urdu (the label on the right)."""
        fonts, text, size = self.fonts, self.text, plan.size
        finals = self._rows()
        above, _ = self._row_reach(size)
        for index, ((label, value), box) in enumerate(zip(self._rows(progress), plan.rows)):
            v_img = fonts.render(value, size, palette.TEXT, bold=True)
            room = box.width - fonts.size(finals[index][1], size, True)[0] - size
            label_px = fonts.fit(label, size, room)
            l_img = fonts.render(label, label_px, palette.TEXT_DIM)
            baseline = box.top + above  # one baseline for every row on a line
            l_ink, v_ink = ink_rect(l_img), ink_rect(v_img)
            l_x, v_x = ink_x(box, l_ink, text.direction.start), ink_x(box, v_ink, text.direction.end)
            with panel(surface, "breakdown", plan.dialog, Role.LABEL), panel(surface, f"row {index}", box.inflate(2, 4)):
                surface.blit(l_img, (l_x, baseline - fonts.baseline(label, label_px)))
                with as_role(surface, Role.VALUE):
                    surface.blit(v_img, (v_x, baseline - fonts.baseline(value, size, True)))

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
        """One card per costly turn: the player's board and the expert's ghost dice side by
        side, and one sentence under them ('Turn 2: 5 on R2C3, 4 on R2C4, about +43'); the
        costliest first, where the reader starts."""
        self.cards, self.card_boards = [], []
        area = plan.cards
        items = self._review_items()[:plan.cards_shown]
        if area is None or not items:
            return
        gap = max(3, round(plan.size * 0.35))
        count = len(items)
        slot = (area.width - gap * (plan.card_columns - 1)) // plan.card_columns
        left = area.centerx - (slot * count + gap * (count - 1)) // 2
        tall = (area.height - gap * (plan.card_columns - 1)) // plan.card_columns  # a card's height, one under another
        stories = self.stories()
        with panel(surface, "review", area):
            for index, item in enumerate(items):
                column = self.text.direction.column(index, count)
                if plan.beside:
                    card = pygame.Rect(area.left, area.top + index * (tall + gap), area.width, tall)
                else:
                    card = pygame.Rect(left + column * (slot + gap), area.top, slot, area.height)
                self.cards.append((card, item.turn))
                pygame.draw.rect(surface, palette.PANEL, card, border_radius=max(6, plan.size // 3))
                with panel(surface, f"card {index}", card, Role.LABEL, element=Role.PANEL):
                    self._draw_card(surface, card, item, stories[item.turn], plan.size, gap)

    def _draw_card(self, surface: pygame.Surface, card: pygame.Rect, item: TurnReview, story: TurnStory,
                   size: int, gap: int) -> None:
        """The turn's two boards (the player's first, where the reader starts) and its caption."""
        fonts, text = self.fonts, self.text
        caption = review_line(text, item)
        floor = min_text_px(surface.get_size())
        if card.width > card.height * 2:  # a card of the column beside the breakdown
            mine, expert, words = beside_card_parts(card, gap, text.direction)
            image = fitted_block(fonts, caption, size, (words.width, words.height), palette.GOLD, False, floor)
            blit_ink(surface, image, words)
        else:
            # Never below the readable size: a caption too long for one line takes two.
            image = fitted_block(fonts, caption, size, (card.width - 8, size * 3), palette.GOLD, False, floor)
            ink = ink_rect(image)
            surface.blit(image, (card.centerx - ink.centerx, card.bottom - gap - ink.bottom))
            mine, expert = card_sides(card, ink.height, gap, text.direction)
        self.card_boards.append((mine, expert))
        draw_mini_board(surface, mine, story.board, story.played, ghost=False)
        draw_mini_board(surface, expert, story.board, item.advice, ghost=True)

    def hit(self, pos: tuple[int, int]) -> FocusKey | None:
        if not self.panel_shown:
            return None
        card = next((turn for rect, turn in self.cards if rect.collidepoint(pos)), None)
        return ("card", card) if card is not None else super().hit(pos)

    def activate(self, target: FocusKey) -> None:
        if target[0] == "card":
            self.on_button(f"turn:{target[1]}")
        else:
            super().activate(target)


def screen(services: Services) -> GameOver:
    return GameOver(services.table, services.games, services.worker)
