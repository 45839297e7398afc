"""The Large text and Volume settings, chosen in the Settings menu through the real loop:
they change what is drawn and heard at once, and are remembered for the next run."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402

from magdagdon.storage.settings import SETTINGS_FILE  # noqa: E402

from support.player import Player  # noqa: E402
from support.text_probe import drawn_texts  # noqa: E402


def guide_height(player: Player) -> int:
    """Pixel height of the guide line's text as drawn on the table now."""
    fonts = player.table.fonts
    message = next(t for t in drawn_texts(player) if t.text.startswith("Press ROLL"))
    return fonts.font(message.size).size(message.text)[1]


def test_large_text_enlarges_the_table_text_and_is_remembered(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=5)
    player.wait(0.5)
    assert player.top_key == "rolling"
    before = guide_height(player)
    player.key(27)  # Escape: the menu
    assert player.top_key == "title", player.top_key
    player.choose("settings")
    assert player.top_key == "settings"
    assert "Large text: off" in list(player.top.button_labels.values())
    title_before = player.top.title_label.image.get_height()
    player.choose("large_text")
    assert "Large text: on" in list(player.top.button_labels.values())
    assert player.text_scale > 1  # the menus' text grows too, and still fits
    assert player.top.title_label.image.get_height() >= title_before * 1.2
    assert player.top.text_overflow() <= 1
    player.choose("back")
    player.wait_for(lambda: player.top_key == "title")
    player.key(27)
    assert player.top_key == "rolling", player.top_key
    after = guide_height(player)
    assert after >= before * 1.2, (before, after)
    saved = json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))["data"]
    assert saved["large_text"] is True
    player.close()

    again = Player(tmp_path, (1920, 1080), seed=5)
    again.wait(0.5)
    assert again.table.fonts.scale > 1.0 and again.text_scale > 1.0
    again.close()


def test_volume_steps_down_and_is_remembered(tmp_path):
    player = Player(tmp_path, (800, 600), seed=5, scene="settings")
    player.wait(0.5)
    labels = []
    for _ in range(4):
        labels.append(player.top.button_labels["volume"])
        player.choose("volume")
    assert labels == ["Volume: 100%", "Volume: 75%", "Volume: 50%", "Volume: 25%"]
    assert player.volume == 1.0  # after 25 % comes 100 % again
    player.choose("volume")
    assert player.volume == 0.75
    player.close()
    again = Player(tmp_path, (800, 600), seed=5)
    assert again.volume == 0.75
    again.close()
