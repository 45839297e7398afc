"""Coach marks for a first game: one mark at a time — tap ROLL, tap a die, tap a glowing
cell, place one more, CONFIRM — each naming its target, and gone the moment the player
does it (the mark is worked out from the game each frame, never from a script of its own).
A first MAGDAGDON and a first power meet one short tip each. One tap on Skip ends it all.

Plain values (no pygame): the table draws the mark; settings remember that the player has
been coached and which tips were shown, so a fresh install coaches once. What changes (a
new guest's game, the first turn done, a tip's moment come or gone) is taken in by
``follow``, which the table calls as it updates; ``mark`` and ``current_tip`` only read,
so drawing a frame writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from magdagdon.engine import Game, Phase

TIPS = ("magdagdon", "power")
MAX_GAMES_REMEMBERED = 16  # a party's games (at most eight players), with room to spare


@dataclass(frozen=True)
class Mark:
    key: str  # the catalog key of its words
    target: tuple[str, int]  # ("button", 0) the primary button, ("die", i) a tray die, ("cell", c) a board cell
    values: tuple[tuple[str, int], ...] = ()


def first_turn_mark(game: Game, selected: int | None) -> Mark | None:
    """The mark for this moment of the first turn, or None once it is over."""
    if game.turn > 1 or game.phase is Phase.GAME_OVER or (game.turn == 1 and game.phase is Phase.ROLL):
        return None
    if game.phase is Phase.ROLL:
        return Mark("coach.roll", ("button", 0))
    if game.phase is not Phase.STAGING:
        return None
    missing = game.required - len(game.staged)
    if selected is not None:
        # The last legal cell: nearest the band under the board where the mark's bubble stands.
        legal = sorted(game.legal_cells_for(selected))
        return Mark("coach.tap_cell", ("cell", legal[-1])) if legal else None
    if missing <= 0:
        return Mark("coach.confirm", ("button", 0))
    tray = [die for die in game.tray if game.legal_cells_for(die)]
    if not tray:
        return None
    if game.staged:
        return Mark("coach.place_more", ("die", tray[0]), (("count", missing),))
    return Mark("coach.tap_die", ("die", tray[0]))


def first_turn_over(game: Game) -> bool:
    return game.turn > 1 or (game.turn == 1 and game.phase in (Phase.ROLL, Phase.GAME_OVER))


class Coach:
    """Whether to coach, and what to show now. ``remember`` keeps a settings change."""

    def __init__(self, coaching: bool, tips_seen: Iterable[str], remember: Callable[..., bool],
                 tips: bool = True, every_game: bool = False) -> None:
        self.coaching = coaching  # the first turn of this run's first new game is guided
        self.tips = tips  # one-time tips may show (never in screenshots, tests or the demo)
        self.tips_seen = set(tips_seen)
        # A party table: every guest is new, so every new game is guided, with its own tips.
        self.every_game = every_game
        self.game: Game | None = None  # the game the marks were last worked out for
        # A party table's games, each with the tips it has shown: the table hands one game
        # after another, and a tip seen in a game stays seen when the table comes back to it.
        self.games_seen: list[tuple[Game, set[str]]] = []
        self.remember = remember
        self.tip: str | None = None  # the tip showing now
        self.tip_powers = 0  # powers used when the power tip appeared

    def follow(self, game: Game, selected: int | None = None, demo: bool = False, in_view: bool = True) -> None:
        """Take in the moment ``game`` is at: a new guest's game begins its own guide, a first
        turn done is remembered, a tip shows the first time its moment comes (while the
        table is ``in_view`` and no mark stands) and goes when it has passed."""
        if self.every_game and game is not self.game:
            self.game = game
            self.coaching = not first_turn_over(game)  # a resumed game is past its first turn
            self.tips_seen = self._tips_seen_in(game)
        if self.coaching and not demo and first_turn_over(game):
            self.finish()
        if demo or not self.tips or not in_view or self.mark(game, selected) is not None:
            return
        if self.current_tip(game) is None:
            self.tip = None
        if self.tip is None:
            if game.phase is Phase.MAGDAGDON and "magdagdon" not in self.tips_seen:
                self._show("magdagdon")
            elif game.powers_used and "power" not in self.tips_seen and game.phase is Phase.STAGING:
                self._show("power")
                self.tip_powers = game.powers_used

    def _tips_seen_in(self, game: Game) -> set[str]:
        """The tips ``game`` has shown (a set kept with it: shown tips are added to it)."""
        for known, shown in self.games_seen:
            if known is game:
                return shown
        fresh: set[str] = set()
        self.games_seen = [*self.games_seen[-(MAX_GAMES_REMEMBERED - 1):], (game, fresh)]
        return fresh

    def coaching_for(self, game: Game) -> bool:
        """Whether ``game``'s first turn is guided (a new guest's game not yet followed included)."""
        if self.every_game and game is not self.game:
            return not first_turn_over(game)
        return self.coaching

    def mark(self, game: Game, selected: int | None, demo: bool = False) -> Mark | None:
        """The mark for this moment (reads only)."""
        if demo or not self.coaching_for(game):
            return None
        return first_turn_mark(game, selected)

    def skip(self) -> None:
        """The player tapped Skip: no more marks or tips."""
        self.tip = None
        self.tips_seen.update(TIPS)
        self.finish()
        self.remember(tips_seen=tuple(sorted(self.tips_seen)))

    def finish(self) -> None:
        if self.coaching:
            self.coaching = False
            self.remember(coached=True)

    def current_tip(self, game: Game, demo: bool = False) -> str | None:
        """The tip showing (reads only): from the first time its moment comes until the
        player acts on."""
        if demo or not self.tips:
            return None
        if self.tip == "magdagdon" and game.phase is not Phase.MAGDAGDON:
            return None
        if self.tip == "power" and game.powers_used != self.tip_powers:
            return None
        return self.tip

    def dismiss_tip(self) -> None:
        self.tip = None

    def _show(self, tip: str) -> None:
        self.tip = tip
        self.tips_seen.add(tip)
        self.remember(tips_seen=tuple(sorted(self.tips_seen)))
