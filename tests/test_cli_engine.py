"""The simulate and replay commands, run in-process through the CLI entry point."""

import json
import subprocess
import sys

from magdagdon.cli import main
from magdagdon.engine import Replay

from test_storage_support import play_game as play_one_game


def test_simulate_json_has_the_documented_keys(capsys, tmp_path):
    code = main(["simulate", "--policy", "random", "--difficulty", "survival", "--games", "12",
                 "--seed", "4", "--json", "--save-replays", str(tmp_path)])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary) == {"policy", "difficulty", "games", "mean", "median", "min", "max", "stdev",
                            "mean_ruins", "mean_turns", "games_per_second"}
    assert summary["games"] == 12 and summary["difficulty"] == "SURVIVAL"
    assert summary["min"] <= summary["median"] <= summary["max"]
    assert len(list(tmp_path.glob("*.json"))) == 12


def test_parallel_workers_end_whatever_sigterm_handler_they_inherit():
    """The pool stops its workers with SIGTERM; a worker forked from a parent that handles
    SIGTERM itself (SDL once pygame is up, the game's own handler) must still end on it, or
    leaving the pool waits for that worker for ever."""
    script = """
import multiprocessing, signal
signal.signal(signal.SIGTERM, lambda *_: None)  # what a forked worker would inherit
from magdagdon.cli.simulate import _leave_ctrl_c_to_the_parent
def ends_on_sigterm():
    return signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
with multiprocessing.get_context("fork").Pool(1, initializer=_leave_ctrl_c_to_the_parent) as pool:
    print(pool.apply(ends_on_sigterm), flush=True)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout.strip()) == (0, "True"), done.stderr


def test_simulate_is_reproducible_and_parallel_agrees(capsys):
    main(["simulate", "--policy", "greedy", "--games", "6", "--seed", "10", "--json"])
    one = json.loads(capsys.readouterr().out)
    main(["simulate", "--policy", "greedy", "--games", "6", "--seed", "10", "--json", "--jobs", "2"])
    two = json.loads(capsys.readouterr().out)
    for key in ("mean", "median", "min", "max", "stdev", "mean_ruins", "mean_turns"):
        assert one[key] == two[key]


def test_simulate_text_table(capsys):
    assert main(["simulate", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 PEACEFUL games, policy random" in out and "games/s" in out


def test_replay_command_prints_board_and_breakdown(capsys, tmp_path):
    main(["simulate", "--policy", "greedy", "--games", "1", "--seed", "3", "--json", "--save-replays", str(tmp_path)])
    capsys.readouterr()
    replay_file = next(tmp_path.glob("*.json"))
    assert main(["replay", str(replay_file)]) == 0
    out = capsys.readouterr().out
    assert "PEACEFUL, seed 3" in out and "total" in out


def test_replay_command_rejects_bad_files(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{broken")
    assert main(["replay", str(bad)]) == 1
    assert "invalid replay" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "cannot read it" in capsys.readouterr().err


def test_replay_record_adds_once_and_refuses_invalid(capsys, tmp_path):
    data = tmp_path / "data"
    replay_file = tmp_path / "game.json"
    replay_file.write_text(Replay.of(play_one_game(8)).to_json(), "utf-8")
    assert main(["replay", str(replay_file), "--record", "--name", "Ada", "--data-dir", str(data)]) == 0
    assert "recorded for Ada: rank 1" in capsys.readouterr().out
    assert main(["replay", str(replay_file), "--record", "--data-dir", str(data)]) == 0
    assert "already recorded" in capsys.readouterr().out
    scores_before = (data / "scores.json").read_bytes()

    tampered = json.loads(replay_file.read_text())
    tampered["result"]["score"] += 100
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(tampered))
    assert main(["replay", str(forged), "--record", "--data-dir", str(data)]) == 1
    assert "invalid replay" in capsys.readouterr().err
    assert (data / "scores.json").read_bytes() == scores_before
