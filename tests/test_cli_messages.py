"""Command-line errors and messages: one line naming the option, exit 2 for usage and 1 for
failure, no internal names, long values cut with "…", the stored name echoed, no traceback."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from magdagdon.cli import main
from magdagdon.engine import Replay
from magdagdon.storage import open_store
from magdagdon.storage.score_book import SCORES_FILE

from test_storage_support import NOW, play_game

ROOT = Path(__file__).resolve().parents[1]
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def _usage_error(argv, capsys, option):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.count("\n") == 1 and option in err, err
    for internal in ("from_name", "_positive_int", "_seed", "Traceback", "invalid int value"):
        assert internal not in err
    return err


@pytest.fixture()
def no_frames(monkeypatch):
    """Building the game's window at all would be a failure: the options are checked first."""
    from magdagdon.app.shell import control

    def refuse(*args, **kwargs):
        raise AssertionError("the game started before its options were checked")

    monkeypatch.setattr(control, "Control", refuse)


@pytest.mark.parametrize("argv, option", [
    (["--seed", "-5"], "--seed"),
    (["--seed", "99999999999999999999999"], "--seed"),
    (["--seed", "٣"], "--seed"),
    (["--frames", "0"], "--frames"),
    (["--frames", "-1"], "--frames"),
    (["--difficulty", "easy"], "--difficulty"),
])
def test_game_options_are_checked(argv, option, capsys, no_frames):
    _usage_error(argv, capsys, option)


@pytest.fixture()
def started(monkeypatch):
    """The options the game was started with, instead of a window."""
    from magdagdon.app.shell import control

    seen = []

    class Started:
        def __init__(self, options, **services):
            seen.append(options)

        def run(self, frames):
            return 0

    monkeypatch.setattr(control, "Control", Started)
    return seen


