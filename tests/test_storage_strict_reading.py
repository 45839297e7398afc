"""Every file is read strictly: each field of the wrong type or range makes the document
corrupt (it is then set aside, elsewhere tested), and what is written reads back the same.
One case per rule, so a rule that stops being checked fails its own case."""

from __future__ import annotations

import copy
from datetime import timedelta

import pytest

from magdagdon.engine import Difficulty, Replay
from magdagdon.party import Party
from magdagdon.party.keeper import record_of
from magdagdon.storage.envelope import CorruptFile
from magdagdon.storage.high_scores import MAX_SCORE, MIN_SCORE, SANE_LIMIT, ScoreEntry
from magdagdon.storage.party_file import PartyRecord, new_party_id
from magdagdon.storage.recorded_game import RecordedGame
from magdagdon.storage.score_book import RECENT_GAMES, ScoreBook
from magdagdon.storage.settings import Settings
from magdagdon.storage.statistics import HISTOGRAM_BUCKET, MAX_GAMES, MAX_TOTAL, Statistics

from test_storage_support import NOW, finished_games

GAME = finished_games(1)[0]
RECORDED = RecordedGame(Replay.of(GAME), "Ada", NOW, True)


def _refused(parse, document) -> None:
    with pytest.raises((CorruptFile, ValueError, TypeError, KeyError)):
        parse(document)


def _changed(document: dict, **changes) -> dict:
    changed = copy.deepcopy(document)
    changed.update(changes)
    return changed


# --- a recorded game and a table entry ------------------------------------------------------

def test_a_recorded_game_reads_back_and_refuses_each_bad_field():
    data = RECORDED.to_data()
    again = RecordedGame.from_data(data)
    assert again == RECORDED and again.known_as(RECORDED.replay_id) and not again.known_as("ab" * 12)
    for bad in ({**data, "name": 5}, {**data, "name": " Ada"}, {**data, "assisted": "yes"}, {**data, "when": "now"},
                {k: v for k, v in data.items() if k != "name"}, {**data, "extra": 1}, [data]):
        _refused(RecordedGame.from_data, bad)
    with pytest.raises(ValueError):  # an unfinished game has no result to enter
        RecordedGame(Replay(GAME.seed, GAME.difficulty, ()), "Ada", NOW).entry()


def test_an_entry_reads_back_and_refuses_each_bad_field():
    entry = RECORDED.entry()
    data = entry.to_data()
    assert ScoreEntry.from_data(data) == entry
    assert entry.assisted and entry.name == "Ada" and entry.board == str(GAME.board)
    assert ScoreEntry.from_data({**data, "score": SANE_LIMIT}).score == SANE_LIMIT  # kept, for --verify to name
    for field, bad in [("score", SANE_LIMIT + 1), ("score", -SANE_LIMIT - 1), ("score", 1.0), ("score", True),
                       ("turns", "8"), ("powers_used", SANE_LIMIT + 1), ("assisted", 1), ("name", "x" * 30),
                       ("difficulty", "peaceful"), ("board", "1234/5612/3456/123"), ("board", "1234561234561234"),
                       ("replay_id", "xyz"), ("seed", -1), ("when", "2026-11-29")]:
        _refused(ScoreEntry.from_data, {**data, field: bad})
    _refused(ScoreEntry.from_data, {k: v for k, v in data.items() if k != "seed"})


def test_ties_keep_the_earlier_result_ahead():
    entry = RECORDED.entry()
    later = ScoreEntry(**{**entry.__dict__, "when": NOW + timedelta(minutes=1), "replay_id": "cd" * 12})
    better = ScoreEntry(**{**entry.__dict__, "score": entry.score + 1, "replay_id": "ef" * 12})
    assert sorted([later, better, entry], key=lambda e: e.sort_key) == [better, entry, later]


# --- the score book ---------------------------------------------------------------------------

def _book_data() -> dict:
    book = ScoreBook()
    book.add(RECORDED.entry())
    return book.to_data()


def test_the_score_book_reads_back_and_refuses_each_bad_part():
    data = _book_data()
    book = ScoreBook.from_data(data)
    assert book.has(RECORDED.replay_id) and book.rank(Difficulty.PEACEFUL, RECORDED.replay_id) == 1
    assert book.to_data() == data and book.kept_replays() == {RECORDED.replay_id}
    for bad in ([], {**data, "extra": 1}, {k: v for k, v in data.items() if k != "seen"},
                _changed(data, tables={"PEACEFUL": []}), _changed(data, statistics={"PEACEFUL": {}}),
                _changed(data, recent="x"), _changed(data, seen=[RECORDED.replay_id, RECORDED.replay_id]),
                _changed(data, seen=["nope"])):
        _refused(ScoreBook.from_data, bad)
    other = _changed(data)
    other["tables"]["SURVIVAL"] = other["tables"]["PEACEFUL"]  # an entry of another difficulty
    _refused(ScoreBook.from_data, other)
    twice = _changed(data)
    twice["tables"]["PEACEFUL"] = twice["tables"]["PEACEFUL"] * 2
    _refused(ScoreBook.from_data, twice)
    long = _changed(data)
    long["tables"]["PEACEFUL"] = [dict(e, replay_id=f"{i:024x}") for i, e in enumerate(data["tables"]["PEACEFUL"] * 21)]
    _refused(ScoreBook.from_data, long)


