"""Rolling: between turns the big ROLL button waits; pressing it throws the dice, which
tumble into the tray (a tap skips), then the engine's phase picks the next state."""

from __future__ import annotations

import pygame

from magdagdon.engine import Phase, Roll

from ..render import palette
from ..render.palette import Colour
from ..render.widgets import Button
from ..payloads import Payload
from ..play_context import PlayContext
from .table import TableState


class Rolling(TableState):
    key = "rolling"

    def state_buttons(self) -> list[Button]:
        text, layout = self.text, self.layout
        ready = self.game.phase is Phase.ROLL and not self.session.tumbling
        return [
            Button("roll", layout.primary, text("button.roll"), ready, "primary"),
            Button("take_back_all", layout.take_back_all, text("button.take_back_all"), False),
        ]

    def on_button(self, ident: str) -> None:
        if ident == "roll":
            self.roll()
        else:
            super().on_button(ident)

    def roll(self) -> None:
        if self.game.phase is Phase.ROLL and not self.session.tumbling:
            self.perform(Roll())

    def on_other_key(self, key: int) -> None:
        if key == pygame.K_r:
            self.roll()

    def guide(self) -> tuple[str, Colour]:
        if self.session.tumbling:
            return self.text("guide.rolling"), palette.TEXT_DIM
        return self.text("guide.roll"), palette.TEXT

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        if self.focus is None or self.focus[0] != "button":
            self.focus = ("button", "roll")
