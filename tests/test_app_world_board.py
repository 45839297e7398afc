"""The game and the world board, through the real loop (scripted input, fake clock) and a
real board on 127.0.0.1: the game has no board's address until one is typed in Settings (or
named by kiosk.json), and says so; sending is off until chosen; a finished game of Today's
dice is sent after game over and its world rank shown; offline it is kept and sent later; a
refusal or a server that answers nonsense is one line; the local result is never touched;
Today's dice shows *This table* and *World*."""

from __future__ import annotations

import json
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, HTTPServer

import pygame
import pytest

from magdagdon.app.world import world_board as world_board_module
from magdagdon.board import outbox as outbox_module
from magdagdon.board.install_key import KEY_FILE, new_key
from magdagdon.board.outbox import OUTBOX_FILE
from magdagdon.engine import Difficulty, Replay
from support.board_fixtures import finished_game, free_port
from support.board_server import LoopbackBoard
from magdagdon.app.shell.play_context import PlayContext
from magdagdon.storage.kiosk_config import KIOSK_FILE
from support.player import HeldThoughts, Player, ThinkAtOnce


class ReviewsWait(HeldThoughts):
    """Thinks at once (the board's exchanges happen in the frame that asks, in fake time), but
    leaves the expert's review of each game waiting: these tests never read it, and it is
    most of a game over's CPU."""

    def submit(self, fn, /, *args, **kwargs):
        if "ReviewJob" in getattr(fn, "__qualname__", ""):
            return super().submit(fn, *args, **kwargs)
        return ThinkAtOnce().submit(fn, *args, **kwargs)


def today():
    return datetime.now(timezone.utc).date()


@pytest.fixture
def board(tmp_path, board_verifiers):
    with LoopbackBoard(f"sqlite:{tmp_path / 'server' / 'board.sqlite3'}", tmp_path / "server",
                       board_verifiers) as running:
        yield running


@pytest.fixture
def player(tmp_path):
    player = Player(tmp_path / "game", thinker=ReviewsWait(), draw_log=False)
    yield player
    player.shut_down()
    player.close()


def world_lines(player) -> list[str]:
    """The world board's lines on screen now (each once, though fitting may draw it twice)."""
    seen = [text for text, _ in player.look() if text.startswith(("World", "The world board", "Sending", "Not sent"))]
    return sorted(set(seen))


def finish_on_table(player, salt: int = 0, name: str = "Ana"):
    return finish(player, finished_game(today(), Difficulty.PEACEFUL, salt), name)


def finish(player, game, name: str = "Ana", assisted: bool = False):
    """``game`` (finished) on the table as its last turn leaves it, played with hints when
    ``assisted``: game over, the name asked."""
    player.wait(0.1)  # the game has started up (its saved game looked for) before this one ends
    control = player.control
    control.machine.restart("game_over", PlayContext(control.games.resume_session(game, assisted=assisted)))
    player.give_name(name, then=0.1)
    session = player.session
    player.wait_for(lambda: session.world_send is not None and not session.world_send.waiting, limit=5.0)
    player.wait(0.1)  # its line drawn
    return game


def labels(player) -> list[str]:
    return [text for text, _ in player.look()]


def type_keys(player, text: str) -> None:
    """Type ``text`` on a physical keyboard, one key at a time."""
    for char in text:
        player.post(pygame.KEYDOWN, key=0, mod=0, unicode=char, scancode=0)
    player.wait(0.1)


def test_without_an_address_nothing_is_sent_and_settings_and_the_world_tab_say_so(player):
    player.change_settings(world_board=True)  # on, as kiosk.json may say, but no board named
    player.key(pygame.K_ESCAPE)
    player.choose("settings")
    assert {"World board: no address", "Set its address"} <= set(labels(player))
    player.choose("world_board")  # nothing to turn on or off without a board
    assert "World board: no address" in labels(player)
    player.key(pygame.K_ESCAPE)
    finish_on_table(player)
    assert world_lines(player) == ["Not sent: the world board has no address yet (Settings)."]
    assert not (player.store.data_dir / OUTBOX_FILE).exists()
    player.key(pygame.K_ESCAPE)
    player.set_today(today())
    player.choose("high_scores")
    player.choose("period:daily")
    player.choose("board:world")
    assert "No world board yet: set its address in Settings." in labels(player)


