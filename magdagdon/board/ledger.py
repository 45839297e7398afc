"""What the board does with its database, written once for both stores: a store hands in
a transaction (:class:`Tx`) and these steps say what to read and write in it.

SQL is written with PostgreSQL's numbered parameters (``$1``); the SQLite store turns them
into its own (``?1``)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any, Protocol, Sequence

from ..engine.difficulty import Difficulty
from .records import BoardEntry, NewGame, Outcome, Standing, StoredReplay

OWNER = "SELECT install_hash, score FROM games WHERE replay_id = $1"
INSERT_GAME = ("INSERT INTO games (replay_id, day, difficulty, install_hash, name, assisted, score, turns, "
               "powers_used, board, at, replay) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
               "ON CONFLICT (replay_id) DO NOTHING")
# An installation's entry is its best game: a better score replaces it, an equal one does
# not (the earlier game keeps the place, as in the local tables).
UPSERT_ENTRY = ("INSERT INTO entries (day, difficulty, install_hash, replay_id, name, assisted, score, turns, "
                "powers_used, board, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
                "ON CONFLICT (day, difficulty, install_hash) DO UPDATE SET replay_id = excluded.replay_id, "
                "name = excluded.name, assisted = excluded.assisted, score = excluded.score, "
                "turns = excluded.turns, powers_used = excluded.powers_used, board = excluded.board, at = excluded.at "
                "WHERE excluded.score > entries.score")
ENTRY_OF = "SELECT replay_id, score, at FROM entries WHERE day = $1 AND difficulty = $2 AND install_hash = $3"
AHEAD = ("SELECT count(*) FROM entries WHERE day = $1 AND difficulty = $2 AND "
         "(score > $3 OR (score = $3 AND (at < $4 OR (at = $4 AND replay_id < $5))))")
TOTAL = "SELECT count(*) FROM entries WHERE day = $1 AND difficulty = $2"
# The page and the board's size in one statement (the count is over every entry, before the
# page is cut): one round trip to the database for a reader.
PAGE = ("SELECT name, score, at, replay_id, assisted, turns, powers_used, board, count(*) OVER () FROM entries "
        "WHERE day = $1 AND difficulty = $2 ORDER BY score DESC, at, replay_id LIMIT $3 OFFSET $4")
REPLAY = "SELECT replay, name FROM games WHERE replay_id = $1"
# Every stored row, in one canonical order (``export``); the column that is a truth value
# (SQLite keeps it as 0 or 1) in each.
EXPORT = ("SELECT replay_id, day, difficulty, install_hash, name, assisted, score, turns, powers_used, board, at, "
          "replay FROM games ORDER BY replay_id",
          "SELECT day, difficulty, install_hash, replay_id, name, assisted, score, turns, powers_used, board, at "
          "FROM entries ORDER BY day, difficulty, install_hash")
ASSISTED = 5


class Tx(Protocol):
    """A transaction of either store."""

    async def row(self, sql: str, *args: Any) -> Sequence[Any] | None: ...

    async def rows(self, sql: str, *args: Any) -> list[Sequence[Any]]: ...

    async def run(self, sql: str, *args: Any) -> None: ...


async def put_game(tx: Tx, new: NewGame) -> Standing:
    """Store ``new`` once and make it its installation's entry if it is that one's best; or,
    when the game is there already, the answer it had (same installation) or a refusal
    (another installation: a copied replay). Nothing is written in those two cases."""
    game = new.game
    owner = await tx.row(OWNER, game.replay_id)
    if owner is None:
        await tx.run(INSERT_GAME, game.replay_id, new.day.isoformat(), new.difficulty.name, new.install_hash,
                     new.name, new.assisted, game.score, game.turns, game.powers_used, game.board, new.at,
                     game.replay_json)
        again = await tx.row(OWNER, game.replay_id)  # another node may have stored it just before us
        if again is not None and again[0] != new.install_hash:
            return await _copied(tx, new)
        await tx.run(UPSERT_ENTRY, new.day.isoformat(), new.difficulty.name, new.install_hash, game.replay_id,
                     new.name, new.assisted, game.score, game.turns, game.powers_used, game.board, new.at)
        return await standing(tx, new, Outcome.NEW)
    if owner[0] != new.install_hash:
        return await _copied(tx, new)
    return await standing(tx, new, Outcome.REPEAT)


async def _copied(tx: Tx, new: NewGame) -> Standing:
    total = await tx.row(TOTAL, new.day.isoformat(), new.difficulty.name)
    return Standing(Outcome.COPIED, None, False, new.game.score, int(total[0]) if total else 0)


async def standing(tx: Tx, new: NewGame, outcome: Outcome) -> Standing:
    day, difficulty = new.day.isoformat(), new.difficulty.name
    entry = await tx.row(ENTRY_OF, day, difficulty, new.install_hash)
    total = await tx.row(TOTAL, day, difficulty)
    count = int(total[0]) if total else 0
    if entry is None:  # cannot be after a put; said plainly rather than assumed
        return Standing(outcome, None, False, new.game.score, count)
    replay_id, score, at = entry
    ahead = await tx.row(AHEAD, day, difficulty, score, at, replay_id)
    rank = (int(ahead[0]) if ahead else 0) + 1
    return Standing(outcome, rank, replay_id == new.game.replay_id, new.game.score, count)


async def page(tx: Tx, day: date, difficulty: Difficulty, offset: int, limit: int) -> tuple[list[BoardEntry], int]:
    """Entries ``offset`` to ``offset + limit`` of the day's board, best first, and how many it holds."""
    found = await tx.rows(PAGE, day.isoformat(), difficulty.name, limit, offset)
    entries = [BoardEntry(offset + n, str(name), int(score), int(at), str(replay_id), bool(assisted), int(turns),
                          int(powers), str(board))
               for n, (name, score, at, replay_id, assisted, turns, powers, board, _) in enumerate(found, start=1)]
    if found:
        return entries, int(found[0][-1])
    total = await tx.row(TOTAL, day.isoformat(), difficulty.name)  # a page past the end: how many there are
    return entries, int(total[0]) if total else 0


async def replay_of(tx: Tx, replay_id: str) -> StoredReplay | None:
    found = await tx.row(REPLAY, replay_id)
    return None if found is None else StoredReplay(str(found[0]), str(found[1]))


async def export(tx: Tx) -> bytes:
    """Every stored row of every table, one JSON line each: two boards hold the same games
    exactly when their exports are the same bytes (whichever store holds them)."""
    lines = []
    for query in EXPORT:
        for row in await tx.rows(query):
            values = [bool(value) if column == ASSISTED else value for column, value in enumerate(row)]
            lines.append(json.dumps(values, ensure_ascii=False))
        lines.append("--")
    return "\n".join(lines).encode("utf-8")
