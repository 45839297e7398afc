"""Staging: pick a tray die, then one of the cells the engine calls legal (tap or drag);
tap a staged die to take it back; CONFIRM once enough dice are staged; powers allowed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Confirm, Stage, TakeBack, TakeBackAll

from ..input.focus import index_of
from ..ui import palette
from ..ui.palette import Colour
from ..ui.widgets import Button
from ..shell.payloads import Payload
from ..shell.play_context import PlayContext
from ..shell.screen_key import ScreenKey
from .table_state import TableState

if TYPE_CHECKING:
    from ..shell.screens import Services


class Staging(TableState):
    key = ScreenKey.STAGING
    hint_allowed = True
    powers_active = True

    def state_buttons(self) -> list[Button]:
        text, layout, game, session = self.text, self.layout, self.game, self.session
        missing = game.required - len(game.staged)
        label = text("button.confirm") if missing <= 0 else text("button.place_more", count=missing)
        buttons = [Button("confirm", layout.primary, label, game.can_confirm, "primary")]
        if session.reroll_pick is not None:
            buttons.append(Button("reroll_cancel", layout.take_back_all, text("button.cancel")))
        else:
            buttons.append(Button("take_back_all", layout.take_back_all, text("button.take_back_all"), bool(game.staged)))
        return buttons

    def on_button(self, ident: str) -> None:
        if ident == "confirm" and self.game.can_confirm:
            self.perform(Confirm())
        elif ident == "take_back_all" and self.game.staged:
            self.perform(TakeBackAll())
        else:
            super().on_button(ident)

    def on_tray_die(self, die: int) -> None:
        self.toggle_die(die)

    def on_cell(self, cell: int) -> None:
        session, game = self.session, self.game
        staged = session.die_at_cell(cell)
        if staged is not None and session.reroll_pick is None:
            self.perform(TakeBack(staged))
        elif session.selected is not None and cell in game.legal_cells_for(session.selected):
            self.perform(Stage(session.selected, cell))
        elif session.selected is not None and game.board.is_empty(cell):
            self.say_not_here(session.selected)

    def can_drag(self, die: int) -> bool:
        return self.session.reroll_pick is None and die in self.game.tray

    def on_drop(self, die: int, cell: int | None) -> None:
        if cell is not None and cell in self.game.legal_cells_for(die):
            self.perform(Stage(die, cell))
            return
        self.session.selected = die  # back to the tray, still picked, its cells glowing
        if cell is not None:
            self.say_not_here(die)

    def say_not_here(self, die: int) -> None:
        """A cell refused ``die``: point to the glowing cells, or, when none glows, let
        the guide say that the die fits nowhere yet."""
        if self.game.legal_cells_for(die):
            self.session.message = ("guide.not_here", {"value": self.game.dice[die]})
        else:
            self.session.message = None

    def on_other_key(self, key: int) -> None:
        game = self.game
        if key == pygame.K_c and game.can_confirm:
            self.perform(Confirm())
        elif key == pygame.K_BACKSPACE and game.staged:
            cell = index_of(self.input.focus, "cell")
            focused = self.session.die_at_cell(cell) if cell is not None else None
            self.perform(TakeBack(focused if focused is not None else game.staged[-1][0]))

    def lit_cells(self) -> tuple[frozenset[int], Colour]:
        selected = self.session.selected
        if selected is None or self.session.reroll_pick is not None:
            return frozenset(), palette.LEGAL
        return self.game.legal_cells_for(selected), palette.LEGAL  # exactly the engine's answer

    def guide(self) -> tuple[str, Colour]:
        text, game, session, powers = self.text, self.game, self.session, self.powers()
        picking = powers.reroll_guide()
        if picking is not None:
            return picking
        if session.selected is not None:
            value = game.dice[session.selected]
            if not game.legal_cells_for(session.selected):
                return text("guide.no_cell", value=value), palette.CORAL
            return text("guide.pick_cell", value=value), palette.LEGAL
        missing = game.required - len(game.staged)
        if not game.staged:
            message, colour = text("guide.pick_die", required=game.required), palette.TEXT
        elif missing > 0:
            message, colour = text("guide.need_more", count=missing), palette.TEXT
        else:
            message, colour = text("guide.can_confirm"), palette.LEGAL
        if powers.waiting_for_a_die() and not powers.note_on_buttons():  # −1/+1 have no room to say it
            message = f"{message} {text('guide.adjust_pick_die')}"
        return message, colour

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        if self.input.focus is None or self.input.focus == ("button", "roll"):
            tray = self.game.tray
            self.input.focus = ("die", tray[0]) if tray else None


def screen(services: Services) -> Staging:
    return Staging(services.table, services.games)
