"""What the screen says: only what is possible, one minus sign, real sentences, and menus
without two choices that do the same."""

import json
import re

import pygame
import pytest

from app_driver import Driver
from magdagdon.ai.review import TurnAdvice
from magdagdon.app.text.i18n import Catalog
from magdagdon.app.text.numbers import MINUS, cost, signed
from magdagdon.app.table.score_panel import draw_score_panel, plan_panel
from magdagdon.app.text.fit import min_text_px
from magdagdon.app.results.review_cards import review_line
from magdagdon.app.text.text_runs import without_controls
from magdagdon.assets_path import asset_path
from magdagdon.engine import Board, Difficulty, Game, ScoreBreakdown, Stage, TakeBack
from support.reviews import turn_review


@pytest.fixture
def open_app(tmp_path):
    opened: list[Driver] = []

    def start(**options) -> Driver:
        app = Driver(tmp_path, **options)
        opened.append(app)
        return app

    yield start
    for app in opened:
        app.close()


def test_magdagdon_without_powers_offers_no_power(open_app):
    app = open_app(difficulty=Difficulty.NIGHTMARE, scene="magdagdon", seed=1)
    state = app.top
    assert app.top_key == "magdagdon" and state.game.powers_left == 0
    message, _ = state.guide()
    assert "power" in message.lower() and "no power left" in message.lower()
    assert "Use a power" not in message


def test_one_minus_sign_for_scores_and_costs():
    assert signed(-10) == f"{MINUS}10" and signed(0) == "0" and signed(25) == "25"
    assert cost(15) == f"{MINUS}15" and cost(0) == "0"
    for language in ("en", "it", "ur", "hi"):  # the Urdu and Hindi fonts have other minus signs; Noto Sans has not
        catalog = json.loads((asset_path("i18n") / f"{language}.json").read_text(encoding="utf-8"))
        for key_, text in catalog.items():
            if isinstance(text, str):
                others = re.sub(MINUS, "", text.replace("1-2-3-4", "").replace("3-4-5-6", ""))
                assert not re.search(r"[-\u2212\u2012\u2014]\s?(\d|\{)", others), (language, key_)


@pytest.mark.parametrize("name", ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansDevanagari-Regular.ttf"])
def test_the_minus_sign_has_a_glyph_in_the_fonts(name):
    pygame.font.init()
    font = pygame.font.Font(str(asset_path("fonts", name)), 40)
    missing = font.metrics("\U0010fffd")[0]  # a private code point: the font's "missing" box
    assert font.metrics(MINUS)[0] != missing


def test_negative_score_is_drawn_with_the_minus_sign(open_app):
    app = open_app(seed=3)
    fonts, drawn = app.fonts, []
    original = fonts.render

    def recording(text, *args, **kwargs):
        drawn.append(text)
        return original(text, *args, **kwargs)

    fonts.render = recording
    breakdown = ScoreBreakdown(lines=(), base=20, bonus=0, ruins=2, ruin_penalty=30, powers_used=0, power_penalty=0)
    assert breakdown.total == -10
    planned = plan_panel(fonts, app.layout.score, breakdown, app.text, False, min_text_px(app.surface.get_size()))
    draw_score_panel(app.surface, fonts, planned, app.text, breakdown.total)
    assert f"{MINUS}10" in drawn and f"{MINUS}30" in drawn
    assert not any(re.search(r"[-\u2212]\d", text) for text in drawn)


def stranded_position(values) -> Game:
    """A 3 on the board, then ``values`` staged in a row after it: taking back the first
    strands the others."""
    game = Game.set_up_position(Board.empty().with_cell(0, 3), (*values, 1, 1)[:4])
    for i in range(len(values)):
        game.play(Stage(i, i + 1))
    return game


@pytest.mark.parametrize("values, key_", [((4, 5), "guide.returned_one"), ((4, 5, 6), "guide.returned_many")])
def test_dice_sent_back_are_told_in_a_sentence(open_app, values, key_):
    app = open_app(seed=3)
    session = app.session_for(stranded_position(values))
    session.perform(TakeBack(0))
    assert session.message[0] == key_
    sentence = app.text(session.message[0], **session.message[1])
    if len(values) == 2:
        assert sentence == "The 5 no longer fits there, so it went back to the tray."
    else:
        assert sentence == "2 dice no longer fit there, so they went back to the tray: 5, 6."


def title_items(app: Driver) -> list[str]:
    return [item.ident for item in app.top.items()]


def test_title_offers_only_choices_that_differ(open_app):
    app = open_app(scene="title")
    assert title_items(app)[:2] == ["play", "rules"]  # a fresh game: Play is the new game
    app.choose("play")
    assert app.top_key == "rolling"
    app.key(pygame.K_r)
    app.key(pygame.K_ESCAPE)
    assert title_items(app)[:2] == ["resume", "new_game"]


def test_title_after_game_over_says_play_again(open_app):
    app = open_app(scene="game_over", seed=2)
    app.key(pygame.K_ESCAPE)
    items = app.top.items()
    assert [i.ident for i in items][:2] == ["play", "rules"]
    assert items[0].label == "Play again"


def test_title_with_a_saved_game_offers_continue_and_new_game(open_app):
    app = open_app(scene="title")
    app.offer_saved_game(Game(Difficulty.PEACEFUL, 5))
    assert title_items(app)[:3] == ["continue", "new_game", "rules"]


def test_adjust_buttons_say_they_wait_for_a_die(open_app):
    app = open_app(seed=3, size=(1280, 720))
    app.key(pygame.K_r)
    app.frames(200)
    state = app.top
    assert app.top_key == "staging"
    minus, plus = (b for b in state.buttons() if b.ident in ("minus", "plus"))
    assert not minus.enabled and minus.sublabel == plus.sublabel == "pick a die first"
    state.toggle_die(state.game.tray[0])
    minus, plus = (b for b in state.buttons() if b.ident in ("minus", "plus"))
    assert minus.sublabel == f"{MINUS}10"


def test_where_adjust_buttons_have_no_room_the_guide_says_what_they_wait_for(open_app):
    app = open_app(seed=3)  # 800x600: "pick a die first" is wider than the button at 16 px
    app.key(pygame.K_r)
    app.frames(200)
    state = app.top
    minus, plus = (b for b in state.buttons() if b.ident in ("minus", "plus"))
    assert minus.sublabel == plus.sublabel == f"{MINUS}10"
    assert state.guide()[0].endswith("For –1 or +1, pick a die first.")
    state.toggle_die(state.game.tray[0])
    assert "pick a die first" not in state.guide()[0]


def test_review_words_a_ruin_as_what_happened():
    text = Catalog("en")
    item = turn_review(3, -12.0, 4.0, TurnAdvice(powers=(), placements=(), ruin=9))
    assert without_controls(review_line(text, item)) == "Turn 3: MAGDAGDON, the ruin on R3C2 · \u201312\u00a0±\u00a04"
