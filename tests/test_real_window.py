"""The game as a player meets it: ``python -m magdagdon`` in a real X window (Xvfb), no
``--frames``, real pointer and keyboard input from xdotool, and every check made on the
pixels the X server shows.

Where to click:
- the table (tray slots, cells, ROLL/CONFIRM) comes from ``compute_layout(w, h)``, the
  function the game lays its table out with;
- each menu's buttons come from the menu builder itself: the same screen is opened
  headless (dummy video driver, ``app_driver``) in this process and its buttons'
  rectangles are read.
Which cells are legal comes from the engine: with a known seed the dice are known.

Nothing moves the pointer except to click or drag: a screen must show itself on its own.
Without the X tools the test skips, except in CI (``CI=true``), where it fails.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.ui import palette  # noqa: E402
from magdagdon.app.table.layout import compute_layout  # noqa: E402
from magdagdon.engine import Difficulty, Game, Roll, Stage  # noqa: E402

from app_driver import Driver  # noqa: E402
from x_window import Box, Frame, GameWindow  # noqa: E402

SIZE = (1024, 768)
SEED = 7
PANEL = palette.PANEL


@pytest.fixture
def launch(x_display, tmp_path):
    """Start the game; every window started is killed at the end, whatever happened."""
    windows: list[GameWindow] = []

    def start(*extra: str) -> GameWindow:
        args = ["--windowed", "--size", f"{SIZE[0]}x{SIZE[1]}", "--mute", "--difficulty", "PEACEFUL",
                "--data-dir", str(tmp_path / "data"), *extra]
        window = GameWindow(x_display, args, tmp_path / f"game{len(windows)}.log", cwd=os.getcwd())
        windows.append(window)
        assert (window.width, window.height) == SIZE
        return window

    yield start
    for window in windows:
        window.close()


# --- what the menu builder lays out ----------------------------------------------------------
def menu_layout(tmp_path, scene: str | None = None, in_game: bool = False) -> tuple[dict[str, Box], dict[str, Box]]:
    """The enabled and the disabled buttons of a menu screen as the game builds them at
    ``SIZE``: ``scene`` opens a menu over a fresh game; ``in_game`` opens the pause menu over
    a rolled game."""
    app = Driver(tmp_path / "layout", SIZE, scene=scene, seed=SEED if in_game else None)
    try:
        if in_game:
            app.key(pygame.K_r)
            app.key(pygame.K_ESCAPE)
        enabled, disabled = (app.menu_button_rects(flag) for flag in (True, False))
        return ({ident: Box.of(rect) for ident, rect in enabled.items()},
                {ident: Box.of(rect) for ident, rect in disabled.items()})
    finally:
        app.close()


def menu_buttons(tmp_path, scene: str | None = None, in_game: bool = False) -> dict[str, Box]:
    """The enabled buttons of a menu screen (``menu_layout``)."""
    return menu_layout(tmp_path, scene, in_game)[0]


# --- reading pixels ----------------------------------------------------------------------------
def distance(a, b) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def dominant(frame: Frame, box: Box) -> tuple[int, int, int]:
    counts: dict = {}
    for p in frame.pixels(box):
        key = (p[0] // 8 * 8, p[1] // 8 * 8, p[2] // 8 * 8)
        counts[key] = counts.get(key, 0) + 1
    return max(counts, key=counts.get)


def shows_button(frame: Frame, box: Box) -> bool:
    """A filled button with a label: one colour that is not the panel's covers most of it
    (shaded from top to bottom, lit from above: within 40 of its commonest shade), and a
    second one (the text) a part of it."""
    inner = box.shrunk(0.12)
    ground = dominant(frame, inner)
    if distance(ground, PANEL) < 24 or frame.share(inner, lambda p: distance(p, ground) < 40) < 0.5:
        return False
    return 0.01 < frame.share(inner, lambda p: distance(p, ground) > 70) < 0.5


def shows_disabled_button(frame: Frame, box: Box) -> bool:
    """A disabled button: filled in a colour of its own (not the panel's), its words dim but there."""
    inner = box.shrunk(0.12)
    ground = dominant(frame, inner)
    return distance(ground, PANEL) >= 8 and 0.01 < frame.share(inner, lambda p: distance(p, ground) > 30) < 0.5


def is_mint(frame: Frame, box: Box) -> bool:
    """A primary button (plain, hovered or focused: all shades of mint)."""
    r, g, b = dominant(frame, box.shrunk(0.12))
    return g > 200 and b > 150 and r < 170


def menu_shown(buttons: dict[str, Box], primary: str | None = None, disabled: dict[str, Box] | None = None):
    def check(frame: Frame) -> bool:
        return (all(shows_button(frame, box) for box in buttons.values())
                and all(shows_disabled_button(frame, box) for box in (disabled or {}).values())
                and (primary is None or is_mint(frame, buttons[primary])))
    return check


def light(p) -> bool:
    return min(p) > 175  # ivory die faces (the table and the panels are dark blue)


def die_in(frame: Frame, rect) -> bool:
    return frame.share(Box.of(rect).shrunk(0.2), light) > 0.5


def empty(frame: Frame, rect) -> bool:
    return frame.share(Box.of(rect), light) < 0.02


def settled(window: GameWindow, frame: Frame) -> bool:
    time.sleep(0.1)
    return window.capture().data == frame.data


# --- the scenario --------------------------------------------------------------------------------
def test_title_and_every_menu_show_and_close(launch, tmp_path):
    title = menu_buttons(tmp_path, "title")
    layouts = {name: menu_layout(tmp_path, name) for name in ("rules", "high_scores", "settings", "about")}
    menus = {name: enabled for name, (enabled, _) in layouts.items()}
    disabled = {name: off for name, (_, off) in layouts.items()}
    assert list(disabled["settings"]) == ["world_board"]  # nothing to send to until an address is set
    game = launch()
    game.wait_for(menu_shown(title, "play"), "the title menu's buttons", save_to=tmp_path / "title.ppm")
    for name, buttons in menus.items():
        game.click(title[name].center)
        game.wait_for(lambda f: menu_shown(buttons, "back", disabled[name])(f) and not is_mint(f, title["play"]),
                      f"the {name} screen with its Back button", save_to=tmp_path / f"{name}.ppm")
        if name in ("rules", "about"):
            game.key("Escape")  # Esc goes back as well as the button
        else:
            game.click(buttons["back"].center)
        game.wait_for(menu_shown(title, "play"), f"the title again after closing {name}", save_to=tmp_path / f"after_{name}.ppm")
    game.click(title["quit"].center)
    assert game.wait_exit() == 0
    assert "Traceback" not in game.output()


def turn_one_moves() -> tuple[tuple[int, int], tuple[int, int]]:
    """A die and cell to drag, then another die and cell to tap, legal in that order."""
    for first in range(4):
        for cell in sorted(Game(Difficulty.PEACEFUL, SEED).legal_cells_for(first) or range(16)):
            game = Game(Difficulty.PEACEFUL, SEED)
            game.play(Roll())
            if cell not in game.legal_cells_for(first):
                continue
            game.play(Stage(first, cell))
            for second in game.tray:
                cells = game.legal_cells_for(second)
                if cells:
                    return (first, cell), (second, min(cells))
    raise AssertionError(f"seed {SEED}: no two dice can be staged on turn 1")


def test_roll_drag_tap_confirm_menus_and_quit(launch, tmp_path):
    layout = compute_layout(*SIZE)
    (drag_die, drag_cell), (tap_die, tap_cell) = turn_one_moves()
    pause = menu_buttons(tmp_path, in_game=True)
    confirm = menu_buttons(tmp_path, "confirm")
    primary = Box.of(layout.primary)

    game = launch("--seed", str(SEED))
    before = game.wait_for(lambda f: is_mint(f, primary) and all(empty(f, s) for s in layout.tray_slots),
                           "ROLL ready over an empty tray", save_to=tmp_path / "start.ppm")
    game.click(primary.center)
    rolled = game.wait_for(lambda f: all(die_in(f, s) for s in layout.tray_slots) and settled(game, f),
                           "four dice at rest in the tray", save_to=tmp_path / "rolled.ppm")
    assert all(empty(rolled, c) for c in layout.cells)

    # drag one die onto a legal cell, looking while it is in the air
    start, end = layout.tray_slots[drag_die].center, layout.cells[drag_cell].center
    game.move(start)
    game.press()
    steps = 12
    for i in range(1, steps + 1):
        game.move((start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps))
        time.sleep(0.02)
    carried = game.wait_for(lambda f: die_in(f, layout.cells[drag_cell]), "the dragged die under the pointer",
                            save_to=tmp_path / "dragging.ppm")
    assert empty(carried, layout.tray_slots[drag_die])
    game.release()
    game.wait_for(lambda f: die_in(f, layout.cells[drag_cell]) and empty(f, layout.tray_slots[drag_die]) and settled(game, f),
                  "the dropped die staged in its cell", save_to=tmp_path / "dropped.ppm")

    # tap another die, then a cell the engine calls legal for it
    game.click(layout.tray_slots[tap_die].center)
    time.sleep(0.2)
    game.click(layout.cells[tap_cell].center)
    staged = game.wait_for(lambda f: die_in(f, layout.cells[tap_cell]) and empty(f, layout.tray_slots[tap_die])
                           and is_mint(f, primary) and settled(game, f),
                           "the tapped die staged and CONFIRM ready", save_to=tmp_path / "tapped.ppm")
    score = Box.of(layout.score)
    assert staged.share(score, light) != rolled.share(score, light)  # the score shows the staged dice

    game.click(primary.center)
    game.wait_for(lambda f: all(empty(f, s) for s in layout.tray_slots) and die_in(f, layout.cells[drag_cell])
                  and die_in(f, layout.cells[tap_cell]) and is_mint(f, primary) and settled(game, f),
                  "the turn confirmed: the dice on the board, the tray empty, ROLL again",
                  save_to=tmp_path / "confirmed.ppm")
    assert before.data != rolled.data

    # the pause menu, the confirm dialog behind "New game", and back
    game.key("Escape")
    game.wait_for(menu_shown(pause, "resume"), "the pause menu", save_to=tmp_path / "pause.ppm")
    game.click(pause["new_game"].center)
    game.wait_for(lambda f: menu_shown(confirm)(f) and not is_mint(f, pause["resume"]),
                  "the confirm dialog", save_to=tmp_path / "confirm.ppm")
    game.click(confirm["no"].center)
    game.wait_for(menu_shown(pause, "resume"), "the pause menu after No", save_to=tmp_path / "pause_again.ppm")
    game.click(pause["resume"].center)
    game.wait_for(lambda f: die_in(f, layout.cells[drag_cell]) and not shows_button(f, pause["new_game"]),
                  "the table again, the game kept", save_to=tmp_path / "resumed.ppm")
    game.key("Escape")
    game.wait_for(menu_shown(pause, "resume"), "the pause menu once more", save_to=tmp_path / "pause_last.ppm")
    game.click(pause["quit"].center)
    assert game.wait_exit() == 0
    assert "Traceback" not in game.output()
