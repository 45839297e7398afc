"""Party play: 2–8 players on one screen, everyone placing the same dice on their own board.

Pure (never imports pygame): :mod:`.model` is the party itself, :mod:`.results` what it
ends with. The party file lives in :mod:`magdagdon.storage.party_file`.
"""

from .model import MAX_PLAYERS, MIN_PLAYERS, Party, PartyPlayer, Seat, turns_done
from .results import PartyResults, party_results

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Party", "PartyPlayer", "PartyResults", "Seat", "party_results", "turns_done"]
