"""Sending the waiting games: each due game of the outbox to the board, the network asked
without holding the data folder's lock, the outbox then brought up to date (games taken or
refused leave it, the others wait longer). Called on the game's worker."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from .client import BoardProblem, Problem, SentGame, send_game
from .install_key import installation_key
from .outbox import Outbox, Waiting


class Sending(Enum):
    SENT = "sent"
    OFFLINE = "offline"  # kept, tried again later
    REFUSED = "refused"  # dropped: the board will never take it
    NONSENSE = "nonsense"  # kept: the address may be mended
    NOT_KEPT = "not_kept"  # the data folder refused the outbox or the key: nothing was sent


@dataclass(frozen=True)
class Sent:
    """What became of one game."""

    sending: Sending
    answer: SentGame | None = None
    code: str = ""  # the board's refusal


def send_waiting(outbox: Outbox, url: str, now: datetime) -> dict[str, Sent]:
    """Try each game whose time has come; what became of each, by its replay id."""
    try:
        with outbox.lock():
            key = installation_key(outbox.data_dir, now)
            waiting = outbox.read(now)
    except OSError:
        return {}
    results: dict[str, Sent] = {}
    tried: dict[str, Waiting | None] = {}  # replay id -> the game to keep (None: it leaves)
    reachable = True
    for game in waiting:
        if game.next_try is not None and game.next_try > now:
            continue
        replay_id = game.replay_id
        if not reachable:  # the board did not answer the last one: the rest waits too
            tried[replay_id] = game.later(now)
            results[replay_id] = Sent(Sending.OFFLINE)
            continue
        try:
            answer = send_game(url, game.replay, game.name, key, game.assisted, game.day)
        except BoardProblem as problem:
            results[replay_id] = Sent(_sending(problem.problem), code=problem.code)
            tried[replay_id] = None if problem.problem is Problem.REFUSED else game.later(now, problem.retry_after)
            reachable = problem.problem is Problem.REFUSED
            continue
        results[replay_id] = Sent(Sending.SENT, answer)
        tried[replay_id] = None
    if tried:
        try:
            with outbox.lock():
                current = outbox.read(now)  # another game may have joined meanwhile
                kept = [tried.get(w.replay_id, w) if w.replay_id in tried else w for w in current]
                outbox.write([w for w in kept if w is not None], now)
        except OSError:
            pass  # the games taken will be sent again: the board answers the same (idempotent)
    return results


def queue_and_send(outbox: Outbox, url: str, game: Waiting, now: datetime) -> Sent:
    """Put ``game`` in the outbox, then send whatever is due; what became of ``game``."""
    try:
        outbox.add(game, now)
    except OSError:
        return Sent(Sending.NOT_KEPT)
    return send_waiting(outbox, url, now).get(game.replay_id, Sent(Sending.OFFLINE))


def _sending(problem: Problem) -> Sending:
    return {Problem.OFFLINE: Sending.OFFLINE, Problem.REFUSED: Sending.REFUSED,
            Problem.NONSENSE: Sending.NONSENSE}[problem]
