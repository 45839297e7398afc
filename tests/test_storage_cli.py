"""``magdagdon scores`` and ``magdagdon replay FILE --record`` against a real data folder."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from magdagdon.cli import main
from magdagdon.engine import Difficulty, Replay
from magdagdon.storage import open_store
from magdagdon.storage.score_book import SCORES_FILE

from test_storage_support import NOW, at, finished_games

GAMES = finished_games(3)


@pytest.fixture()
def folder(tmp_path):
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(GAMES):
        store.record_result(game, at(minute), name="Majduška")
    return tmp_path


def test_prints_tables_and_statistics(folder, capsys):
    assert main(["scores", "--data-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    for difficulty in Difficulty:
        assert difficulty.name in out
    assert "Majduška" in out and "3 games" in out and "no scores yet" in out
    assert str(max(g.score().total for g in GAMES)) in out


def test_one_difficulty_and_environment_variable(folder, capsys, monkeypatch):
    monkeypatch.setenv("MAGDAGDON_DATA_DIR", str(folder))
    assert main(["scores", "--difficulty", "peaceful"]) == 0
    out = capsys.readouterr().out
    assert "PEACEFUL" in out and "NIGHTMARE" not in out and str(folder) in out


def test_unknown_difficulty_is_a_usage_error(folder, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["scores", "--difficulty", "easy", "--data-dir", str(folder)])
    assert stop.value.code == 2
    assert "unknown difficulty" in capsys.readouterr().err


def test_verify_passes_then_names_a_hand_edited_score(folder, capsys):
    assert main(["scores", "--verify", "--data-dir", str(folder)]) == 0
    assert "all 3 entries match" in capsys.readouterr().out
    path = folder / SCORES_FILE
    document = json.loads(path.read_text("utf-8"))
    entry = document["data"]["tables"]["PEACEFUL"][1]
    entry["score"] -= 1
    path.write_text(json.dumps(document), "utf-8")
    assert main(["scores", "--verify", "--data-dir", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"PEACEFUL #2 (replay {entry['replay_id']}): score is {entry['score']} in the table but {entry['score'] + 1}" in out


def test_verify_reports_a_corrupt_scores_file(folder, capsys):
    (folder / SCORES_FILE).write_bytes(b"{truncated")
    assert main(["scores", "--verify", "--data-dir", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "damaged" in err and ".corrupt-" in err


def test_replay_record_merges_and_refuses_invalid(tmp_path, capsys):
    data = tmp_path / "data"
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    replay = Replay.of(GAMES[0])
    good.write_text(replay.to_json(), "utf-8")
    bad.write_text(replace(replay, result=replace(replay.result, score=999)).to_json(), "utf-8")
    assert main(["replay", str(bad), "--record", "--data-dir", str(data)]) == 1
    assert not (data / SCORES_FILE).exists()
    assert main(["replay", str(good), "--record", "--name", "Kiosk B", "--data-dir", str(data)]) == 0
    assert main(["replay", str(good), "--record", "--data-dir", str(data)]) == 0  # duplicate: not doubled
    store = open_store(data, NOW)
    [entry] = store.high_scores(Difficulty.PEACEFUL)
    assert entry.name == "Kiosk B" and store.statistics(Difficulty.PEACEFUL).games == 1
