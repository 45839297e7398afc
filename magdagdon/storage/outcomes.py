"""Values the store returns to its callers: what recording did, and why it refused."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.replay import Replay, ReplayError


@dataclass(frozen=True)
class RecordOutcome:
    rank: int | None  # 1-based place in the difficulty's top 20; None when off the table
    saved: bool  # False: kept in memory only (read-only folder, full disk...); see Store.notices
    replay_id: str
    duplicate: bool = False  # this very game was recorded before; nothing changed
    daily_rank: int | None = None  # a game on a day's dice: its rank in that day's table (written or held)


class RefusalReason(enum.Enum):
    INVALID_REPLAY = "invalid_replay"  # does not replay, or its claimed result is false
    NOT_FINISHED = "not_finished"  # only finished games have a result to record


class RecordRefused(ValueError):
    """A game or replay that cannot be recorded; nothing was changed."""

    def __init__(self, reason: RefusalReason, detail: str) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail


def finished_game(replay: Replay) -> Game:
    """The game ``replay`` plays to, checked by the engine; RecordRefused when the replay
    does not verify or the game is unfinished (only a finished game has a result)."""
    try:
        game = replay.verify()
    except ReplayError as error:
        raise RecordRefused(RefusalReason.INVALID_REPLAY, str(error)) from None
    if not game.is_over:
        raise RecordRefused(RefusalReason.NOT_FINISHED, f"the replay stops at turn {game.turn}")
    return game
