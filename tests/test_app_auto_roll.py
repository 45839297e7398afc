"""Auto-roll: a yes/no setting added as one field of Settings and one line of the menu's
toggles. Chosen in Settings it is saved, read back on the next run, and a person's dice
are then thrown by themselves a moment after each turn; a menu over the table pauses it,
and with it off the table waits for ROLL as ever."""

import pygame
import pytest

from magdagdon.app.menus.settings_menu import TOGGLES
from magdagdon.app.table.rolling import AUTO_ROLL_PAUSE
from magdagdon.app.shell.loop import UPDATES_PER_SECOND
from magdagdon.engine import Phase
from magdagdon.storage.settings import Settings, load_settings, save_settings

from support.player import Player

PAUSE = AUTO_ROLL_PAUSE / UPDATES_PER_SECOND


def at_roll(tmp_path, **settings) -> Player:
    save_settings(Settings(**settings), tmp_path)
    player = Player(tmp_path, (1280, 720), scene="rolling", seed=3)
    player.wait(0.2)
    assert player.top_key == "rolling" and player.table.game.phase is Phase.ROLL
    return player


def test_every_toggle_names_a_yes_no_field_of_the_settings() -> None:
    flags = {name for name, kind in Settings.__annotations__.items() if kind == "bool | None"}
    assert {toggle.setting for toggle in TOGGLES} <= flags
    assert "auto_roll" in {toggle.setting for toggle in TOGGLES}


def test_auto_roll_chosen_in_settings_is_saved_and_read_back_with_its_label(tmp_path) -> None:
    player = Player(tmp_path, (1280, 720), sound=None)
    player.wait(0.5)
    player.choose("settings")
    assert "auto_roll" in player.menu_button_rects()
    assert "Auto-roll: off" in [text for text, _ in player.look()]
    player.choose("auto_roll")
    assert load_settings(tmp_path).settings.auto_roll is True
    assert player.settings.auto_roll is True
    assert "Auto-roll: on" in [text for text, _ in player.look()]
    player.close()
    again = Player(tmp_path, (1280, 720))
    assert again.settings.auto_roll is True
    again.close()


def test_with_auto_roll_on_the_dice_are_thrown_after_the_pause(tmp_path) -> None:
    player = at_roll(tmp_path, auto_roll=True)
    player.wait(PAUSE * 0.6)
    assert player.table.game.phase is Phase.ROLL  # not at once: the last turn is seen settling
    player.wait(PAUSE * 0.6 + 0.1)
    game = player.session.game
    assert game.phase is not Phase.ROLL and game.dice  # thrown once, by itself
    player.close()


def test_with_auto_roll_off_the_table_waits_for_roll(tmp_path) -> None:
    player = at_roll(tmp_path)
    player.wait(PAUSE * 4)
    assert player.top_key == "rolling" and player.table.game.phase is Phase.ROLL
    player.close()


@pytest.mark.parametrize("pause_seconds", [PAUSE * 3])
def test_a_menu_over_the_table_pauses_auto_roll_and_the_pause_starts_again_after(tmp_path, pause_seconds) -> None:
    player = at_roll(tmp_path, auto_roll=True)
    player.wait(PAUSE * 0.6)  # most of the pause gone, then a menu
    player.key(pygame.K_ESCAPE, then=0.0)
    player.wait(pause_seconds)
    assert player.top_key == "title" and player.session.game.phase is Phase.ROLL
    player.key(pygame.K_ESCAPE, then=0.0)
    player.wait(PAUSE * 0.5)
    assert player.top_key == "rolling" and player.table.game.phase is Phase.ROLL  # a whole pause again
    player.wait(PAUSE * 0.7)
    assert player.session.game.phase is not Phase.ROLL
    player.close()
