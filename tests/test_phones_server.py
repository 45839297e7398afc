"""The room's server on loopback, driven by scripted websocket phones (aiohttp's client):
whole games played together and recorded, a phone that drops and rejoins, a guest who joins
after the start and one who only watches, each phone's rank at the end, the page and its
files (the websocket from the page's own origin only, the fonts kept, the icon), a request
left half-open, the limits, the QR code, and the server stopping with the room."""

from __future__ import annotations

import asyncio
import json
import socket
from datetime import timedelta

import aiohttp
import pytest
import segno

from magdagdon.engine import Replay, roll_dice
from magdagdon.phones.lan import lan_address
from magdagdon.phones.qr import qr_matrix, qr_png
from magdagdon.phones.room import RoomPhase
from magdagdon.phones.server import RateLimit, TokenBucket
from magdagdon.storage import open_store
from magdagdon.storage.replay_archive import ReplayArchive
from magdagdon.storage.room_file import RoomFiles
from magdagdon.storage.verify import verify_store
from support.phone_client import CODE, STARTED, Host, Phone, run_phones

GUARD = 10.0  # seconds: a guard against a hang, never a wait for timing


def check_recorded(host: Host, names: list[str]) -> None:
    """Every seat's game is over, in the tables under its name, and its replay verifies."""
    room = host.room
    assert room.snapshot.phase is RoomPhase.FINISHED
    assert [seat.name for seat in room.seats] == names
    table = {entry.replay_id: entry for entry in host.store.high_scores(host.difficulty)}
    for index, seat in enumerate(room.seats):
        ident = host.keeper.recorded_id(index)
        assert ident in host.keeper.recorded
        assert table[ident].name == seat.name and table[ident].score == seat.game.score().total
        assert Replay.of(seat.game).verify().score() == seat.game.score()
    archive = ReplayArchive(host.data_dir)  # exactly the seats' games, nothing else
    assert sorted(archive.stored_ids()) == sorted(host.keeper.recorded_id(i) for i in range(len(room.seats)))
    for index, seat in enumerate(room.seats):
        archived = archive.load(host.keeper.recorded_id(index))
        assert archived.name == seat.name and archived.replay.verify().log == seat.game.log
    assert verify_store(host.store, STARTED) == []
    record = host.files.unfinished(STARTED)
    assert record is None  # the room's file is marked finished


def test_three_phones_play_a_whole_game_and_each_game_is_recorded(tmp_path):
    names = ["Ana", "Bilal", "Chiara"]
    with Host(tmp_path) as host:
        phones = run_phones(host, names)
    check_recorded(host, names)
    for phone, seat in zip(phones, host.room.seats):  # the server played exactly what each phone sent
        sent = [a for a in phone.actions]
        played = [a.to_text() for a in seat.game.log if a.to_text() != "roll"]
        assert played == sent


def test_a_second_room_in_the_same_process_and_folder_plays_to_its_end(tmp_path):
    """A host who opens Phones again after the results: a second room, one after the other
    in the same process and data folder, plays to its end just as the same room does in a
    folder of its own (nothing of the first room carried over: no cache, writer, file, turns
    or secret), and both rooms' games are in the tables."""
    names = [f"Guest {n}" for n in range(1, 9)]
    shared = tmp_path / "shared"
    later = STARTED + timedelta(minutes=20)
    with Host(shared, seed=1, code="K9Y3V2") as first:
        run_phones(first, names)
    with Host(shared, seed=2, code="M4T7Q8", started=later) as second:
        phones = run_phones(second, names)
    with Host(tmp_path / "alone", seed=2, code="M4T7Q8", started=later) as alone:
        run_phones(alone, names)
    for host in (first, second):
        snapshot = host.room.snapshot
        assert snapshot.phase is RoomPhase.FINISHED and all(seat.game_over for seat in snapshot.seats)
        assert snapshot.turn == max(seat.turns_done for seat in snapshot.seats)
    assert [Replay.of(seat.game) for seat in second.room.seats] == [Replay.of(seat.game) for seat in alone.room.seats]
    for phone, seat in zip(phones, second.room.seats):
        assert phone.state["room"]["phase"] == "finished" and phone.state["room"]["turn"] == second.room.snapshot.turn
        assert phone.actions == [a.to_text() for a in seat.game.log if a.to_text() != "roll"]
    assert not {s.secret for s in first.room.seats} & {s.secret for s in second.room.seats}
    games = [host.keeper.recorded_id(index) for host in (first, second) for index in range(len(host.room.seats))]
    assert sorted(ReplayArchive(shared).stored_ids()) == sorted(games)
    store = open_store(shared, now=later)
    assert {entry.replay_id for entry in store.high_scores(second.difficulty)} >= set(games)
    assert len(list(RoomFiles(shared).ids_newest_first())) == 2  # a file each
    assert RoomFiles(shared).unfinished(later) is None  # both marked finished
    assert verify_store(store, later) == []


