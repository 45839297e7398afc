"""The play the states share: the game on the table, the party in play, the seats the party
set-up shows, and where the keyboard focus stood on the table. The state machine owns one;
states read and change its fields (typed), and a fresh one starts each new play (the demo
interrupted, the kiosk woken)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..input.focus import FocusKey
from ..table.session import GameSession

if TYPE_CHECKING:
    from magdagdon.party import Seat

    from ..party.play import PartyPlay


@dataclass
class PlayContext:
    session: GameSession | None = None  # the game on the table (None: an attract card fills the screen)
    party: PartyPlay | None = None  # the party being played, from its start until its results are left
    party_seats: tuple[Seat, ...] = ()  # the seats the party set-up last showed
    focus: FocusKey | None = None  # the table's keyboard focus, carried from one game state to the next
    keyboard: bool = False  # the focus ring shows (the keyboard was used last)

    @property
    def table(self) -> GameSession:
        """The game on the table (every game state has one)."""
        if self.session is None:
            raise LookupError("no game on the table")
        return self.session

    @property
    def demo(self) -> bool:
        """The game on the table plays itself."""
        return self.session is not None and self.session.demo

    def party_in_play(self) -> PartyPlay | None:
        """The party being played, unless its last board is full."""
        play = self.party
        return play if play is not None and not play.party.is_over else None

    def play(self, session: GameSession) -> None:
        """Play ``session`` on the table; a party that was on stays in its file, to be
        continued from Party."""
        self.session, self.party = session, None
