"""The screens' registry: each line names a module (and maker) that makes its screen, and
the machine's factories are exactly the registry's keys — a new screen is its file and one
line there."""

import importlib

import pytest

from magdagdon.app.shell.screens import SCREENS, screen_factories

from support.player import Player


@pytest.mark.parametrize("key", sorted(SCREENS))
def test_every_registered_screen_names_a_maker_that_exists(key) -> None:
    module_name, _, maker = SCREENS[key].partition(":")
    assert callable(getattr(importlib.import_module(module_name), maker or "screen"))


def test_the_machine_makes_exactly_the_registered_screens(tmp_path) -> None:
    player = Player(tmp_path, (800, 600))
    assert player.screen_keys == set(SCREENS)
    player.close()


def test_a_screen_registered_by_one_line_opens_with_the_services_it_was_handed(tmp_path) -> None:
    player = Player(tmp_path, (800, 600))
    services = player.screen_services
    made = screen_factories(services, {"extra": "magdagdon.app.menus.licences"})["extra"]()
    assert type(made).__name__ == "Licences" and made.kit is services.menu
    player.close()
