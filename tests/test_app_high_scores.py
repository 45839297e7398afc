"""The high-score screen: a table with headers, the assisted mark, statistics, an empty
message, scrolling, at small and large windows."""

from datetime import datetime, timedelta, timezone

import pygame
import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage import open_store

from support.player import Player
from test_storage_support import finished_games

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def open_scores(tmp_path, size) -> Player:
    player = Player(tmp_path, size, seed=3, scene="high_scores")
    player.wait(0.5)
    assert player.top_key == "high_scores"
    return player


@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_table_headers_rows_assisted_mark_and_statistics(tmp_path, size):
    store = open_store(tmp_path, NOW)
    games = finished_games(6)
    for i, game in enumerate(games):
        store.record_result(game, NOW + timedelta(minutes=i), name="Majda", assisted=i == 0)
    player = open_scores(tmp_path, size)
    seen = player.look()
    texts = {t for t, _ in seen}
    text = player.top.text
    for column in ("rank", "name", "score", "date", "turns", "powers", "assisted"):
        assert text(f"scores.col_{column}") in texts
    assert {"Majda", "1.", "6."} <= texts
    assert text("scores.assisted_mark") in texts
    assert any(text("scores.assisted_legend") in line for line in texts)  # alone, or beside the replay hint
    stats = store.statistics(Difficulty.PEACEFUL)
    assert {text("scores.stats_games"), str(stats.games), str(stats.best), f"{stats.average:.0f}"} <= texts
    smallest = min(s for t, s in seen if t in {"Majda", text("scores.col_name")})
    assert smallest >= 14 * min(size) / 600 * 0.95 or smallest >= 14
    pygame.display.quit()


def test_empty_table_says_so(tmp_path):
    player = open_scores(tmp_path, (800, 600))
    texts = {t for t, _ in player.look()}
    assert player.top.text("scores.empty") in texts
    pygame.display.quit()


def test_long_table_scrolls(tmp_path):
    store = open_store(tmp_path, NOW)
    for i, game in enumerate(finished_games(20)):
        store.record_result(game, NOW + timedelta(minutes=i))
    player = open_scores(tmp_path, (800, 600))
    texts = {t for t, _ in player.look()}
    assert "1." in texts and "20." not in texts
    for _ in range(5):
        player.key(pygame.K_PAGEDOWN, then=0.1)
    texts = {t for t, _ in player.look()}
    assert "20." in texts and "1." not in texts
    pygame.display.quit()


# --- today beside all time ----------------------------------------------------------------

def test_today_shows_only_the_games_recorded_on_the_local_date(tmp_path):
    from datetime import datetime, timedelta

    from magdagdon.storage import open_store
    from test_storage_support import finished_games

    today = datetime(2026, 11, 30, 21, 0).astimezone()  # local evening
    yesterday = today - timedelta(days=1)
    games = finished_games(4)
    store = open_store(tmp_path, today)
    for game, name, when in zip(games, ("Old1", "Old2", "Ana", "Bo"), (yesterday, yesterday, today, today)):
        store.record_result(game, when, name=name)
    player = Player(tmp_path, scene="high_scores")
    player.set_today(today.date())
    player.wait(1.0)
    names_all = {t for t, _ in player.look()}
    assert {"Old1", "Old2", "Ana", "Bo"} <= names_all
    player.choose("period:today")
    names_today = {t for t, _ in player.look()}
    assert {"Ana", "Bo"} <= names_today and not {"Old1", "Old2"} & names_today
    player.choose("period:all")
    assert {"Old1", "Ana"} <= {t for t, _ in player.look()}


