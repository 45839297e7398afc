"""The phones' room hosted by the game, through the loop players run: the title's Phones
opens a real server on loopback, scripted websocket phones (aiohttp's client) join and
play whole games, the lobby and the race show them, the results appear, every finished
game is in the tables, and Back to the title closes the server. A room left open by a
crash is continued with the same secrets; a room that cannot open is one line."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import aiohttp
import pygame
import pytest

from magdagdon.engine import Difficulty
from magdagdon.phones.room import RoomPhase
from magdagdon.phones.server import RateLimit
from magdagdon.storage import open_store
from magdagdon.storage.room_file import RoomFiles

from support.phone_client import GUARD_SECONDS, Phone
from support.player import Player

NAMES = ["Ana", "عائشہ", "Chiara"]
ROOT = Path(__file__).resolve().parent.parent


def real_wait(player: Player, condition: Callable[[], bool]) -> None:
    """Run the loop until ``condition`` holds: the phones play in real time on their own
    thread, so the loop takes a few frames, then lets them go on (a guard, not a timing)."""
    guard = time.monotonic() + GUARD_SECONDS
    while not condition():
        assert time.monotonic() < guard, f"the room never got there: {player.phones.snapshot} {player.top_key}"
        player.wait(0.1)
        time.sleep(0.005)


class Phones:
    """Scripted phones on a thread of their own: join ``names``, play until the room is
    finished (or ``stop_after`` actions each), then wait to be told ``closed``."""

    def __init__(self, url: str, code: str, names: list[str], stop_after: int | None = None,
                 secrets: list[str] | None = None) -> None:
        self.url, self.code, self.names = url + "/ws", code, names
        self.stop_after, self.secrets = stop_after, secrets
        self.phones: list[Phone] = []
        self.closed: list[dict[str, Any]] = []
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # handed to the test's thread
            self.failure = error

    async def _main(self) -> None:
        async with aiohttp.ClientSession() as session:
            self.phones = [Phone(session, self.url, name, index, RateLimit())  # the game's server's limit
                           for index, name in enumerate(self.names)]
            for index, phone in enumerate(self.phones):
                if self.secrets is None:
                    await phone.open()
                    await phone.send({"type": "join", "code": self.code, "name": phone.name})
                else:
                    phone.secret = self.secrets[index]
                    await phone.open()
                    await phone.send({"type": "rejoin", "code": self.code, "secret": phone.secret})
                joined = await phone.receive_until("joined")
                phone.secret, phone.seat = joined["secret"], joined["seat"]
                await phone.receive_until("state")
            if self.stop_after == 0:
                return  # joined only
            await asyncio.gather(*(phone.play(self.stop_after) for phone in self.phones))
            if self.stop_after is None:
                for phone in self.phones:
                    self.closed.append(await phone.receive_until("closed"))

    def join(self) -> None:
        self.thread.join(GUARD_SECONDS)
        assert not self.thread.is_alive(), "the phones never finished"
        if self.failure is not None:
            raise self.failure


@pytest.fixture
def player(tmp_path):
    made = Player(tmp_path, size=(1280, 720))
    made.phones_on_loopback()
    yield made
    made.phones.close()
    made.close()


def names_shown(player: Player) -> list[str]:
    return [words for words, _ in player.look()]


def port_free(port: int) -> bool:
    """Nothing listens on ``port`` (connections the server closed may linger in TIME_WAIT)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def test_a_room_from_the_title_to_the_results_and_back(player, tmp_path):
    player.wait(0.5)
    player.choose("phones")
    assert player.top_key == "phones_lobby"
    host = player.phones
    snapshot = host.snapshot
    assert snapshot is not None and snapshot.phase is RoomPhase.LOBBY
    assert host.url.endswith(f"/r/{snapshot.code}")
    shown = names_shown(player)
    assert snapshot.code in shown and host.url in shown  # the code and the address in words
    assert not player.top.buttons[[i for _, i in player.top.buttons].index("start")][0].is_enabled
    phones = Phones(host.url, snapshot.code, NAMES)
    real_wait(player, lambda: len(host.snapshot.seats) == 3 and all(s.connected for s in host.snapshot.seats))
    player.wait(0.2)
    shown = names_shown(player)
    for name in NAMES:
        assert name in shown  # each guest's name, as typed
    player.choose("start")  # enabled now: a guest or more
    assert player.top_key == "phones_race"
    real_wait(player, lambda: host.snapshot.turn >= 2)
    shown = names_shown(player)
    assert f"Turn {host.snapshot.turn}" in shown or f"Turn {host.snapshot.turn - 1}" in shown
    real_wait(player, lambda: player.top_key == "phones_results")
    final = host.snapshot
    assert final.phase is RoomPhase.FINISHED
    shown = names_shown(player)
    best = max(final.seats, key=lambda s: s.score)
    assert f"#1 {best.name}" in shown and str(best.score) in shown and "Best each turn" in shown
    # Every finished game is in the high-score table under its guest's name (the room's
    # writer thread records them just after the room finishes: wait for the table).
    room, keeper = host.open_room.room, host.open_room.server.keeper
    ids = {keeper.recorded_id(index) for index in range(len(room.seats))}
    table: dict[str, Any] = {}

    def all_recorded() -> bool:
        table.clear()
        table.update({entry.replay_id: entry for entry in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)})
        return ids <= table.keys()

    real_wait(player, all_recorded)
    for index, seat in enumerate(room.seats):
        entry = table[keeper.recorded_id(index)]
        assert entry.name == seat.name and entry.score == seat.game.score().total
    port = int(host.url.rsplit(":", 1)[1].split("/")[0])
    assert not port_free(port)
    player.choose("done")  # back to the title: the server stops
    phones.join()
    assert player.top_key == "title" and not host.is_open
    assert [message["type"] for message in phones.closed] == ["closed"] * 3
    assert port_free(port)
    assert RoomFiles(tmp_path).unfinished() is None  # the room's file is marked finished


