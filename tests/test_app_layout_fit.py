"""Nothing is cut or overlaps: text is measured against the box it is drawn in, the window
keeps its minimum size, and rolling dice stay inside the tray."""

import pygame
import pytest

from app_driver import Driver
from magdagdon.ai.rescue import rescue_for
from magdagdon.app.text.fit import fit_lines, min_text_px
from magdagdon.app.table.rescue_words import advice_line
from magdagdon.engine import Difficulty

SIZES = [(800, 600), (1920, 1080), (1080, 1920), (2200, 2200)]
MENUS = ["title", "settings", "confirm", "rules", "high_scores", "about"]


def size_id(size) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.fixture
def open_app(tmp_path):
    opened: list[Driver] = []

    def start(size, **options) -> Driver:
        app = Driver(tmp_path, size, **options)
        opened.append(app)
        return app

    yield start
    for app in opened:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("scene", MENUS)
def test_every_menu_label_and_button_holds_its_text(open_app, scene, size):
    from magdagdon.app.text.menu_text import ink_rect

    menu = open_app(size, scene=scene).top
    # Every label and button holds its words at the theme's size, with room beside them.
    assert menu.text_overflow() <= 1.0
    for label in menu.labels:
        ink = ink_rect(label.image)
        assert ink.width <= label.rect.width and ink.height <= label.rect.height, (
            f"{label.text!r} is {ink.width}x{ink.height} px in a {label.rect.width}x{label.rect.height} box")
    assert menu.title_label is not None and menu.buttons  # a title and at least one button
    assert menu.panel.width <= size[0]


def assert_decision_holds_its_text(app: Driver, size) -> None:
    """The MAGDAGDON decision's words, with the board in view: the strip (MAGDAGDON and why)
    holds them above or below the board, and the guide line holds the powers' advice on at
    most two lines at a readable size."""
    app.frame()
    state = app.top
    assert state.strip_fits(), state.strip_rect()
    assert not state.strip_rect().colliderect(app.layout.board)
    text, fonts, layout = app.text, app.fonts, app.layout
    advice = advice_line(text, state.game, rescue_for(state.game))
    assert state.guide()[0] == advice
    floor = min_text_px(size)
    guide = layout.guide
    lines, _ = fit_lines(fonts, advice, int(guide.height * 0.55), guide.width, guide.height, floor)
    assert len(lines) <= 2, lines


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("difficulty", [Difficulty.PEACEFUL, Difficulty.NIGHTMARE])
def test_magdagdon_decision_holds_its_text(open_app, size, difficulty):
    app = open_app(size, difficulty=difficulty, scene="magdagdon", seed=1)
    assert app.top_key == "magdagdon"
    assert_decision_holds_its_text(app, size)


def test_window_keeps_its_minimum_size(open_app):
    app = open_app((640, 400), seed=3)
    assert app.window_size == (800, 600)
    assert app.layout.size == (800, 600)
    app.resize((700, 450))  # as a window manager ignoring the minimum would
    width, height = app.window_size
    assert width >= 800 and height >= 600
    assert app.layout.size == (width, height)


def assert_dice_in_tray(app: Driver, what: str) -> None:
    tray = app.layout.tray.inflate(2, 2)  # a pixel of rounding either side
    for alpha in (0.0, 0.5, 1.0):
        for sprite in app.top.session.sprites.values():
            sprite.place(alpha)
            assert tray.contains(sprite.rect), f"{what} die {sprite.index} at {sprite.rect} outside the tray {app.layout.tray}"


@pytest.mark.fine_frames  # times what happens inside 0.1 s
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_rolling_dice_stay_inside_the_tray(open_app, size):
    app = open_app(size, seed=11)
    layout = app.layout
    app.tap(layout.primary.center)
    session = app.top.session
    ticks = 0
    while session.tumbling and ticks < 400:
        app.frame()
        ticks += 1
        assert_dice_in_tray(app, "rolled")
    assert ticks > 10  # it did tumble
    for sprite in session.sprites.values():  # landed in its slot
        assert tuple(sprite.pos) == layout.tray_slots[sprite.index].center
    assert app.top_key == "staging"
    state = app.top
    app.tap(next(b for b in state.buttons() if b.ident == "reroll").rect.center)
    for die in state.game.tray:
        app.tap(layout.tray_slots[die].center)
    app.tap(next(b for b in app.top.buttons() if b.ident == "reroll_go").rect.center)
    assert session.tumbling
    while session.tumbling:
        app.frame()
        assert_dice_in_tray(app, "re-rolled")
