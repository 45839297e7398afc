"""The screens' registry: every key the machine opens screens by has its maker, and the
machine's factories are exactly the keys — a new screen is its file, a key and a case."""

import pytest

from magdagdon.app.shell.screen_key import ScreenKey
from magdagdon.app.shell.screens import make_screen

from support.player import Player


@pytest.fixture(scope="module")
def player(tmp_path_factory):
    player = Player(tmp_path_factory.mktemp("registry"), (800, 600))
    yield player
    player.close()


def test_the_machine_makes_exactly_the_registered_screens(player) -> None:
    assert player.screen_keys == set(ScreenKey)


def test_every_key_makes_a_screen_of_its_own(player) -> None:
    """Each key's case makes a state, and no two keys make the same kind of screen (a case
    copied without its maker changed would open the wrong screen)."""
    from magdagdon.app.shell.state_machine import State

    made = {key: make_screen(key, player.screen_services) for key in ScreenKey}
    assert all(isinstance(state, State) for state in made.values())
    kinds = {key: type(state) for key, state in made.items()}
    assert len(set(kinds.values())) == len(kinds), kinds


def test_the_licences_key_makes_the_licences_screen_on_the_menus_kit(player) -> None:
    made = make_screen(ScreenKey.LICENCES, player.screen_services)
    assert type(made).__name__ == "Licences" and made.kit is player.screen_services.menu


def test_a_key_is_its_name_where_a_string_is_read() -> None:
    assert ScreenKey.HIGH_SCORES == "high_scores" and f"{ScreenKey.HIGH_SCORES}" == "high_scores"
    assert str(ScreenKey.TITLE) == "title" and ScreenKey("title") is ScreenKey.TITLE
