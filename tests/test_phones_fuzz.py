"""Every field of every message wrong — types, sizes, missing, extra, replayed secrets,
another seat's secret, a removed seat's — sent by a stranger and by a seated guest: each
gets one error, the connection answers the next ping, no seat changes hands, nothing is
played or recorded, and the room plays on afterwards."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import aiohttp

from magdagdon.phones.room import RoomPhase
from magdagdon.storage.replay_archive import ReplayArchive
from support.phone_client import CODE, Host, Phone

BAD_VALUES: list[Any] = [None, 0, 1.5, True, [], {}, ["K9Y3V2"], {"code": CODE}, "", " ", "x" * 65, "\u202e" * 10, "x" * 129,
                         "\ud800", "K9Y3V2\x00", "<script>alert(1)</script>", "9" * 64, -1, 10**30]
BAD_ACTIONS = ["", "roll", "stage", "stage 0", "stage 9 0", "stage 0 16", "stage 0 99 1", "stage -1 0",
               "stage ٣ 0", "stage +1 0", "stage 1_0 0", "back 0", "backall", "confirm", "accept", "ruin 3",
               "reroll", "reroll 3 2", "reroll 0 0", "reroll 0 1 2 3 4", "plus 9", "minus 7", "fly 1",
               "STAGE 0 " + "1" * 60]


def fuzz_messages(real: dict[str, str], rng: random.Random) -> list[Any]:
    """Messages that must each be refused, as Python values (or raw text) to send."""
    valid = {"join": {"code": CODE, "name": "Eve"}, "rejoin": {"code": CODE, "secret": real["ana"]},
             "act": {"secret": real["ana"], "action": "confirm"}, "ping": {}}
    messages: list[Any] = []
    for kind, fields in valid.items():
        for field in fields:
            for value in BAD_VALUES:
                messages.append({"type": kind, **fields, field: value})
            messages.append({"type": kind, **{k: v for k, v in fields.items() if k != field}})  # missing
        messages.append({"type": kind, **fields, "extra": 1})
    for kind in BAD_VALUES + ["JOIN", "act ", "admin", "start", "remove"]:
        messages.append({"type": kind, "code": CODE, "secret": real["ana"]})
    for action in BAD_ACTIONS:  # no action is legal with these: not the seat's, or not now, or not an action
        messages.append({"type": "act", "secret": real["bilal"], "action": action})
    for secret in (real["ana"], real["gone"], real["ana"][:-1], real["ana"].lower(), real["bilal"] + "=",
                   real["other_room"]):  # another seat's, a removed seat's, near misses, another room's
        messages.append({"type": "act", "secret": secret, "action": "stage 0 0"})
        if secret != real["ana"]:  # Ana's own secret rejoins Ana's seat: that is what it is for
            messages.append({"type": "rejoin", "code": CODE, "secret": secret})
    messages.append({"type": "rejoin", "code": "ZZZZZZ", "secret": real["bilal"]})
    messages += ["", "null", "[]", "42", '"join"', "{", '{"type": "join"', "\x00" * 20, "{}" * 300,
                 '{"type": "ping", "type": "join"}', json.dumps({"type": "ping"}) + "x"]
    alphabet = '{}[]":,0123456789abcdefghijklmnopqrstuvwxyz \\\u00e9\u0645'
    messages += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80))) for _ in range(150)]
    return messages


def test_wrong_messages_get_one_error_each_and_take_nothing_over(tmp_path):
    async def main(host: Host) -> list[tuple[str, Any, str]]:
        async with aiohttp.ClientSession() as session:
            ana, bilal, gone = (Phone(session, host.socket_url, name, n) for n, name in enumerate(["Ana", "Bilal", "Gone"]))
            for phone in (ana, bilal, gone):
                await phone.join()
            await asyncio.get_running_loop().run_in_executor(None, host.server.start_game)
            await asyncio.get_running_loop().run_in_executor(None, host.server.remove, 2)
            # Locked: a guest may join after the start, so a well-formed join (any name will
            # do) would take a seat; the lock makes every join a refusal like the rest.
            await asyncio.get_running_loop().run_in_executor(None, host.server.lock, True)
            stranger = Phone(session, host.socket_url, "Eve", 9)
            await stranger.open()
            real = {"ana": ana.secret, "bilal": bilal.secret, "gone": gone.secret, "other_room": "A" * 24}
            logs_before = [list(seat.game.log) for seat in host.room.seats]
            problems: list[tuple[str, Any, str]] = []
            for sender, label in ((stranger, "stranger"), (bilal, "bilal")):
                assert sender.socket is not None
                for message in fuzz_messages(real, random.Random(7)):
                    text = message if isinstance(message, str) else json.dumps(message)
                    await sender.socket.send_str(text)
                    reply = await sender.receive_until("error") if label == "bilal" else await sender.receive()
                    if reply["type"] != "error":
                        problems.append((label, message, str(reply)[:80]))
                    await sender.send({"type": "ping"})
                    if (await sender.receive_until("pong"))["type"] != "pong":
                        problems.append((label, message, "no pong"))
            assert [list(seat.game.log) for seat in host.room.seats] == logs_before
            assert len(host.room.seats) == 3 and [s.name for s in host.room.seats] == ["Ana", "Bilal", "Gone"]
            assert [s.connected for s in host.room.snapshot.seats] == [True, True, False]
            # the room plays on: Ana's phone still acts for Ana
            while not ana.state["game"]["stage"]:
                await ana.receive_until("state")
            die, cells = next(iter(ana.state["game"]["stage"].items()))
            await ana.act(f"stage {die} {cells[0]}")
            assert (await ana.answer())["game"]["staged"] == [[int(die), cells[0]]]
            assert host.room.snapshot.phase is RoomPhase.PLAYING
            for phone in (ana, bilal, gone, stranger):
                if phone.socket is not None:
                    await phone.socket.close()
            return problems

    with Host(tmp_path) as host:
        problems = asyncio.run(main(host))
    assert problems == []
    assert host.room.snapshot.phase is RoomPhase.CLOSED  # closed unfinished by the server's stop
    assert ReplayArchive(tmp_path).stored_ids() == []  # nothing recorded
