"""Magdagdon: no order of the roll's dice can place the required count (RULES.md §5-7).
A banner says why, and whether a Majda Power can save the roll: the −1/+1 that does, or the
re-roll that may and its chance (``rescue_words``); the player uses one, or accepts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Accept, Phase, Rescue, rescue

from ..ui import palette
from ..ui.banner_strip import draw_strip, plan_strip
from .coach_marks import bubble_height
from .hud import draw_banner, plan_banner_text
from ..text.fit import min_text_px
from ..ui.palette import Colour
from ..ui.widgets import Button, draw_button, share_row_sizes
from ..shell.payloads import Payload
from ..shell.play_context import PlayContext
from .rescue_words import advice_line
from .table_state import TableState

if TYPE_CHECKING:
    from ..shell.screens import Services
    from magdagdon.ai.rescue import Rescue as PowerAdvice

TITLE_SCALE = 0.15  # of the banner's height


class Magdagdon(TableState):
    key = "magdagdon"
    hint_allowed = True

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.collapsed = False  # "use a power" folds the banner to a strip above the board
        self.session.audio.play("magdagdon")
        self.input.focus = ("button", "accept")
        self.sized: tuple[tuple[object, ...], pygame.Rect] | None = None  # the banner's (or strip's) rect and what it was sized for
        self.rescued: tuple[tuple[object, ...], Rescue] | None = None
        self.advised: tuple[tuple[object, ...], PowerAdvice] | None = None

    def rescue(self) -> Rescue:
        """What the powers left could do for this roll (by the rules, not the seeded dice)."""
        game = self.game
        key = (game.board, game.dice, game.required, game.powers_left)
        if self.rescued is None or self.rescued[0] != key:
            self.rescued = (key, rescue(game.board, game.dice, game.required, game.powers_left))
        return self.rescued[1]

    def advice(self) -> PowerAdvice | None:
        """Which single power saves the roll, or may and how often (exact, over fair dice).
        Once a power has saved the roll (its dice still tumbling here), what was said stays."""
        game = self.game
        key = (game.board, game.dice, game.powers_used)
        if game.phase is Phase.MAGDAGDON and (self.advised is None or self.advised[0] != key):
            from magdagdon.ai.rescue import rescue_for  # loaded after the first frame (Control.finish_startup)

            self.advised = (key, rescue_for(game))
        return self.advised[1] if self.advised is not None else None

    @property
    def powers_active(self) -> bool:  # type: ignore[override]
        return self.rescue().possible  # a power that cannot save the roll only costs points

    def adjust_can_help(self) -> bool:
        return self.rescue().adjust

    def _banner_lines(self) -> list[str]:
        text, game = self.text, self.game
        dice = " ".join(str(v) for v in game.dice)
        lines = [text("banner.magdagdon_why", dice=dice, required=game.required)]
        advice = self.advice()
        if not self.collapsed and advice is not None:
            lines.append(advice_line(text, game, advice))
        return lines

    def _banner_rect(self) -> pygame.Rect:
        """The banner over the board, as tall as its sentences (and a first MAGDAGDON's tip)
        need: up to the board's height, then over the whole board with its sums."""
        lines = self._banner_lines()
        key = (self.layout.size, tuple(lines), self._tip_words())
        if self.sized is None or self.sized[0] != key:
            layout = self.layout
            board, usual = layout.board, layout.banner
            height, tallest = usual.height, board.height
            while True:
                rect = pygame.Rect(usual.left, board.top, usual.width, height)
                rect.centery = board.centery
                if self._text_fits(rect, lines):
                    break
                if height >= tallest:
                    whole = board.union(layout.row_sums[0]).union(layout.col_sums[-1])
                    if layout.legend is not None:
                        whole.union_ip(layout.legend)
                    rect = whole if self._text_fits(whole, lines) else rect
                    break
                height = min(tallest, int(height * 1.1) + 1)
            self.sized = (key, rect)
        return self.sized[1].copy()

    def _text_fits(self, rect: pygame.Rect, lines: list[str]) -> bool:
        plan = plan_banner_text(self.fonts, rect.size, self.text("banner.magdagdon"), lines,
                                self._reserve(rect), TITLE_SCALE, min_text_px(self.layout.size))
        return plan.fits

    def _reserve(self, rect: pygame.Rect) -> int:
        """The strip at the banner's bottom kept free for its buttons (and the tip above them)."""
        return rect.bottom - self._buttons_in(rect)[0].rect.top + self.layout.margin // 3 + self._tip_height(rect)

    def _tip_words(self) -> str:
        """The first MAGDAGDON's tip, while it shows (it stands in the banner)."""
        coach = self.kit.coach
        return self.text("coach.tip.magdagdon") if coach.tip == "magdagdon" and not self.collapsed else ""

    def _tip_height(self, rect: pygame.Rect) -> int:
        words = self._tip_words()
        if not words:
            return 0
        inner = rect.width - 2 * max(6, rect.width // 24)
        return bubble_height(self.fonts, inner, words, self.text("coach.got_it"), min_text_px(self.layout.size)) \
            + self.layout.margin // 3

    def tip_area(self) -> pygame.Rect | None:
        if not self._tip_words():
            return None
        rect = self._banner_rect()
        pad = max(6, rect.width // 24)
        top = self._buttons_in(rect)[0].rect.top - self.layout.margin // 3
        height = self._tip_height(rect) - self.layout.margin // 3
        return pygame.Rect(rect.left + pad, top - height, rect.width - 2 * pad, height)

    def _banner_buttons(self) -> list[Button]:
        return self._buttons_in(self._banner_rect())

    def _buttons_in(self, rect: pygame.Rect) -> list[Button]:
        text = self.text
        height = int(rect.height * 0.2)
        pad = max(6, rect.width // 24)
        row = pygame.Rect(rect.left + pad, rect.bottom - pad - height, rect.width - 2 * pad, height)
        has_power = self.game.powers_left > 0 and self.rescue().possible  # else Accept alone
        buttons = []
        if has_power:
            half = (row.width - pad) // 2
            # The power first, where the reader starts (on the right in Urdu, as the rest of the table)
            first, second = text.direction.ordered([pygame.Rect(row.left, row.top, half, height),
                                                    pygame.Rect(row.left + half + pad, row.top, half, height)])
            buttons.append(Button("use_power", first, text("button.use_power"), True, "chosen"))
            buttons.append(Button("accept", second, text("button.accept"), True, "danger"))
        else:
            accept = pygame.Rect(0, row.top, min(row.width, int(rect.width * 0.5)), height)
            accept.centerx = rect.centerx
            buttons.append(Button("accept", accept, text("button.accept"), True, "danger"))
        share_row_sizes(self.fonts, buttons, min_text_px(self.layout.size))
        return buttons

    def state_buttons(self) -> list[Button]:
        text, layout, session = self.text, self.layout, self.session
        if self.collapsed:  # Accept takes the place of CONFIRM, which a MAGDAGDON turn cannot use
            buttons = [Button("accept", layout.primary, text("button.accept"), True, "danger")]
        else:
            buttons = self._banner_buttons()
            buttons.append(Button("confirm", layout.primary, text("button.confirm"), False, "primary"))
        if session.reroll_pick is not None:
            buttons.append(Button("reroll_cancel", layout.take_back_all, text("button.cancel")))
        else:
            buttons.append(Button("take_back_all", layout.take_back_all, text("button.take_back_all"), False))
        return buttons

    def on_button(self, ident: str) -> None:
        if ident == "accept":
            self.perform(Accept())
        elif ident == "use_power":
            self.kit.coach.dismiss_tip()  # the tip stood in the banner, which folds away
            self.collapsed = True
            self.input.focus = ("die", self.game.tray[0]) if self.game.tray else None
        else:
            super().on_button(ident)

    def on_tray_die(self, die: int) -> None:
        # a die is picked for −1/+1, or for a re-roll once RE-ROLL was pressed
        if self.powers_active and (self.adjust_can_help() or self.session.reroll_pick is not None):
            self.toggle_die(die)

    def on_other_key(self, key: int) -> None:
        if key == pygame.K_a:
            self.perform(Accept())

    def guide(self) -> tuple[str, Colour]:
        game, text = self.game, self.text
        if not game.powers_left:  # say only what is possible
            return text("guide.magdagdon_no_power", required=game.required), palette.DANGER
        if not self.rescue().possible:
            return text("guide.magdagdon_no_rescue", required=game.required), palette.DANGER
        picking = self.powers().reroll_guide()
        if picking is not None:
            return picking
        if self.collapsed:
            key = "guide.magdagdon_power" if self.rescue().adjust else "guide.magdagdon_reroll"
            return text(key), palette.GOLD
        return text("guide.magdagdon", required=game.required), palette.DANGER

    def strip_rect(self) -> pygame.Rect:
        """Where the folded banner goes: the room above the board (over the top bar's words),
        or, where its words do not fit there, the room below it (over the column sums);
        never over a cell, a die, a button or another player's board."""
        key = ("strip", self.layout.size, tuple(self._strip_words()))
        if self.sized is None or self.sized[0] != key:
            layout, title, sentence = self.layout, *self._strip_words()
            board, margin = layout.board, layout.margin
            below = min([o.top for o in self._obstacles() if o.top >= board.bottom
                         and o.left < board.right and o.right > board.left] + [layout.size[1]])
            bands = [self._free_band(margin // 3, board.top - margin // 3),
                     self._free_band(board.bottom + margin // 3, below - margin // 3)]
            floor = min_text_px(layout.size)
            fitting = [band for band in bands if plan_strip(self.fonts, band.size, title, sentence, floor).fits]
            self.sized = (key, (fitting or sorted(bands, key=lambda band: -band.width * band.height))[0])
        return self.sized[1].copy()

    def _obstacles(self) -> list[pygame.Rect]:
        layout = self.layout
        party = [layout.strip] if layout.strip is not None else []
        legend = [layout.legend] if layout.legend is not None else []
        return [layout.hint_button, layout.menu_button, layout.tray, *layout.row_sums, *layout.col_sums,
                layout.primary, layout.take_back_all, layout.powers, layout.score, layout.guide, *legend, *party]

    def _free_band(self, top: int, bottom: int) -> pygame.Rect:
        """The widest stretch of the rows ``top..bottom`` around the board that nothing else uses."""
        layout = self.layout
        board, margin = layout.board, layout.margin
        left, right = margin, layout.size[0] - margin
        for obstacle in self._obstacles():
            if obstacle.top >= bottom or obstacle.bottom <= top or obstacle.right <= left or obstacle.left >= right:
                continue
            if obstacle.centerx >= board.centerx:
                right = min(right, obstacle.left - margin // 2)
            else:
                left = max(left, obstacle.right + margin // 2)
        return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))

    def _strip_words(self) -> tuple[str, str]:
        return self.text("banner.magdagdon"), self._banner_lines()[0]

    def strip_fits(self) -> bool:
        title, sentence = self._strip_words()
        return plan_strip(self.fonts, self.strip_rect().size, title, sentence, min_text_px(self.layout.size)).fits

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        if self.collapsed:
            title, sentence = self._strip_words()
            draw_strip(surface, self.fonts, self.strip_rect(), title, sentence, min_text_px(self.layout.size))
            return
        rect = self._banner_rect()
        buttons = self._buttons_in(rect)
        draw_banner(surface, self.fonts, rect, self.text("banner.magdagdon"), self._banner_lines(), palette.DANGER,
                    palette.GOLD, self._reserve(rect), title_scale=TITLE_SCALE)
        hands = self.input
        for button in buttons:  # drawn again above the banner
            draw_button(surface, self.fonts, button, hands.hover == button.ident, hands.focused(("button", button.ident)))


def screen(services: Services) -> Magdagdon:
    return Magdagdon(services.table, services.games)
