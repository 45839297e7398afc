"""``--kiosk``: guests cannot leave (no Quit, Esc, Alt+F4, close button, window mode); the
system (SIGTERM) and the operator (Ctrl+Shift+Q held) can; ``kiosk.json`` configures it,
and a damaged one gives one notice and the defaults."""

import json
import os
import signal

import pygame
import pytest

from magdagdon.app.audit.draw_log import Role
from magdagdon.app.audit.plan_audit import audit_plan
from magdagdon.app.audit.plan_match import match_plan
from magdagdon.app.text.fit import min_text_px
from magdagdon.engine import Difficulty
from magdagdon.storage.kiosk_config import KIOSK_FILE, KioskConfig, load_kiosk_config
from magdagdon.storage.settings import load_settings

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
    assert not player.quit_requested
    player.choose("play")
    assert player.top_key == "rolling"


def test_sigterm_ends_the_game_cleanly_and_saves_it(tmp_path):
    player = Player(tmp_path, kiosk=True, scene="staging", seed=3)
    player.wait(0.5)
    started = player.now
    os.kill(os.getpid(), signal.SIGTERM)  # what systemctl stop sends
    player.wait(5.0)
    assert player.quit_requested
    assert player.now - started < 0.2  # within a frame or two (the limit is 2 s)
    assert (tmp_path / "in_progress.json").exists()
    assert signal.getsignal(signal.SIGTERM) != player.termination_handler  # handed back (a bound method is a new object at each read: compared by equality)


