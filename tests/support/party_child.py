"""Plays a party through the game's loop in a process of its own, telling after each
save of the party file where the party stood; the test kills it with SIGKILL."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

from magdagdon.app.party.play import PartyPlay

from support.party_player import play_party, set_up_party
from support.player import Player

real_save = PartyPlay.save


def telling_save(self: PartyPlay) -> None:
    where = f"{self.party.current_index} {self.party.turn}"
    print("saving", where, flush=True)
    real_save(self)
    print("saved", where, flush=True)


if __name__ == "__main__":
    signal.alarm(300)  # never outlive a test that stopped reading
    PartyPlay.save = telling_save  # type: ignore[method-assign]
    player = Player(Path(sys.argv[1]), seed=7)
    set_up_party(player, [("ANA", False), ("BO", False), ("", True)])
    play_party(player)
    print("over", flush=True)
