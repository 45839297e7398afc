"""A kiosk whose kiosk.json says ``"phones": true`` offers Phones on the title: a guest opens
a room from the screen, the turn timer is always on, the phones' actions keep the room
awake, a quiet room with guests asks "Still playing?" like a game, and the attract loop
never runs with a room open (it closes the room first, and the phones are told)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any, Callable, Coroutine

import aiohttp

from magdagdon.phones.room import RoomPhase
from magdagdon.storage.kiosk_config import KIOSK_FILE, KioskConfig

from support.phone_client import GUARD_SECONDS, Phone
from support.player import Player


def kiosk(tmp_path, **data: Any) -> Player:
    document = {"kind": "magdagdon-kiosk", "version": 1, "data": data}
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / KIOSK_FILE).write_text(json.dumps(document), encoding="utf-8")
    player = Player(tmp_path, kiosk=True, size=(1280, 720))
    player.phones_on_loopback()
    player.wait(1.0)
    return player


def real_wait(player: Player, condition: Callable[[], bool]) -> None:
    """The phones play in real time on their own thread: run the loop a little at a time
    until ``condition`` holds (a guard, not a timing)."""
    guard = time.monotonic() + GUARD_SECONDS
    while not condition():
        assert time.monotonic() < guard, f"never got there: {player.phones.snapshot} {player.top_key}"
        player.wait(0.05)
        time.sleep(0.005)


async def caught_up(phone: Phone) -> None:
    """Read what the server has already sent this phone (its newest state)."""
    while True:
        try:
            await asyncio.wait_for(phone.receive(), 0.1)
        except asyncio.TimeoutError:
            return


class Guests:
    """Phones on an event loop of their own thread; the test says when each acts."""

    def __init__(self, url: str, code: str, names: list[str]) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.phones: list[Phone] = []
        self.session: aiohttp.ClientSession | None = None
        self.url, self.code, self.names = url + "/ws", code, names
        self.joining = asyncio.run_coroutine_threadsafe(self._join(), self.loop)

    async def _join(self) -> None:
        self.session = aiohttp.ClientSession()
        self.phones = [Phone(self.session, self.url, name, index) for index, name in enumerate(self.names)]
        for phone in self.phones:
            await phone.join(self.code)

    def run(self, work: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
        return asyncio.run_coroutine_threadsafe(work(), self.loop)

    def one_action_each(self) -> Any:
        """Each phone with something to do does one thing and hears the answer."""
        async def act(phone: Phone) -> None:
            await caught_up(phone)
            game = phone.state["game"]
            action = phone.choose(game) if not game["over"] else None
            if action is not None:
                await phone.act(action)
                await phone.answer()

        async def all_act() -> None:
            await asyncio.gather(*(act(phone) for phone in self.phones))
        return self.run(all_act)

    def told_closed(self) -> Any:
        async def closed() -> list[dict[str, Any]]:
            return [await phone.receive_until("closed") for phone in self.phones]
        return self.run(closed)

    def close(self) -> None:
        async def shut() -> None:
            if self.session is not None:
                await self.session.close()
        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(GUARD_SECONDS)
        self.loop.call_soon_threadsafe(self.loop.stop)


def test_a_kiosk_offers_phones_only_when_its_file_says_so(tmp_path):
    plain = kiosk(tmp_path / "plain")
    assert "phones" not in plain.menu_button_rects()
    plain.close()
    player = kiosk(tmp_path / "phones", phones=True, phones_turn_seconds=45)
    assert "phones" in player.menu_button_rects() and "quit" not in player.menu_button_rects()
    player.choose("phones")
    assert player.top_key == "phones_lobby"
    host = player.phones
    assert host.snapshot is not None and host.snapshot.turn_seconds == 45  # the timer on from the start
    seen = set()
    for _ in range(5):  # round the lobby's choices: never off
        player.choose("timer")
        real_wait(player, lambda: host.snapshot.turn_seconds == player.top.turn_seconds)
        seen.add(host.snapshot.turn_seconds)
    assert None not in seen and 45 in seen and len(seen) >= 3
    host.close()
    player.close()


def test_a_room_nobody_joined_closes_when_the_attract_loop_begins(tmp_path):
    player = kiosk(tmp_path, phones=True)
    player.choose("phones")
    host = player.phones
    assert host.is_open
    player.wait(KioskConfig().idle_seconds + 2)
    assert player.attracting
    assert not host.is_open  # no server left on the venue's network with nobody at the screen
    player.close()


def test_the_phones_keep_a_kiosk_room_awake_and_a_quiet_one_asks_then_closes(tmp_path):
    player = kiosk(tmp_path, phones=True, abandon_seconds=10, countdown_seconds=3)
    player.choose("phones")
    host = player.phones
    snapshot = host.snapshot
    guests = Guests(host.url, snapshot.code, ["Ana", "عائشہ"])
    real_wait(player, guests.joining.done)
    guests.joining.result()
    real_wait(player, lambda: len(host.snapshot.seats) == 2 and all(s.connected for s in host.snapshot.seats))
    player.wait(0.2)  # the lobby has its Start button now
    player.choose("start")
    real_wait(player, lambda: host.snapshot.phase is RoomPhase.PLAYING)
    for _ in range(4):  # 4 × 6 s of a quiet screen, but the phones play
        player.wait(6.0)
        assert player.top_key == "phones_race"
        before = host.snapshot.version
        acting = guests.one_action_each()
        real_wait(player, acting.done)
        acting.result()
        real_wait(player, lambda: host.snapshot.version != before)
        player.wait(0.2)
    player.wait(11.0)  # now nothing moves, on the screen or the phones
    assert player.top_key == "still_playing" and host.is_open
    player.tap((640, 360))  # somebody is: back to the race
    assert player.top_key == "phones_race" and host.is_open
    closed = guests.told_closed()
    player.wait(11.0 + 3.0 + 1.0)  # asked again, nobody answers
    assert player.attracting and not host.is_open
    real_wait(player, closed.done)
    assert [message["type"] for message in closed.result()] == ["closed", "closed"]
    guests.close()
    player.close()
