"""GameOver: the final breakdown counts up, the rank in the difficulty's table, the AI's
review of the costliest turns drawn as small boards (what the player did beside the
expert's ghost dice, and the points it would have made; a tap opens that turn in the
replay viewer), and play again."""

from __future__ import annotations

import threading

import pygame

from magdagdon.ai.review import TurnReview, review_game
from magdagdon.engine import Replay, ReplayError, cell_col, cell_row
from magdagdon.engine.challenge import code_for, has_code

from ..i18n import Catalog
from ..input.focus import FocusKey
from ..render import palette
from ..render.draw_log import Role, as_role, new_frame_surface, panel
from ..render.hud import draw_banner, min_text_px
from ..render.menu_text import blit_ink, fitted_block
from ..render.mini_board import draw_mini_board
from ..render.numbers import cost, signed
from ..render.palette import Colour
from ..render.widgets import Button, draw_button
from ..session import GameSession
from ..state_machine import Persist
from ..turn_story import TurnStory, turn_stories
from .table import TableState

COUNT_TICKS = 150  # the breakdown counts up over 1.25 s
REVIEW_ITEMS = 3
# Below the breakdown at most: turns, challenge code, rank (or "not saved"), assisted and
# the review's title, then the review's cards (each as tall as CARD_LINES lines). The dialog
# is laid out once with room for all of them, so nothing moves when the rank or the review arrives.
CARD_LINES = 4.5
RESULT_LINES = 5 + CARD_LINES


def start_review(session: GameSession) -> threading.Thread | None:
    """Ask the AI for every turn that lost points, costliest first, off the UI thread
    (``session.review`` is set when it is done; the replay viewer shows them all)."""
    if session.review is not None or session.review_thread is not None:
        return None
    replay = Replay.of(session.game)

    def work() -> None:
        session.review = list(review_game(replay, limit=len(replay.actions)))

    session.review_thread = threading.Thread(target=work, daemon=True)
    session.review_thread.start()
    return session.review_thread


def local_cell_name(text: Catalog, cell: int) -> str:
    """A cell named in the player's language ("R2C3"; in Urdu "قطار 2 کالم 3")."""
    return text("cell.name", row=cell_row(cell) + 1, col=cell_col(cell) + 1)


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


