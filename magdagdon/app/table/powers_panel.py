"""The Majda Powers on the table (RULES.md §6): the −1, +1 and RE-ROLL buttons (RE-ROLL
becomes the re-roll's go while dice are picked for it), the words under them, what the guide
line says while dice are picked, and what a press or a tap on a tray die does to the session.
Whether the powers are offered at all is the state's answer (``TableState.powers_active``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from magdagdon.engine import Action, Adjust, Game, Reroll

from ..text.fit import min_text_px
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..text.numbers import cost as points_off
from ..ui import palette
from ..ui.palette import Colour
from ..ui.widgets import Button, one_line_width, plan_label
from .layout import Layout
from .session import GameSession


@dataclass(frozen=True)
class PowersPanel:
    """The powers as a state offers them at this moment."""

    session: GameSession
    text: Catalog
    fonts: FontBook
    layout: Layout
    offered: bool  # the state offers the powers now
    adjust_helps: bool  # −1/+1 are of use now (a MAGDAGDON roll they cannot save: no)

    @property
    def game(self) -> Game:
        return self.session.game

    @cached_property
    def rects(self) -> list[pygame.Rect]:
        """The three buttons: the layout's thirds of the row, unless a power's name on one
        line at the readable size (its sign held to its word) needs more than its third
        ("AUMENTA +1" at 800×600): then each button is as wide as its name needs, clear of
        the button's rounded ends where the row holds that, else of its sides, and the row's
        spare width is shared alike."""
        thirds = self.layout.power_buttons
        floor = min_text_px(self.layout.size)
        labels = (self.text("power.minus"), self.text("power.plus"),
                  self.text("power.reroll") if self.session.reroll_pick is None else self.reroll_label())
        height = thirds[0].height
        row = thirds[0].union(thirds[-1])
        between = (row.width - sum(rect.width for rect in thirds)) // 2
        room = row.width - 2 * between
        for tight in (False, True):
            needs = [one_line_width(self.fonts, label, height, floor, tight) for label in labels]
            if not tight and all(need <= rect.width for need, rect in zip(needs, thirds)):
                return list(thirds)
            if sum(needs) <= room:
                break
        else:
            return list(thirds)  # no split holds every name on one line: each keeps its third
        spare = room - sum(needs)
        widths = [need + spare // 3 for need in needs]
        widths[-1] += room - sum(widths)
        rects, left = [], row.left
        for width in widths:
            rects.append(pygame.Rect(left, row.top, width, height))
            left += width + between
        # the widths run in reading order: a right-to-left reader's −1 stands at the row's right
        return [self.text.direction.placed(rect, row) for rect in rects]

    def buttons(self) -> list[Button]:
        game, session, text = self.game, self.session, self.text
        rects = self.rects
        active = self.offered and game.powers_left > 0
        die = session.selected
        minus_note, plus_note, reroll_note = self.notes()
        adjust = active and self.adjust_helps
        minus_ok = adjust and die is not None and game.is_legal(Adjust(die, -1))
        plus_ok = adjust and die is not None and game.is_legal(Adjust(die, 1))
        buttons = [Button("minus", rects[0], text("power.minus"), minus_ok, sublabel=minus_note),
                   Button("plus", rects[1], text("power.plus"), plus_ok, sublabel=plus_note)]
        if session.reroll_pick is None:
            buttons.append(Button("reroll", rects[2], text("power.reroll"), active and bool(game.tray),
                                  sublabel=reroll_note))
        else:
            pick = tuple(sorted(session.reroll_pick))
            ok = bool(pick) and game.is_legal(Reroll(pick))
            buttons.append(Button("reroll_go", rects[2], self.reroll_label(), ok, "chosen", sublabel=reroll_note))
        return buttons

    def reroll_label(self) -> str:
        pick = self.session.reroll_pick or set()
        return self.text("button.reroll_go", count=len(pick))

    def reroll_guide(self) -> tuple[str, Colour] | None:
        """While dice are picked for a re-roll: tap the tray dice, how many are chosen."""
        pick = self.session.reroll_pick
        if pick is None:
            return None
        if not pick:
            return self.text("guide.reroll_pick"), palette.GOLD
        return self.text("guide.reroll_picked", count=len(pick)), palette.GOLD

    def waiting_for_a_die(self) -> bool:
        """−1 and +1 wait for a tray die to be picked (the power label above gives the cost)."""
        session, game = self.session, self.game
        return self.offered and game.powers_left > 0 and session.selected is None \
            and session.reroll_pick is None and bool(game.tray) and self.adjust_helps

    def notes(self) -> tuple[str, str, str]:
        """The −1, +1 and re-roll buttons' sub-labels: what −1/+1 wait for, else the next
        use's cost; each only where it fits its button at the readable size (the powers
        caption gives the cost, the guide line says what −1/+1 wait for)."""
        game, text, fonts = self.game, self.text, self.fonts
        floor = min_text_px(self.layout.size)
        rects = self.rects
        cost = points_off(game.next_penalty) if game.next_penalty else ""
        labels = (text("power.minus"), text("power.plus"),
                  text("power.reroll") if self.session.reroll_pick is None else self.reroll_label())

        def fits(index: int, words: str) -> bool:
            return bool(words) and plan_label(fonts, labels[index], words, rects[index].size, floor).fits

        costs = [cost if fits(index, cost) else "" for index in range(3)]
        if self.note_on_buttons():
            return text("power.pick_die"), text("power.pick_die"), costs[2]
        return costs[0], costs[1], costs[2]

    def note_on_buttons(self) -> bool:
        """Whether −1/+1 themselves can say that they wait for a die."""
        if not self.waiting_for_a_die():
            return False
        floor = min_text_px(self.layout.size)
        note, rects, text = self.text("power.pick_die"), self.rects, self.text
        return all(plan_label(self.fonts, text(key), note, rect.size, floor).fits
                   for key, rect in (("power.minus", rects[0]), ("power.plus", rects[1])))

    def press(self, ident: str) -> Action | None:
        """A power button pressed: the action to play (a legal −1/+1 or re-roll), or None
        once the session has what the press changed (picking dice for a re-roll, or not)."""
        session, game = self.session, self.game
        if ident in ("minus", "plus") and session.selected is not None and self.adjust_helps:
            adjust = Adjust(session.selected, -1 if ident == "minus" else 1)
            return adjust if game.is_legal(adjust) else None
        if ident == "reroll":
            session.reroll_pick = set()
            session.selected = None
            session.hint = session.message = None  # they spoke of the table before: the guide says what to tap now
            session.place_sprites()
        elif ident == "reroll_go" and session.reroll_pick:
            reroll = Reroll(tuple(sorted(session.reroll_pick)))
            return reroll if game.is_legal(reroll) else None
        elif ident == "reroll_cancel":
            session.reroll_pick = None
            session.place_sprites()
        return None

    def toggle_die(self, die: int) -> bool:
        """Tray tap: pick dice for a re-roll, or select one die. False for a die not in the tray."""
        session = self.session
        if die not in self.game.tray:
            return False
        if session.reroll_pick is not None:
            session.reroll_pick ^= {die}
        else:
            session.selected = None if session.selected == die else die
        if session.message is not None and (session.message[0] == "guide.not_here" or session.reroll_pick is not None):
            session.message = None  # it spoke of the die picked before
        session.place_sprites()
        return True
