"""The board's web server: the JSON API under ``/v1`` and the board's page.

- ``GET /v1/days`` — today's UTC date and the days open for games.
- ``GET /v1/days/{YYYY-MM-DD}/{DIFFICULTY}?offset=&limit=`` — the day's seed and its entries,
  best first (``limit`` 1 to 100).
- ``POST /v1/days/{YYYY-MM-DD}/{DIFFICULTY}/games`` with ``{"replay", "name", "install",
  "assisted"}`` — 201 with ``{"rank", "score", "replay_id", "counted", "total"}`` for a new
  game; 200 with the same answer when this installation sent this game before.
- ``GET /v1/replays/{replay_id}`` — the replay file; ``…/turns`` — the game turn by turn.
- ``GET /``, ``/replay/{replay_id}``, ``/static/{name}`` — the page, in four languages.

Every refusal is ``{"error": code, "message"}`` with its status (:mod:`.refusals`); a rate
limit says when to come back (``Retry-After``). Replays are played in the verifiers'
processes; the event loop only reads bodies, asks the store and writes answers.
"""

from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Awaitable, Callable

from aiohttp import web

from ..web_pages import SECURITY_HEADERS, page_files
from ..engine.challenge import day_seed
from ..engine.difficulty import Difficulty
from .days import DayState, closes_at, day_state, open_days, parse_day, utc_day
from .limits import Buckets, Limits, retry_after
from .page_cache import PageCache
from .records import NewGame, Outcome, StoredReplay, to_micros
from .refusals import RateLimited, Refusal, Refused
from .replay_turns import replay_turns
from .store import BoardStore, StoreUnavailable
from .submission import MAX_BODY_BYTES, read_submission
from .verifiers import Verifiers

MAX_PAGE = 100
MAX_OFFSET = 1_000_000
_REPLAY_ID = re.compile(r"[0-9a-f]{24}")
HEADERS = SECURITY_HEADERS
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]



