"""Drag-and-drop on the table, frame by frame as a player's pointer moves: every event is
followed by a drawn frame, so the dragged die is drawn under the pointer when it is
dropped (the drop must still find the cell beneath it)."""

import pytest

from app_driver import Driver

SEED = 7  # turn 1 rolls 6 2 2 3


@pytest.fixture
def staging(tmp_path):
    app = Driver(tmp_path, seed=SEED)
    app.tap(app.layout.primary.center)
    for _ in range(200):
        app.frame()
        if app.top_key == "staging":
            break
    assert app.top_key == "staging"
    yield app
    app.close()


def test_a_die_dropped_on_a_glowing_cell_is_staged(staging):
    layout, game = staging.layout, staging.top.game
    assert game.legal_cells_for(0) == frozenset(range(16))  # the empty board takes any die anywhere
    staging.drag(layout.tray_slots[0].center, layout.cells[5].center)
    assert game.cell_of(0) == 5
    sprite = staging.top.session.sprites[0]
    assert sprite.rect.center == layout.cells[5].center  # drawn in the cell, not back in the tray


def test_a_die_dropped_on_a_cell_it_cannot_take_returns_with_a_word(staging):
    layout = staging.layout
    state = staging.top
    game, session = state.game, state.session
    staging.drag(layout.tray_slots[3].center, layout.cells[0].center)  # a 3, then a 2 fits beside it
    assert game.cell_of(3) == 0
    assert game.legal_cells_for(1) and 15 not in game.legal_cells_for(1)  # far from the staged die: nothing to touch
    staging.drag(layout.tray_slots[1].center, layout.cells[15].center)
    assert game.cell_of(1) is None
    assert tuple(session.sprites[1].pos) == layout.tray_slots[1].center  # back in its slot (lifted: picked)
    assert session.message == ("guide.not_here", {"value": game.dice[1]})
    staging.tap(layout.tray_slots[2].center)
    assert session.selected == 2 and session.message is None  # the word was about the other die


def test_a_die_that_fits_nowhere_is_told_so_not_sent_to_glowing_cells(staging):
    layout = staging.layout
    state = staging.top
    game, session = state.game, state.session
    assert game.dice[:2] == (6, 2)  # beside a 6, a 2 fits nowhere
    staging.drag(layout.tray_slots[0].center, layout.cells[5].center)
    assert not game.legal_cells_for(1)
    staging.drag(layout.tray_slots[1].center, layout.cells[15].center)
    assert game.cell_of(1) is None and session.message is None
    assert state.guide()[0] == staging.text("guide.no_cell", value=2)


def test_a_die_dropped_off_the_board_returns_quietly(staging):
    layout = staging.layout
    state = staging.top
    staging.drag(layout.tray_slots[2].center, layout.score.center)
    assert state.game.cell_of(2) is None
    assert state.session.message is None
    assert state.session.selected == 2  # still picked: its cells glow for a tap
