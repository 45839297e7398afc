"""Magdagdon: no order of the roll's dice can place the required count (RULES.md §5-7).
A banner says why; the player may use a Majda Power to save the roll, or accept."""

from __future__ import annotations

import pygame

from magdagdon.engine import Accept

from ..render import palette
from ..render.palette import Colour
from ..render.hud import draw_banner
from ..render.widgets import Button, draw_button
from .table import TableState


class Magdagdon(TableState):
    key = "magdagdon"
    hint_allowed = True
    powers_active = True

    def enter(self, persist: dict) -> None:
        super().enter(persist)
        self.collapsed = False  # "use a power" folds the banner away from the tray
        self.session.audio.play("magdagdon")
        self.focus = ("button", "accept")

    def _banner_rect(self) -> pygame.Rect:
        rect = self.layout.banner.copy()
        if self.collapsed:
            rect.height = int(self.layout.board.height * 0.3)
            rect.top = self.layout.board.top + self.layout.margin // 2
        return rect

    def _banner_buttons(self) -> list[Button]:
        text = self.text
        rect = self._banner_rect()
        height = int(rect.height * (0.2 if not self.collapsed else 0.32))
        pad = max(6, rect.width // 24)
        row = pygame.Rect(rect.left + pad, rect.bottom - pad - height, rect.width - 2 * pad, height)
        has_power = self.game.powers_left > 0
        buttons = []
        if has_power and not self.collapsed:
            half = (row.width - pad) // 2
            buttons.append(Button("use_power", pygame.Rect(row.left, row.top, half, height), text("button.use_power"), True, "chosen"))
            buttons.append(Button("accept", pygame.Rect(row.left + half + pad, row.top, half, height), text("button.accept"), True, "danger"))
        else:
            accept = pygame.Rect(0, row.top, min(row.width, int(rect.width * 0.5)), height)
            accept.centerx = rect.centerx
            buttons.append(Button("accept", accept, text("button.accept"), True, "danger"))
        return buttons

    def state_buttons(self) -> list[Button]:
        text, layout, session = self.text, self.layout, self.session
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
            self.collapsed = True
            self.focus = ("die", self.game.tray[0]) if self.game.tray else None
        else:
            super().on_button(ident)

    def on_tray_die(self, die: int) -> None:
        if self.game.powers_left:
            self.toggle_die(die)

    def on_other_key(self, key: int) -> None:
        if key == pygame.K_a:
            self.perform(Accept())

    def guide(self) -> tuple[str, Colour]:
        return self.text("guide.magdagdon", required=self.game.required), palette.DANGER

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        text, game = self.text, self.game
        dice = " ".join(str(v) for v in game.dice)
        lines = [text("banner.magdagdon_why", dice=dice, required=game.required)]
        if not self.collapsed:
            if game.powers_left:
                lines.append(text("banner.magdagdon_powers", left=game.powers_left, penalty=game.next_penalty))
            else:
                lines.append(text("banner.magdagdon_no_powers"))
        buttons = self._banner_buttons()
        reserve = self._banner_rect().bottom - buttons[0].rect.top + self.layout.margin // 3
        draw_banner(surface, self.fonts, self._banner_rect(), text("banner.magdagdon"), lines, palette.DANGER, palette.GOLD, reserve,
                    title_scale=0.15)
        for button in buttons:  # drawn again above the banner
            focused = self.keyboard and self.focus == ("button", button.ident)
            draw_button(surface, self.fonts, button, self.hover == button.ident, focused)
