"""The coach's bubble on the table: which mark or one-time tip shows at this moment, drawn
on top of everything (``coach_marks``), and its chip as last drawn, which is all of the
bubble a tap can hit (Skip ends the coaching; Got it, like any tap, dismisses the tip)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from .coach import Coach
from .coach_marks import draw_coach_mark, mark_area
from ..text.fit import min_text_px
from .layout import Layout
from .session import GameSession


@dataclass(frozen=True)
class CoachBubble:
    """What the coach shows now: its words, its chip's word, what it points at (a mark) or
    nothing (a tip), and where it goes (None: the guide line's band)."""

    message: str
    chip: str
    target: pygame.Rect | None
    named: tuple[str, ...] = ()
    area: pygame.Rect | None = None


class TableCoach:
    """The coach at a table: the bubble of the moment, and where its chip and target were drawn."""

    def __init__(self, coach: Coach, text: Catalog, fonts: FontBook) -> None:
        self.coach, self.text, self.fonts = coach, text, fonts
        self.skip_rect: pygame.Rect | None = None  # the coach mark's Skip chip, as last drawn
        self.tip_rect: pygame.Rect | None = None  # a tip's Got it chip, as last drawn
        self.target: pygame.Rect | None = None  # what the coach mark points at, as last drawn

    def bubble(self, session: GameSession, layout: Layout, tip_area: Callable[[], pygame.Rect | None],
               in_view: bool, hands_off: bool = False) -> CoachBubble | None:
        """The coach mark of this moment, or a one-time tip, if one shows: none while the dice
        tumble or out of view (a mark under a menu would point at what cannot be tapped),
        nor while no person plays (``hands_off``: a demo, the computer's turn at a party).
        ``tip_area``: where a tip goes when its state keeps room of its own for it."""
        coach, text, game = self.coach, self.text, session.game
        hands_off = hands_off or session.demo
        if session.tumbling or not in_view:
            return None
        mark = coach.mark(game, session.selected, hands_off)
        if mark is not None:
            kind, index = mark.target
            if kind == "die":
                sprite = session.sprites.get(index)
                target = sprite.rect if sprite is not None else layout.tray_slots[index]
            elif kind == "cell":
                target = layout.cells[index]
            else:
                target = layout.primary
            named = f"{kind} {index}" if kind != "button" else "button confirm"
            words, chip = text(mark.key, **dict(mark.values)), text("coach.skip")
            area = mark_area(self.fonts, layout, target, words, chip, min_text_px(layout.size))
            return CoachBubble(words, chip, target, (named,), None if area == layout.coach else area)
        tip = coach.current_tip(game, hands_off)
        if tip is not None:
            return CoachBubble(text(f"coach.tip.{tip}"), text("coach.got_it"), None, (), tip_area())
        return None

    def draw(self, surface: pygame.Surface, layout: Layout, bubble: CoachBubble | None, strength: float) -> None:
        """The mark or tip on top of everything (its chip is what a tap on Skip or Got it hits)."""
        self.skip_rect = self.target = self.tip_rect = None
        if bubble is None:
            return
        self.target = bubble.target
        chip = draw_coach_mark(surface, self.fonts, layout, bubble.target, bubble.message, bubble.chip,
                               strength, named=bubble.named, area=bubble.area)
        if bubble.target is None:
            self.tip_rect = chip
        else:
            self.skip_rect = chip

    def skip_tapped(self, event: pygame.event.Event) -> bool:
        """A tap on the mark's Skip chip, which ends the coaching and all tips."""
        skip = self.skip_rect
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and skip is not None \
                and skip.collidepoint(event.pos):
            self.coach.skip()
            self.skip_rect = None
            return True
        return False