@pytest.mark.slow
def test_twenty_phones_play_a_whole_game_together(tmp_path):
    names = [f"Guest {n}" for n in range(1, 21)]
    with Host(tmp_path) as host:
        phones = run_phones(host, names)
    check_recorded(host, names)
    for phone, seat in zip(phones, host.room.seats):  # each replay is what its phone sent
        assert phone.actions == [a.to_text() for a in seat.game.log if a.to_text() != "roll"]


def test_a_phone_that_drops_mid_turn_rejoins_its_seat_with_its_secret(tmp_path):
    async def main(host: Host) -> None:
        async with aiohttp.ClientSession() as session:
            ana, bilal = Phone(session, host.socket_url, "Ana", 1), Phone(session, host.socket_url, "Bilal", 2)
            await ana.join()
            await bilal.join()
            await asyncio.get_running_loop().run_in_executor(None, host.server.start_game)
            for phone in (ana, bilal):
                while phone.state["room"]["phase"] != "playing":
                    await phone.receive_until("state")
            die, cells = next(iter(ana.state["game"]["stage"].items()))
            await ana.act(f"stage {die} {cells[0]}")
            staged = (await ana.answer())["game"]["staged"]
            assert staged == [[int(die), cells[0]]]
            assert ana.socket is not None
            await ana.socket.close()
            while not bilal.roster or bilal.roster[0]["connected"]:  # Bilal is told Ana left
                await bilal.receive()
            await ana.rejoin()
            assert ana.state["game"]["staged"] == staged  # nothing placed is lost
            assert ana.state["you"]["seat"] == 0
            await asyncio.gather(ana.play(), bilal.play())
            await ana.socket.close()
            assert bilal.socket is not None
            await bilal.socket.close()

    with Host(tmp_path) as host:
        asyncio.run(main(host))
    check_recorded(host, ["Ana", "Bilal"])


def test_the_page_and_its_files_are_served_and_nothing_else(tmp_path):
    async def main(host: Host) -> None:
        base = host.url.rsplit("/r/", 1)[0]
        async with aiohttp.ClientSession() as session:
            async with session.get(host.url) as page:
                assert page.status == 200 and "phone.js" in await page.text()
                assert "default-src 'self'" in page.headers["Content-Security-Policy"]
                assert page.headers["X-Content-Type-Options"] == "nosniff"
            async with session.get(host.url.lower()) as page:
                assert page.status == 200  # a code typed in small letters still opens it
            for name in ("phone.js", "phone.css", "texts.json", "index.html"):
                async with session.get(f"{base}/static/{name}") as response:
                    assert response.status == 200, name
            for path in ("/r/ZZZZZZ", "/r/ZZZZZZ/ws", "/static/../server.py", "/static/%2e%2e%2fserver.py",
                         "/static/..%2fserver.py", "/static/%2e%2e/%2e%2e/pyproject.toml", "/static/room.py",
                         "/static/", "/static/page", "/", "/r/"):
                async with session.get(base + path) as response:
                    assert response.status == 404, path

    with Host(tmp_path) as host:
        asyncio.run(main(host))


