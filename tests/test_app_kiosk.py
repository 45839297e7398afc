"""``--kiosk``: guests cannot leave (no Quit, Esc, Alt+F4, close button, window mode); the
system (SIGTERM) and the operator (Ctrl+Shift+Q held) can; ``kiosk.json`` configures it,
and a damaged one gives one notice and the defaults."""

import json
import os
import signal

import pygame
import pytest

from magdagdon.storage.kiosk_config import KIOSK_FILE, KioskConfig, load_kiosk_config

from support.player import Player

CTRL_SHIFT = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT


def kiosk(tmp_path, **options) -> Player:
    player = Player(tmp_path, kiosk=True, **options)
    player.wait(1.0)
    return player


def write_config(tmp_path, data) -> None:
    document = {"kind": "magdagdon-kiosk", "version": 1, "data": data}
    (tmp_path / KIOSK_FILE).write_text(json.dumps(document), encoding="utf-8")


def test_menus_offer_no_way_out(tmp_path):
    player = kiosk(tmp_path)
    assert player.top_key == "title"
    assert "quit" not in player.menu_button_rects()
    player.choose("settings")
    assert "display" not in player.menu_button_rects()
    assert "sound" in player.menu_button_rects()


def test_esc_alt_f4_and_the_close_button_do_not_leave(tmp_path):
    player = kiosk(tmp_path)
    for _ in range(4):
        player.key(pygame.K_ESCAPE)
    player.key(pygame.K_F4, mod=pygame.KMOD_LALT)  # a grabbed keyboard delivers Alt+F4 as keys
    player.post(pygame.WINDOWCLOSE)  # the close button
    player.wait(0.5)
    player.post(pygame.WINDOWCLOSE)  # where SDL's hint is not honoured, QUIT follows the close
    player.post(pygame.QUIT)
    player.wait(0.5)
    assert not player.control.machine.quit_requested
    player.choose("play")
    assert player.top_key == "rolling"


def test_sigterm_ends_the_game_cleanly_and_saves_it(tmp_path):
    player = Player(tmp_path, kiosk=True, scene="staging", seed=3)
    player.wait(0.5)
    started = player.now
    os.kill(os.getpid(), signal.SIGTERM)  # what systemctl stop sends
    player.wait(5.0)
    assert player.control.machine.quit_requested
    assert player.now - started < 0.2  # within a frame or two (the limit is 2 s)
    assert (tmp_path / "in_progress.json").exists()
    assert signal.getsignal(signal.SIGTERM) is not player.control.termination._on_signal  # handed back