def test_a_second_room_in_one_session_plays_to_its_results(player, tmp_path):
    """Title, Phones, a whole room, its results, back to the title, then Phones again: a new
    room (its own code and seed) plays to its results like the first, and both rooms'
    games are in the tables."""
    player.wait(0.5)
    host = player.phones
    rooms = []
    for _ in range(2):
        player.choose("phones")
        assert player.top_key == "phones_lobby"
        snapshot = host.snapshot
        assert snapshot is not None and snapshot.phase is RoomPhase.LOBBY and not snapshot.seats
        phones = Phones(host.url, snapshot.code, NAMES)
        real_wait(player, lambda: len(host.snapshot.seats) == 3 and all(s.connected for s in host.snapshot.seats))
        player.wait(0.2)
        player.choose("start")
        real_wait(player, lambda: player.top_key == "phones_results")
        final = host.snapshot
        assert final.phase is RoomPhase.FINISHED and final.turn == max(s.turns_done for s in final.seats)
        rooms.append(host.open_room.server.keeper)
        player.choose("done")
        phones.join()
        assert player.top_key == "title" and not host.is_open
        for phone in phones.phones:  # each phone saw the end the host saw
            assert (phone.state["room"]["phase"], phone.state["room"]["turn"]) == ("finished", final.turn)
    assert rooms[0].room.code != rooms[1].room.code and rooms[0].room.seed != rooms[1].room.seed
    played = {keeper.recorded_id(index) for keeper in rooms for index in range(len(keeper.room.seats))}
    real_wait(player, lambda: played <= {e.replay_id for e in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)})
    assert RoomFiles(tmp_path).unfinished() is None