def test_the_address_is_typed_in_settings_checked_and_then_sending_can_be_turned_on(player, board):
    player.key(pygame.K_ESCAPE)
    player.choose("settings")
    player.choose("board_address")
    assert player.top_key == "board_address"
    type_keys(player, "ftp://127.0.0.1")
    player.key(pygame.K_RETURN)
    assert player.top_key == "board_address" and player.settings.board_url is None
    assert "An address begins with https:// or http://." in labels(player)
    player.choose("clear")
    type_keys(player, "http://127.0.0.1:")
    keys = {key.ident: key.rect for key in player.top.keys.keys}
    for char in f"{board.port}/":  # the port on the keys under the field, as on a touch screen
        player.tap(keys[char].center, then=0.15)
    assert player.top.typed == f"http://127.0.0.1:{board.port}/"
    player.choose("save")
    assert player.top_key == "settings"
    assert player.settings.board_url == board.url  # kept as the game keeps it: no final /
    assert {"World board: off", f"Board: 127.0.0.1:{board.port}"} <= set(labels(player))
    player.key(pygame.K_ESCAPE)
    finish_on_table(player)  # sending is still off: nothing goes
    assert board.call("GET", f"/v1/days/{today().isoformat()}/PEACEFUL").json["total"] == 0
    assert not (player.store.data_dir / OUTBOX_FILE).exists()
    player.key(pygame.K_ESCAPE)
    player.choose("settings")
    player.choose("world_board")
    assert player.settings.world_board is True
    assert "World board: on" in labels(player)
    player.choose("board_address")
    assert player.top.typed == board.url  # the address kept, to mend
    player.choose("clear")
    player.choose("save")  # saved empty: no board again
    assert player.settings.board_url is None and "World board: no address" in labels(player)


def test_a_game_of_todays_dice_is_sent_after_game_over_and_its_world_rank_shown(player, board):
    other = finished_game(today(), Difficulty.PEACEFUL, 40, policy="greedy")
    board.call("POST", f"/v1/days/{today().isoformat()}/PEACEFUL/games",
               {"replay": Replay.of(other).to_dict(), "name": "Bo", "install": new_key()})
    player.change_settings(world_board=True, board_url=board.url)
    game = finish(player, finished_game(today(), Difficulty.PEACEFUL, 1), assisted=True)  # played with hints
    page = board.call("GET", f"/v1/days/{today().isoformat()}/PEACEFUL").json
    mine = next(e for e in page["entries"] if e["name"] == "Ana")
    assert mine["score"] == game.score().total and page["total"] == 2
    assert mine["assisted"] and not next(e for e in page["entries"] if e["name"] == "Bo")["assisted"]
    assert world_lines(player) == [f"World: #{mine['rank']} of 2 in Today's dice"]
    assert player.store.high_scores(Difficulty.PEACEFUL)[0].score == game.score().total  # the local result
    assert json.loads((player.store.data_dir / KEY_FILE).read_text())["data"]["key"]  # its key, kept
    assert json.loads((player.store.data_dir / OUTBOX_FILE).read_text())["data"] == []


def test_a_kiosks_config_turns_sending_on_and_names_the_board(tmp_path, board):
    document = {"kind": "magdagdon-kiosk", "version": 1, "data": {"world_board": True, "board_url": board.url}}
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / KIOSK_FILE).write_text(json.dumps(document), encoding="utf-8")
    player = Player(tmp_path / "game", kiosk=True, thinker=ReviewsWait(), draw_log=False)
    try:
        player.wait(1.0)
        player.choose("settings")
        assert {"World board: on", f"Board: 127.0.0.1:{board.port}"} <= set(labels(player))
        player.choose("board_address")
        assert player.top_key == "settings"  # a kiosk's address is its config's
        player.key(pygame.K_ESCAPE)
        game = finish_on_table(player, salt=6, name="Guest")
        page = board.call("GET", f"/v1/days/{today().isoformat()}/PEACEFUL").json
        assert [(e["name"], e["score"]) for e in page["entries"]] == [("Guest", game.score().total)]
    finally:
        player.shut_down()
        player.close()