def _scores_spread_over_buckets(tmp_path, when):
    store = open_store(tmp_path, when)
    games = finished_games(8)
    assert len({game.score().total // 50 for game in games}) >= 2  # at least two columns on the axis
    for i, game in enumerate(games):
        store.record_result(game, when + timedelta(minutes=i))


def test_the_histogram_caption_names_the_games_of_the_tab(tmp_path):
    today = datetime(2026, 11, 30, 21, 0).astimezone()
    _scores_spread_over_buckets(tmp_path, today)
    player = Player(tmp_path, (1920, 1080), scene="high_scores")
    player.set_today(today.date())
    player.wait(1.0)
    text = player.top.text
    drawn = " ".join(t for t, _ in player.look())
    assert "Scores of all games" in drawn
    player.choose("period:today")
    drawn = " ".join(t for t, _ in player.look())
    assert "Scores of today's games" in drawn and "all games" not in drawn, drawn
    assert text("scores.histogram_today", bucket=50) != text("scores.histogram", bucket=50)
    pygame.display.quit()


@pytest.mark.parametrize("locale, low_first_on", [("en", "left"), ("ur", "right")])
def test_the_histogram_axis_reads_the_way_the_language_does(tmp_path, locale, low_first_on):
    for size in [(1920, 1080), (800, 600), (1080, 1920)]:
        folder = tmp_path / f"{size[0]}"
        _scores_spread_over_buckets(folder, NOW)
        player = Player(folder, size, seed=3, scene="high_scores", locale=locale)
        player.wait(0.5)
        player.look()
        slots = player.top.bar_slots
        assert len(slots) >= 2
        lefts = [rect.left for _, rect in sorted(slots)]  # from the lowest bucket up
        assert lefts == (sorted(lefts) if low_first_on == "left" else sorted(lefts, reverse=True)), (size, slots)
        assert all(player.top.body_rect.contains(rect) for _, rect in slots)
        pygame.display.quit()


def test_an_urdu_table_shows_as_many_rows_as_fit(tmp_path):
    """Nastaliq's line is about twice Latin's: rows of digits and Latin names are as tall as
    their own ink, not as Urdu's line, so the table shows as many games as in English."""
    store = open_store(tmp_path, NOW)
    for i, game in enumerate(finished_games(12)):
        store.record_result(game, NOW + timedelta(minutes=i), name="Ana", assisted=i % 3 == 0)
    shown = {}
    for locale in ("en", "ur"):
        player = Player(tmp_path, (1920, 1080), seed=3, scene="high_scores", locale=locale)
        player.wait(0.5)
        table = player.top
        shown[locale] = (len(table.rows), table.rows[0][0].height)
        texts = {t for t, _ in player.look()}
        assert str(len(table.rows)) + "." in texts and str(len(table.rows) + 1) + "." not in texts
        player.close()
    (en_rows, en_height), (ur_rows, ur_height) = shown["en"], shown["ur"]
    assert ur_height <= en_height * 1.2, shown
    assert ur_rows >= 4, shown  # the header, statistics and buttons are taller in Urdu: fewer, but not one


# --- the whole table, as players see it ------------------------------------------------------

from magdagdon.app.audit.draw_log import DrawnFrame, Role  # noqa: E402
from magdagdon.app.audit.screen_audit import audit_frame  # noqa: E402
from magdagdon.app.text.fit import min_text_px  # noqa: E402

from screen_scenes import make_data  # noqa: E402
from magdagdon.app.text.numbers import signed  # noqa: E402



def ranks_shown(frame: DrawnFrame) -> list[int]:
    """The ranks of the games the table shows, top to bottom."""
    ranks = [(r.rect.top, int(r.words[:-1])) for r in frame.texts
             if "table" in r.panel and r.words.endswith(".") and r.words[:-1].isdigit()]
    return [rank for _, rank in sorted(ranks)]


@pytest.fixture(scope="module")
def twelve_games(tmp_path_factory):
    """A dozen results, named in Latin, Urdu and Hindi letters, some with hints."""
    return make_data(tmp_path_factory.mktemp("scores"), "scores")


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (1080, 1920)])
def test_the_table_shows_as_many_games_as_the_room_holds_and_scrolls_to_the_rest(tmp_path, twelve_games, locale,
                                                                                  size):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(twelve_games, data)
    player = Player(data, size, seed=3, scene="high_scores", locale=locale)
    try:
        player.wait(0.5)
        scores = player.top
        frame = player.drawn()
        shown = ranks_shown(frame)
        assert shown == list(range(1, len(shown) + 1)), shown
        if min(size) >= 1080:
            assert len(shown) == 12, (locale, size, shown)  # a big window holds the whole table
        assert len(shown) >= 4, (locale, size, shown)
        if len(shown) < 12:
            # No room for one more game: what is left under the last one is less than a row.
            rows = [rect for rect, _ in scores.rows]
            below = [r.rect.top for r in frame.texts if "table" in r.panel and r.rect.top > rows[-1].bottom]
            assert min(below) - rows[-1].bottom < rows[-1].height, (locale, size, rows[-1], below)
            seen = set(shown)
            for _ in range(12):
                player.key(pygame.K_PAGEDOWN, then=0.1)
                seen |= set(ranks_shown(player.drawn()))
            assert seen == set(range(1, 13)), seen
        table_problems = [f for f in audit_frame(player.drawn(), min_text_px(size))
                          if f.rule in ("overlap", "baselines", "too small", "outside its panel")]
        assert table_problems == [], table_problems
    finally:
        player.close()