def test_a_room_a_crash_left_open_is_continued_and_the_phones_rejoin(tmp_path):
    first = Player(tmp_path, size=(800, 600))
    first.phones_on_loopback()
    first.wait(0.5)
    first.choose("phones")
    host = first.phones
    code = host.snapshot.code
    phones = Phones(host.url, code, NAMES[:2])
    real_wait(first, lambda: len(host.snapshot.seats) == 2)
    first.wait(0.2)  # the lobby's buttons follow the guests
    first.choose("start")
    real_wait(first, lambda: host.snapshot.turn >= 3)  # the phones are mid-game
    secrets = [phone.secret for phone in phones.phones]
    done = [s.turns_done for s in host.snapshot.seats]
    opened = host.open_room
    assert opened.server.writer is not None
    opened.server.writer.close()  # a crash: what is waiting is written, nothing after
    host.close()
    phones.thread.join(GUARD_SECONDS)  # their sockets closed under them, mid-game
    first.close()

    second = Player(tmp_path, size=(800, 600))
    second.phones_on_loopback()
    try:
        second.wait(0.5)
        second.choose("phones")
        assert second.top_key == "phones_lobby"
        assert "continue" in second.menu_button_rects() and "new_room" in second.menu_button_rects()
        second.choose("continue")
        assert second.top_key == "phones_race"
        again = second.phones
        assert again.snapshot.code == code and [s.turns_done for s in again.snapshot.seats] >= [0, 0]
        assert [s.name for s in again.snapshot.seats] == NAMES[:2]
        assert sum(s.turns_done for s in again.snapshot.seats) >= sum(done)  # no finished turn lost
        rejoined = Phones(again.url, code, NAMES[:2], secrets=secrets)
        real_wait(second, lambda: second.top_key == "phones_results")
        second.choose("done")
        rejoined.join()
        table = {e.name for e in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)}
        assert table == set(NAMES[:2])
    finally:
        second.phones.close()
        second.close()


def test_a_room_file_with_no_seat_is_set_aside_with_a_notice_and_a_new_room_opens(player, tmp_path):
    """A room's file that cannot be continued ("seats": [] crashed the game each time Phones
    was chosen) is set aside and said; the lobby opens a new room."""
    import json

    from magdagdon.storage.envelope import FileKind, encode
    from magdagdon.storage.room_file import ROOM_FOLDER, ROOM_KIND

    folder = tmp_path / ROOM_FOLDER
    folder.mkdir()
    bad = folder / "20261201T200000Z-K9Y3V2.json"
    first_version = FileKind(ROOM_KIND.name, 1, ROOM_KIND.max_bytes)  # as the game wrote it until now
    bad.write_bytes(encode(first_version, {"id": "20261201T200000Z-K9Y3V2", "code": "K9Y3V2",
                                           "started": "2026-12-01T20:00:00+00:00", "turn": 0, "turn_seconds": None,
                                           "recorded": [], "finished": False, "seats": []}))
    player.wait(0.5)
    for _ in range(2):  # each time Phones is chosen: no crash, a new room
        player.choose("phones")
        assert player.top_key == "phones_lobby" and player.phones.snapshot.phase is RoomPhase.LOBBY
        player.key(pygame.K_ESCAPE)
    assert not bad.exists() and list(folder.glob(bad.name + ".corrupt-*"))
    assert f"{bad.name} was damaged and set aside." in player.notices(3)
    assert json.loads(next(folder.glob(bad.name + ".corrupt-*")).read_text())["data"]["seats"] == []


def test_a_room_that_cannot_open_is_one_line_and_the_game_goes_on(player, capsys):
    host = player.phones
    host.address = lambda: "192.0.2.1"  # an address of no interface here: nothing can be bound
    player.wait(0.5)
    player.choose("phones")
    assert player.top_key == "title" and not host.is_open
    line = player.text("phones.failed.port")
    assert line in [label.text for label in player.top.labels]  # one line on the title
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "room did not open" in err
    player.choose("play")  # the game goes on
    player.key(pygame.K_r)
    assert player.table.game.turn == 1