@pytest.mark.parametrize("resumable, told", [(True, "paused"), (False, "closed")])
def test_stopping_the_server_closes_the_room_and_tells_every_phone(tmp_path, resumable, told):
    """A room stopped before its end is continued from its file: its phones are told it is
    paused (they wait and rejoin); where no room is continued (a kiosk), that it closed."""
    async def main(host: Host) -> int:
        async with aiohttp.ClientSession() as session:
            ana = Phone(session, host.socket_url, "Ana", 1)
            await ana.join()
            await asyncio.get_running_loop().run_in_executor(None, host.server.stop)
            assert (await ana.receive())["type"] == told
            assert ana.socket is not None
            message = await ana.socket.receive()
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        return host.server.port

    host = Host(tmp_path)
    host.server.resumable = resumable
    host.url = host.server.start()
    port = asyncio.run(main(host))
    assert host.room.snapshot.phase is RoomPhase.CLOSED
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=5):
        pass  # the port is let go


def test_too_many_messages_at_once_get_one_error_and_the_rest_is_dropped(tmp_path):
    async def main(host: Host) -> tuple[list[dict], dict]:
        async with aiohttp.ClientSession() as session:
            flood, other = Phone(session, host.socket_url, "Ana", 1), Phone(session, host.socket_url, "Bilal", 2)
            await flood.open()
            for _ in range(40):
                await flood.send({"type": "ping"})
            replies = [await flood.receive() for _ in range(31)]
            await other.open()  # a phone beside it is not slowed down
            await other.send({"type": "ping"})
            return replies, await other.receive()

    # The clock stands still: no token comes back during the test.
    with Host(tmp_path, limit=RateLimit(per_second=5, burst=30)) as host:
        replies, beside = asyncio.run(main(host))
    assert [r["type"] for r in replies] == ["pong"] * 30 + ["error"]
    assert replies[30]["code"] == "too_fast"
    assert beside["type"] == "pong"


def test_tokens_come_back_at_the_limits_rate():
    bucket = TokenBucket(RateLimit(per_second=5, burst=30), 30, 0.0)
    assert sum(bucket.allow(0.0) for _ in range(40)) == 30
    assert sum(bucket.allow(1.0) for _ in range(10)) == 5  # one second: five more
    assert sum(bucket.allow(100.0) for _ in range(40)) == 30  # never more than the burst
    assert not bucket.allow(50.0)  # a clock going back gives nothing


def test_a_message_too_large_gets_one_error_and_the_connection_stays(tmp_path):
    async def main(host: Host) -> list[dict]:
        async with aiohttp.ClientSession() as session:
            phone = Phone(session, host.socket_url, "Ana", 1)
            await phone.open()
            await phone.send({"type": "join", "code": CODE, "name": "x" * 5000})
            assert phone.socket is not None
            await phone.socket.send_bytes(b"\x00\x01")
            await phone.socket.send_str("{" * 600 + "}" * 600)
            await phone.send({"type": "ping"})
            return [await phone.receive() for _ in range(4)]

    with Host(tmp_path) as host:
        replies = asyncio.run(main(host))
    assert [(r["type"], r.get("code")) for r in replies] == [
        ("error", "too_large"), ("error", "not_text"), ("error", "too_large"), ("pong", None)]
    assert host.room.seats == []


def test_the_qr_code_carries_the_rooms_url():
    url = "http://192.168.1.23:8765/r/K9Y3V2"
    matrix = qr_matrix(url)
    expected = segno.make_qr(url, error="m", boost_error=False)
    assert matrix == tuple(tuple(bool(m) for m in row) for row in expected.matrix_iter(border=4))
    assert matrix != qr_matrix(url.replace("23", "24"))
    assert len(matrix) == len(matrix[0]) == expected.symbol_size(border=4)[0]
    assert qr_png(url).startswith(b"\x89PNG\r\n\x1a\n")


def test_the_lan_address_is_an_ipv4_address():
    parts = lan_address().split(".")
    assert len(parts) == 4 and all(p.isdigit() and 0 <= int(p) <= 255 for p in parts)
    assert json.dumps(lan_address())  # plain text, ready for the URL