class GameOver(TableState):
    key = "game_over"

    def enter(self, persist: Persist) -> None:
        super().enter(persist)
        self.session.record_when_shown()
        self.asked_name = False
        self.focus = ("button", "play_again")
        self.result_shown: tuple[tuple[str, Colour], ...] = ()  # the result lines last drawn
        self._backdrop_cache: tuple[object, pygame.Surface, pygame.Rect] | None = None
        self.cards: list[tuple[pygame.Rect, int]] = []  # the review's cards as drawn, with their turn
        self._stories: dict[int, TurnStory] | None = None

    def follow_phase(self) -> None:
        pass  # only "play again" leaves this state

    def _dialog(self) -> pygame.Rect:
        layout = self.layout
        rect = layout.dialog.copy()
        rect.height = min(rect.height, int(layout.size[1] - 2 * layout.margin))
        return rect

    def state_buttons(self) -> list[Button]:
        text = self.text
        rect = self._dialog()
        pad = max(8, rect.width // 24)
        height = max(36, int(rect.height * 0.1))
        spec = [("play_again", text("button.play_again"), "primary"), ("replay", text("gameover.replay"), "normal"),
                ("scores", text("menu.high_scores"), "normal"), ("menu", text("button.menu"), "normal")]
        if self.session.saved_result is False and self.session.outcome is not None:
            spec.insert(1, ("retry_save", text("gameover.retry"), "normal"))  # the result is held unsaved
        width = (rect.width - (len(spec) + 1) * pad) // len(spec)
        top = rect.bottom - pad - height
        # A right-to-left reader starts on the right.
        order = list(reversed(spec)) if text.rtl else spec
        return [Button(ident, pygame.Rect(rect.left + pad + i * (pad + width), top, width, height), label, True, style)
                for i, (ident, label, style) in enumerate(order)]

    def buttons(self) -> list[Button]:
        return self.state_buttons()

    def on_button(self, ident: str) -> None:
        if ident == "play_again":
            self.persist["session"] = self.games.new_session(self.game.difficulty)
            self.reset("rolling")
        elif ident == "replay":
            if not self.game.set_up:  # a position set up for a test or scene has no record
                self.push("replay", replay=Replay.of(self.game), reviews=self.session.review, open_costliest=True)
        elif ident.startswith("turn:"):
            if not self.game.set_up:
                self.push("replay", replay=Replay.of(self.game), reviews=self.session.review,
                          open_turn=int(ident.split(":", 1)[1]))
        elif ident == "scores":
            self.push("high_scores", scores_difficulty=self.game.difficulty)
        elif ident == "menu":
            self.push("title")
        elif ident == "retry_save":
            self.session.retry_save()

    def on_other_key(self, key: int) -> None:
        if key in (pygame.K_r, pygame.K_n):
            self.on_button("play_again")

    def resume(self, result: Persist) -> None:
        super().resume(result)
        name = result.get("name")
        if isinstance(name, str) and self.session.awaiting_name:
            self.session.name_given(name)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.session.check_saved()  # a held result written by a retry or another save
        if self.session.awaiting_name and not self.asked_name:
            self.asked_name = True  # the result made the table: whose is it?
            self.push("name_entry", name_timeout=self.games.name_timeout)
            return
        if self.tick == COUNT_TICKS and not self.games.demo:  # after the count-up (CPU); nobody reads a demo's
            start_review(self.session)

    def is_animating(self) -> bool:
        """Counting up; or the rank, a storage notice or the review arrived since the last
        frame (the loop then draws it without waiting for input)."""
        shown = tuple((line, colour) for _, line, colour in self._result_lines())
        return super().is_animating() or self.tick <= COUNT_TICKS or shown != self.result_shown

    def declared_content(self) -> tuple[str, ...]:
        """What this screen must show: the score, each result line, and the review once it is in."""
        content = ["score", *(name for name, _, _ in self._result_lines())]
        if any(item.advice is not None for item in self.session.review or []) and not self.game.set_up:
            content.append("review")
        return tuple(dict.fromkeys(content))

    def _backdrop(self, surface: pygame.Surface, reserve: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The table, the shade and the empty banner: still while the numbers count up, so
        drawn once and then copied (one opaque blit instead of a repaint per frame)."""
        key = (id(self.layout), surface.get_size(), reserve, self.text.locale, str(self.game.board))
        cached = self._backdrop_cache
        if cached is None or cached[0] != key:
            image = new_frame_surface(surface.get_size(), surface, self.fonts.logged)
            self.draw_static(image)
            self.kit.viewport.dim(image, 150)
            free = draw_banner(image, self.fonts, self._dialog(), self.text("gameover.title"), [],
                               palette.GOLD, palette.GOLD, reserve, title_scale=0.1)
            free.height -= reserve
            cached = self._backdrop_cache = (key, image, free)
        return cached[1], cached[2].copy()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        text, fonts, game = self.text, self.fonts, self.game
        rect = self._dialog()
        score = game.score()
        progress = min(1.0, (self.tick + alpha) / COUNT_TICKS)
        shown = int(score.total * progress)
        buttons = self.buttons()
        reserve = rect.bottom - buttons[0].rect.top
        backdrop, free = self._backdrop(surface, reserve)
        surface.blit(backdrop, (0, 0))
        rows = [
            (text("score.base"), f"{int(score.base * progress)}"),
            (text("score.bonus"), f"+{int(score.bonus * progress)}"),
            (text("score.ruins", count=score.ruins), cost(int(score.ruin_penalty * progress))),
            (text("score.powers", count=score.powers_used), cost(int(score.power_penalty * progress))),
        ]
        extra = self._result_lines()
        self.result_shown = tuple((line, colour) for _, line, colour in extra)
        step_per_size = fonts.line_step(100) / 100  # a line's height per point of size in this language
        floor = min_text_px(surface.get_size())
        # Where the rows one under another would not leave room for the result lines (a tall
        # script in a small window), they go two to a line.
        paired = (3.0 + step_per_size * (len(rows) + RESULT_LINES) + 0.6) * floor > free.height
        row_lines = (len(rows) + 1) // 2 if paired else len(rows)
        units = 3.0 + step_per_size * (row_lines + RESULT_LINES) + 0.6
        size = max(floor, min(int(rect.height * 0.045), int(free.height / units), free.width // 18))
        step = fonts.line_step(size)
        y = free.top
        # Fitted once for the final total (the widest), not for every counted-up value.
        total_img = fonts.render(signed(shown), fonts.fit(signed(score.total), int(size * 2.6), free.width, True), palette.GOLD, bold=True)
        with panel(surface, "score", free, Role.VALUE):
            surface.blit(total_img, total_img.get_rect(midtop=(free.centerx, y)))
        y += total_img.get_height()
        # Mirrored in Urdu: the label on the right, its value on the left.
        gap = size
        col_w = (free.width - gap) // 2 if paired else free.width * 2 // 3
        for index, (label, value) in enumerate(rows):
            column = index % 2 if paired else 0
            if text.rtl:
                column = -column
            left = (free.left + column * (col_w + gap)) if paired else free.left + free.width // 6
            if paired and text.rtl:
                left = free.right - col_w + column * (col_w + gap)
            col = pygame.Rect(left, y, col_w, 0)
            v_img = fonts.render(value, size, palette.TEXT, bold=True)
            l_img = fonts.render(label, fonts.fit(label, size, col.width - v_img.get_width() - size), palette.TEXT_DIM)
            # Label and value centred on one line by their ink (Nastaliq sits low in its line).
            box = pygame.Rect(col.left, y, col.width, step)
            with panel(surface, "breakdown", free, Role.LABEL), panel(surface, f"row {index}"):
                blit_ink(surface, l_img, box, "right" if text.rtl else "left")
                with as_role(surface, Role.VALUE):
                    blit_ink(surface, v_img, box, "left" if text.rtl else "right")
            if not paired or index % 2 or index == len(rows) - 1:
                y += step
        y += int(size * 0.6)
        shown_lines: list[tuple[str, str, int, Colour]] = []
        for content, line, colour in extra:
            fitted = fonts.fit(line, size, free.width)
            if fitted >= floor:
                shown_lines.append((content, line, fitted, colour))
            else:  # rather two lines than one too small to read
                shown_lines += [(content, part, floor, colour) for part in fonts.wrap(line, floor, free.width)]
        for content, line, line_size, colour in shown_lines:
            if y + step > free.bottom:  # a tall script at a small size: the lines that fit
                break
            img = fonts.render(line, line_size, colour)
            with panel(surface, content, free, Role.NOTICE):
                surface.blit(img, img.get_rect(midtop=(free.centerx, y)))
            y += step
        self._draw_cards(surface, pygame.Rect(free.left, y, free.width, max(0, free.bottom - y)), size)
        for button in buttons:
            focused = self.keyboard and self.focus == ("button", button.ident)
            draw_button(surface, fonts, button, self.hover == button.ident, focused)

    def _result_lines(self) -> list[tuple[str, str, Colour]]:
        """(what it is, the line, its colour) for each line under the breakdown."""
        text, session, game = self.text, self.session, self.game
        name = text(f"difficulty.{game.difficulty.name}")
        lines = [("turns", text("gameover.turns", turns=game.turn, powers=game.powers_used), palette.TEXT_DIM)]
        if session.daily_rank:
            lines.append(("code", text("gameover.daily_rank", rank=session.daily_rank,
                                       code=code_for(game.seed, game.difficulty)), palette.GOLD))
        elif has_code(game.seed):
            lines.append(("code", text("gameover.code", code=code_for(game.seed, game.difficulty)), palette.TEXT))
        rank = session.outcome.rank if session.outcome is not None else None
        if session.saved_result is False and session.outcome is not None:
            # Held in memory, retried: why, and that it is kept, first (what does not fit is cut last).
            lines.insert(0, ("rank", text("gameover.held", problem=session.held_reason or text("notice.generic")),
                             palette.CORAL))
        elif session.saved_result is False:
            lines.append(("rank", text("gameover.not_saved"), palette.CORAL))
        elif rank:
            player = session.player_name
            line = text("gameover.rank_named", name=player, rank=rank, difficulty=name) if player else \
                text("gameover.rank", rank=rank, difficulty=name)
            lines.append(("rank", line, palette.GOLD))
        elif session.outcome is not None:
            lines.append(("rank", text("gameover.no_rank", difficulty=name), palette.TEXT_DIM))
        if session.assisted:
            lines.append(("assisted", text("gameover.assisted"), palette.HINT))
        if session.review:
            lines.append(("review title", text("gameover.review_title"), palette.TEXT))
        return lines

    # --- the drawn review -------------------------------------------------------------------
    def stories(self) -> dict[int, TurnStory]:
        """Each turn's position, replayed once (a few milliseconds) when first needed."""
        if self._stories is None:
            try:
                self._stories = {s.turn: s for s in turn_stories(Replay.of(self.game))}
            except ReplayError:  # a position set up for a scene has no record to replay
                self._stories = {}
        return self._stories

    def _draw_cards(self, surface: pygame.Surface, area: pygame.Rect, size: int) -> None:
        """One card per costly turn: the player's board and the expert's ghost dice side by
        side, and 'Turn 2 · about +43' under them."""
        self.cards = []
        review = [item for item in (self.session.review or [])[:REVIEW_ITEMS] if item.advice is not None]
        stories = self.stories() if review else {}
        review = [item for item in review if item.turn in stories]
        if not review or area.height < size * 2:
            return
        gap = max(6, area.width // 40)
        width = min((area.width - gap * (len(review) - 1)) // len(review), int(area.height * 2.2))
        left = area.centerx - (width * len(review) + gap * (len(review) - 1)) // 2
        fonts, text = self.fonts, self.text
        for index, item in enumerate(review):
            card = pygame.Rect(left + index * (width + gap), area.top, width, area.height)
            self.cards.append((card, item.turn))
            pygame.draw.rect(surface, palette.PANEL, card, border_radius=max(6, size // 3))
            with panel(surface, "review", area), panel(surface, f"card {index}", card, Role.LABEL, element=Role.PANEL):
                self._draw_card(surface, card, item, stories[item.turn], size)

    def _draw_card(self, surface: pygame.Surface, card: pygame.Rect, item: TurnReview, story: TurnStory,
                   size: int) -> None:
        """The turn's two boards and its caption."""
        fonts, text = self.fonts, self.text
        if item.advice is not None:
            caption = text("gameover.review_card", turn=item.turn, loss=round(item.loss))
            # Never below the readable size: a caption too long for one line takes two.
            caption_img = fitted_block(fonts, caption, size, (card.width - 8, size * 3), palette.GOLD, False,
                                       min_text_px(surface.get_size()))
            boards = pygame.Rect(card.left, card.top + 4, card.width, card.height - caption_img.get_height() - 8)
            half = boards.width // 2
            draw_mini_board(surface, pygame.Rect(boards.left, boards.top, half, boards.height).inflate(-6, 0),
                            story.board, story.played, ghost=False)
            draw_mini_board(surface, pygame.Rect(boards.left + half, boards.top, half, boards.height).inflate(-6, 0),
                            story.board, item.advice, ghost=True)
            surface.blit(caption_img, caption_img.get_rect(midbottom=(card.centerx, card.bottom - 4)))

    def hit(self, pos: tuple[int, int]) -> FocusKey | None:
        card = next((turn for rect, turn in self.cards if rect.collidepoint(pos)), None)
        return ("card", card) if card is not None else super().hit(pos)

    def activate(self, target: FocusKey) -> None:
        if target[0] == "card":
            self.on_button(f"turn:{target[1]}")
        else:
            super().activate(target)