def test_the_operator_chord_must_be_held(tmp_path):
    player = kiosk(tmp_path)
    hold = KioskConfig().exit_hold_seconds
    player.post(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
    player.post(pygame.KEYUP, hold - 1.0, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
    player.wait(hold + 1.0)
    assert not player.control.machine.quit_requested  # let go too early
    player.post(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    player.wait(hold + 1.0)
    assert not player.control.machine.quit_requested  # no Shift
    player.post(pygame.KEYUP, key=pygame.K_q, mod=0, unicode="", scancode=0)
    for repeat in range(int(hold * 20) + 4):  # held, with the key repeating
        player.post(pygame.KEYDOWN, repeat * 0.05, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
    player.wait(hold + 0.5)
    assert player.control.machine.quit_requested


def test_the_pointer_hides_for_touch_and_pads_and_shows_for_a_mouse(tmp_path):
    player = kiosk(tmp_path)
    player.post(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=0, touch_id=1)
    player.post(pygame.FINGERUP, 0.05, x=0.5, y=0.5, dx=0, dy=0, finger_id=0, touch_id=1)
    player.wait(0.3)
    assert not pygame.mouse.get_visible()
    player.post(pygame.MOUSEMOTION, pos=(10, 10), rel=(3, 3), buttons=(0, 0, 0), touch=False)
    player.wait(0.3)
    assert pygame.mouse.get_visible()
    player.post(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0)
    player.wait(0.3)
    assert not pygame.mouse.get_visible()


def test_a_missing_config_is_written_as_a_template_of_the_defaults(tmp_path):
    kiosk(tmp_path)
    assert load_kiosk_config(tmp_path).config == KioskConfig()
    assert json.loads((tmp_path / KIOSK_FILE).read_text(encoding="utf-8"))["data"]["idle_seconds"] == 30


def test_the_config_limits_difficulties_and_the_name_wait(tmp_path):
    write_config(tmp_path, {"difficulties": ["NIGHTMARE"], "name_seconds": 7, "language": None})
    player = kiosk(tmp_path)
    assert player.control.games.difficulty.name == "NIGHTMARE"
    assert player.control.games.name_timeout == 7.0
    player.choose("settings")
    assert [i for i in player.menu_button_rects() if i.startswith("difficulty:")] == ["difficulty:NIGHTMARE"]


@pytest.mark.parametrize("content", [
    b"{not json",
    b"",
    json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": {"idle_seconds": -5}}).encode(),
    json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": {"difficulties": []}}).encode(),
    json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": {"attract_steps": ["dance"]}}).encode(),
    json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": {"language": "../../etc"}}).encode(),
    json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": {"countdown_seconds": True}}).encode(),
    json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": {"coach_every_game": "yes"}}).encode(),
])
def test_a_damaged_config_gives_one_notice_and_the_defaults(tmp_path, capsys, content):
    (tmp_path / KIOSK_FILE).write_bytes(content)
    player = kiosk(tmp_path)
    assert player.control.kiosk == KioskConfig()
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("magdagdon:")]
    assert errors == ["magdagdon: kiosk.json was damaged and set aside."]
    assert player.top_key == "title" and not player.control.machine.quit_requested
    assert any(p.name.startswith(KIOSK_FILE + ".corrupt-") for p in tmp_path.iterdir())
    assert player.control.notices.latest(2)[-1] == "kiosk.json was damaged and set aside."  # shown on the title


# --- docs/KIOSK.md ------------------------------------------------------------------------------

def kiosk_doc_block(language: str) -> str:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "KIOSK.md").read_text(encoding="utf-8")
    return re.search(rf"```{language}\n(.+?)\n```", text, re.S).group(1)


def test_the_documented_kiosk_json_is_the_template_the_game_writes(tmp_path):
    load_kiosk_config(tmp_path)  # no file yet: writes the template
    written = json.loads((tmp_path / KIOSK_FILE).read_text(encoding="utf-8"))
    assert json.loads(kiosk_doc_block("json")) == written


def test_the_documented_systemd_unit_verifies(tmp_path):
    import shutil
    import subprocess
    import sys

    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed here")
    unit = kiosk_doc_block("ini").replace("/opt/magdagdon/venv/bin/python", sys.executable)
    path = tmp_path / "magdagdon-kiosk.service"
    path.write_text(unit + "\n", encoding="utf-8")
    env = dict(os.environ, XDG_RUNTIME_DIR=str(tmp_path))
    result = subprocess.run(["systemd-analyze", "--user", "verify", str(path)], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and "magdagdon-kiosk.service" not in result.stderr, result.stderr


def test_every_guest_s_first_turn_is_coached_unless_the_config_says_not(tmp_path):
    from magdagdon.engine import Difficulty, Game

    player = kiosk(tmp_path / "every", coach=True)
    coach = player.control.coach
    first, second = Game(Difficulty.PEACEFUL, 11), Game(Difficulty.PEACEFUL, 12)
    assert coach.mark(first, None) is not None
    coach.skip()  # this guest skips the guide ...
    assert coach.mark(first, None) is None
    assert coach.mark(second, None) is not None  # ... the next guest is guided again
    player.close()

    (tmp_path / "once").mkdir()
    write_config(tmp_path / "once", {"coach_every_game": False})
    player = kiosk(tmp_path / "once", coach=True)
    coach = player.control.coach
    assert coach.mark(first, None) is not None
    coach.skip()
    assert coach.mark(second, None) is None
    player.close()
