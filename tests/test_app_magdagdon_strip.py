"""A MAGDAGDON turn after "Use a power": the banner folds to a strip in the room above the
board, so every cell, tray die and power stays in view and tappable; Accept takes the place
of CONFIRM; at every size and in every language the strip holds its words."""

import pygame
import pytest

from magdagdon.engine import Phase

from support.player import Player

SIZES = [(800, 600), (1920, 1080), (1080, 1920), (2200, 2200)]


def folded(tmp_path, size, locale="en") -> Player:
    player = Player(tmp_path, size, seed=5, scene="magdagdon", locale=locale)
    player.wait(0.5)
    state = player.top
    assert player.top_key == "magdagdon" and state.game.powers_left > 0
    player.tap(next(b for b in state.buttons() if b.ident == "use_power").rect.center)
    assert state.collapsed
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
def test_the_folded_banner_leaves_the_board_and_the_tray_in_view(tmp_path, size):
    player = folded(tmp_path, size)
    state, layout = player.top, player.top.layout
    assert not drawn_over(player, layout.board.inflate(-2, -2)), "the banner covers the board"
    for rect in [*layout.tray_slots, *layout.power_buttons, layout.primary, layout.hint_button, layout.menu_button]:
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


@pytest.mark.parametrize("locale, power_on", [("en", "left"), ("it", "left"), ("ur", "right")])
def test_the_banner_buttons_read_the_way_the_language_does(tmp_path, locale, power_on):
    """"Use a power" comes first where the reader starts: on the right in Urdu, as the
    rest of the table is mirrored; tapping the button on that side uses a power."""
    player = Player(tmp_path, (1920, 1080), seed=5, scene="magdagdon", locale=locale)
    player.wait(0.5)
    state = player.top
    banner = [b for b in state.buttons() if b.ident in ("use_power", "accept")]
    assert len(banner) == 2 and state.game.powers_left > 0
    first = max(banner, key=lambda b: b.rect.centerx) if power_on == "right" else min(banner, key=lambda b: b.rect.centerx)
    assert first.ident == "use_power"
    player.tap(first.rect.center)
    assert state.collapsed and player.top_key == "magdagdon"
    player.close()
