"""Drag-and-drop on the table, frame by frame as a player's pointer moves: every event is
followed by a drawn frame, so the dragged die is drawn under the pointer when it is
dropped (the drop must still find the cell beneath it)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402

SEED = 7


def frame(control: Control, *events: pygame.event.Event) -> None:
    control.step(list(events), 1)
    control.draw()


def mouse(kind: int, pos, rel=(0, 0)) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=rel, buttons=(1, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=1, touch=False)


def drag(control: Control, start, end, steps: int = 6) -> None:
    frame(control, mouse(pygame.MOUSEBUTTONDOWN, start))
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        frame(control, mouse(pygame.MOUSEMOTION, (x, y), rel=(1, 1)))
    frame(control, mouse(pygame.MOUSEBUTTONUP, end))
    for _ in range(60):  # the die glides to where it belongs
        frame(control)


@pytest.fixture
def staging(tmp_path):
    options = Options(difficulty=Difficulty.PEACEFUL, seed=SEED, windowed=True, size=(800, 600),
                      data_dir=tmp_path, sound=False)
    control = Control(options)
    layout = control.ctx.layout
    frame(control, mouse(pygame.MOUSEBUTTONDOWN, layout.primary.center), mouse(pygame.MOUSEBUTTONUP, layout.primary.center))
    for _ in range(200):
        frame(control)
        if control.machine.top_key == "staging":
            break
    assert control.machine.top_key == "staging"
    yield control
    pygame.display.quit()


def test_a_die_dropped_on_a_glowing_cell_is_staged(staging):
    layout, game = staging.ctx.layout, staging.machine.top.game
    assert game.legal_cells_for(0) == frozenset(range(16))  # the empty board takes any die anywhere
    drag(staging, layout.tray_slots[0].center, layout.cells[5].center)
    assert game.cell_of(0) == 5
    sprite = staging.machine.top.session.sprites[0]
    assert sprite.rect.center == layout.cells[5].center  # drawn in the cell, not back in the tray


def test_a_die_dropped_on_a_cell_it_cannot_take_returns_with_a_word(staging):
    layout = staging.ctx.layout
    state = staging.machine.top
    game, session = state.game, state.session
    drag(staging, layout.tray_slots[3].center, layout.cells[0].center)  # seed 7: a 3, then a 2 fits beside it
    assert game.cell_of(3) == 0
    assert game.legal_cells_for(1) and 15 not in game.legal_cells_for(1)  # far from the staged die: nothing to touch
    drag(staging, layout.tray_slots[1].center, layout.cells[15].center)
    assert game.cell_of(1) is None
    assert tuple(session.sprites[1].pos) == layout.tray_slots[1].center  # back in its slot (lifted: picked)
    assert session.message == ("guide.not_here", {"value": game.dice[1]})
    frame(staging, mouse(pygame.MOUSEBUTTONDOWN, layout.tray_slots[2].center), mouse(pygame.MOUSEBUTTONUP, layout.tray_slots[2].center))
    assert session.selected == 2 and session.message is None  # the word was about the other die


def test_a_die_dropped_off_the_board_returns_quietly(staging):
    layout = staging.ctx.layout
    state = staging.machine.top
    drag(staging, layout.tray_slots[2].center, layout.score.center)
    assert state.game.cell_of(2) is None
    assert state.session.message is None
    assert state.session.selected == 2  # still picked: its cells glow for a tap


def test_a_die_that_fits_nowhere_is_told_so_not_sent_to_glowing_cells(staging):
    layout = staging.ctx.layout
    state = staging.machine.top
    game, session = state.game, state.session
    assert game.dice[:2] == (6, 2)  # seed 7: beside a 6, a 2 fits nowhere
    drag(staging, layout.tray_slots[0].center, layout.cells[5].center)
    assert not game.legal_cells_for(1)
    drag(staging, layout.tray_slots[1].center, layout.cells[15].center)
    assert game.cell_of(1) is None and session.message is None
    assert state.guide()[0] == staging.ctx.text("guide.no_cell", value=2)