@pytest.mark.parametrize("size, locale", [((2200, 2200), "en"), ((2200, 2200), "it"), ((800, 600), "en"),
                                          ((3840, 2160), "hi")])
def test_column_names_are_never_broken_inside_a_word(tmp_path, twelve_games, size, locale):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(twelve_games, data)
    player = Player(data, size, seed=3, scene="high_scores", locale=locale)
    try:
        player.wait(0.5)
        text = player.top.text
        words = {word for key in ("rank", "name", "score", "date", "turns", "powers", "assisted")
                 for word in text(f"scores.col_{key}").split()}
        frame = player.drawn()
        headers = [r.words for r in frame.texts if "table" in r.panel and r.role is Role.LABEL]
        assert headers, "no column names drawn"
        for line in headers:
            assert set(line.split()) <= words, (line, words)
    finally:
        player.close()


def test_urdu_rows_read_from_the_right(tmp_path, twelve_games):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(twelve_games, data)
    player = Player(data, (1920, 1080), seed=3, scene="high_scores", locale="ur")
    try:
        player.wait(0.5)
        frame = player.drawn()
        row = player.top.rows[0][0]
        cells = sorted((r.rect.centerx, r.words) for r in frame.texts if "table" in r.panel and row.contains(r.rect))
        words = [w for _, w in reversed(cells)]  # from the right
        entry = player.top.rows[0][1]
        order = ["1.", entry.name, signed(entry.score), str(entry.turns)]
        assert [w for w in words if w in order] == order, words
        # The statistics too: each label before its figure (right of it, or over it), the
        # games played first, on the right.
        drawn_at = {r.words: r.rect for r in frame.texts if "statistics" in r.panel and "histogram" not in r.panel}
        text = player.top.text
        games, average = drawn_at[text("scores.stats_games")], drawn_at[text("scores.stats_average")]
        assert games.centerx > drawn_at["12"].centerx or games.bottom <= drawn_at["12"].top, drawn_at
        assert games.centerx > average.centerx or games.bottom <= average.top, drawn_at
    finally:
        player.close()


def test_a_drag_on_the_table_scrolls_it_and_a_tap_opens_the_game(tmp_path, twelve_games):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(twelve_games, data)
    player = Player(data, (800, 600), seed=3, scene="high_scores", locale="ur")
    try:
        player.wait(0.5)
        scores = player.top
        first, last = scores.rows[0][0], scores.rows[-1][0]
        assert ranks_shown(player.drawn())[0] == 1
        player.drag(last.center, (last.centerx, first.centery))
        assert player.top_key == "high_scores"  # a drag is not a tap: no replay opened
        assert ranks_shown(player.drawn())[0] > 1
        player.tap(scores.rows[0][0].center)
        assert player.top_key == "replay"
    finally:
        player.close()