@pytest.mark.parametrize("value, opened, said", [
    ("640x400", (800, 600), "smaller than the minimum window, 800x600; opening 800x600"),
    ("0x0", (800, 600), "smaller than the minimum window, 800x600"),
    ("-5x-5", (800, 600), "smaller than the minimum window, 800x600"),
    ("1024x300", (1024, 600), "opening 1024x600"),
    ("99999x99999", None, "larger than any screen; it is ignored"),
    ("abc", None, "not a size like 1280x720; it is ignored"),
    ("12", None, "not a size like 1280x720"),
])
def test_an_odd_window_size_is_said_in_one_line_and_the_game_goes_on(value, opened, said, capsys, started):
    assert main([f"--size={value}"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "--size" in err, err
    [options] = started
    assert options.size == opened and options.windowed is True


def test_a_size_that_fits_opens_quietly(capsys, started):
    assert main(["--size", "1080x1920"]) == 0
    assert capsys.readouterr().err == ""
    assert started[0].size == (1080, 1920)


def test_screenshot_into_a_missing_folder_is_refused_before_any_frame(tmp_path, capsys, no_frames):
    err = _usage_error(["--frames", "3", "--screenshot", str(tmp_path / "missing" / "shot.png")], capsys, "--screenshot")
    assert "does not exist" in err


@pytest.mark.parametrize("command", [[], ["scores"], ["replay", "x.json", "--record"]])
def test_data_dir_naming_a_file_is_not_a_folder(tmp_path, capsys, no_frames, command):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    err = _usage_error([*command, "--data-dir", str(a_file)], capsys, "--data-dir")
    assert "not a folder" in err


@pytest.mark.parametrize("command", [[], ["scores"], ["replay", "x.json", "--record"]])
@pytest.mark.parametrize("value, said", [("", "is empty"), (" ", "is empty"), ("a" * 300, "File name too long"),
                                         ("/tmp/" + "é" * 130 + "/data", "File name too long")])
def test_data_dir_that_cannot_be_a_folder_is_one_line_and_exit_2(capsys, no_frames, command, value, said):
    """An empty name (it would be the current folder) or a part over 255 bytes (the
    system's limit: 130 "é" are 260 bytes) is one line, never a traceback."""
    err = _usage_error([*command, "--data-dir", value], capsys, "--data-dir")
    assert said in err


@pytest.mark.parametrize("argv, option", [
    (["simulate", "--seed", "9223372036854775807", "--games", "2"], "--seed"),
    (["simulate", "--games", "99999999999999999999"], "--games"),
    (["simulate", "--games", "x"], "--games"),
    (["simulate", "--difficulty", "easy"], "--difficulty"),
    (["simulate", "--jobs", "0"], "--jobs"),
    (["scores", "--difficulty", "x" * 300], "--difficulty"),
    (["scores", "--verify", "y" * 10_000], "unrecognized arguments"),
])
def test_simulate_and_scores_options(argv, option, capsys):
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and option in err, err
    assert "from_name" not in err and "_positive_int" not in err
    assert len(err) < 200  # long values are cut with "…"
    if len(argv[-1]) > 100:
        assert "…" in err


@pytest.fixture()
def replay_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(Replay.of(play_game(5)).to_json(), "utf-8")
    return path


@pytest.mark.parametrize("typed, stored", [
    ("new\nline", "new line"),
    ("\x1b[2J\x1b[31mEve", "[2J [31mEve"),
    ("", "Player"),
    ("x" * 10_000, "x" * 24),
])
def test_the_stored_name_is_echoed(replay_file, tmp_path, capsys, typed, stored):
    assert main(["replay", str(replay_file), "--record", "--name", typed, "--data-dir", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert f"recorded for {stored}: rank 1" in out and "\x1b" not in out
    [entry] = open_store(tmp_path / "d", NOW).score_book().tables[Replay.of(play_game(5)).difficulty]
    assert entry.name == stored


def test_a_name_that_is_not_utf8_is_recorded_and_echoed(replay_file, tmp_path):
    """A terminal in another encoding: the game is recorded and the command ends cleanly."""
    data = tmp_path / "d"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    argv = [sys.executable, "-m", "magdagdon", "replay", str(replay_file), "--record",
            "--data-dir", str(data), "--name", b"Ma\xffda".decode("utf-8", "surrogateescape")]
    done = subprocess.run(argv, env=env, capture_output=True, cwd=tmp_path)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert b"recorded for Ma da: rank 1" in done.stdout


def test_computer_played_replays_are_refused(tmp_path, capsys):
    assert main(["simulate", "--games", "1", "--seed", "3", "--json", "--save-replays", str(tmp_path / "sim")]) == 0
    [made] = (tmp_path / "sim").iterdir()
    assert json.loads(made.read_text("utf-8"))["played_by"] == "computer:random"
    capsys.readouterr()
    assert main(["replay", str(made), "--record", "--data-dir", str(tmp_path / "d")]) == 1
    assert "played by the computer" in capsys.readouterr().err
    assert not (tmp_path / "d" / SCORES_FILE).exists()
    assert main(["replay", str(made)]) == 0  # still verifies as evidence


def _unreadable_table(monkeypatch, folder):
    from magdagdon.storage import document_file

    real = document_file.read_limited

    def refuse(path, max_bytes):
        if Path(path).name == SCORES_FILE:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, max_bytes)

    monkeypatch.setattr(document_file, "read_limited", refuse)


def test_unreadable_table_says_it_cannot_be_read(tmp_path, capsys, monkeypatch):
    open_store(tmp_path, NOW).record_result(play_game(5), NOW)
    _unreadable_table(monkeypatch, tmp_path)
    assert main(["scores", "--verify", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "cannot be read" in captured.err and "entries match" not in captured.out
    assert "cannot verify" in captured.err
    assert main(["scores", "--data-dir", str(tmp_path)]) == 1
    assert "cannot be read" in capsys.readouterr().err


def test_first_record_in_a_folder_that_refuses_files_is_not_already_recorded(replay_file, tmp_path, capsys, monkeypatch):
    data = tmp_path / "d"
    data.mkdir()
    real_open = os.open

    def refuse_creation(path, flags, *args, **kwargs):
        if flags & os.O_CREAT and str(path).startswith(str(data)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse_creation)
    assert main(["replay", str(replay_file), "--record", "--data-dir", str(data)]) == 1
    captured = capsys.readouterr()
    assert "already recorded" not in captured.out and "not recorded" in captured.err
    assert "cannot be written" in captured.err
    assert "busy" not in captured.err and "write failed:" not in captured.err  # plain words


def test_waiting_for_the_lock_is_said(replay_file, tmp_path, capsys, monkeypatch):
    import time
    import types

    from magdagdon.storage import lock as lock_module

    data = tmp_path / "d"
    open_store(data, NOW)
    holder = lock_module.DataLock(data)
    holder.__enter__()

    def release_on_first_wait(seconds):  # the other program finishes while we wait
        holder.__exit__(None, None, None)

    monkeypatch.setattr(lock_module, "time", types.SimpleNamespace(monotonic=time.monotonic, sleep=release_on_first_wait))
    assert main(["replay", str(replay_file), "--record", "--data-dir", str(data)]) == 0
    err = capsys.readouterr().err
    assert "waiting" in err and "magdagdon.lock" in err and "another MAGDAGDON" in err


@pytest.mark.parametrize("change, accepted", [
    (lambda d: d.update(version=True), False),
    (lambda d: d.update(version=1.0), False),
    (lambda d: d["actions"].__setitem__(1, d["actions"][1].translate(ARABIC_INDIC)), False),
    (lambda d: d["result"].update(board=d["result"]["board"].replace("/", "")), True),
])
def test_replay_documents_are_read_as_the_rules_say(tmp_path, capsys, change, accepted):
    document = Replay.of(play_game(5)).to_dict()
    assert document["actions"][1].startswith("stage")
    change(document)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(document, ensure_ascii=False), "utf-8")
    assert main(["replay", str(path)]) == (0 if accepted else 1)
    assert ("invalid replay" in capsys.readouterr().err) is not accepted
