"""Playing a sent replay through the engine: run in the verifiers' processes, never on the
server's event loop (a game takes about a millisecond; a flood of them must not stop the
answers to readers)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from ..engine.challenge import day_seed, day_seeds
from ..engine.difficulty import Difficulty
from ..engine.replay import Replay, ReplayError
from ..storage.game_identity import game_identity
from .records import VerifiedGame
from .refusals import Refusal, Refused

NEAR_DAYS = 7  # a seed of a day this close is named as "another day's dice"


def verify_game(document: dict[str, Any], day: date, difficulty: Difficulty) -> VerifiedGame:
    """The game ``document`` plays, if it is a finished game on ``day``'s dice in
    ``difficulty`` and every action and its claimed result hold; Refused otherwise."""
    try:
        replay = Replay.from_dict(document)
    except ReplayError as error:
        raise Refused(Refusal.NOT_VERIFIED, f"not a replay the engine can read: {_short(error)}") from None
    if replay.difficulty is not difficulty:
        raise Refused(Refusal.WRONG_DIFFICULTY, f"a {replay.difficulty.name} game sent to the {difficulty.name} board")
    if replay.seed != day_seed(day, difficulty):
        raise Refused(Refusal.WRONG_SEED, _whose_seed(replay.seed, day))
    try:
        game = replay.verify()
    except ReplayError as error:
        raise Refused(Refusal.NOT_VERIFIED, f"the replay does not verify: {_short(error)}") from None
    if not game.is_over:
        raise Refused(Refusal.NOT_FINISHED, f"the game stops at turn {game.turn}; the board takes finished games")
    canonical = Replay.of(game)
    score = game.score().total
    return VerifiedGame(game_identity(canonical), score, game.turn, game.powers_used, str(game.board),
                        canonical.to_json())


def _whose_seed(seed: int, day: date) -> str:
    for offset in range(-NEAR_DAYS, NEAR_DAYS + 1):
        other = day + timedelta(days=offset)
        if offset and seed in day_seeds(other):
            return f"these are the dice of {other.isoformat()}, not of {day.isoformat()}"
    if seed in day_seeds(day):
        return f"these are {day.isoformat()}'s dice of another difficulty or of the first version"
    return f"seed {seed} is not the dice of {day.isoformat()}"


def _short(error: Exception, limit: int = 160) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def warm_up() -> int:
    """Load the engine in a fresh verifier before the first game comes."""
    return day_seed(date(2026, 1, 1), Difficulty.PEACEFUL)
