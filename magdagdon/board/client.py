"""The game's side of the world board's API: plain blocking HTTP (the game calls it on its
worker, never in a frame), each answer read strictly into values, and anything else one of
three problems — offline, refused (with the board's code), or an answer that makes no sense.

The board's address is the player's choice (``board_url`` in ``settings.json``, typed in
Settings, or in ``kiosk.json``); the game has none of its own and asks nothing without one."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum
from typing import Any

from ..engine.board import Board
from ..engine.challenge import day_seed
from ..engine.difficulty import Difficulty
from ..engine.replay import Replay, ReplayError
from ..storage.high_scores import ScoreEntry, check_replay_id, clean_name, parse_when

TIMEOUT_SECONDS = 10.0
MAX_ANSWER_BYTES = 512 * 1024


class Problem(Enum):
    OFFLINE = "offline"  # no answer: no network, the board down, a timeout
    REFUSED = "refused"  # the board answered with a refusal (its code says why)
    NONSENSE = "nonsense"  # an answer that is not the board's


class BoardProblem(Exception):
    def __init__(self, problem: Problem, code: str = "", retry_after: float | None = None) -> None:
        super().__init__(f"{problem.value}{': ' + code if code else ''}")
        self.problem, self.code, self.retry_after = problem, code, retry_after


@dataclass(frozen=True)
class SentGame:
    """The board's answer to a game sent."""

    rank: int  # where the installation's entry stands (its best game of the day)
    score: int
    replay_id: str
    counted: bool  # the game sent is that entry
    total: int  # entries on that day's board


def send_game(url: str, replay: Replay, name: str, key: str, assisted: bool, day: date) -> SentGame:
    body = json.dumps({"replay": replay.to_dict(), "name": name, "install": key, "assisted": assisted}).encode()
    path = f"/v1/days/{day.isoformat()}/{replay.difficulty.name}/games"
    answer = _ask(url, path, body)
    try:
        rank, total = _count(answer["rank"]), _count(answer["total"])
        return SentGame(rank, _signed(answer["score"]), check_replay_id(answer["replay_id"]), _truth(answer["counted"]),
                        total)
    except (KeyError, TypeError, ValueError):
        raise BoardProblem(Problem.NONSENSE) from None


def fetch_day(url: str, day: date, difficulty: Difficulty, limit: int = 100) -> list[ScoreEntry]:
    """The day's board, best first, as score entries (dated when the board received them)."""
    answer = _ask(url, f"/v1/days/{day.isoformat()}/{difficulty.name}?limit={limit}")
    seed = day_seed(day, difficulty)
    try:
        if answer["seed"] != seed or not isinstance(answer["entries"], list):
            raise ValueError("another day's board")
        return [ScoreEntry(_name(e["name"]), _signed(e["score"]), _when(e["at"]), _count(e["turns"]),
                           _count(e["powers_used"]), seed, check_replay_id(e["replay_id"]), _truth(e["assisted"]),
                           difficulty, _board(e["board"])) for e in answer["entries"][:limit]]
    except (KeyError, TypeError, ValueError):
        raise BoardProblem(Problem.NONSENSE) from None


def fetch_replay(url: str, replay_id: str) -> Replay:
    answer = _ask(url, f"/v1/replays/{replay_id}")
    try:
        replay = Replay.from_dict(answer)
        replay.verify()
        return replay
    except ReplayError:
        raise BoardProblem(Problem.NONSENSE) from None


def _ask(url: str, path: str, body: bytes | None = None) -> dict[str, Any]:
    request = urllib.request.Request(url.rstrip("/") + path, data=body, method="POST" if body else "GET",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            raw = response.read(MAX_ANSWER_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise _refusal(error) from None
    except (urllib.error.URLError, OSError, socket.timeout, ValueError):
        raise BoardProblem(Problem.OFFLINE) from None
    return _object(raw)


def _refusal(error: urllib.error.HTTPError) -> BoardProblem:
    try:
        raw = error.read(MAX_ANSWER_BYTES + 1)
    except OSError:
        raw = b""
    retry = error.headers.get("Retry-After") if error.headers else None
    try:
        code = _object(raw).get("error")
    except BoardProblem:
        code = None
    if not isinstance(code, str) or not code.isascii() or len(code) > 40:
        # a proxy's error page, a server that is no board: offline if it is a gateway's
        return BoardProblem(Problem.OFFLINE if error.code in (502, 503, 504) else Problem.NONSENSE)
    seconds = float(retry) if retry and retry.isdigit() else None
    if code in ("rate_limited", "unavailable"):
        return BoardProblem(Problem.OFFLINE, code, seconds)  # try again later, as when offline
    return BoardProblem(Problem.REFUSED, code)


def _object(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_ANSWER_BYTES:
        raise BoardProblem(Problem.NONSENSE)
    try:
        answer = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BoardProblem(Problem.NONSENSE) from None
    if not isinstance(answer, dict):
        raise BoardProblem(Problem.NONSENSE)
    return answer


def _count(raw: Any) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= 10**9:
        raise ValueError(f"not a count: {raw!r}")
    return raw


def _signed(raw: Any) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or abs(raw) > 10**6:
        raise ValueError(f"not a score: {raw!r}")
    return raw


def _truth(raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise ValueError(f"not true or false: {raw!r}")
    return raw


def _name(raw: Any) -> str:
    if not isinstance(raw, str):
        raise ValueError("a name is text")
    return clean_name(raw)  # shown as the game shows every name, whatever a board sends


def _when(raw: Any) -> datetime:
    if not isinstance(raw, str):
        raise ValueError("a time is text")
    return parse_when(raw.replace("Z", "+00:00"))


def _board(raw: Any) -> str:
    return str(Board.parse(raw))
