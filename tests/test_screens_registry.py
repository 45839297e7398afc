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


def test_a_screen_named_by_its_value_stands_on_the_stack_by_its_key(tmp_path) -> None:
    # Scripts and tests are not checked by mypy and may name a screen by its string; the
    # machine keeps the key, so a check such as `top_key is ScreenKey.TITLE` holds for them.
    player = Player(tmp_path, (800, 600), seed=1)
    try:
        player.restart_at("rolling")
        player.push("title")
        player.wait(0.1)
        assert player.stack_keys == [ScreenKey.ROLLING, ScreenKey.TITLE]
        assert all(type(key) is ScreenKey for key in player.stack_keys)
    finally:
        player.close()
