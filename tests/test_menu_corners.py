"""A menu's panel rounds its corners, and no button pokes out of the curve: the phones'
lobby, whose buttons run the panel's whole width down to its bottom edge, among them."""

import pytest

from magdagdon.app.ui.menu import MenuState, inside_rounded

from support.player import Player

SIZES = ((1920, 1080), (800, 600), (1080, 1920))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("scene", ["phones_lobby_3", "settings", "title", "high_scores"])
def test_no_button_pokes_out_of_the_panels_rounded_corners(tmp_path, size, locale, scene):
    player = Player(tmp_path, size=size, scene=scene, locale=locale)
    player.wait(0.5)
    menu = player.top
    assert isinstance(menu, MenuState) and menu.panel is not None and menu.buttons
    assert menu.corner_radius >= 6  # still a rounded panel
    outside = [ident for button, ident in menu.buttons
               if not inside_rounded(menu.panel, menu.corner_radius, button.rect)]
    assert not outside, (menu.panel, menu.corner_radius, outside)
    player.close()
