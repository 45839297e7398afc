"""What makes two replays the same game: what was confirmed, not how it was clicked.

A replay's action list can be padded without changing the game (take a die back and stage
it again, stage elsewhere before the final choice). The identity is therefore built from
what each turn made permanent: the placed values and their cells, the powers used (by
their effect on the dice, so the index of one of two equal dice does not matter) and the
ruined cell, together with the seed and the difficulty. Any replay of a recorded game has
the recorded game's identity.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from ..engine.actions import Adjust, Confirm, PlaceRuin, Reroll
from ..engine.game import Game
from ..engine.replay import Replay

TurnRecord = list[Any]
_SEAT = re.compile(r"(party|room) [0-9A-Za-z-]{1,64} seat [1-9][0-9]{0,2}")


def game_identity(replay: Replay) -> str:
    """24 hex digits naming the game ``replay`` plays (check it with ``Replay.verify`` first)."""
    document = [replay.seed, replay.difficulty.name, confirmed_turns(replay)]
    text = json.dumps(document, separators=(",", ":"))
    return hashlib.blake2b(text.encode("ascii"), digest_size=12, person=b"magdagdon-ident").hexdigest()


def seated_identity(replay: Replay, seat: str) -> str:
    """24 hex digits naming the game ``replay`` plays as played in ``seat`` (a party's or a
    phones room's seat, :func:`seat_label`): two guests who make the same moves on the same
    dice at one party are two results, each recorded once under its own name."""
    document = [game_identity(replay), seat]
    text = json.dumps(document, separators=(",", ":"))
    return hashlib.blake2b(text.encode("ascii"), digest_size=12, person=b"magdagdon-seated").hexdigest()


def seat_label(occasion: str, occasion_id: str, seat: int) -> str:
    """The seat a game was played in: ``"party <id> seat <n>"`` or ``"room <id> seat <n>"``
    (``seat`` counted from 0, written from 1); the ids are the party's or the room's file ids."""
    label = f"{occasion} {occasion_id} seat {seat + 1}"
    if not is_seat_label(label):
        raise ValueError(f"not a seat: {label!r}")
    return label


def is_seat_label(text: object) -> bool:
    return isinstance(text, str) and _SEAT.fullmatch(text) is not None


def confirmed_turns(replay: Replay) -> list[TurnRecord]:
    """Per turn: ``["place", [[cell, value]...], powers]`` or ``["ruin", cell, powers]``.

    Plays the actions unchecked: call it on a replay that verified.
    """
    game = Game(replay.difficulty, replay.seed)
    turns: list[TurnRecord] = []
    powers: list[list[Any]] = []
    for action in replay.actions:
        if isinstance(action, Confirm):
            placed = sorted([cell, game.dice[die]] for die, cell in game.staged)
            turns.append(["place", placed, powers])
            powers = []
        elif isinstance(action, PlaceRuin):
            turns.append(["ruin", action.cell, powers])
            powers = []
        game.push(action)
        if isinstance(action, (Adjust, Reroll)):
            powers.append([action.keyword, sorted(game.dice)])
    return turns