def test_offline_the_game_waits_in_the_outbox_and_goes_when_the_board_answers(player, board, monkeypatch):
    monkeypatch.setattr(outbox_module, "RETRY_SECONDS", 0.0)  # tried again at the loop's next look ...
    monkeypatch.setattr(world_board_module, "RETRY_SECONDS", 2.0)  # ... which comes after 2 s, not a minute
    player.change_settings(world_board=True, board_url=f"http://127.0.0.1:{free_port()}")
    game = finish_on_table(player, salt=2)
    assert world_lines(player) == ["World board out of reach: the game is kept and sent later."]
    waiting = json.loads((player.store.data_dir / OUTBOX_FILE).read_text())["data"]
    assert [w["replay"]["actions"] for w in waiting] == [[a.to_text() for a in game.log]]
    assert player.store.high_scores(Difficulty.PEACEFUL)[0].score == game.score().total
    player.change_settings(board_url=board.url)  # the board is back (here: its address mended)
    player.wait(2.5)  # the loop looks again
    page = board.call("GET", f"/v1/days/{today().isoformat()}/PEACEFUL").json
    assert [e["score"] for e in page["entries"]] == [game.score().total]
    assert json.loads((player.store.data_dir / OUTBOX_FILE).read_text())["data"] == []


def test_a_refused_game_is_one_line_and_leaves_the_queue(player, board):
    game = finished_game(today(), Difficulty.PEACEFUL, 3)
    board.call("POST", f"/v1/days/{today().isoformat()}/PEACEFUL/games",
               {"replay": Replay.of(game).to_dict(), "name": "First", "install": new_key()})
    player.change_settings(world_board=True, board_url=board.url)
    finish(player, game)  # the very same game, played here too
    assert world_lines(player) == ["The world board already has this very game from another player."]
    assert json.loads((player.store.data_dir / OUTBOX_FILE).read_text())["data"] == []
    assert player.store.high_scores(Difficulty.PEACEFUL)[0].name == "Ana"


class Nonsense(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        body = b"<html>Welcome to my blog</html>"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST

    def log_message(self, *args: object) -> None:
        pass


def test_a_server_that_answers_nonsense_is_one_line_and_the_game_waits(player):
    server = HTTPServer(("127.0.0.1", 0), Nonsense)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        player.change_settings(world_board=True, board_url=f"http://127.0.0.1:{server.server_port}")
        finish_on_table(player, salt=4)
        assert world_lines(player) == ["The world board's address answered something else: check it in Settings."]
        assert len(json.loads((player.store.data_dir / OUTBOX_FILE).read_text())["data"]) == 1
    finally:
        server.shutdown()


def test_todays_dice_shows_this_table_and_the_world_and_a_world_game_opens_in_the_viewer(player, board):
    for salt, name in ((10, "Bo"), (11, "عائشہ")):
        board.call("POST", f"/v1/days/{today().isoformat()}/PEACEFUL/games",
                   {"replay": Replay.of(finished_game(today(), Difficulty.PEACEFUL, salt)).to_dict(),
                    "name": name, "install": new_key()})
    player.change_settings(board_url=board.url)  # reading the board needs no sending
    player.set_today(today())
    player.key(pygame.K_ESCAPE)
    player.choose("high_scores")
    player.choose("period:daily")
    assert {"board:local", "board:world"} <= set(player.menu_button_rects())
    assert player.top.load()[0] == []  # this table: nothing played here today
    player.choose("board:world")
    player.wait(0.5)
    entries = player.top.load()[0]
    assert sorted(e.name for e in entries) == sorted(["Bo", "عائشہ"])
    row = player.top.rows[0][0]
    player.tap(row.center)
    player.wait_for(lambda: player.top_key == "replay", limit=5.0)
