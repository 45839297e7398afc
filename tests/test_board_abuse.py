"""What a forged, copied or flooded submission gets from the world board: each kind refused
with its status and code, and the board byte for byte as it was (its export and its pages),
on SQLite and on a real PostgreSQL. 1,000 distinct forgeries move nothing."""

from __future__ import annotations

import functools
import json
import socket
from datetime import timedelta

import pytest

from magdagdon.board.install_key import new_key
from magdagdon.board.limits import Limits, Rule
from magdagdon.engine import Difficulty, Replay
from magdagdon.board.submission import MAX_BODY_BYTES
from support.board_fixtures import NOW, STORES, TODAY, empty_board_database, finished_game
from support.board_server import GENEROUS, KeptConnection, LoopbackBoard

PATH = f"/v1/days/{TODAY.isoformat()}/PEACEFUL"
DIFFICULTIES = [d.name for d in Difficulty]


def body(game, install=None, name="Ana", **extra) -> dict:
    replay = Replay.of(game).to_dict() if not isinstance(game, dict) else game
    return {"replay": replay, "name": name, "install": install or new_key(), **extra}


def claimed(game, **result) -> dict:
    document = Replay.of(game).to_dict()
    document["result"] = {**document["result"], **result}
    return document


def snapshot(board) -> tuple:
    """Everything the board holds and shows: its export and each of today's pages."""
    pages = tuple(board.call("GET", f"/v1/days/{TODAY.isoformat()}/{d}").body for d in DIFFICULTIES)
    return board.export(), pages


@pytest.fixture(scope="module", params=STORES)
def board(request, tmp_path_factory, board_verifiers):
    """One board of each store for the module's refusals (a refusal changes nothing, and each
    test compares the board before and after its own requests), with a game on it."""
    folder = tmp_path_factory.mktemp("board")
    with LoopbackBoard(empty_board_database(request, request.param, folder), folder, board_verifiers,
                       now=lambda: NOW) as running:
        assert running.call("POST", f"{PATH}/games", body(finished_game(salt=1))).status == 201
        yield running


@functools.cache
def forgeries() -> list[tuple[str, str, object, int, str]]:
    """(case, path, body or raw bytes, status, code) for each kind of abuse."""
    game = finished_game(salt=2)
    document = Replay.of(game).to_dict()
    illegal = dict(document, actions=["roll", "stage 0 0", "stage 1 0"] + document["actions"][3:])
    unfinished = Replay.of(game).to_dict()
    unfinished["actions"] = unfinished["actions"][:8]
    del unfinished["result"]
    yesterday = TODAY - timedelta(days=1)
    return [
        ("a claimed score the replay does not give", PATH + "/games", body(claimed(game, score=game.score().total + 50)),
         422, "not_verified"),
        ("an illegal action", PATH + "/games", body(illegal), 422, "not_verified"),
        ("a game not finished", PATH + "/games", body(unfinished), 422, "not_finished"),
        ("another day's dice", PATH + "/games", body(finished_game(yesterday)), 422, "wrong_seed"),
        ("another difficulty's dice", PATH + "/games", body(finished_game(TODAY, Difficulty.SURVIVAL)),
         422, "wrong_difficulty"),
        ("a future day", f"/v1/days/{(TODAY + timedelta(days=1)).isoformat()}/PEACEFUL/games",
         body(finished_game(TODAY + timedelta(days=1))), 403, "day_not_open"),
        ("a day closed more than a day ago", f"/v1/days/{(TODAY - timedelta(days=2)).isoformat()}/PEACEFUL/games",
         body(finished_game(TODAY - timedelta(days=2))), 410, "day_closed"),
        ("a computer's game", PATH + "/games", body(dict(document, played_by="computer:expert")), 403,
         "computer_played"),
        ("an oversized body", PATH + "/games", b'{"replay": "' + b"x" * 40_000 + b'"}', 413, "too_large"),
        ("a name with a control character", PATH + "/games", body(game, name="Ana\nBo"), 422, "bad_name"),
        ("a name with a direction override", PATH + "/games", body(game, name="\u202eAna"), 422, "bad_name"),
        ("a name with an isolate", PATH + "/games", body(game, name="Ana\u2066x\u2069"), 422, "bad_name"),
        ("an oversized name", PATH + "/games", body(game, name="A" * 201), 400, "bad_request"),
        ("an assisted mark that is no truth", PATH + "/games", body(game, assisted="no"), 400, "bad_request"),
        ("not JSON", PATH + "/games", b"{replay", 400, "bad_request"),
        ("no installation key", PATH + "/games", {"replay": document, "name": "Ana"}, 400, "bad_request"),
        ("a replay that is no object", PATH + "/games", body(game, install=None) | {"replay": "roll"}, 400,
         "bad_request"),
    ]


