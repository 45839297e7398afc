"""GameOver shows the AI review once ``review_game`` returns, after the count-up."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.app.states.game_over import COUNT_TICKS, review_line  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

from test_app_high_scores import screen_texts  # noqa: E402


def test_review_lines_render_when_the_review_returns(tmp_path, monkeypatch):
    pytest.importorskip("magdagdon.ai.review")
    control = Control(Options(difficulty=Difficulty.PEACEFUL, seed=7, windowed=True, size=(800, 600),
                              data_dir=tmp_path, sound=False, scene="game_over"))
    control.step([], COUNT_TICKS + 2)
    state = control.machine.top
    state.finish_background(30.0)
    review = state.session.review
    assert review, "review_game returned nothing for a finished game"
    assert state.is_animating()  # a new review asks for a frame
    texts = {t for t, _ in screen_texts(control, monkeypatch)}
    text = control.ctx.text
    assert text("gameover.review_title") in texts
    for item in review[:3]:
        assert review_line(text, item) in texts
        assert item.advice is not None and f"Turn {item.turn}: " in review_line(text, item)
    pygame.display.quit()