def utc_now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class BoardNode:
    """One web node of the board: its store, its verifiers, its limits and its clocks."""

    store: BoardStore
    verifiers: Verifiers
    limits: Limits = field(default_factory=Limits)
    proxies: frozenset[str] = frozenset()  # addresses of load balancers whose X-Forwarded-For is believed
    now: Callable[[], datetime] = utc_now  # the day's clock
    clock: Callable[[], float] = time.monotonic  # the rate limits'

    def __post_init__(self) -> None:
        self.files = page_files("magdagdon.board")
        self.reads = Buckets(self.limits.reads_per_address)
        self.sent_from = Buckets(self.limits.games_per_address)
        self.sent_by = Buckets(self.limits.games_per_installation)
        self.pages = PageCache(self.clock)

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY_BYTES, middlewares=[self._answers])
        app.router.add_get("/v1/days", self.days)
        app.router.add_get("/v1/days/{day}/{difficulty}", self.day)
        app.router.add_post("/v1/days/{day}/{difficulty}/games", self.send)
        app.router.add_get("/v1/replays/{replay_id}", self.replay)
        app.router.add_get("/v1/replays/{replay_id}/turns", self.turns)
        app.router.add_get("/", self.page)
        app.router.add_get("/replay/{replay_id}", self.page)
        app.router.add_get("/static/{name}", self.static)
        return app

    # --- answers ------------------------------------------------------------------------
    @web.middleware
    async def _answers(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every refusal as JSON with its status; never a traceback to a client."""
        try:
            return await handler(request)
        except Refused as refused:
            return refusal_response(refused)
        except StoreUnavailable as error:
            print(f"magdagdon board: {error}", file=sys.stderr, flush=True)
            return refusal_response(Refused(Refusal.UNAVAILABLE, "the board's database is not answering; try again"))
        except web.HTTPRequestEntityTooLarge:
            return refusal_response(Refused(Refusal.TOO_LARGE, f"a game is sent in at most {MAX_BODY_BYTES} bytes"))
        except web.HTTPMethodNotAllowed:
            return refusal_response(Refused(Refusal.BAD_REQUEST, f"{request.method} is not answered here"), 405)
        except web.HTTPNotFound:
            return refusal_response(Refused(Refusal.NOT_FOUND, "nothing here"))
        except web.HTTPException:
            raise
        except Exception as error:  # noqa: BLE001 - one line in the log, a plain 500 to the client
            print(f"magdagdon board: {request.method} {request.path}: {error!r}", file=sys.stderr, flush=True)
            return web.json_response({"error": "internal", "message": "the board failed on this request"}, status=500)

    def address(self, request: web.Request) -> str:
        remote = request.remote or "unknown"
        forwarded = request.headers.get("X-Forwarded-For")
        if remote in self.proxies and forwarded:
            return forwarded.split(",")[-1].strip() or remote
        return remote

    def _limit(self, buckets: Buckets, key: str) -> None:
        wait = buckets.take(key, self.clock())
        if wait is not None:
            raise RateLimited(retry_after(wait))

    def _board_of(self, request: web.Request) -> tuple[date, Difficulty]:
        day = parse_day(request.match_info["day"])
        difficulty = Difficulty.__members__.get(request.match_info["difficulty"])
        if day is None or difficulty is None:
            raise Refused(Refusal.NOT_FOUND, "a board is /v1/days/YYYY-MM-DD/PEACEFUL, SURVIVAL or NIGHTMARE")
        state = day_state(day, self.now())
        if state is DayState.NOT_YET:
            raise Refused(Refusal.NOT_YET, f"{day.isoformat()} has not begun (UTC)")
        return day, difficulty

    # --- the API ------------------------------------------------------------------------
    async def days(self, request: web.Request) -> web.StreamResponse:
        self._limit(self.reads, self.address(request))
        now = self.now()
        return json_answer({"today": utc_day(now).isoformat(), "open": [d.isoformat() for d in open_days(now)],
                            "difficulties": [d.name for d in Difficulty]})

    async def day(self, request: web.Request) -> web.StreamResponse:
        self._limit(self.reads, self.address(request))
        day, difficulty = self._board_of(request)
        offset = _number(request.query.get("offset", "0"), 0, MAX_OFFSET, "offset")
        limit = _number(request.query.get("limit", str(MAX_PAGE)), 1, MAX_PAGE, "limit")

        async def page() -> bytes:
            entries, total = await self.store.page(day, difficulty, offset, limit)
            state = day_state(day, self.now())
            return encoded({
                "date": day.isoformat(), "difficulty": difficulty.name, "seed": day_seed(day, difficulty),
                "open": state is DayState.OPEN, "closes_at": closes_at(day).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "total": total, "offset": offset, "limit": limit, "entries": [e.to_json() for e in entries]})

        body = await self.pages.page((day, difficulty, offset, limit), page)
        return web.Response(body=body, content_type="application/json", headers={**HEADERS, "Cache-Control": "no-store"})

    async def send(self, request: web.Request) -> web.StreamResponse:
        address = self.address(request)
        self._limit(self.sent_from, address)
        day, difficulty = self._board_of(request)
        if day_state(day, self.now()) is DayState.CLOSED:
            raise Refused(Refusal.CLOSED, f"{day.isoformat()} closed at {closes_at(day).isoformat()}")
        if (request.content_length or 0) > MAX_BODY_BYTES:
            raise Refused(Refusal.TOO_LARGE, f"a game is sent in at most {MAX_BODY_BYTES} bytes")
        submission = read_submission(await request.read())
        self._limit(self.sent_by, submission.install_hash)
        game = await self.verifiers.verify(submission.replay, day, difficulty)
        received = to_micros(self.now())
        standing = await self.store.put(NewGame(day, difficulty, submission.install_hash, submission.name,
                                                submission.assisted, received, game))
        if standing.outcome is Outcome.NEW:
            self.pages.changed(day, difficulty)
        if standing.outcome is Outcome.COPIED:
            raise Refused(Refusal.COPIED, "this game is on the board already, sent by another installation")
        answer = {"rank": standing.rank, "score": standing.score, "replay_id": game.replay_id,
                  "counted": standing.counted, "total": standing.total}
        return json_answer(answer, 201 if standing.outcome is Outcome.NEW else 200)

    async def _stored(self, request: web.Request) -> StoredReplay:
        self._limit(self.reads, self.address(request))
        replay_id = request.match_info["replay_id"]
        found = await self.store.replay(replay_id) if _REPLAY_ID.fullmatch(replay_id) else None
        if found is None:
            raise Refused(Refusal.NOT_FOUND, "no game of that id on the board")
        return found

    async def replay(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=(await self._stored(request)).replay_json, content_type="application/json",
                            headers=HEADERS)

    async def turns(self, request: web.Request) -> web.StreamResponse:
        """The game turn by turn, and the name it was sent under (the page's viewer shows the
        board's word for it, never a name a link carries)."""
        found = await self._stored(request)
        return json_answer({**await self.verifiers.run(replay_turns, found.replay_json), "name": found.name})

    # --- the page -----------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        self._limit(self.reads, self.address(request))
        body, kind = self.files["index.html"]
        return web.Response(body=body, content_type=kind, headers={**HEADERS, "Cache-Control": "no-cache"})

    async def static(self, request: web.Request) -> web.StreamResponse:
        found = self.files.get(request.match_info["name"])
        if found is None:
            raise Refused(Refusal.NOT_FOUND, "no such file")
        return web.Response(body=found[0], content_type=found[1], headers={**HEADERS, "Cache-Control": "max-age=3600"})


def encoded(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def json_answer(data: Any, status: int = 200) -> web.Response:
    return web.Response(body=encoded(data), status=status, content_type="application/json",
                        headers={**HEADERS, "Cache-Control": "no-store"})


def refusal_response(refused: Refused, status: int | None = None) -> web.Response:
    response = json_answer({"error": refused.refusal.code, "message": refused.message},
                           status or refused.refusal.status)
    if isinstance(refused, RateLimited):
        response.headers["Retry-After"] = str(refused.retry_after)
    return response


def _number(raw: str, low: int, high: int, name: str) -> int:
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise Refused(Refusal.BAD_REQUEST, f"{name} is a whole number from {low} to {high}")
    return int(raw)