def test_only_loopback_is_no_room(player, capsys):
    host = player.phones
    host.allow_loopback = False
    player.wait(0.5)
    player.choose("phones")
    assert player.top_key == "title" and not host.is_open
    assert player.text("phones.failed.no_network") in [label.text for label in player.top.labels]
    assert "Traceback" not in capsys.readouterr().err


def test_a_busy_port_falls_back_to_a_free_one(player):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        player.phones.port = busy
        player.wait(0.5)
        player.choose("phones")
        assert player.top_key == "phones_lobby"
        assert f":{busy}/" not in player.phones.url


def test_quitting_with_a_room_open_stops_the_server(player, tmp_path):
    player.wait(0.5)
    player.choose("phones")
    host = player.phones
    phones = Phones(host.url, host.snapshot.code, NAMES[:1], stop_after=0)
    real_wait(player, lambda: len(host.snapshot.seats) == 1)
    phones.join()
    url = host.url
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    player.post(pygame.QUIT)
    player.wait(0.1)
    assert player.quit_requested and not host.is_open
    assert port_free(port)
    record = RoomFiles(tmp_path).unfinished()
    assert record is not None and [s.name for s in record.seats] == NAMES[:1]  # kept, to be continued


def test_close_room_asks_first_once_guests_joined(player):
    player.wait(0.5)
    player.choose("phones")
    host = player.phones
    phones = Phones(host.url, host.snapshot.code, NAMES[:1], stop_after=0)
    real_wait(player, lambda: len(host.snapshot.seats) == 1)
    phones.join()
    player.wait(0.2)
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "confirm" and host.is_open
    player.choose("no")
    assert player.top_key == "phones_lobby" and host.is_open
    player.choose("remove")
    assert player.top_key == "phones_remove"
    player.choose("seat:0")
    real_wait(player, lambda: host.snapshot.seats[0].status.value == "removed")
    player.choose("close")  # nobody left in the room: no question
    assert player.top_key == "title" and not host.is_open


def test_without_the_phones_extra_the_room_is_one_line(player, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "aiohttp", None)  # as if aiohttp were not installed
    monkeypatch.delitem(sys.modules, "magdagdon.phones.server", raising=False)
    player.wait(0.5)
    player.choose("phones")
    assert player.top_key == "title" and not player.phones.is_open
    assert player.text("phones.failed.missing") in [label.text for label in player.top.labels]
    err = capsys.readouterr().err
    assert "Traceback" not in err and "pip install" in err


WITHOUT_EXTRA = """
import sys
sys.modules["aiohttp"] = None  # the phones' extra not installed
sys.modules["segno"] = None
from magdagdon.cli import main
sys.exit(main(["--windowed", "--frames", "3"]))
"""