@pytest.mark.parametrize("case", [case[0] for case in forgeries()])
def test_each_abuse_is_refused_with_its_status_and_the_board_stays_as_it_was(board, case):
    _, path, sent, status, code = next(f for f in forgeries() if f[0] == case)
    before = snapshot(board)
    answer = board.call("POST", path, raw=sent) if isinstance(sent, bytes) else board.call("POST", path, sent)
    assert (answer.status, answer.json["error"]) == (status, code), answer.body
    assert answer.json["message"]
    assert snapshot(board) == before


def test_a_copied_replay_is_refused_and_the_game_stays_its_first_senders(board):
    game = finished_game(salt=3)
    first = board.call("POST", f"{PATH}/games", body(game, name="Ana"))
    assert first.status == 201
    before = snapshot(board)
    copy = board.call("POST", f"{PATH}/games", body(game, name="Copycat"))
    assert (copy.status, copy.json["error"]) == (409, "copied")
    # padded with moves that change nothing (a die taken back and staged again): the same game
    document = Replay.of(game).to_dict()
    stage = next(i for i, a in enumerate(document["actions"]) if a.startswith("stage"))
    die = document["actions"][stage].split()[1]
    document["actions"][stage + 1:stage + 1] = [f"back {die}", document["actions"][stage]]
    padded = board.call("POST", f"{PATH}/games", body(document, name="Padder"))
    assert (padded.status, padded.json["error"]) == (409, "copied")
    assert snapshot(board) == before


