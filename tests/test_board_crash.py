"""kill -9 of the board's server while games are being sent: no game it answered for is
lost, none is there twice, and each sent again gets the answer it had. The server runs as
players' boards do (``python -m magdagdon board serve``, its own process), on SQLite and on
a real PostgreSQL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

from magdagdon.board.install_key import new_key
from magdagdon.engine import Difficulty, Replay
from support.board_fixtures import finished_game
from support.board_server import call

ROOT = Path(__file__).resolve().parent.parent
GAMES = 60
KILL_AFTER = 12  # answers before the kill: the rest of the games are in flight or unsent
GENEROUS = ["--limit-reads", "100000/100000", "--limit-games-per-address", "100000/100000",
            "--limit-games-per-installation", "100000/100000"]


def start_server(db: str, data_dir: Path) -> tuple[subprocess.Popen, int]:
    server = subprocess.Popen([sys.executable, "-m", "magdagdon", "board", "serve", "--db", db, "--port", "0",
                               "--data-dir", str(data_dir), "--verifiers", "1", *GENEROUS], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline() if server.stdout else ""
    assert "MAGDAGDON board on http://" in line, (line, server.stderr.read() if server.stderr else "")
    return server, int(line.split("http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])


def test_kill_9_mid_submission_loses_no_accepted_game_and_doubles_none(board_db, tmp_path):
    today = datetime.now(timezone.utc).date()  # the server's own clock: today is open, so is it after midnight
    path = f"/v1/days/{today.isoformat()}/PEACEFUL/games"
    bodies = [json.dumps({"replay": Replay.of(finished_game(today, Difficulty.PEACEFUL, salt)).to_dict(),
                          "name": f"P{salt}", "install": new_key()}).encode() for salt in range(GAMES)]
    server, port = start_server(board_db, tmp_path)
    answered: dict[int, dict] = {}
    enough = threading.Event()
    lock = threading.Lock()

    def send(index: int) -> None:
        try:
            answer = call(port, "POST", path, raw=bodies[index], timeout=30)
        except OSError:
            return  # the server died under this request: its fate is unknown to the sender
        if answer.status in (200, 201):
            with lock:
                answered[index] = answer.json
                if len(answered) >= KILL_AFTER:
                    enough.set()

    try:
        with ThreadPoolExecutor(8) as senders:
            for index in range(GAMES):
                senders.submit(send, index)
            assert enough.wait(60), "the server answered too few games before the kill"
            os.kill(server.pid, signal.SIGKILL)
        server.wait(30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert KILL_AFTER <= len(answered) < GAMES
    server, port = start_server(board_db, tmp_path)
    try:
        # every game sent again, as the game's queue does after a failure
        again = [call(port, "POST", path, raw=body, timeout=30) for body in bodies]
        for index, answer in enumerate(again):
            assert answer.status in (200, 201), answer.body
            if index in answered:  # accepted before the kill: still there, the same game
                assert answer.status == 200 and answer.json["replay_id"] == answered[index]["replay_id"]
                assert answer.json["score"] == answered[index]["score"]
        page = call(port, "GET", f"/v1/days/{today.isoformat()}/PEACEFUL?limit=100").json
        ids = [entry["replay_id"] for entry in page["entries"]]
        assert page["total"] == GAMES and len(ids) == len(set(ids)) == GAMES
        assert {a["replay_id"] for a in answered.values()} <= set(ids)
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(30) == 0
