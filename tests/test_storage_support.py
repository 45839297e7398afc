"""Shared helpers for the storage tests (no tests here): finished games and fixed times.

Games are played by a tiny seeded player over ``legal_moves()`` only, so these tests
depend on the engine's public contract and not on any AI policy.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

from magdagdon.engine import Accept, Confirm, Difficulty, Game, Phase, Roll, Stage, TakeBackAll
from magdagdon.engine.actions import Adjust, Reroll
from magdagdon.storage import open_store

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)


def at(minutes: int) -> datetime:
    return NOW + timedelta(minutes=minutes)


def next_action(game: Game, rng: random.Random, power_rate: float = 0.05):
    """A legal action: stage at random until confirm is possible; sometimes use a power."""
    phase = game.phase
    if phase is Phase.ROLL:
        return Roll()
    moves = game.legal_moves()
    if phase is Phase.RUIN_PICK:
        return rng.choice(moves)
    powers = [m for m in moves if isinstance(m, (Adjust, Reroll))]
    if powers and rng.random() < power_rate:
        return rng.choice(powers)
    if phase is Phase.MAGDAGDON:
        return Accept()
    if game.can_confirm:
        return Confirm()
    stages = [m for m in moves if isinstance(m, Stage)]
    return rng.choice(stages) if stages else TakeBackAll()


def play_game(seed: int, difficulty: Difficulty = Difficulty.PEACEFUL, stop_after_turns: int | None = None, on_action=None) -> Game:
    """A finished game (or one stopped at the end of turn ``stop_after_turns``)."""
    game = Game(difficulty, seed)
    rng = random.Random(seed)
    while not game.is_over:
        if stop_after_turns is not None and game.phase is Phase.ROLL and game.turn >= stop_after_turns:
            break
        game.play(next_action(game, rng))
        if on_action is not None:
            on_action(game)
    return game


def finished_games(count: int, difficulty: Difficulty = Difficulty.PEACEFUL, first_seed: int = 0) -> list[Game]:
    return [play_game(seed, difficulty) for seed in range(first_seed, first_seed + count)]


def folder_with_games(data: Path, games: list[Game]) -> Path:
    """A data folder in which ``games`` were recorded a minute apart, as P0, P1, …"""
    store = open_store(data, NOW)
    for minute, game in enumerate(games):
        assert store.record_result(game, at(minute), name=f"P{minute}").saved
    return data
