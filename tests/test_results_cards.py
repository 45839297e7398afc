"""A result's card: its final board stays readable in every script."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.app.party import results_cards  # noqa: E402
from magdagdon.app.text.fit import min_text_px  # noqa: E402
from magdagdon.engine import Board, ScoreBreakdown  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


@pytest.mark.parametrize("locale", ["en", "ur", "hi"])
def test_the_board_keeps_a_quarter_of_a_wide_card(locale, monkeypatch):
    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    boards: list[pygame.Rect] = []
    monkeypatch.setattr(results_cards, "draw_mini_board", lambda surface, box, board: boards.append(box))
    card = pygame.Rect(60, 190, 596, 410)  # one of three podium cards at 1920×1080
    breakdown = ScoreBreakdown(82, 80, 0, 10, (), 0, 1)
    plan = results_cards.plan_standing(fonts, text, card, 1, "Aisha", breakdown, (90, 230, 170), Board(),
                                       min_text_px((1920, 1080)))
    assert plan.board_rect is not None and plan.board_rect.height >= card.height // 4
    results_cards.draw_standing(pygame.Surface((1920, 1080)), fonts, plan)
    assert boards == [plan.board_rect]  # drawn where planned
