"""The high-score screen: a table with headers, the assisted mark, statistics, an empty
message, scrolling, at small and large windows."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from datetime import datetime, timedelta, timezone  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402
from magdagdon.storage import open_store  # noqa: E402

from test_storage_support import finished_games  # noqa: E402

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def screen_texts(control, monkeypatch) -> list[str]:
    """Every string the fonts render while drawing one frame."""
    seen = []
    fonts = control.ctx.fonts
    real = fonts.render

    def spy(text, size, colour, bold=False):
        seen.append((text, size))
        return real(text, size, colour, bold)

    monkeypatch.setattr(fonts, "render", spy)
    control.draw()
    monkeypatch.undo()
    return seen


def open_scores(tmp_path, size):
    control = Control(Options(difficulty=Difficulty.PEACEFUL, seed=3, windowed=True, size=size,
                              data_dir=tmp_path, sound=False, scene="high_scores"))
    control.step([], 2)
    assert control.machine.top_key == "high_scores"
    return control


@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_table_headers_rows_assisted_mark_and_statistics(tmp_path, monkeypatch, size):
    store = open_store(tmp_path, NOW)
    games = finished_games(6)
    for i, game in enumerate(games):
        store.record_result(game, NOW + timedelta(minutes=i), name="Majda", assisted=i == 0)
    control = open_scores(tmp_path, size)
    seen = screen_texts(control, monkeypatch)
    texts = {t for t, _ in seen}
    text = control.ctx.text
    for column in ("rank", "name", "score", "date", "turns", "powers", "assisted"):
        assert text(f"scores.col_{column}") in texts
    assert {"Majda", "1.", "6."} <= texts
    assert text("scores.assisted_mark") in texts and text("scores.assisted_legend") in texts
    stats = store.statistics(Difficulty.PEACEFUL)
    assert {text("scores.stats_games"), str(stats.games), str(stats.best), f"{stats.average:.0f}"} <= texts
    smallest = min(s for t, s in seen if t in {"Majda", text("scores.col_name")})
    assert smallest >= 14 * min(size) / 600 * 0.95 or smallest >= 14
    pygame.display.quit()


def test_empty_table_says_so(tmp_path, monkeypatch):
    control = open_scores(tmp_path, (800, 600))
    texts = {t for t, _ in screen_texts(control, monkeypatch)}
    assert control.ctx.text("scores.empty") in texts
    pygame.display.quit()


def test_long_table_scrolls(tmp_path, monkeypatch):
    store = open_store(tmp_path, NOW)
    for i, game in enumerate(finished_games(20)):
        store.record_result(game, NOW + timedelta(minutes=i))
    control = open_scores(tmp_path, (800, 600))
    texts = {t for t, _ in screen_texts(control, monkeypatch)}
    assert "1." in texts and "20." not in texts
    for _ in range(5):
        control.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")], 1)
    texts = {t for t, _ in screen_texts(control, monkeypatch)}
    assert "20." in texts and "1." not in texts
    pygame.display.quit()