def test_only_the_rooms_own_page_opens_a_websocket_and_the_fonts_may_be_kept(tmp_path):
    async def main(host: Host) -> None:
        base = host.url.rsplit("/r/", 1)[0]
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # another site a guest has open
                await session.ws_connect(host.socket_url, headers={"Origin": "http://evil.example"})
            assert refused.value.status == 403
            own = await session.ws_connect(host.socket_url, headers={"Origin": base})
            await own.send_str(json.dumps({"type": "ping"}))
            assert json.loads((await own.receive()).data) == {"type": "pong"}
            await own.close()
            async with session.get(f"{base}/static/NotoSans-Regular.ttf") as font:
                assert font.status == 200 and "max-age=" in font.headers["Cache-Control"]
            async with session.get(f"{base}/static/phone.js") as script:
                assert script.headers["Cache-Control"] == "no-store"  # the page's own files: always fresh
            async with session.get(f"{base}/favicon.ico") as icon:
                assert icon.status == 200 and icon.content_type == "image/png"
                assert (await icon.read()).startswith(b"\x89PNG\r\n\x1a\n")

    with Host(tmp_path) as host:
        asyncio.run(main(host))


def test_a_request_whose_head_never_comes_whole_is_closed(tmp_path):
    host = Host(tmp_path)
    host.server.request_seconds = 0.3
    with host:
        port = int(host.url.split(":")[2].split("/")[0])
        with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as half_open:
            half_open.sendall(b"GET /r/" + CODE.encode() + b" HTTP/1.1\r\nHost: phone\r\n")  # no blank line: never whole
            assert half_open.recv(1024) == b""  # the server closed it (the guard is far longer)
        with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as whole:
            whole.sendall(b"GET /r/" + CODE.encode() + b" HTTP/1.1\r\nHost: phone\r\n\r\n")
            assert whole.recv(64).startswith(b"HTTP/1.1 200")


def test_a_latecomer_and_a_watcher_see_the_same_room_and_every_phone_its_rank(tmp_path):
    async def main(host: Host) -> list[Phone]:
        async with aiohttp.ClientSession() as session:
            ana, bilal = Phone(session, host.socket_url, "Ana", 1), Phone(session, host.socket_url, "Bilal", 2)
            for phone in (ana, bilal):
                await phone.join()
            await asyncio.get_running_loop().run_in_executor(None, host.server.start_game)
            await asyncio.gather(ana.play(until=lambda game: game["turn"] == 3), bilal.play(until=lambda game: game["turn"] == 3))
            late = Phone(session, host.socket_url, "Chiara", 3)
            await late.join()  # after the start: her own seat, from turn 1
            assert late.state["game"]["turn"] == 1 and late.state["room"]["turn"] >= 3
            first_dice = late.state["game"]["dice"]
            watcher = Phone(session, host.socket_url, "", 4)
            await watcher.open()
            await watcher.send({"type": "watch", "code": CODE})
            watched = await watcher.receive_until("watching")
            assert watched["room"]["phase"] == "playing" and "you" not in watched
            await asyncio.gather(ana.play(), bilal.play(), late.play())
            while watcher.messages[-1]["type"] != "watching" or watcher.messages[-1]["room"]["phase"] != "finished":
                await watcher.receive()
            for phone in (ana, bilal, late, watcher):
                assert phone.socket is not None
                await phone.socket.close()
            return [ana, bilal, late, watcher, first_dice]

    with Host(tmp_path) as host:
        ana, bilal, late, watcher, first_dice = asyncio.run(main(host))
    room = host.room
    assert list(first_dice) == list(roll_dice(host.seed, 1))  # Chiara's turn 1: the room's turn 1
    check_recorded(host, ["Ana", "Bilal", "Chiara"])
    results = watcher.messages[-1]["room"]["results"]
    assert sorted(r["name"] for r in results) == ["Ana", "Bilal", "Chiara"]
    assert [r["score"] for r in results] == sorted((s.game.score().total for s in room.seats), reverse=True)
    for phone in (ana, bilal, late):  # each phone's last state names its own place
        mine = next(r for r in phone.state["room"]["results"] if r["seat"] == phone.seat)
        assert mine["score"] == room.seats[phone.seat].game.score().total
        assert mine["place"] == 1 + sum(s.game.score().total > mine["score"] for s in room.seats)