def send_part_of(port: int, head: bytes, body: bytes) -> bytes:
    """Send ``head`` and ``body``, no more, and read the answer (the board may not wait for
    the rest of a body it refuses: if it did, this would time out)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(head + body)
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += connection.recv(4096) or b"\r\n\r\n"
    return answer


def test_an_oversized_body_is_refused_before_it_is_read_whole(board):
    before = snapshot(board)
    claimed = f"POST {PATH}/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    # a body said to be 50 MB, of which 1 KB comes: refused at once, by its length
    answer = send_part_of(board.port, f"{claimed}Content-Length: 50000000\r\n\r\n".encode(), b"{" + b" " * 1023)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    # a body of no stated length, sent in chunks: refused once it passes the limit
    chunk = b"x" * 8192
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(MAX_BODY_BYTES // len(chunk) + 1))
    answer = send_part_of(board.port, f"{claimed}Transfer-Encoding: chunked\r\n\r\n".encode(), chunks)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert snapshot(board) == before


def test_a_long_name_is_cut_to_the_games_twelve_characters(board):
    answer = board.call("POST", f"{PATH}/games", body(finished_game(salt=5), name="  Anna   Maria Lovelace  "))
    assert answer.status == 201
    names = [e["name"] for e in board.call("GET", PATH).json["entries"]]
    assert "Anna Maria L" in names


def test_rate_limits_per_address_and_per_installation_answer_429_with_retry_after(board_db, tmp_path,
                                                                                   board_verifiers):
    ticks = [0.0]
    limits = Limits(Rule(60, 3), Rule(60, 4), Rule(6, 2))
    with LoopbackBoard(board_db, tmp_path, board_verifiers, limits=limits, now=lambda: NOW,
                       clock=lambda: ticks[0]) as board:
        key = new_key()
        statuses = [board.call("POST", f"{PATH}/games", body(finished_game(salt=s), key)).status for s in range(3)]
        assert statuses == [201, 201, 429]  # the installation's two, then wait
        limited = board.call("POST", f"{PATH}/games", body(finished_game(salt=9), key))
        assert (limited.status, limited.json["error"]) == (429, "rate_limited")
        assert limited.headers["Retry-After"] == "10"  # 6 a minute: a token every 10 s
        # the address's own limit: 4 games at once, the other installations too
        by_address = board.call("POST", f"{PATH}/games", body(finished_game(salt=10)))
        assert (by_address.status, by_address.json["error"]) == (429, "rate_limited")
        assert by_address.headers["Retry-After"] == "1"  # 60 a minute: a token every second
        ticks[0] += 10.0  # one token back for the address and for the installation
        assert board.call("POST", f"{PATH}/games", body(finished_game(salt=11), key)).status == 201
        reads = [board.call("GET", PATH).status for _ in range(4)]
        assert reads == [200, 200, 200, 429]
        assert int(board.call("GET", PATH).headers["Retry-After"]) >= 1


def thousand_forgeries() -> list[tuple[str, bytes]]:
    """1,000 distinct forged submissions (path, body), of every kind above and many of each."""
    forged: list[tuple[str, bytes]] = []
    games = [finished_game(salt=100 + n) for n in range(10)]
    on_board = finished_game(salt=1)  # the game the board holds: copies of it from new keys
    for n in range(1000):
        game = games[n % len(games)]
        kind = n % 10
        document = Replay.of(game).to_dict()
        path = PATH + "/games"
        if kind == 0:
            document["result"]["score"] += 1 + n
        elif kind == 1:
            document["result"]["turns"] += 1 + n % 7
            document["result"]["powers_used"] = n
        elif kind == 2:
            cut = 1 + n % (len(document["actions"]) - 1)
            document["actions"] = document["actions"][:cut]
        elif kind == 3:
            document["seed"] = document["seed"] + 1 + n
            del document["result"]
        elif kind == 4:
            document["played_by"] = f"computer:policy-{n}"
        elif kind == 5:
            document = Replay.of(on_board).to_dict()
        elif kind == 6:
            path = f"/v1/days/{(TODAY + timedelta(days=1 + n)).isoformat()}/PEACEFUL/games"
        elif kind == 7:
            path = f"/v1/days/{(TODAY - timedelta(days=2 + n)).isoformat()}/PEACEFUL/games"
        elif kind == 8:
            document["actions"] = list(document["actions"])
            document["actions"][n % len(document["actions"])] = f"stage {n % 4} {n % 16}"
            if document["actions"] == Replay.of(game).to_dict()["actions"]:
                document["result"]["score"] += 1000
        if kind == 9:
            raw = json.dumps(body(document, name=f"Ana{chr(0x202A + n % 5)}{n}")).encode()
        else:
            raw = json.dumps(body(document)).encode()
        forged.append((path, raw))
    assert len(set(forged)) == 1000
    return forged


def test_a_thousand_distinct_forged_submissions_leave_the_board_byte_for_byte_unchanged(board_db, tmp_path,
                                                                                         board_verifiers):
    forged = thousand_forgeries()
    with LoopbackBoard(board_db, tmp_path, board_verifiers, limits=GENEROUS, now=lambda: NOW) as board:
        for salt in (1, 2, 3):
            assert board.call("POST", f"{PATH}/games", body(finished_game(salt=salt))).status == 201
        before = snapshot(board)
        kept = KeptConnection(board.port)
        refused = [kept.call("POST", path, raw=raw).status for path, raw in forged]
        kept.close()
        assert all(400 <= status < 500 for status in refused), sorted(set(refused))
        assert snapshot(board) == before
