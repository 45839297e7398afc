"""One checked decoding path: every data file's reader asks for its fields by type, and a
field that does not read is one error naming the file, the field's place in it, the value
found and what the field must hold. Difficulties are read by one decoder everywhere."""

from __future__ import annotations

import copy
import json

import pytest

from magdagdon.engine import Replay
from magdagdon.storage.daily_repair import read_days
from magdagdon.storage.daily_table import parse_days
from magdagdon.storage.decoding import BadField, Fields, Unfit, difficulty, integer, list_of, text
from magdagdon.storage.high_scores import ScoreEntry
from magdagdon.storage.kiosk_config import problem_of
from magdagdon.storage.recorded_game import RecordedGame
from magdagdon.storage.score_book import ScoreBook
from magdagdon.storage.settings import read_settings

from test_storage_support import NOW, finished_games

GAME = finished_games(1)[0]
ENTRY = RecordedGame(Replay.of(GAME), "Ada", NOW).entry()
DIFFICULTY_RULE = "it must be one of PEACEFUL, SURVIVAL, NIGHTMARE"


def _book_with_entry(**changes) -> dict:
    data = ScoreBook().to_data()
    data["tables"][ENTRY.difficulty.name] = [{**ENTRY.to_data(), **changes}]
    return data


def test_a_bad_field_names_its_file_and_its_place_in_it():
    with pytest.raises(BadField) as caught:
        ScoreBook.from_data(_book_with_entry(when="yesterday"))
    bad = caught.value
    assert (bad.document, bad.field) == ("scores.json", f"tables.{ENTRY.difficulty.name}[0].when")
    assert str(bad) == (f'scores.json: tables.{ENTRY.difficulty.name}[0].when is "yesterday": '
                        "it must be an ISO date and time with its time zone, from 1970 to 9998")
    assert bad.problem == str(bad).removeprefix("scores.json: ")  # for lines that name the file already


def test_a_bad_field_deep_in_daily_json_is_named_and_only_its_entry_set_aside():
    day = "2026-11-30"
    good, bad = ENTRY.to_data(), {**ENTRY.to_data(), "score": "many"}
    data = {day: {ENTRY.difficulty.name: [bad, good]}}
    with pytest.raises(BadField, match=rf'^daily\.json: {day}\.{ENTRY.difficulty.name}\[0\]\.score is "many": '):
        parse_days(data)
    # Read with its damage repaired, the bad entry is named and set aside alone.
    read = read_days(copy.deepcopy(data))
    assert read.damaged[0] == f'{day}.{ENTRY.difficulty.name}[0].score is "many": it must be a whole number ' \
                              "from -1000000000 to 1000000000"


def test_one_difficulty_decoder_reads_every_file_alike():
    assert difficulty("NIGHTMARE").name == "NIGHTMARE"
    for written in ("nightmare", "Peaceful", 2, None, ["PEACEFUL"]):
        with pytest.raises(Unfit, match=f"^{DIFFICULTY_RULE}$"):
            difficulty(written)
    # settings.json drops it with that rule, a score entry and a day's table refuse it with it.
    assert read_settings({"difficulty": "nightmare", "volume": 50}).dropped == (
        f'difficulty is "nightmare": {DIFFICULTY_RULE}',)
    with pytest.raises(BadField, match=f'^a score entry: difficulty is "nightmare": {DIFFICULTY_RULE}$'):
        ScoreEntry.from_data({**ENTRY.to_data(), "difficulty": "nightmare"})
    with pytest.raises(BadField, match=f'^daily.json: 2026-11-30.nightmare is "nightmare": {DIFFICULTY_RULE}$'):
        parse_days({"2026-11-30": {"nightmare": []}})
    # The kiosk lists difficulties: its rule names the list as a whole, as the operator reads it.
    envelope = {"kind": "magdagdon-kiosk", "version": 1, "data": {"difficulties": ["nightmare"]}}
    assert problem_of(json.dumps(envelope).encode()) == (
        'difficulties is ["nightmare"]: it must list some of PEACEFUL, SURVIVAL, NIGHTMARE')


def test_a_missing_field_and_a_value_of_the_wrong_shape_are_named():
    fields = Fields({"volume": True, "tips": ["a", 3]}, "settings.json")
    with pytest.raises(BadField, match="^settings.json: volume is true: it must be a whole number from 0 to 100$"):
        fields.get("volume", integer(0, 100))  # true is no number
    with pytest.raises(BadField, match="^settings.json: name is missing$"):
        fields.get("name", integer(0, 1))
    with pytest.raises(BadField, match=r'^settings.json: tips is \["a", 3\]: item 1 is 3: it must be a text$'):
        fields.get("tips", list_of(text()))
    assert fields.optional("language", integer(0, 1)) is None  # absent: not chosen yet
    with pytest.raises(BadField, match="^settings.json: settings must be an object$"):
        Fields([1, 2], "settings.json", what="settings")


def test_a_quoted_value_is_cut_to_one_line():
    with pytest.raises(BadField) as caught:
        Fields({"name": "x" * 500}, "scores.json").get("name", integer(0, 1))
    assert len(caught.value.problem) < 120 and caught.value.problem.startswith('name is "xxx') and "...:" in caught.value.problem
