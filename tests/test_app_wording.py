"""What the screen says: only what is possible, one minus sign, real sentences, and menus
without two choices that do the same."""

import json
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.ai.review import TurnAdvice, TurnReview  # noqa: E402
from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.i18n import Catalog  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.app.render.numbers import MINUS, cost, signed  # noqa: E402
from magdagdon.app.render.score_panel import draw_score_panel  # noqa: E402
from magdagdon.app.states.game_over import review_line  # noqa: E402
from magdagdon.assets_path import asset_path  # noqa: E402
from magdagdon.engine import Board, Difficulty, Game, ScoreBreakdown, Stage, TakeBack  # noqa: E402


@pytest.fixture
def open_control(tmp_path):
    def start(**options) -> Control:
        control = Control(Options(windowed=True, size=(800, 600), data_dir=tmp_path, sound=False, **options))
        control.finish_startup()
        return control

    yield start
    pygame.display.quit()


def key(control: Control, k: int) -> None:
    control.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 1)


def test_magdagdon_without_powers_offers_no_power(open_control):
    control = open_control(difficulty=Difficulty.NIGHTMARE, scene="magdagdon", seed=1)
    state = control.machine.top
    assert control.machine.top_key == "magdagdon" and state.game.powers_left == 0
    message, _ = state.guide()
    assert "power" in message.lower() and "no power left" in message.lower()
    assert "Use a power" not in message


def test_one_minus_sign_for_scores_and_costs():
    assert signed(-10) == f"{MINUS}10" and signed(0) == "0" and signed(25) == "25"
    assert cost(15) == f"{MINUS}15" and cost(0) == "0"
    catalog = json.loads((asset_path("i18n") / "en.json").read_text(encoding="utf-8"))
    for key_, text in catalog.items():
        if isinstance(text, str):
            others = re.sub(MINUS, "", text.replace("1-2-3-4", "").replace("3-4-5-6", ""))
            assert not re.search(r"[-\u2212\u2012\u2014]\s?(\d|\{)", others), key_


@pytest.mark.parametrize("name", ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansDevanagari-Regular.ttf"])
def test_the_minus_sign_has_a_glyph_in_the_fonts(name):
    pygame.font.init()
    font = pygame.font.Font(str(asset_path("fonts", name)), 40)
    missing = font.metrics("\U0010fffd")[0]  # a private code point: the font's "missing" box
    assert font.metrics(MINUS)[0] != missing


def test_negative_score_is_drawn_with_the_minus_sign(open_control):
    control = open_control(seed=3)
    fonts, drawn = control.ctx.fonts, []
    original = fonts.render

    def recording(text, *args, **kwargs):
        drawn.append(text)
        return original(text, *args, **kwargs)

    fonts.render = recording
    breakdown = ScoreBreakdown(lines=(), base=20, bonus=0, ruins=2, ruin_penalty=30, powers_used=0, power_penalty=0)
    assert breakdown.total == -10
    draw_score_panel(control.screen, fonts, control.ctx.layout.score, breakdown, control.ctx.text, preview=False)
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
def test_dice_sent_back_are_told_in_a_sentence(open_control, values, key_):
    control = open_control(seed=3)
    session = control.ctx.resume_session(stranded_position(values))
    session.perform(TakeBack(0))
    assert session.message[0] == key_
    sentence = control.ctx.text(session.message[0], **session.message[1])
    if len(values) == 2:
        assert sentence == "The 5 no longer fits there, so it went back to the tray."
    else:
        assert sentence == "2 dice no longer fit there, so they went back to the tray: 5, 6."


def title_items(control: Control) -> list[str]:
    return [item.ident for item in control.machine.top.items()]


def test_title_offers_only_choices_that_differ(open_control):
    control = open_control(scene="title")
    assert title_items(control)[:2] == ["play", "rules"]  # a fresh game: Play is the new game
    control.machine.top.on_choice("play")
    control.step([], 1)
    assert control.machine.top_key == "rolling"
    key(control, pygame.K_r)
    key(control, pygame.K_ESCAPE)
    assert title_items(control)[:2] == ["resume", "new_game"]


def test_title_after_game_over_says_play_again(open_control):
    control = open_control(scene="game_over", seed=2)
    key(control, pygame.K_ESCAPE)
    menu = control.machine.top
    items = menu.items()
    assert [i.ident for i in items][:2] == ["play", "rules"]
    assert items[0].label == "Play again"


def test_title_with_a_saved_game_offers_continue_and_new_game(open_control):
    control = open_control(scene="title")
    control.ctx.saved_game = Game(Difficulty.PEACEFUL, 5)
    assert title_items(control)[:3] == ["continue", "new_game", "rules"]


def test_adjust_buttons_say_they_wait_for_a_die(open_control):
    control = open_control(seed=3)
    key(control, pygame.K_r)
    for _ in range(200):
        control.step([], 1)
    state = control.machine.top
    assert control.machine.top_key == "staging"
    minus, plus = (b for b in state.buttons() if b.ident in ("minus", "plus"))
    assert not minus.enabled and minus.sublabel == plus.sublabel == "pick a die first"
    state.toggle_die(state.game.tray[0])
    minus, plus = (b for b in state.buttons() if b.ident in ("minus", "plus"))
    assert minus.sublabel == f"{MINUS}10"


def test_review_words_a_ruin_as_what_happened():
    text = Catalog("en")
    item = TurnReview(turn=3, loss=12.0, played=(), suggested=(), advice=TurnAdvice(powers=(), placements=(), ruin=9))
    assert review_line(text, item) == "Turn 3: MAGDAGDON, the ruin on R3C2, about +12"
