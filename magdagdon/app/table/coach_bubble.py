"""The coach's bubble on the table: which mark or one-time tip shows at this moment and
where its box, words and chip go, planned before it is drawn (``coach_marks`` lays it out
and draws it, on top of everything). Its chip is all of the bubble a tap can hit (Skip ends
the coaching; Got it, like any tap, dismisses the tip): a tap is hit-tested against the
bubble of the moment, never against what was last drawn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..ui.presenter import Presenter
from .coach import Coach
from .coach_marks import Bubble, coach_mark_pieces, draw_coach_mark, place_bubble
from ..ui.placed import Placed
from .layout import Layout
from .session import GameSession


@dataclass(frozen=True)
class CoachWords:
    """What the coach says now and what it points at: the inputs of its bubble's plan with
    the table's layout (its bands, the window), the language and the text scale."""

    message: str
    chip_label: str
    target: pygame.Rect | None  # what a mark points at; None: a tip
    named: tuple[str, ...]  # the draw log's names of the target and of what the words name
    room: pygame.Rect | None  # a tip's room of its own (None: the guide line's band)
    layout: Layout
    locale: str
    text_scale: float


@dataclass(frozen=True)
class CoachBubble:
    """The bubble of the moment, laid out: its words, its chip's word, what it points at (a
    mark) or nothing (a tip), the band it stands in (``area``: None for the guide line's,
    whose words then give way to it) and where its box, lines and chip go (``placed``)."""

    message: str
    chip_label: str
    target: pygame.Rect | None
    named: tuple[str, ...]
    area: pygame.Rect | None
    band: pygame.Rect  # the band it stands in, whichever it is
    placed: Bubble

    @property
    def chip(self) -> pygame.Rect:
        """What a tap on Skip (a mark) or Got it (a tip) hits."""
        return self.placed.chip


def plan_coach_bubble(fonts: FontBook, words: CoachWords) -> CoachBubble:
    """The bubble for ``words``, placed on the table (fonts in ``words``' language)."""
    layout = words.layout
    area, placed = place_bubble(fonts, layout, words.target, words.message, words.chip_label, words.room)
    return CoachBubble(words.message, words.chip_label, words.target, words.named,
                       None if area == layout.coach else area, area, placed)


class TableCoach:
    """The coach at a table: the bubble of the moment (``now``), planned by ``present``
    when what it shows may have changed, and read by draw and by a tap."""

    def __init__(self, coach: Coach, text: Catalog, fonts: FontBook) -> None:
        self.coach, self.text, self.fonts = coach, text, fonts
        self.plans: Presenter[CoachWords, CoachBubble] = Presenter(lambda words: plan_coach_bubble(fonts, words))
        self.now: CoachBubble | None = None

    def words(self, session: GameSession, layout: Layout, tip_area: Callable[[], pygame.Rect | None],
              in_view: bool, hands_off: bool = False) -> CoachWords | None:
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
                target = sprite.standing_rect() if sprite is not None else layout.tray_slots[index]
            elif kind == "cell":
                target = layout.cells[index]
            else:
                target = layout.primary
            named = f"{kind} {index}" if kind != "button" else "button confirm"
            return CoachWords(text(mark.key, **dict(mark.values)), text("coach.skip"), target, (named,), None,
                              layout, text.locale, self.fonts.scale)
        tip = coach.current_tip(game, hands_off)
        if tip is not None:
            return CoachWords(text(f"coach.tip.{tip}"), text("coach.got_it"), None, (), tip_area(),
                              layout, text.locale, self.fonts.scale)
        return None

    def present(self, session: GameSession, layout: Layout, tip_area: Callable[[], pygame.Rect | None],
                in_view: bool, hands_off: bool = False) -> CoachBubble | None:
        """Settle the bubble of the moment (the plan is kept while its words and the table's
        layout hold)."""
        words = self.words(session, layout, tip_area, in_view, hands_off)
        self.now = None if words is None else self.plans.present(words)
        return self.now

    @property
    def target(self) -> pygame.Rect | None:
        """What the coach mark of the moment points at."""
        return self.now.target if self.now is not None else None

    @property
    def skip_rect(self) -> pygame.Rect | None:
        """The coach mark's Skip chip."""
        now = self.now
        return now.chip if now is not None and now.target is not None else None

    @property
    def tip_rect(self) -> pygame.Rect | None:
        """A tip's Got it chip."""
        now = self.now
        return now.chip if now is not None and now.target is None else None

    def draw(self, surface: pygame.Surface, strength: float) -> None:
        """The mark or tip of the moment on top of everything."""
        now = self.now
        if now is None:
            return
        draw_coach_mark(surface, self.fonts, now.placed, now.chip_label, now.target, now.band, strength, now.named)

    def placed(self, layer: int) -> list[Placed | None]:
        """The mark or tip of the moment, as ``draw`` draws it."""
        now = self.now
        return [] if now is None else coach_mark_pieces(self.fonts, now.placed, now.chip_label, now.target, layer)

    def skip_tapped(self, event: pygame.event.Event) -> bool:
        """A tap on the mark's Skip chip, which ends the coaching and all tips."""
        skip = self.skip_rect
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and skip is not None \
                and skip.collidepoint(event.pos):
            self.coach.skip()
            self.now = None
            return True
        return False
