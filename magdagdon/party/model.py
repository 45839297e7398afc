"""The party: one difficulty, one seed, 2–8 players each with their own ``Game``.

Because the dice are a pure function of (seed, turn, re-roll) (RULES.md §10), giving every
player a game of the same seed is all it takes for everyone's turn ``t`` — and their k-th
re-roll in it — to show the same values. The order of play is derived from the games
alone: the player to move is the first, in seating order, of those whose board is not
full and who have finished the fewest turns. So a party rebuilt from its players' action
logs resumes at the same player and turn, and a full board simply waits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from magdagdon.engine import Difficulty, Game
from magdagdon.graphemes import cut
from magdagdon.storage.computer_strength import ComputerStrength
from magdagdon.storage.high_scores import MAX_NAME_CHARACTERS, clean_name

MIN_PLAYERS = 2
MAX_PLAYERS = 8


def turns_done(game: Game) -> int:
    """Turns this game has finished (a turn rolled but not yet confirmed does not count)."""
    return game.turns_done


class Seat(NamedTuple):
    """A seat as the set-up lists it: a person by name, or the computer at a strength."""

    name: str
    computer: bool = False
    strength: ComputerStrength = ComputerStrength.EXPERT  # how the computer plays it (a person's: unused)


@dataclass
class PartyPlayer:
    name: str
    computer: bool = False  # played by the computer, at ``strength``
    assisted: bool = False  # asked for a hint (flagged in the tables, as for any game)
    game: Game = field(default_factory=Game)
    strength: ComputerStrength = ComputerStrength.EXPERT  # how the computer plays this seat

    @property
    def seat(self) -> Seat:
        return Seat(self.name, self.computer, self.strength)


class Party:
    def __init__(self, difficulty: Difficulty, seed: int, players: list[PartyPlayer]) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"a party has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
        for player in players:
            if player.game.seed != seed or player.game.difficulty is not difficulty:
                raise ValueError(f"{player.name}'s game is not seed {seed} at {difficulty.name}")
        self.difficulty, self.seed, self.players = difficulty, seed, players

    @classmethod
    def new(cls, difficulty: Difficulty, seed: int, seats: Sequence[Seat | tuple[str, bool]]) -> "Party":
        """A party about to start: its seats in playing order ((name, computer) plays the
        computer as the expert)."""
        players = [PartyPlayer(clean_player_name(seat.name, index), seat.computer, False, Game(difficulty, seed),
                               seat.strength)
                   for index, seat in enumerate(Seat(*given) for given in seats)]
        return cls(difficulty, seed, players)

    # --- whose turn -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return all(player.game.is_over for player in self.players)

    @property
    def current_index(self) -> int | None:
        """The seat of the player to move; None once every board is full."""
        waiting = [(turns_done(p.game), seat) for seat, p in enumerate(self.players) if not p.game.is_over]
        return min(waiting)[1] if waiting else None

    @property
    def current(self) -> PartyPlayer | None:
        index = self.current_index
        return None if index is None else self.players[index]

    @property
    def turn(self) -> int:
        """The party's turn: the one the player to move is playing (1-based)."""
        current = self.current
        return 0 if current is None else turns_done(current.game) + 1

    def waiting(self) -> list[PartyPlayer]:
        """Players whose board is full while others still play."""
        return [p for p in self.players if p.game.is_over] if not self.is_over else []


def clean_player_name(name: str, seat: int) -> str:
    """A name to show and record: the tables' cleaning, at most ``MAX_NAME_CHARACTERS`` (as at
    the name entry); "Player N" when nothing printable is left."""
    cleaned = cut(clean_name(name), MAX_NAME_CHARACTERS).strip() if name.strip() else ""
    return cleaned or f"Player {seat + 1}"
