"""A party on the screen: the kept party, one table session per player, whose turn it
is, and the colours that mark each player everywhere they appear.

Each turn is played on the ordinary table (the session of the player to move); the
table states ask ``turn_over`` to know when to hand over instead of rolling again. The
sessions do not save nor record themselves: the party file and the keeper do.
"""

from __future__ import annotations

from magdagdon.engine import Game
from magdagdon.party import Party, PartyPlayer, turns_done
from magdagdon.party.keeper import PartyKeeper
from magdagdon.storage.party_file import PartyFiles, PartyRecord

from ..table.games import Games
from ..text.i18n import Catalog
from .strip import StripEntry
from ..table.session import GameSession
from ..services.wall_clock import now
from ..services.store_access import StoreAccess

PLAYER_COLOURS = ((94, 230, 176), (255, 200, 87), (120, 200, 255), (255, 107, 139),
                  (190, 140, 255), (255, 160, 90), (170, 230, 90), (240, 240, 250))


class PartyPlay:
    def __init__(self, keeper: PartyKeeper, games: Games, storage: StoreAccess) -> None:
        self.keeper, self.games, self.storage = keeper, games, storage
        self.sessions: dict[int, GameSession] = {}
        self.turn_started: dict[int, int] = {}  # seat -> turns done when their turn was handed over
        # seat -> (what the score was counted from, the total): the screens ask for every
        # player's total at each tick, and counting eight boards took a millisecond
        self._totals: dict[int, tuple[tuple[object, ...], int]] = {}

    @classmethod
    def start(cls, games: Games, storage: StoreAccess, party: Party) -> "PartyPlay":
        play = cls(PartyKeeper(party_files(storage), lambda: storage.store, party, now()), games, storage)
        play.save()
        return play

    @classmethod
    def resume(cls, games: Games, storage: StoreAccess, record: PartyRecord) -> "PartyPlay":
        return cls(PartyKeeper.resume(party_files(storage), lambda: storage.store, record), games, storage)

    # --- reading ----------------------------------------------------------------------
    @property
    def party(self) -> Party:
        return self.keeper.party

    @property
    def players(self) -> list[PartyPlayer]:
        return self.party.players

    def colour(self, seat: int) -> tuple[int, int, int]:
        return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]

    def seat_of(self, session: object) -> int | None:
        """The seat whose table ``session`` is; None for any other game (the party then
        stays out of the way: a new single game started from the menu is just that)."""
        return next((seat for seat, s in self.sessions.items() if s is session), None)

    def game_of(self, seat: int) -> Game:
        return self.players[seat].game

    def total(self, seat: int) -> int:
        """The player's score so far (their permanent board with the powers used)."""
        game = self.game_of(seat)
        counted = (game.board, game.difficulty, game.powers_used)
        kept = self._totals.get(seat)
        if kept is None or kept[0] != counted:
            kept = self._totals[seat] = (counted, game.score().total)
        return kept[1]

    def computer_to_move(self, session: object) -> bool:
        seat = self.seat_of(session)
        return seat is not None and seat == self.party.current_index and self.players[seat].computer

    # --- turns ------------------------------------------------------------------------
    def hand_over(self) -> GameSession | None:
        """The table of the player to move, their turn begun; None once the party is over."""
        seat = self.party.current_index
        if seat is None:
            return None
        session = self.sessions.get(seat)
        if session is None:
            session = self.sessions[seat] = self.games.resume_session(self.game_of(seat), self.players[seat].assisted)
            session.kept_by_party = True
        self.turn_started[seat] = turns_done(session.game)
        return session

    def turn_over(self, session: GameSession) -> bool:
        """True once the player at this table finished the turn they were handed."""
        seat = self.seat_of(session)
        if seat is None or seat not in self.turn_started:
            return False
        return turns_done(session.game) > self.turn_started[seat] or session.game.is_over

    def after_turn(self) -> None:
        """A turn ended: note hints asked for, then write the party (and record finished games)."""
        for seat, session in self.sessions.items():
            self.players[seat].assisted = self.players[seat].assisted or session.assisted
        self.turn_started.clear()
        self.save()

    def save(self) -> None:
        self.keeper.save(now())
        self.storage.pull_notices()
        for notice in self.keeper.files.take_notices():
            self.storage.notices.add(self.storage.notices.describe(notice))


def party_files(storage: StoreAccess) -> PartyFiles:
    store = storage.store
    folder = store.data_dir if store is not None else None
    return PartyFiles(folder) if folder is not None else PartyFiles.unavailable()


def strip_entries(play: PartyPlay, text: Catalog) -> list[StripEntry]:
    current = play.party.current_index
    entries = []
    for seat, player in enumerate(play.players):
        game = player.game
        if seat == current:
            status = text("party.playing")
        elif game.is_over:
            status = text("party.board_full")
        elif player.computer:
            status = text("party.computer")
        else:
            status = ""
        entries.append(StripEntry(text.shown_name(player.name), play.colour(seat), play.total(seat), game.working_board,
                                  status, seat == current, player.computer, game.is_over))
    return entries
