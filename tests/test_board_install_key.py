"""The game's side of the board, in its data folder: the installation's key (a random
secret made once, kept, and a damaged file set aside for a new key) and the outbox of games
waiting to be sent (a damaged one set aside, never a crash; a game of a closed day dropped)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from magdagdon.board.install_key import KEY_FILE, installation_key, is_key
from magdagdon.board.outbox import OUTBOX_FILE, Outbox, Waiting
from magdagdon.engine import Difficulty, Replay
from support.board_fixtures import TODAY, finished_game

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=timezone.utc)


def test_the_key_is_made_once_and_kept_and_a_damaged_file_gives_a_new_one(tmp_path):
    key = installation_key(tmp_path, NOW)
    assert is_key(key) and len(key) >= 43  # 256 random bits
    assert installation_key(tmp_path, NOW) == key
    assert installation_key(tmp_path / "other", NOW) != key  # another installation, another secret
    (tmp_path / KEY_FILE).write_text("{not json", encoding="utf-8")
    fresh = installation_key(tmp_path, NOW)
    assert is_key(fresh) and fresh != key
    assert [p.name for p in tmp_path.glob(KEY_FILE + ".corrupt-*")]  # the damaged file kept aside


def test_the_outbox_keeps_games_until_their_day_closes_and_survives_a_damaged_file(tmp_path):
    outbox = Outbox(tmp_path)
    game = Waiting(Replay.of(finished_game(TODAY, Difficulty.PEACEFUL, 1)), "Ana", False, TODAY)
    outbox.add(game, NOW)
    outbox.add(game, NOW)  # the same game again: once
    with outbox.lock():
        assert [w.replay_id for w in outbox.read(NOW)] == [game.replay_id]
        two_days_on = NOW + timedelta(days=2)
        outbox.write(outbox.read(NOW), two_days_on)  # its day closed: it leaves
        assert outbox.read(two_days_on) == []
    (tmp_path / OUTBOX_FILE).write_text(json.dumps({"kind": "magdagdon-board-outbox", "version": 1,
                                                    "data": [{"replay": "roll"}]}), encoding="utf-8")
    with outbox.lock():
        assert outbox.read(NOW) == []
    assert [p.name for p in tmp_path.glob(OUTBOX_FILE + ".corrupt-*")]
