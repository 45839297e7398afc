"""The world board's API on a real server on 127.0.0.1, each test on SQLite and on a real
PostgreSQL: games ranked and read back, sent again without a second entry, one entry per
installation (its best), pages, assisted games marked, replays anyone can check, and the
schema's steps."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from magdagdon.board.install_key import key_hash, new_key
from magdagdon.board.migrations import LATEST, NewerSchema
from magdagdon.board.store import open_board_store
from magdagdon.engine import Difficulty, Replay
from magdagdon.engine.challenge import day_seed
from magdagdon.storage.game_identity import game_identity
from support.board_fixtures import NOW, STORES, TODAY, finished_game
from support.board_server import LoopbackBoard

PATH = f"/v1/days/{TODAY.isoformat()}/PEACEFUL"


def sent(game, install: str, name: str = "Ana", assisted: bool = False) -> dict:
    return {"replay": Replay.of(game).to_dict(), "name": name, "install": install, "assisted": assisted}


@pytest.fixture(params=STORES)
def new_board_db(request, tmp_path) -> str:
    """A board database of each store in turn that no test used before (no schema yet)."""
    if request.param == "sqlite":
        return f"sqlite:{tmp_path / 'board.sqlite3'}"
    return request.getfixturevalue("postgres_cluster").fresh_database()


@pytest.fixture
def board(board_db, tmp_path, board_verifiers):
    with LoopbackBoard(board_db, tmp_path, board_verifiers, now=lambda: NOW) as running:
        yield running


def test_games_sent_are_ranked_best_first_and_read_back(board):
    games = [finished_game(salt=salt) for salt in range(3)]
    answers = [board.call("POST", f"{PATH}/games", sent(game, new_key(), name)) for game, name in
               zip(games, ["Ana", "Bo", "Chiara"])]
    assert [a.status for a in answers] == [201, 201, 201]
    day = board.call("GET", PATH)
    assert day.status == 200
    page = day.json
    assert page["date"] == TODAY.isoformat() and page["difficulty"] == "PEACEFUL"
    assert page["seed"] == day_seed(TODAY, Difficulty.PEACEFUL) and page["total"] == 3 and page["open"]
    scores = sorted((g.score().total for g in games), reverse=True)
    assert [e["score"] for e in page["entries"]] == scores
    assert [e["rank"] for e in page["entries"]] == [1, 2, 3]
    for answer, game in zip(answers, games):
        reply = answer.json
        entry = next(e for e in page["entries"] if e["replay_id"] == reply["replay_id"])
        assert reply["rank"] == entry["rank"] and reply["score"] == game.score().total and reply["counted"]
        assert entry["at"].endswith("Z") and entry["turns"] == game.turn and not entry["assisted"]
        # anyone can fetch the replay and check it with the engine
        replay = board.call("GET", f"/v1/replays/{reply['replay_id']}")
        assert replay.status == 200
        checked = Replay.from_json(replay.body)
        assert checked.verify().score().total == game.score().total
        assert game_identity(checked) == reply["replay_id"]
        turns = board.call("GET", f"/v1/replays/{reply['replay_id']}/turns").json  # the page's viewer
        assert turns["name"] == entry["name"] and turns["final"]["score"] == game.score().total


def test_the_same_game_sent_again_gets_the_same_answer_and_no_second_entry(board):
    game, key = finished_game(salt=4), new_key()
    first = board.call("POST", f"{PATH}/games", sent(game, key))
    before = board.export()
    again = board.call("POST", f"{PATH}/games", sent(game, key))
    assert (first.status, again.status) == (201, 200)
    assert again.json == first.json
    assert board.export() == before
    assert board.call("GET", PATH).json["total"] == 1


def test_the_board_keeps_an_installations_key_only_hashed(board):
    key = new_key()
    assert board.call("POST", f"{PATH}/games", sent(finished_game(salt=12), key)).status == 201
    stored = board.export()
    assert key_hash(key).encode() in stored
    assert key.encode() not in stored
    assert key not in board.call("GET", PATH).body.decode()


def test_an_installation_holds_one_entry_a_day_its_best(board):
    games = sorted((finished_game(salt=salt) for salt in range(5, 9)), key=lambda g: g.score().total)
    low, middle, high = games[0], games[1], games[-1]
    assert low.score().total < middle.score().total < high.score().total
    key = new_key()
    first = board.call("POST", f"{PATH}/games", sent(middle, key, "Ana")).json
    worse = board.call("POST", f"{PATH}/games", sent(low, key, "Renamed")).json
    better = board.call("POST", f"{PATH}/games", sent(high, key, "Ana B")).json
    assert first["counted"] and not worse["counted"] and better["counted"]
    assert worse["rank"] == 1 and worse["score"] == low.score().total  # where its best stands
    page = board.call("GET", PATH).json
    assert page["total"] == 1
    assert [(e["name"], e["score"], e["replay_id"]) for e in page["entries"]] == \
        [("Ana B", high.score().total, better["replay_id"])]
    # every game sent is kept and can be fetched, the ones that did not count too
    assert board.call("GET", f"/v1/replays/{worse['replay_id']}").status == 200


def test_pages_and_assisted_games(board):
    for salt in range(5):
        board.call("POST", f"{PATH}/games", sent(finished_game(salt=20 + salt), new_key(), f"P{salt}",
                                                  assisted=salt == 2))
    whole = board.call("GET", PATH).json["entries"]
    assert sum(e["assisted"] for e in whole) == 1
    middle = board.call("GET", f"{PATH}?offset=1&limit=2").json
    assert middle["entries"] == whole[1:3] and [e["rank"] for e in middle["entries"]] == [2, 3]
    assert board.call("GET", f"{PATH}?offset=5").json["entries"] == []
    for bad in ("limit=0", "limit=101", "offset=-1", "limit=x"):
        answer = board.call("GET", f"{PATH}?{bad}")
        assert (answer.status, answer.json["error"]) == (400, "bad_request")


def test_yesterdays_board_is_open_and_the_day_index_says_so(board):
    yesterday = TODAY - timedelta(days=1)
    answer = board.call("POST", f"/v1/days/{yesterday.isoformat()}/NIGHTMARE/games",
                        sent(finished_game(yesterday, Difficulty.NIGHTMARE, 1), new_key()))
    assert answer.status == 201
    days = board.call("GET", "/v1/days").json
    assert days["today"] == TODAY.isoformat() and days["open"] == [yesterday.isoformat(), TODAY.isoformat()]
    assert board.call("GET", f"/v1/days/{yesterday.isoformat()}/NIGHTMARE").json["total"] == 1
    assert board.call("GET", f"/v1/days/{yesterday.isoformat()}/PEACEFUL").json["total"] == 0


def test_unknown_places_are_json_refusals(board):
    for path in ("/v1/days/2026-13-01/PEACEFUL", "/v1/days/2026-12-06/EASY", "/v1/replays/abc",
                 "/v1/replays/" + "0" * 24, "/nothing"):
        answer = board.call("GET", path)
        assert (answer.status, answer.json["error"]) == (404, "not_found"), path
        assert answer.json["message"]


def test_the_schema_is_brought_up_to_date_once_and_a_newer_one_is_refused(new_board_db, tmp_path):
    async def steps() -> None:
        store = await open_board_store(new_board_db, tmp_path)
        await store.close()
        store = await open_board_store(new_board_db, tmp_path)  # again: nothing to apply
        await store.close()
        if new_board_db.startswith("sqlite:"):
            import sqlite3

            with sqlite3.connect(new_board_db[len("sqlite:"):]) as connection:
                versions = [row[0] for row in connection.execute("SELECT version FROM board_schema")]
                connection.execute("INSERT INTO board_schema VALUES (99, 0)")
        else:
            import asyncpg

            connection = await asyncpg.connect(new_board_db)
            versions = [row[0] for row in await connection.fetch("SELECT version FROM board_schema")]
            await connection.execute("INSERT INTO board_schema VALUES (99, 0)")
            await connection.close()
        assert versions == list(range(1, LATEST + 1))
        with pytest.raises(NewerSchema):
            await open_board_store(new_board_db, tmp_path)

    asyncio.run(steps())


def test_two_nodes_over_one_database_a_page_is_at_most_a_second_old(board_db, tmp_path, board_verifiers):
    """Behind a load balancer: a game stored by one node shows on the other's page within
    a second (its pages are kept that long); on the node that stored it, at once."""
    ticks = [0.0]
    with LoopbackBoard(board_db, tmp_path, board_verifiers, now=lambda: NOW, clock=lambda: ticks[0]) as first, \
            LoopbackBoard(board_db, tmp_path, board_verifiers, now=lambda: NOW) as second:
        assert first.call("GET", PATH).json["total"] == 0
        assert second.call("POST", f"{PATH}/games", sent(finished_game(salt=30), new_key())).status == 201
        assert second.call("GET", PATH).json["total"] == 1
        assert first.call("GET", PATH).json["total"] == 0  # its page, kept for a second
        ticks[0] += 1.0
        assert first.call("GET", PATH).json["total"] == 1
        assert first.call("POST", f"{PATH}/games", sent(finished_game(salt=31), new_key())).status == 201
        assert first.call("GET", PATH).json["total"] == 2  # stored here: read afresh at once
