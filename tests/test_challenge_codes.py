"""Challenge codes name every seed a game draws, one code per seed, and refuse anything else."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, strategies as st

from magdagdon.engine import Game, roll_dice
from magdagdon.engine.challenge import (
    ALPHABET, CODE_LENGTH, CODE_SPACE, BadCode, code_for_seed, daily_seed, has_code, seed_for_code,
)

codes = st.text(alphabet=ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH)


def test_code_space_covers_every_seed_a_new_game_draws() -> None:
    assert len(set(ALPHABET)) == 32 and CODE_SPACE == 32**CODE_LENGTH
    assert CODE_SPACE > 10**9  # new games draw seeds below 10**9
    assert not set(ALPHABET) & set("ILOU")


@given(st.integers(0, CODE_SPACE - 1))
def test_every_seed_round_trips(seed: int) -> None:
    code = code_for_seed(seed)
    assert len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)
    assert seed_for_code(code) == seed


@given(codes)
def test_every_code_names_a_seed_that_writes_it_back(code: str) -> None:
    # With the seed round trip this makes the mapping a bijection between the seeds and the codes.
    assert code_for_seed(seed_for_code(code)) == code


@given(st.integers(0, CODE_SPACE - 1))
def test_reading_forgives_case_spaces_and_look_alikes(seed: int) -> None:
    code = code_for_seed(seed)
    typed = f" {code[:3].lower()}-{code[3:]} ".replace("0", "o").replace("1", "l")
    assert seed_for_code(typed) == seed


def test_the_edges_of_the_space() -> None:
    for seed in (0, 1, 10**9 - 1, CODE_SPACE - 1):
        assert seed_for_code(code_for_seed(seed)) == seed
    assert len({code_for_seed(s) for s in range(5000)}) == 5000


@pytest.mark.parametrize("text, reason", [
    ("", "empty"), ("   ", "empty"), ("ABC12", "wrong_length"), ("ABC1234", "wrong_length"),
    ("ABC12U", "wrong_characters"), ("ABC!23", "wrong_characters"), ("ΑΒΓ123", "wrong_characters"),
    ("١٢٣٤٥٦", "wrong_characters"),
    # Unicode upper-casing makes ASCII of these ("SS", "I"): only ASCII letters and digits count.
    ("ßßß", "wrong_characters"), ("ıııııı", "wrong_characters"), ("ﬀﬀﬀ", "wrong_characters"),
    ("ǆǆǆ", "wrong_characters"), ("ＡＢＣ１２３", "wrong_characters"),
])
def test_bad_codes_say_why(text: str, reason: str) -> None:
    with pytest.raises(BadCode) as caught:
        seed_for_code(text)
    assert caught.value.reason == reason


@given(st.text(max_size=12))
def test_any_text_is_a_seed_or_a_bad_code(text: str) -> None:
    try:
        seed = seed_for_code(text)
    except BadCode:
        return
    assert has_code(seed)
    assert text.isascii()  # a code is typed in ASCII letters and digits, whatever else it looks like


@pytest.mark.parametrize("seed", [-1, CODE_SPACE, 2**63 - 1, True])
def test_seeds_outside_the_space_have_no_code(seed: int) -> None:
    assert not has_code(seed)
    with pytest.raises(ValueError):
        code_for_seed(seed)


def test_a_code_plays_the_same_dice() -> None:
    seed = seed_for_code(code_for_seed(123456789))
    assert Game(seed=seed).seed == 123456789
    assert roll_dice(seed, 3, 1) == roll_dice(123456789, 3, 1)


def test_todays_dice_change_daily_and_have_a_code() -> None:
    first = date(2026, 11, 30)
    seeds = [daily_seed(first + timedelta(days=n)) for n in range(366)]
    assert len(set(seeds)) == 366
    assert all(has_code(s) for s in seeds)
    assert daily_seed(first) == daily_seed(date(2026, 11, 30))
