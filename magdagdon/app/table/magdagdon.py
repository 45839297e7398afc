"""Magdagdon: no order of the roll's dice can place the required count (RULES.md §5-7).
The board stays in view while the player decides: a strip in the room above the board (or
below it) says MAGDAGDON and why, the guide line says whether a Majda Power can save the
roll (the −1/+1 that does, or the re-roll that may and its chance: ``rescue_words``), the
powers stand where they always are, and Accept takes the place of CONFIRM, which a
MAGDAGDON turn cannot use. Nothing is drawn over a cell, a die or a power."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Accept, Phase, Rescue, rescue

from ..ui import palette
from ..ui.banner_strip import draw_strip, plan_strip, strip_pieces
from ..ui.placed import Placed
from ..text.fit import min_text_px
from ..ui.palette import Colour
from ..ui.widgets import Button
from ..shell.payloads import Payload
from ..shell.play_context import PlayContext
from ..shell.screen_key import ScreenKey
from .rescue_words import advice_line
from .games import Games
from .layout import Layout
from ..ui.presenter import Presenter
from .table_state import TableKit, TableState

if TYPE_CHECKING:
    from ..shell.screens import Services
    from magdagdon.ai.rescue import Rescue as PowerAdvice


class Magdagdon(TableState):
    key = ScreenKey.MAGDAGDON
    hint_allowed = True

    def __init__(self, kit: TableKit, games: Games) -> None:
        super().__init__(kit, games)
        self.strips: Presenter[StripInputs, pygame.Rect] = Presenter(self.place_strip)

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.rescued: tuple[tuple[object, ...], Rescue] | None = None
        self.advised: tuple[tuple[object, ...], PowerAdvice] | None = None
        super().enter(context, payload)  # which plans the table: its guide line asks the above
        self.session.audio.play("magdagdon")
        # The keys start on a tray die where a −1/+1 saves the roll, else on Accept: Enter
        # never gives up a roll a power could save.
        tray = self.game.tray
        self.input.focus = ("die", tray[0]) if tray and self.rescue().adjust else ("button", "accept")

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

    def state_buttons(self) -> list[Button]:
        text, layout, session = self.text, self.layout, self.session
        buttons = [Button("accept", layout.primary, text("button.accept"), True, "danger")]
        if session.reroll_pick is not None:
            buttons.append(Button("reroll_cancel", layout.take_back_all, text("button.cancel")))
        else:
            buttons.append(Button("take_back_all", layout.take_back_all, text("button.take_back_all"), False))
        return buttons

    def on_button(self, ident: str) -> None:
        if ident == "accept":
            self.perform(Accept())
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
        """What the powers can do for this roll (the line a first MAGDAGDON's tip gives way
        to), or, while dice are picked for a re-roll, what to pick."""
        game, text = self.game, self.text
        picking = self.powers().reroll_guide()
        if picking is not None:
            return picking
        advice = self.advice()
        if advice is not None:
            return advice_line(text, game, advice), palette.GOLD if self.rescue().possible else palette.DANGER
        if not game.powers_left:
            return text("guide.magdagdon_no_power", required=game.required), palette.DANGER
        if not self.rescue().possible:
            return text("guide.magdagdon_no_rescue", required=game.required), palette.DANGER
        key = "guide.magdagdon_power" if self.rescue().adjust else "guide.magdagdon_reroll"
        return text(key), palette.GOLD

    def present_extra(self) -> None:
        title, sentence = self._strip_words()
        self.strip = self.strips.present(StripInputs(self.layout, self.text.locale, self.fonts.generation,
                                                     title, sentence))

    def strip_rect(self) -> pygame.Rect:
        return self.strip.copy()

    def place_strip(self, given: "StripInputs") -> pygame.Rect:
        """Where the folded banner goes: the room above the board (over the top bar's words),
        or, where its words do not fit there, the room below it (over the column sums);
        never over a cell, a die, a button or another player's board."""
        layout = given.layout
        board, margin = layout.board, layout.margin
        below = min([o.top for o in self._obstacles() if o.top >= board.bottom
                     and o.left < board.right and o.right > board.left] + [layout.size[1]])
        bands = [self._free_band(margin // 3, board.top - margin // 3),
                 self._free_band(board.bottom + margin // 3, below - margin // 3)]
        floor = min_text_px(layout.size)
        fitting = [band for band in bands if plan_strip(self.fonts, band.size, given.title, given.sentence, floor).fits]
        return (fitting or sorted(bands, key=lambda band: -band.width * band.height))[0]

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
        text, game = self.text, self.game
        why = text("banner.magdagdon_why", dice=" ".join(str(v) for v in game.dice), required=game.required)
        return text("banner.magdagdon"), why

    def strip_fits(self) -> bool:
        title, sentence = self._strip_words()
        return plan_strip(self.fonts, self.strip_rect().size, title, sentence, min_text_px(self.layout.size)).fits

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        title, sentence = self._strip_words()
        rect = self.strip_rect()
        draw_strip(surface, self.fonts, rect, title, sentence, min_text_px(self.layout.size))

    def extra_pieces(self) -> list[Placed | None]:
        """The strip, on layer 1 over the table."""
        title, sentence = self._strip_words()
        return strip_pieces(self.fonts, self.strip_rect(), title, sentence, min_text_px(self.layout.size), 1)


@dataclass(frozen=True)
class StripInputs:
    """What the folded banner's place is chosen from."""

    layout: Layout
    locale: str
    text_generation: int
    title: str
    sentence: str


def screen(services: Services) -> Magdagdon:
    return Magdagdon(services.table, services.games)