def test_the_operator_chord_must_be_held(tmp_path):
    player = kiosk(tmp_path)
    hold = KioskConfig().exit_hold_seconds
    player.post(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
    player.post(pygame.KEYUP, hold - 1.0, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
    player.wait(hold + 1.0)
    assert not player.quit_requested  # let go too early
    player.post(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    player.wait(hold + 1.0)
    assert not player.quit_requested  # no Shift
    player.post(pygame.KEYUP, key=pygame.K_q, mod=0, unicode="", scancode=0)
    for repeat in range(int(hold * 20) + 4):  # held, with the key repeating
        player.post(pygame.KEYDOWN, repeat * 0.05, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
    player.wait(hold + 0.5)
    assert player.quit_requested


def test_holding_the_operator_chord_counts_down_on_screen(tmp_path):
    player = kiosk(tmp_path)
    hold = KioskConfig().exit_hold_seconds
    text = player.top.text

    def words() -> set[str]:
        return set(player.frame_log.words())

    player.post(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
    player.wait(0.3)
    assert text("kiosk.leaving", seconds=hold) in words()  # at once, without other input
    player.wait(1.0)
    assert text("kiosk.leaving", seconds=hold - 1) in words()
    player.post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    player.wait(0.3)
    assert not any(w.startswith(text("kiosk.leaving", seconds=1)[:8]) for w in words())  # let go: it stays
    assert not player.quit_requested


def test_the_count_down_is_planned_once_a_second_before_the_frame_not_while_drawing(tmp_path):
    """The band over everything is the loop's, outside the screens: its words' size is
    found when the count changes, before the frame is drawn, and drawing only reads it."""
    from support.draw_searches import searches_while_drawing

    player = kiosk(tmp_path)
    hold = KioskConfig().exit_hold_seconds
    try:
        with searches_while_drawing() as heard:
            player.post(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
            player.wait(0.3)
            band = player.control.kiosk.leaving
            assert band is not None and band.plan is not None and band.plan.inputs.seconds == hold
            made = band.plans_made
            for _ in range(3):
                player.post(pygame.WINDOWEXPOSED)  # frames drawn within the same second
                player.wait(0.1)
            assert band.plans_made == made
            player.wait(1.0)
            assert band.plan.inputs.seconds == hold - 1 and band.plans_made == made + 1
            player.post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
            player.wait(0.3)
            assert band.plan is None  # let go: no band
        assert heard == []
    finally:
        player.close()


def test_the_count_down_band_is_placed_over_everything_and_drawn_where_placed(tmp_path):
    """The plan audit sees the band as a player does: over the screen, its words where the
    frame draws them, readable."""
    player = kiosk(tmp_path, size=(800, 600))
    try:
        player.post(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL_SHIFT, unicode="", scancode=0)
        player.wait(0.3)
        frame, pieces = player.drawn(), player.control.placed()
        band = [piece for piece in pieces if piece.role is Role.NOTICE and piece.layer == max(p.layer for p in pieces)]
        assert len(band) == 1 and str(KioskConfig().exit_hold_seconds) in band[0].words
        assert audit_plan(pieces, frame.size, min_text_px(frame.size)) == [] and match_plan(frame, pieces) == []
    finally:
        player.close()


def test_a_guest_s_language_stays_with_that_guest(tmp_path):
    """A guest picks Urdu in Settings: the attract loop comes back in the kiosk's own
    language, and so does the kiosk after a restart."""
    player = kiosk(tmp_path)
    player.choose("settings")
    player.choose("language:ur")
    assert player.text.locale == "ur"
    player.choose("back")
    player.wait(KioskConfig().idle_seconds + 2)
    assert player.top_key == "attract_card" and player.text.locale == "en"
    player.shut_down()  # the kiosk ends (its claim on the folder goes with it)
    player.close()
    again = kiosk(tmp_path)
    assert again.text.locale == "en"


def test_a_guest_after_a_nightmare_guest_starts_peaceful(tmp_path):
    """A guest picks NIGHTMARE and large text: the next guest starts as the evening began,
    and so does the kiosk after a restart (a guest's choices are never written as its own)."""
    player = kiosk(tmp_path)
    player.choose("settings")
    player.choose("large_text")
    player.choose("difficulty:NIGHTMARE")  # a new game in NIGHTMARE, which the guest leaves
    assert player.difficulty is Difficulty.NIGHTMARE and player.control.preferences.current.large_text
    player.wait(KioskConfig().idle_seconds + 2)
    assert player.top_key == "attract_card"
    player.tap((10, 10))  # the next guest
    assert player.top_key == "title" and player.difficulty is Difficulty.PEACEFUL
    assert not player.control.preferences.current.large_text
    saved = load_settings(tmp_path).settings
    assert saved.difficulty is None and saved.large_text is None
    player.shut_down()
    player.close()
    again = kiosk(tmp_path)
    assert again.difficulty is Difficulty.PEACEFUL


def test_a_second_kiosk_on_the_same_data_folder_says_it_is_in_use(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    first = kiosk(tmp_path)
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    second = subprocess.run([sys.executable, "-m", "magdagdon", "--kiosk", "--data-dir", str(tmp_path), "--frames", "5"],
                            capture_output=True, text=True, timeout=60, env=environment,
                            cwd=Path(__file__).resolve().parent.parent)
    assert second.returncode == 1
    lines = [line for line in second.stderr.splitlines() if line.startswith("magdagdon:")]
    assert lines == [f"magdagdon: the data folder {tmp_path} is in use by another kiosk: this one does not start"]
    assert "Traceback" not in second.stderr
    first.shut_down()
    first.close()
    after = subprocess.run([sys.executable, "-m", "magdagdon", "--kiosk", "--data-dir", str(tmp_path), "--frames", "5"],
                           capture_output=True, text=True, timeout=60, env=environment,
                           cwd=Path(__file__).resolve().parent.parent)
    assert after.returncode == 0, after.stderr  # the folder is free again


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
    assert player.difficulty.name == "NIGHTMARE"
    assert player.name_timeout == 7.0
    player.choose("settings")
    assert [i for i in player.menu_button_rects() if i.startswith("difficulty:")] == ["difficulty:NIGHTMARE"]


def _kiosk_file(**data) -> bytes:
    return json.dumps({"kind": "magdagdon-kiosk", "version": 1, "data": data}).encode()


@pytest.mark.parametrize("content, named", [
    (b"{not json", "not JSON"),
    (b"", "not JSON"),
    (_kiosk_file(idle_seconds=-5), "idle_seconds is -5"),
    (_kiosk_file(difficulties=[]), "difficulties is []"),
    (_kiosk_file(attract_steps=["dance"]), 'attract_steps is ["dance"]'),
    (_kiosk_file(language="../../etc"), 'language is "../../etc"'),
    (_kiosk_file(language="xx"), 'language is "xx": the game speaks en, hi, it, ur'),
    (_kiosk_file(countdown_seconds=True), "countdown_seconds is true"),
    (_kiosk_file(coach_every_game="yes"), 'coach_every_game is "yes"'),
])
def test_a_damaged_config_gives_one_notice_and_the_defaults(tmp_path, capsys, content, named):
    (tmp_path / KIOSK_FILE).write_bytes(content)
    player = kiosk(tmp_path)
    assert player.kiosk_config == KioskConfig()
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("magdagdon:")]
    # one line for the operator's log, naming what was wrong: the field and its value
    assert len(errors) == 1 and errors[0].startswith("magdagdon: kiosk.json was damaged and set aside. ")
    assert named in errors[0] and errors[0].endswith("The defaults apply.")
    assert player.top_key == "title" and not player.quit_requested
    assert any(p.name.startswith(KIOSK_FILE + ".corrupt-") for p in tmp_path.iterdir())
    assert player.notices(2)[-1] == "kiosk.json was damaged and set aside."  # shown on the title


def test_the_config_notice_is_seen_once_then_goes(tmp_path):
    (tmp_path / KIOSK_FILE).write_bytes(_kiosk_file(idle_seconds=-5))
    player = kiosk(tmp_path)
    notice = "kiosk.json was damaged and set aside."
    assert notice in player.top.notices()  # the operator's first look at the title
    player.wait(KioskConfig().idle_seconds + 2)  # the evening begins: the attract loop
    assert player.top_key == "attract_card"
    player.tap((10, 10))  # a guest wakes it
    assert player.top_key == "title" and notice not in player.top.notices()
    assert player.notices(5) == []


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
    coach = player.coach
    first, second = Game(Difficulty.PEACEFUL, 11), Game(Difficulty.PEACEFUL, 12)
    coach.follow(first)  # as the table does on each update
    assert coach.mark(first, None) is not None
    coach.skip()  # this guest skips the guide ...
    assert coach.mark(first, None) is None
    assert coach.mark(second, None) is not None  # ... the next guest is guided again
    coach.follow(second)
    assert coach.mark(second, None) is not None
    player.close()

    (tmp_path / "once").mkdir()
    write_config(tmp_path / "once", {"coach_every_game": False})
    player = kiosk(tmp_path / "once", coach=True)
    coach = player.coach
    coach.follow(first)
    assert coach.mark(first, None) is not None
    coach.skip()
    coach.follow(second)
    assert coach.mark(second, None) is None
    player.close()