def test_the_game_starts_without_the_phones_extra(tmp_path):
    done = subprocess.run([sys.executable, "-c", WITHOUT_EXTRA], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "MAGDAGDON_DATA_DIR": str(tmp_path),
                                            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_the_lobby_sets_the_rooms_difficulty_and_turn_timer(player):
    player.wait(0.5)
    player.choose("phones")
    host = player.phones
    phones = Phones(host.url, host.snapshot.code, NAMES[:1], stop_after=0)
    real_wait(player, lambda: len(host.snapshot.seats) == 1)
    phones.join()
    player.wait(0.2)  # the lobby's buttons follow the guests
    player.choose("timer")
    assert host.snapshot.turn_seconds == 30.0
    player.choose("timer")
    assert host.snapshot.turn_seconds == 60.0
    player.choose("difficulty")
    assert host.snapshot.difficulty is Difficulty.SURVIVAL
    assert host.open_room.room.seats[0].game.difficulty is Difficulty.SURVIVAL  # the guest's game too
    label = player.top.button_labels
    text = player.text
    assert label["timer"] == "Turn timer: 60 s"
    assert label["difficulty"] == text("phones.difficulty", difficulty=text("difficulty.SURVIVAL"))
    player.key(pygame.K_TAB)  # the keyboard reaches the buttons too: Tab to Turn timer, Enter
    player.key(pygame.K_RETURN)
    assert host.snapshot.turn_seconds == 120.0
    player.choose("start")
    real_wait(player, lambda: host.snapshot.deadline is not None)
    assert 0 < host.seconds_left() <= 120


@pytest.mark.frame_exact  # counts frames: at coarser frames the loop itself draws no more than ten a second
def test_a_busy_room_is_drawn_about_ten_times_a_second_not_every_frame(tmp_path):
    # 50 phones change the room about a hundred times a second; each frame of the race
    # drawn at the loop's 120 Hz would take the core the server's thread needs.
    player = Player(tmp_path, size=(1280, 720), scene="phones_race_8")
    player.wait(0.5)
    assert player.top_key == "phones_race"
    room = player.room
    before, until = player.frames_presented, player.now + 2.0

    def change_each_frame() -> bool:
        room._changed()
        return player.now >= until

    player.loop_until(change_each_frame)
    drawn = player.frames_presented - before
    assert 10 <= drawn <= 2 * 2 * 10 + 2, drawn  # each change drawn (and settled) ten times a second
    shown = room.snapshot.version
    player.wait(0.3)
    assert player.top.drawn_look[0] == shown  # the last change is on screen
    player.close()


def test_a_room_in_play_never_stops_the_loop_for_a_full_collection(tmp_path):
    # A full collection at a rest takes tens of milliseconds, holding up the next frame and
    # the room's server thread alike: while the room plays, the trim alone.
    player = Player(tmp_path, size=(1280, 720), scene="phones_race_8")
    player.wait(1.0)
    room = player.room
    assert room.snapshot.phase is RoomPhase.PLAYING
    heap = player.heap
    runs, trims = heap.runs, heap.busy_trims
    for _ in range(40):  # twelve seconds of a room changing now and then: rests come between
        room._changed()
        player.wait(0.3)
    assert heap.runs == runs and heap.busy_trims > trims
    player.close()


def test_the_lobbys_legend_names_only_the_marks_on_screen(tmp_path):
    player = Player(tmp_path, size=(1920, 1080), scene="phones_lobby_3")
    player.wait(0.5)
    room = player.room
    assert "disconnected" in names_shown(player)  # one guest of three has dropped
    for seat in range(len(room.seats)):
        room.set_connected(seat, True)
    player.wait(0.5)
    shown = names_shown(player)
    assert "connected" in shown and "disconnected" not in shown
    player.close()


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600), (1080, 1920)])
@pytest.mark.parametrize("guests", [3, 20, 50])
def test_the_lobby_names_every_guest_or_counts_the_ones_it_has_no_room_for(tmp_path, locale, size, guests):
    # Twenty guests in a landscape lobby were twenty ticks without a name: the host saw
    # that someone had joined, never who.
    import re

    player = Player(tmp_path, size=size, scene=f"phones_lobby_{guests}", locale=locale)
    player.wait(0.5)
    expected = [seat.name for seat in player.room.seats]
    shown = names_shown(player)
    player.close()

    def names(words: str) -> bool:  # a guest's name whole, or at least its first three letters and an ellipsis
        words = words.strip("\u200e\u200f")
        return any(words == name or (words.endswith("…") and name.startswith(words[:-1]) and len(words) > 3)
                   for name in expected)

    counted = sum(int(m.group(1)) for words in shown for m in [re.search(r"^\+(\d+)", words)] if m)
    named = sum(names(words) for words in shown)
    assert named + counted == len(expected), (named, counted, [w for w in shown if not names(w)])
    assert named >= min(len(expected), 3), shown  # a small room is named whole; a large one, at least in part