def test_ids_a_hand_edit_dropped_from_seen_are_put_back():
    data = _changed(_book_data(), seen=[])
    assert ScoreBook.from_data(data).has(RECORDED.replay_id)


def test_recent_games_are_bounded():
    book = ScoreBook()
    for index in range(RECENT_GAMES + 5):
        book.add(ScoreEntry(**{**RECORDED.entry().__dict__, "replay_id": f"{index:024x}"}))
    assert len(book.recent) == RECENT_GAMES and book.recent[-1] == f"{RECENT_GAMES + 4:024x}"
    assert len(book.seen) == RECENT_GAMES + 5 and len(book.tables[Difficulty.PEACEFUL]) == 20
    assert book.statistics[Difficulty.PEACEFUL].games == RECENT_GAMES + 5


# --- statistics -------------------------------------------------------------------------------

def test_statistics_refuse_each_bad_field():
    good = Statistics().add(10).add(-5).to_data()
    assert Statistics.from_data(good) == Statistics().add(10).add(-5)
    assert Statistics.from_data({**good, "games": MAX_GAMES}).games == MAX_GAMES
    for field, bad in [("games", -1), ("games", MAX_GAMES + 1), ("games", True), ("total", 1.5),
                       ("total", MAX_TOTAL + 1), ("best", MAX_SCORE + 1), ("best", MIN_SCORE - 1), ("best", "5"),
                       ("histogram", {}), ("histogram", [[0, 1]] * 30), ("histogram", [[0]]), ("histogram", [[1, 1]]),
                       ("histogram", [[0, 0]]), ("histogram", [[0, 1], [0, 1]]), ("histogram", [[MAX_SCORE + HISTOGRAM_BUCKET, 1]]),
                       ("histogram", [[MIN_SCORE - 2 * HISTOGRAM_BUCKET, 1]]), ("histogram", [[0, MAX_GAMES + 1]]),
                       ("histogram", [["0", 1]])]:
        _refused(Statistics.from_data, {**good, field: bad})
    _refused(Statistics.from_data, {k: v for k, v in good.items() if k != "best"})
    assert Statistics.from_data({**good, "best": None}).best is None


# --- settings ---------------------------------------------------------------------------------

def test_settings_read_back_and_refuse_each_bad_field():
    full = Settings(Difficulty.NIGHTMARE, True, False, "ur", True, 40, True, False, ("coach",), "Ada")
    assert Settings.from_data(full.to_data()) == full
    assert Settings().to_data() == {"difficulty": None, "sound": None, "fullscreen": None}
    assert Settings.from_data({"unknown": 1}) == Settings()
    for field, bad in [("difficulty", "peaceful"), ("difficulty", 1), ("sound", "yes"), ("fullscreen", 1),
                       ("large_text", "no"), ("coached", 0), ("reduce_motion", "x"), ("language", "EN"),
                       ("language", "engl"), ("language", 5), ("volume", 101), ("volume", -1), ("volume", True),
                       ("volume", 5.0), ("tips_seen", "coach"), ("tips_seen", ["x" * 41]), ("tips_seen", ["a"] * 51),
                       ("tips_seen", [5]), ("name", " Ada"), ("name", 5)]:
        _refused(Settings.from_data, {field: bad})
    _refused(Settings.from_data, [])
    assert Settings.from_data({"volume": 0, "language": "hi", "tips_seen": ["a"] * 50}).volume == 0
    assert Settings().with_changes(volume=5).volume == 5


# --- a party ----------------------------------------------------------------------------------

def test_a_party_record_reads_back_and_refuses_each_bad_field():
    party = Party.new(Difficulty.PEACEFUL, 5, [("Ada", False), ("Bo", True)])
    party_id = new_party_id(NOW, 0xABCDEF)
    assert party_id == "20261129T200000Z-abcdef" and new_party_id(NOW, 0x1ABCDEF) == party_id
    record = record_of(party, party_id, NOW, ())
    data = record.to_data()
    assert PartyRecord.from_data(data) == record and not record.finished
    seat = data["seats"][0]
    for bad in ([], {**data, "extra": 1}, {**data, "id": "party"}, {**data, "id": 5}, {**data, "finished": "no"},
                {**data, "recorded": "x"}, {**data, "recorded": [5]}, {**data, "seats": [seat]},
                {**data, "seats": [seat] * 9}, {**data, "seats": "x"}, {**data, "started": "now"},
                {**data, "seats": [{**seat, "name": 5}, seat]}, {**data, "seats": [{**seat, "name": " A"}, seat]},
                {**data, "seats": [{**seat, "computer": 1}, seat]}, {**data, "seats": [{**seat, "assisted": "x"}, seat]},
                {**data, "seats": [{k: v for k, v in seat.items() if k != "replay"}, seat]}, {**data, "seats": [5, seat]}):
        _refused(PartyRecord.from_data, bad)
    assert PartyRecord.from_data({**data, "seats": [seat] * 8}).seats[7].name == "Ada"
