"""Rolling: between turns the big ROLL button waits; pressing it throws the dice, which
tumble into the tray (a tap skips), then the engine's phase picks the next state. With
Auto-roll on (Settings), a person's dice are thrown by themselves after a short pause."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Phase, Roll

from ..ui import palette
from ..ui.palette import Colour
from ..ui.widgets import Button
from ..shell.payloads import Payload
from ..shell.loop import ticks
from ..shell.play_context import PlayContext
from ..shell.screen_key import ScreenKey
from .table_state import TableState

if TYPE_CHECKING:
    from ..shell.screens import Services


# Long enough to see the last turn's dice settle and the score count up, short enough
# that nobody reaches for ROLL first.
AUTO_ROLL_PAUSE = ticks(1.0)


class Rolling(TableState):
    key = ScreenKey.ROLLING
    waited = 0  # updates spent ready to roll, for Auto-roll

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
        if self.input.focus is None or self.input.focus[0] != "button":
            self.input.focus = ("button", "roll")

    def cover(self) -> None:
        super().cover()
        self.waited = 0  # back from a menu, the whole pause again: nobody is surprised by a roll

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.auto_rolling():
            self.waited += 1
            if self.waited >= AUTO_ROLL_PAUSE:
                self.roll()
        else:
            self.waited = 0

    def auto_rolling(self) -> bool:
        """Auto-roll is on and a person's dice wait to be thrown (a demo's and a computer
        player's are thrown by their own hands; a menu on top pauses it)."""
        if not self.kit.settings.current.auto_roll:
            return False
        if self.game.phase is not Phase.ROLL or self.session.tumbling or self.session.demo:
            return False
        party = self.party
        return party is None or not party.computer_to_move(self.session)

    def is_animating(self) -> bool:
        return super().is_animating() or self.auto_rolling()  # the loop keeps counting the pause


def screen(services: Services) -> Rolling:
    return Rolling(services.table, services.games)
