"""Nothing is cut or overlaps: text is measured against the box it is drawn in, the window
keeps its minimum size, and rolling dice stay inside the tray."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import warnings  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.app.render.hud import min_text_px, wrap  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

SIZES = [(800, 600), (1920, 1080), (1080, 1920), (2200, 2200)]
MENUS = ["title", "settings", "confirm", "rules", "high_scores", "about"]


def click(control: Control, pos) -> None:
    control.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)], 1)


@pytest.fixture
def open_control(tmp_path):
    def start(size, **options) -> Control:
        control = Control(Options(difficulty=Difficulty.PEACEFUL, windowed=True, size=size, data_dir=tmp_path,
                                  sound=False, **options))
        control.finish_startup()
        return control

    yield start
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", MENUS)
def test_every_menu_label_and_button_holds_its_text(open_control, scene, size):
    from pygame_gui.elements import UIButton, UILabel

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        menu = open_control(size, scene=scene).machine.top
    assert not [str(w.message) for w in caught if "too small" in str(w.message)]
    checked = 0
    for element in menu.elements:
        if isinstance(element, (UIButton, UILabel)) and element.text:
            width, height = element.font.get_rect(element.text).size
            assert width <= element.rect.width and height <= element.rect.height, (
                f"{element.text!r} is {width}x{height} px in a {element.rect.width}x{element.rect.height} box")
            checked += 1
    assert checked >= 2  # a title and at least one button
    assert menu.panel.width <= size[0]


def assert_banner_holds_its_text(control: Control, state, size) -> None:
    """Measured at the smallest text the banner may use: the title, then every wrapped
    line, must end above the banner's buttons."""
    control.draw()
    banner = state._banner_rect()
    buttons_top = min(b.rect.top for b in state.buttons() if b.ident in ("accept", "use_power"))
    text, fonts = control.ctx.text, control.ctx.fonts
    pad = max(8, banner.width // 24)
    title = text("banner.magdagdon")
    title_height = fonts.font(fonts.fit(title, int(banner.height * 0.15), banner.width - 2 * pad, bold=True), True).get_height()
    floor = min_text_px(size)
    lines = [line for sentence in state._banner_lines() for line in wrap(fonts, sentence, floor, banner.width - 2 * pad)]
    why = text("banner.magdagdon_why", dice=" ".join(str(v) for v in state.game.dice), required=state.game.required)
    assert why in state._banner_lines()
    bottom = banner.top + pad + title_height + pad // 4 + len(lines) * int(fonts.font(floor).get_linesize() * 1.02)
    assert bottom <= buttons_top, f"the text ends at y={bottom}, the buttons start at y={buttons_top}"
    assert control.ctx.layout.board.top <= banner.top and banner.bottom <= control.ctx.layout.board.bottom


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("difficulty", [Difficulty.PEACEFUL, Difficulty.NIGHTMARE])
def test_magdagdon_banner_holds_its_text(tmp_path, size, difficulty):
    control = Control(Options(difficulty=difficulty, windowed=True, size=size, data_dir=tmp_path, sound=False,
                              scene="magdagdon", seed=1))
    try:
        control.finish_startup()
        assert control.machine.top_key == "magdagdon"
        assert_banner_holds_its_text(control, control.machine.top, size)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_folded_magdagdon_banner_holds_its_sentence(open_control, size):
    control = open_control(size, scene="magdagdon", seed=1)
    state = control.machine.top
    assert control.machine.top_key == "magdagdon" and state.game.powers_left > 0
    use_power = next(b for b in state.buttons() if b.ident == "use_power")
    click(control, use_power.rect.center)
    assert state.collapsed
    assert_banner_holds_its_text(control, state, size)


def test_window_keeps_its_minimum_size(open_control):
    control = open_control((640, 400), seed=3)
    assert control.screen.get_size() == (800, 600)
    assert control.ctx.layout.size == (800, 600)
    pygame.display.set_mode((700, 450), pygame.RESIZABLE)  # as a window manager ignoring the minimum would
    control.step([pygame.event.Event(pygame.VIDEORESIZE, size=(700, 450), w=700, h=450)], 1)
    width, height = control.screen.get_size()
    assert width >= 800 and height >= 600
    assert control.ctx.layout.size == (width, height)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_rolling_dice_stay_inside_the_tray(open_control, size):
    control = open_control(size, seed=11)
    layout = control.ctx.layout
    tray = layout.tray.inflate(2, 2)  # a pixel of rounding either side
    for attempt in range(4):  # several rolls: a re-roll throws the dice again
        state = control.machine.top
        click(control, layout.primary.center)
        session = state.session
        ticks = 0
        while session.tumbling and ticks < 400:
            control.step([], 1)
            ticks += 1
            for alpha in (0.0, 0.5, 1.0):
                for sprite in session.sprites.values():
                    sprite.place(alpha)
                    assert tray.contains(sprite.rect), f"die {sprite.index} at {sprite.rect} outside the tray {layout.tray}"
        assert ticks > 10  # it did tumble
        for sprite in session.sprites.values():  # landed in its slot
            assert tuple(sprite.pos) == layout.tray_slots[sprite.index].center
        if control.machine.top_key != "staging":
            break
        state = control.machine.top
        reroll = next(b for b in state.buttons() if b.ident == "reroll")
        click(control, reroll.rect.center)
        for die in state.game.tray:
            click(control, layout.tray_slots[die].center)
        go = next(b for b in control.machine.top.buttons() if b.ident == "reroll_go")
        click(control, go.rect.center)
        while session.tumbling:
            control.step([], 1)
            for sprite in session.sprites.values():
                sprite.place(1.0)
                assert tray.contains(sprite.rect), f"re-rolled die {sprite.index} at {sprite.rect} outside the tray"
        break
