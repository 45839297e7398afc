"""Challenge codes name a game — its seed and its difficulty — one code per game; a mistyped
code is refused far more often than it names another game; the first version's six-character
codes (the seed alone) are still read as they were."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, strategies as st

from magdagdon.engine import Difficulty, Game, roll_dice
from magdagdon.engine.challenge import (
    ALPHABET, CODE_LENGTH, CODE_SPACE, SEED_ONLY_LENGTH, BadCode, Challenge, code_for, daily_seed, has_code,
    read_code,
)

seeds = st.integers(0, CODE_SPACE - 1)
difficulties = st.sampled_from(list(Difficulty))


def first_version_code(seed: int) -> str:
    """How the first version wrote a seed's code (six characters, no difficulty)."""
    mask = (1 << 30) - 1
    mixed = ((seed * (0x2545F491 & mask | 1)) & mask) ^ (0x15A4E35 & mask)
    return "".join(ALPHABET[(mixed >> shift) & 31] for shift in range(25, -1, -5))


def test_code_space_covers_every_seed_a_new_game_draws() -> None:
    assert len(set(ALPHABET)) == 32 and CODE_SPACE == 2**30 and CODE_LENGTH == 7
    assert CODE_SPACE > 10**9  # new games draw seeds below 10**9
    assert not set(ALPHABET) & set("ILOU")


@given(seeds, difficulties)
def test_every_game_round_trips(seed: int, difficulty: Difficulty) -> None:
    code = code_for(seed, difficulty)
    assert len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)
    assert read_code(code) == Challenge(seed, difficulty)


@given(st.text(alphabet=ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH))
def test_every_code_is_one_game_or_none(code: str) -> None:
    try:
        challenge = read_code(code)
    except BadCode as bad:
        assert bad.reason == "unknown" and bad.text == code and repr(code) in str(bad)  # the error names the code
        return
    assert challenge.difficulty is not None and code_for(challenge.seed, challenge.difficulty) == code


def test_the_same_dice_in_another_difficulty_is_another_code() -> None:
    codes = {code_for(123456789, difficulty) for difficulty in Difficulty}
    assert len(codes) == 3
    assert {read_code(code).difficulty for code in codes} == set(Difficulty)


def test_a_mistyped_character_is_refused_nine_times_in_ten() -> None:
    refused = tried = 0
    for seed in range(0, CODE_SPACE, CODE_SPACE // 700):
        code = code_for(seed, list(Difficulty)[seed % 3])
        for place in range(CODE_LENGTH):
            typo = code[:place] + ALPHABET[(ALPHABET.index(code[place]) + 7) % 32] + code[place + 1:]
            tried += 1
            try:
                read_code(typo)
            except BadCode as bad:
                assert bad.reason == "unknown"
                refused += 1
    assert refused / tried > 0.85


def test_neighbouring_seeds_look_unrelated() -> None:
    codes = [code_for(seed, Difficulty.PEACEFUL) for seed in range(5000)]
    assert len(set(codes)) == 5000
    for place in range(CODE_LENGTH):  # no character stays put from one seed to the next
        assert len({code[place] for code in codes[:200]}) > 16


@given(seeds)
def test_a_first_version_code_is_read_as_it_was(seed: int) -> None:
    code = first_version_code(seed)
    assert read_code(code) == Challenge(seed, None)  # the seed; the difficulty is the player's
    typed = f" {code[:3].lower()}-{code[3:]} ".replace("0", "o").replace("1", "l")
    assert read_code(typed) == Challenge(seed, None)


def test_the_first_versions_example_code() -> None:
    assert read_code("J1ZEN4") == Challenge(1, None)


@given(seeds, difficulties)
def test_reading_forgives_case_spaces_and_look_alikes(seed: int, difficulty: Difficulty) -> None:
    code = code_for(seed, difficulty)
    typed = f" {code[:3].lower()}-{code[3:]} ".replace("0", "o").replace("1", "l")
    assert read_code(typed) == Challenge(seed, difficulty)


def test_the_edges_of_the_space() -> None:
    for seed in (0, 1, 10**9 - 1, CODE_SPACE - 1):
        for difficulty in Difficulty:
            assert read_code(code_for(seed, difficulty)) == Challenge(seed, difficulty)


@pytest.mark.parametrize("text, reason", [
    ("", "empty"), ("   ", "empty"), ("ABC12", "wrong_length"), ("ABC12345", "wrong_length"),
    ("ABC12U", "wrong_characters"), ("ABC!23", "wrong_characters"), ("ΑΒΓ123", "wrong_characters"),
    ("١٢٣٤٥٦", "wrong_characters"),
    # Unicode upper-casing makes ASCII of these ("SS", "I"): only ASCII letters and digits count.
    ("ßßß", "wrong_characters"), ("ıııııı", "wrong_characters"), ("ﬀﬀﬀ", "wrong_characters"),
    ("ǆǆǆ", "wrong_characters"), ("ＡＢＣ１２３", "wrong_characters"),
])
def test_bad_codes_say_why(text: str, reason: str) -> None:
    with pytest.raises(BadCode) as caught:
        read_code(text)
    assert caught.value.reason == reason


@given(st.text(max_size=12))
def test_any_text_is_a_game_or_a_bad_code(text: str) -> None:
    try:
        challenge = read_code(text)
    except BadCode:
        return
    assert has_code(challenge.seed)
    assert len("".join(c for c in text if c not in " -_\t")) in (CODE_LENGTH, SEED_ONLY_LENGTH)
    assert text.isascii()  # a code is typed in ASCII letters and digits, whatever else it looks like


@pytest.mark.parametrize("seed", [-1, CODE_SPACE, 2**63 - 1, True])
def test_seeds_outside_the_space_have_no_code(seed: int) -> None:
    assert not has_code(seed)
    with pytest.raises(ValueError):
        code_for(seed, Difficulty.PEACEFUL)


def test_a_code_plays_the_same_dice() -> None:
    challenge = read_code(code_for(123456789, Difficulty.NIGHTMARE))
    assert Game(challenge.difficulty, seed=challenge.seed).seed == 123456789
    assert roll_dice(challenge.seed, 3, 1) == roll_dice(123456789, 3, 1)


def test_todays_dice_change_daily_and_have_a_code() -> None:
    first = date(2026, 11, 30)
    seeds = [daily_seed(first + timedelta(days=n)) for n in range(366)]
    assert len(set(seeds)) == 366
    assert all(has_code(s) for s in seeds)
    assert daily_seed(first) == daily_seed(date(2026, 11, 30))


def test_codes_once_given_out_name_the_same_game_for_ever():
    # Players pass codes to each other: a code written down today must read the same later.
    given_out = {
        "EJWFT8V": (0, Difficulty.PEACEFUL),
        "78WFPJA": (123456789, Difficulty.NIGHTMARE),
        "3E0Z8PW": (2**30 - 1, Difficulty.SURVIVAL),
        "GJX8WNM": (77, Difficulty.SURVIVAL),
    }
    for code, (seed, difficulty) in given_out.items():
        assert code_for(seed, difficulty) == code
        challenge = read_code(code)
        assert (challenge.seed, challenge.difficulty) == (seed, difficulty)
