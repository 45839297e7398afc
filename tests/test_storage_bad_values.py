"""Absurd values in the scores file (dates at the ends of time, a 400-digit total) crash
nothing: the file is set aside byte for byte, the table is rebuilt from the archive, and
the commands and the High scores screen show every archived score."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from magdagdon.cli import main  # noqa: E402
from magdagdon.engine import Difficulty, Replay  # noqa: E402
from magdagdon.storage import open_store  # noqa: E402
from magdagdon.storage.score_book import SCORES_FILE  # noqa: E402

from test_storage_support import NOW, finished_games, folder_with_games, play_game  # noqa: E402

GAMES = finished_games(6)


@pytest.fixture()
def folder(tmp_path):
    return folder_with_games(tmp_path / "data", GAMES)


def _edit_table(folder, change):
    path = folder / SCORES_FILE
    document = json.loads(path.read_text("utf-8"))
    change(document["data"])
    path.write_text(json.dumps(document), "utf-8")
    return path.read_bytes()


def _set_date(when):
    def change(data):
        data["tables"]["PEACEFUL"][2]["when"] = when
    return change


def _set_total(data):
    data["statistics"]["PEACEFUL"]["total"] = 10**400


DAMAGE = {
    "year 1 at +14:00": _set_date("0001-01-01T00:00:00+14:00"),
    "year 9999 at -14:00": _set_date("9999-12-31T23:59:59-14:00"),
    "total of 10**400": _set_total,
}


def _set_aside_copies(folder):
    return {p.name: p.read_bytes() for p in folder.glob(SCORES_FILE + ".corrupt-*")}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_every_command_survives_and_the_file_is_set_aside(folder, tmp_path, capsys, damage):
    damaged = _edit_table(folder, DAMAGE[damage])
    assert main(["scores", "--data-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert all(f"P{minute}" in out for minute in range(6))
    assert list(_set_aside_copies(folder).values()) == [damaged]
    assert main(["scores", "--verify", "--data-dir", str(folder)]) == 0
    extra = tmp_path / "extra.json"
    extra.write_text(Replay.of(play_game(50)).to_json(), "utf-8")
    assert main(["replay", str(extra), "--record", "--data-dir", str(folder)]) == 0
    assert open_store(folder, NOW).statistics(Difficulty.PEACEFUL).games == 7


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_high_scores_screen_shows_every_archived_score(folder, damage):
    from test_app_high_scores import open_scores

    _edit_table(folder, DAMAGE[damage])
    player = open_scores(folder, (1280, 720))
    texts = {t for t, _ in player.look()}
    assert player.top.text("scores.unavailable") not in texts
    assert {f"P{minute}" for minute in range(6)} <= texts


def test_table_entry_damage_caught_when_written_as_data(folder):
    """A date in range but written in another zone still loads: only the impossible is damage."""
    _edit_table(folder, _set_date("2026-11-30T09:00:00+14:00"))
    store = open_store(folder, NOW)
    assert store.notices == [] and len(store.high_scores(Difficulty.PEACEFUL)) == 6
