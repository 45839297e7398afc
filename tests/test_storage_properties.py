"""Invariants of the score book for any sequence of results (hypothesis)."""

from __future__ import annotations

import json
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from magdagdon.engine import Difficulty
from magdagdon.storage.envelope import decode, encode
from magdagdon.storage.high_scores import MAX_SCORE, MIN_SCORE, TABLE_SIZE, ScoreEntry
from magdagdon.storage.score_book import SCORES_KIND, ScoreBook, inconsistencies

from test_storage_support import NOW

results = st.lists(
    st.tuples(st.sampled_from(list(Difficulty)), st.integers(MIN_SCORE, MAX_SCORE), st.integers(0, 10**6)),
    max_size=60,
)


def _entry(index: int, difficulty: Difficulty, score: int, minutes: int) -> ScoreEntry:
    return ScoreEntry(
        name=f"P{index}", score=score, when=NOW + timedelta(minutes=minutes), turns=8, powers_used=0,
        seed=index, replay_id=f"{index:024x}", assisted=index % 2 == 0, difficulty=difficulty,
        board="3456/3456/3456/3456",
    )


@settings(max_examples=60, deadline=None)
@given(results)
def test_tables_hold_the_best_20_and_round_trip(results):
    book = ScoreBook()
    for index, (difficulty, score, minutes) in enumerate(results):
        rank = book.add(_entry(index, difficulty, score, minutes))
        table = book.tables[difficulty]
        assert rank is None or table[rank - 1].replay_id == f"{index:024x}"
    for difficulty in Difficulty:
        scores = [score for d, score, _ in results if d is difficulty]
        table = book.tables[difficulty]
        assert [e.score for e in table] == sorted(scores, reverse=True)[:TABLE_SIZE]
        assert all(a.sort_key <= b.sort_key for a, b in zip(table, table[1:]))
        stats = book.statistics[difficulty]
        assert (stats.games, stats.total, stats.best) == (len(scores), sum(scores), max(scores, default=None))
        assert sum(stats.histogram.values()) == len(scores)
    assert inconsistencies(book) == []
    again = ScoreBook.from_data(decode(SCORES_KIND, encode(SCORES_KIND, book.to_data())))
    assert again.to_data() == book.to_data()
    assert json.loads(encode(SCORES_KIND, book.to_data()))["kind"] == "magdagdon-scores"
