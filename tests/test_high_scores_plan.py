"""High scores by plan: the screen's layout is made once for its inputs (the body's box, the
window, the language, the text scale, the games) and kept while they hold — not once a
frame — and the plan itself is judged here without drawing a frame."""

import os
import shutil
from datetime import datetime, timedelta, timezone

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.results.high_scores import statistics_of  # noqa: E402
from magdagdon.app.results.high_scores_plan import (  # noqa: E402
    ScoresInputs, ScoresModel, Words, plan_scores, view_at)
from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402
from magdagdon.storage import ScoreEntry  # noqa: E402

from screen_scenes import HINDI_NAME, LATIN_NAME, URDU_NAME, make_data  # noqa: E402
from support.player import Player  # noqa: E402

WHEN = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


@pytest.fixture(scope="module")
def twelve_games(tmp_path_factory):
    return make_data(tmp_path_factory.mktemp("scores"), "scores")


# --- the presenter: one plan while its inputs hold ---------------------------------------------

def test_the_plan_is_made_once_across_frames_and_scrolling_and_again_when_an_input_changes(tmp_path, twelve_games):
    data = tmp_path / "data"
    shutil.copytree(twelve_games, data)
    player = Player(data, (800, 600), seed=3, scene="high_scores")
    try:
        player.wait(0.5)
        scores = player.top
        made, drawn = scores.plans.plans_made, player.frames_drawn
        first = scores.plan
        assert first is not None and first.table is not None and first.table.last_scroll > 0
        for _ in range(3):  # the table scrolls: what shows changes, the layout does not
            player.key(pygame.K_PAGEDOWN, then=0.2)
        player.wait(1.0)
        assert player.frames_drawn > drawn + 2  # frames were drawn, each from the kept plan
        assert scores.plans.plans_made == made and scores.plan is first
        assert scores.scroll == first.table.last_scroll  # clamped by the plan as it scrolled, not by draw

        player.set_language("ur")
        player.wait(0.2)
        urdu = scores.plan
        assert scores.plans.plans_made == made + 1 and urdu.inputs.locale == "ur"
        headers = {words.words for words in urdu.table.headers}
        assert scores.text("scores.col_score") in headers  # the column names are the new language's
        rank = next(words for words in urdu.table.headers if words.words == scores.text("scores.col_rank"))
        assert rank.at[0] == max(words.at[0] for words in urdu.table.headers)  # and read from the right

        player.change_settings(large_text=True)
        player.wait(0.2)
        assert scores.plans.plans_made == made + 2 and scores.plan.inputs.text_scale > 1

        pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
        player.post(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)
        player.wait(0.2)
        assert scores.plans.plans_made == made + 3 and scores.plan.inputs.window == (1080, 1920)
        player.wait(0.5)
        assert scores.plans.plans_made == made + 3
    finally:
        player.close()


def test_a_tap_opens_the_game_of_the_row_the_plan_puts_under_the_finger(tmp_path, twelve_games):
    data = tmp_path / "data"
    shutil.copytree(twelve_games, data)
    player = Player(data, (800, 600), seed=3, scene="high_scores")
    try:
        player.wait(0.5)
        scores = player.top
        player.key(pygame.K_PAGEDOWN, then=0.2)
        row, index = scores.view.rows[1]
        assert scores.entry_at(row.center) is scores.data[0][index] and index == scores.scroll + 1
        player.tap(row.center, then=0.3)
        assert player.top_key == "replay"
    finally:
        player.close()


# --- the plan judged without drawing -----------------------------------------------------------

BODIES = {(800, 600): (16, 118, 768, 380), (1920, 1080): (240, 190, 1440, 760), (1080, 1920): (30, 330, 1020, 1350)}
NAMES = (LATIN_NAME, URDU_NAME, HINDI_NAME, "Wolfgang Amadeus Mozart von Salzburg", "BO", "ANA")


def entries(count: int) -> tuple[ScoreEntry, ...]:
    return tuple(ScoreEntry(NAMES[i % len(NAMES)], 180 - 9 * i, WHEN - timedelta(days=i), 22, i % 3, 100 + i,
                            f"{i:032x}", i % 4 == 0, Difficulty.PEACEFUL, "") for i in range(count))


def planned(locale: str, window: tuple[int, int], count: int = 12):
    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    games = entries(count)
    model = ScoresModel(games, statistics_of(list(games)), "", "scores.empty", "scores.histogram")
    plan = plan_scores(fonts, text, ScoresInputs(BODIES[window], window, locale, 1.0, model))
    return fonts, text, plan


def box(fonts: FontBook, words: Words) -> pygame.Rect:
    """Where a piece's letters stand (its ink), as it would be drawn."""
    return fonts.ink(words.words, words.size, words.bold).move(words.at)


@pytest.mark.parametrize("locale", ["en", "ur", "hi"])
@pytest.mark.parametrize("window", list(BODIES))
def test_the_planned_table_keeps_its_columns_apart_inside_the_body_and_scrolls_to_every_game(locale, window):
    fonts, text, plan = planned(locale, window)
    body, table, statistics = pygame.Rect(BODIES[window]), plan.table, plan.statistics
    assert table is not None and statistics is not None and body.contains(statistics.box)
    assert table.size >= plan.floor and table.visible >= 4
    em = table.size
    for scroll in range(table.last_scroll + 1):
        view = view_at(fonts, text, table, scroll)
        assert [index for _, index in view.rows] == list(range(scroll, scroll + len(view.rows)))
        lines = [[Words(cell.words, table.size, cell.colour, cell.bold, (cell.x, row.top + cell.dy))
                  for cell in table.rows[index]] for row, index in view.rows] + [list(table.headers)]
        for pieces in lines:
            inks = sorted((box(fonts, piece) for piece in pieces), key=lambda ink: ink.left)
            assert all(body.contains(ink) for ink in inks), (scroll, [p.words for p in pieces])
            gaps = [b.left - a.right for a, b in zip(inks, inks[1:]) if a.bottom > b.top and b.bottom > a.top]
            assert min(gaps, default=em) >= em // 2, (locale, window, [p.words for p in pieces], gaps)
        footer = [box(fonts, words) for words in view.footer]
        assert all(body.contains(ink) for ink in footer)
        assert all(ink.top >= view.rows[-1][0].bottom for ink in footer)  # under the last game shown
    assert table.last_scroll == max(0, table.games - table.visible) and table.clamped(10**6) == table.last_scroll
    for row in table.rows:  # the rank where the reader starts: at the left, at the right in Urdu
        rank = next(cell for cell in row if cell.words.endswith(".") and cell.words[:-1].isdigit())
        others = [cell.x for cell in row if cell is not rank]
        assert rank.x > max(others) if text.rtl else rank.x < min(others)

def test_a_table_too_long_for_the_room_shows_what_fits_and_bounds_the_scroll_there():
    fonts, text, plan = planned("en", (800, 600), count=40)
    table = plan.table
    assert table.visible < 40 and table.last_scroll == 40 - table.visible
    view = view_at(fonts, text, table, 10**6)
    assert view.scroll == table.last_scroll and view.rows[-1][1] == 39
    assert view.thumb is not None and table.bar_track.contains(view.thumb)
    assert view.thumb.bottom == table.bar_track.bottom  # at the end, the thumb at the track's end
