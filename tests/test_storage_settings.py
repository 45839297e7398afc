"""Settings kept between runs: round trip, defaults, corrupt and read-only folders."""

from __future__ import annotations

import json
import os
import stat

import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import NoticeKind
from magdagdon.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings


def test_missing_file_gives_defaults(tmp_path):
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings() and loaded.notice is None and loaded.writable


def test_round_trip_and_envelope(tmp_path):
    settings = Settings(Difficulty.NIGHTMARE, sound=False, fullscreen=True)
    assert save_settings(settings, tmp_path)
    assert load_settings(tmp_path).settings == settings
    document = json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert document["kind"] == "magdagdon-settings" and document["version"] == 1
    assert document["data"] == {"difficulty": "NIGHTMARE", "sound": False, "fullscreen": True}
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]  # no temp file left


def test_one_change_keeps_the_others(tmp_path):
    save_settings(Settings(Difficulty.SURVIVAL, sound=False), tmp_path)
    current = load_settings(tmp_path).settings
    save_settings(current.with_changes(fullscreen=False), tmp_path)
    assert load_settings(tmp_path).settings == Settings(Difficulty.SURVIVAL, False, False)


@pytest.mark.parametrize("content", [
    b"{not json", b"",
    b'{"kind": "magdagdon-settings", "version": 1, "data": []}',
    b'{"kind": "magdagdon-scores", "version": 1, "data": {}}',
])
def test_corrupt_file_is_set_aside_and_defaults_apply(tmp_path, content):
    (tmp_path / SETTINGS_FILE).write_bytes(content)
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    assert loaded.notice is not None and loaded.notice.kind is NoticeKind.CORRUPT_MOVED_ASIDE
    assert not (tmp_path / SETTINGS_FILE).exists()
    assert any(p.name.startswith(SETTINGS_FILE + ".corrupt-") for p in tmp_path.iterdir())
    assert save_settings(Settings(sound=True), tmp_path)  # and the next change is written afresh


def test_volume_and_large_text_round_trip_and_stay_out_until_chosen(tmp_path):
    save_settings(Settings(sound=True), tmp_path)
    data = json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))["data"]
    assert "volume" not in data and "large_text" not in data  # older readers see what they know
    chosen = Settings(sound=True, large_text=True, volume=25)
    assert save_settings(chosen, tmp_path)
    assert load_settings(tmp_path).settings == chosen


def test_unknown_fields_are_ignored(tmp_path):
    data = {"kind": "magdagdon-settings", "version": 1, "data": {"sound": True, "colour": "pink"}}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert load_settings(tmp_path).settings == Settings(sound=True)


def test_newer_version_is_kept_and_not_overwritten(tmp_path):
    data = {"kind": "magdagdon-settings", "version": 99, "data": {}}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings() and not loaded.writable
    assert loaded.notice.kind is NoticeKind.NEWER_VERSION


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="permissions do not bind root")
def test_read_only_folder_does_not_raise(tmp_path):
    save_settings(Settings(sound=False), tmp_path)
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert load_settings(tmp_path).settings == Settings(sound=False)
        assert save_settings(Settings(sound=True), tmp_path) is False
    finally:
        tmp_path.chmod(stat.S_IRWXU)


def test_unwritable_folder_does_not_raise(tmp_path, monkeypatch):
    from magdagdon.storage import atomic_file

    def refuse(*args, **kwargs):
        raise PermissionError(13, "read-only", str(tmp_path))

    monkeypatch.setattr(atomic_file.tempfile, "mkstemp", refuse)
    assert save_settings(Settings(sound=True), tmp_path) is False
    assert load_settings(tmp_path).settings == Settings()
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")
    assert save_settings(Settings(sound=True), blocked) is False
    assert load_settings(blocked).settings == Settings()


def _read_back(tmp_path, **data):
    document = {"kind": "magdagdon-settings", "version": 1, "data": data}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(document), encoding="utf-8")
    return load_settings(tmp_path)


def test_the_volume_runs_from_silent_to_full_both_ends_kept(tmp_path):
    for volume in (0, 100):
        loaded = _read_back(tmp_path, volume=volume)
        assert loaded.settings.volume == volume and loaded.notice is None
    for volume in (-1, 101):
        assert _read_back(tmp_path, volume=volume).notice.kind is NoticeKind.SETTING_DROPPED


def test_tips_seen_up_to_fifty_names_of_up_to_forty_characters(tmp_path):
    longest = ["t" * 40]
    assert _read_back(tmp_path, tips_seen=longest).settings.tips_seen == tuple(longest)
    many = [f"tip{n}" for n in range(50)]
    assert _read_back(tmp_path, tips_seen=many).settings.tips_seen == tuple(many)
    for bad in (["t" * 41], many + ["one more"], [7], "tip"):
        assert _read_back(tmp_path, tips_seen=bad).notice.kind is NoticeKind.SETTING_DROPPED, bad


def test_settings_are_saved_into_a_data_folder_not_made_yet(tmp_path):
    folder = tmp_path / "new" / "nested" / "data"
    assert save_settings(Settings(sound=False), folder)
    assert load_settings(folder).settings == Settings(sound=False)


def test_no_folder_for_the_settings_means_the_defaults_and_nothing_written(monkeypatch):
    # No --data-dir nor MAGDAGDON_DATA_DIR, and the system cannot say where the per-user
    # folder is: the game starts with its defaults and does not try to save them.
    import platformdirs

    def no_home(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "/home/nobody")

    monkeypatch.delenv("MAGDAGDON_DATA_DIR", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", no_home)
    loaded = load_settings()
    assert (loaded.settings, loaded.writable, loaded.notice) == (Settings(), False, None)


@pytest.mark.parametrize("bad", [
    {"difficulty": "EASY"}, {"sound": "yes"}, {"volume": 101}, {"volume": True}, {"large_text": 1},
    {"language": "Urdu"}, {"name": "two\nlines"},
])
def test_one_bad_value_is_dropped_and_the_rest_kept(tmp_path, bad):
    good = {"difficulty": "NIGHTMARE", "sound": False, "fullscreen": True, "language": "ur", "volume": 40,
            "large_text": True, "name": "Ana"}
    loaded = _read_back(tmp_path, **{**good, **bad})
    (field, value), = bad.items()
    expected = Settings.from_data({k: v for k, v in good.items() if k != field})
    assert loaded.settings == expected and loaded.writable
    assert loaded.notice.kind is NoticeKind.SETTING_DROPPED and len(loaded.dropped) == 1 and field in loaded.dropped[0]
    assert json.loads(open(loaded.notice.moved_to).read())["data"][field] == value  # the file as found, set aside
    again = load_settings(tmp_path)  # the rest was written back: no notice the next time
    assert again.settings == expected and again.notice is None


def test_a_bad_setting_is_one_line_on_stderr_and_a_notice_on_the_title(tmp_path, capfd):
    from support.player import Player

    document = {"kind": "magdagdon-settings", "version": 1, "data": {"difficulty": "NIGHTMARE", "volume": 101,
                                                                     "name": "Ana"}}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(document), encoding="utf-8")
    player = Player(tmp_path)
    try:
        player.wait(0.5)
        lines = [line for line in capfd.readouterr().err.splitlines() if "settings.json" in line]
        assert len(lines) == 1 and "bad volume 101" in lines[0] and "the other settings are kept" in lines[0]
        assert player.top.notices() == ["settings.json: a bad setting was dropped, the others kept."]
        assert player.control.preferences.saved.difficulty is Difficulty.NIGHTMARE
        assert player.control.preferences.saved.name == "Ana"
    finally:
        player.close()
