"""The world board's address: the game has none of its own (no domain it does not control
ever receives a name), and what a player types or a file holds is an http(s) URL with a
host, or one reason why not."""

from __future__ import annotations

import pytest

import magdagdon.board.address as address_module
from magdagdon.app.world.world_board import BoardChoice
from magdagdon.board.address import AddressProblem, BadAddress, board_host, check_board_address, typed_board_address
from magdagdon.storage.settings import Settings


@pytest.mark.parametrize("typed, kept", [
    ("https://board.example.org/", "https://board.example.org"),
    ("  HTTP://Board.Example.org:8766/v1board/ ", "http://board.example.org:8766/v1board"),
    ("http://127.0.0.1:8766", "http://127.0.0.1:8766"),
    ("http://[::1]:8766/", "http://[::1]:8766"),
    ("https://bücher.example/", "https://bücher.example"),
])
def test_an_address_is_kept_in_one_form(typed, kept):
    assert check_board_address(typed) == kept
    assert check_board_address(kept) == kept


@pytest.mark.parametrize("typed, problem", [
    ("board.example.org", AddressProblem.SCHEME), ("ftp://board.example.org", AddressProblem.SCHEME),
    ("javascript:alert(1)", AddressProblem.SCHEME), ("http://", AddressProblem.HOST),
    ("http://-board.org", AddressProblem.HOST), ("http://a_b.org", AddressProblem.HOST),
    ("http://[::1", AddressProblem.HOST), ("http://a:0", AddressProblem.PORT),
    ("http://a:70000", AddressProblem.PORT), ("http://a:x", AddressProblem.PORT), ("http://a:", AddressProblem.PORT),
    ("http://me@a.org", AddressProblem.FORM), ("http://a.org/?q=1", AddressProblem.FORM),
    ("http://a.org/#x", AddressProblem.FORM), ("http://a.org/b c", AddressProblem.FORM),
    ("http://a.org/\u202e", AddressProblem.FORM), ("http://a.org/" + "x" * 200, AddressProblem.FORM),
])
def test_what_is_not_an_address_says_why(typed, problem):
    with pytest.raises(BadAddress) as bad:
        check_board_address(typed)
    assert bad.value.problem is problem


def test_a_typed_host_alone_is_read_as_https_and_settings_show_the_host():
    assert typed_board_address("board.example.org") == "https://board.example.org"
    assert typed_board_address("http://127.0.0.1:8766") == "http://127.0.0.1:8766"
    assert board_host("https://board.example.org:8443/x") == "board.example.org:8443"


def test_the_game_has_no_address_of_its_own():
    assert Settings().board_url is None
    constants = [value for name, value in vars(address_module).items() if not name.startswith("__")]
    assert not any(isinstance(value, str) and "://" in value for value in constants)
    assert BoardChoice(True, None).address is None
