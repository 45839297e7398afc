"""A MAGDAGDON roll is decided with the board in view: a strip in the room above the board
says MAGDAGDON and why, so every cell, tray die and power stays in view and tappable while
the player chooses a power or accepts; Accept takes the place of CONFIRM; at every size and
in every language the strip holds its words."""

import pygame
import pytest

from magdagdon.engine import Phase

from support.player import Player

SIZES = [(800, 600), (1920, 1080), (1080, 1920), (2200, 2200)]


def folded(tmp_path, size, locale="en") -> Player:
    """The MAGDAGDON roll as it first shows: nothing pressed yet."""
    player = Player(tmp_path, size, seed=5, scene="magdagdon", locale=locale)
    player.wait(0.5)
    state = player.top
    assert player.top_key == "magdagdon" and state.game.powers_left > 0
    return player


def drawn_over(player: Player, rect: pygame.Rect) -> bool:
    """Whether what the table draws in ``rect`` changes when the folded banner is drawn."""
    state = player.top
    with_banner = player.fresh()
    draw_extra = state.draw_extra
    state.draw_extra = lambda surface, alpha: None
    try:
        without = player.fresh()
    finally:
        state.draw_extra = draw_extra
    clipped = rect.clip(with_banner.get_rect())
    return pygame.image.tobytes(with_banner.subsurface(clipped), "RGB") != pygame.image.tobytes(
        without.subsurface(clipped), "RGB")


@pytest.mark.parametrize("size", SIZES)
def test_the_decision_leaves_the_board_the_tray_and_the_powers_in_view(tmp_path, size):
    player = folded(tmp_path, size)
    state, layout = player.top, player.top.layout
    assert not drawn_over(player, layout.board.inflate(-2, -2)), "the banner covers the board"
    for rect in [*layout.tray_slots, *layout.power_buttons, layout.primary, layout.hint_button, layout.menu_button,
                 *layout.row_sums, *layout.col_sums]:
        assert not drawn_over(player, rect), f"the banner covers {rect}"
    assert drawn_over(player, state.strip_rect())  # it is there, above the board
    die = state.game.tray[0]
    player.tap(state.session.sprites[die].rect.center)  # a die is picked for -1 / +1
    assert state.session.selected == die
    player.close()


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_the_strip_holds_its_words(tmp_path, locale):
    for size in SIZES:
        player = folded(tmp_path / f"{size[0]}", size, locale)
        state = player.top
        assert state.strip_fits(), (locale, size, state.strip_rect())
        drawn = " ".join(t for t, _ in player.texts_drawn(lambda: player.fresh()))
        sentence = state._strip_words()[1]
        assert all(word in drawn for word in sentence.split()[:2]), (locale, size, drawn)
        player.close()


def test_accept_in_the_place_of_confirm_gives_up_the_roll(tmp_path):
    player = folded(tmp_path, (800, 600))
    state = player.top
    accept = next(b for b in state.buttons() if b.ident == "accept")
    assert accept.rect == state.layout.primary and accept.enabled
    player.tap(accept.rect.center, then=2.0)
    assert player.table.game.phase is Phase.RUIN_PICK  # the roll is given up: a ruin is placed next
    player.close()


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_a_power_saves_the_roll_without_a_step_before_it(tmp_path, locale):
    """The powers are in use the moment the roll is a MAGDAGDON: pick the die the guide line
    names, press the power, and the roll is saved (no banner to fold first)."""
    player = Player(tmp_path, (1920, 1080), seed=5, scene="magdagdon", locale=locale)
    player.wait(0.5)
    state = player.top
    advice = state.advice()
    assert advice is not None and advice.adjusts, "this scene's roll is saved by a −1/+1"
    adjust = advice.adjusts[0]
    player.tap(state.session.sprites[adjust.die].rect.center)
    power = "plus" if adjust.delta > 0 else "minus"
    player.tap(next(b for b in state.buttons() if b.ident == power).rect.center, then=2.0)
    assert player.table.game.phase is Phase.STAGING and player.table.game.powers_used == 1
    player.close()
