"""Menu words are drawn by the game's text layout, not by pygame_gui (which shapes a line as
one run in one font: Latin words in Urdu or Hindi as empty boxes, numbers reversed in
Urdu); they fit their boxes; Urdu menus read from the right; long pages scroll."""

import pygame
import pytest
from pygame_gui.elements import UIButton

from magdagdon.app.text.i18n import Catalog
from magdagdon.app.text.menu_text import ink_rect, paragraphs
from magdagdon.app.shell.scenes import MENU_SCENES
from magdagdon.app.ui.menu import MenuState

from support.player import Player


def open_menu(tmp_path, scene: str, locale: str, size=(800, 600)) -> Player:
    player = Player(tmp_path, size=size, scene=scene, locale=locale)
    player.wait(0.5)
    assert isinstance(player.top, MenuState) and player.top.built, player.top_key
    return player


@pytest.mark.parametrize("locale", ["ur", "hi", "en"])
def test_every_menu_hands_pygame_gui_no_words_and_draws_them_itself(tmp_path, locale):
    catalog = Catalog(locale)
    for scene in MENU_SCENES:
        player = open_menu(tmp_path, scene, locale)
        menu = player.top
        for element in menu.elements:
            assert isinstance(element, UIButton), (scene, type(element).__name__)
            assert element.text == "", (scene, element.text)
        assert menu.title_label.text == catalog(menu.title_key)
        assert all(menu.button_labels[ident] for _, ident in menu.buttons), scene
        player.fresh()  # draws without error
        player.close()


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_urdu_menu_lines_are_as_tall_as_their_ink(tmp_path, size):
    """Nastaliq needs about twice Noto Sans' height: titles, subtitles and buttons grow with
    it rather than clip."""
    for scene in ("title", "settings", "confirm"):
        player = open_menu(tmp_path, scene, "ur", size)
        menu = player.top
        for label in menu.labels:
            assert ink_rect(label.image).height <= label.rect.height, (scene, label.text)
            assert ink_rect(label.image).width <= label.rect.width, (scene, label.text)
        player.close()


def test_urdu_rows_of_buttons_start_on_the_right(tmp_path):
    player = open_menu(tmp_path, "confirm", "ur")
    rects = player.menu_button_rects()
    assert rects["no"].left > rects["yes"].left  # "no" comes first in reading order
    player.close()
    player = open_menu(tmp_path, "confirm", "en")
    rects = player.menu_button_rects()
    assert rects["no"].left < rects["yes"].left
    player.close()


def test_a_long_page_scrolls_with_the_wheel_page_keys_and_a_drag(tmp_path):
    player = open_menu(tmp_path, "rules", "ur")
    page = player.top.page
    view = player.top._page_view()
    assert page.height > view.height * 2  # How to play is long
    player.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False)
    player.wait(0.1)
    after_wheel = page.offset
    assert after_wheel > 0
    player.key(pygame.K_PAGEDOWN)
    assert page.offset > after_wheel
    centre = player.top.body_rect.center
    before_drag = page.offset
    player.drag(centre, (centre[0], centre[1] - 100))
    assert page.offset > before_drag
    player.key(pygame.K_HOME)  # not a scrolling key: nothing moves
    player.close()


def test_page_markup_headings_and_breaks():
    assert paragraphs("<b>Goal</b><br>Fill it &amp; win.<br><br>A <b>bold</b> word") == [
        ("Goal", True), ("Fill it & win.", False), ("", False), ("A bold word", False)]
