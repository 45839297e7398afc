"""A question ("Are you sure?") as a player sees it: the title has room above it, the words
stand on the dialog itself (no dark box behind them), evenly spaced between the title and
the buttons, in the player's language even after the language changes."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.ui import palette
from magdagdon.app.audit.draw_log import Role

from support.player import Player



def question(player: Player) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, int]:
    """(the dialog, the title's ink, the question's ink, the top of the buttons)."""
    frame = player.drawn()
    dialog = next(r.rect for r in reversed(frame.elements) if r.role is Role.DIALOG and r.words == "menu")
    title = next(r.rect for r in frame.texts if r.role is Role.TITLE and "title" in r.panel)
    words = [r.rect for r in frame.texts if r.role is Role.PAGE and "body" in r.panel]
    assert words, "the question draws no words"
    buttons = min(button.rect.top for button, _ in player.top.buttons)
    return dialog, title, words[0].unionall(words[1:]), buttons


@pytest.mark.parametrize("locale", ["en", "ur", "hi"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (1080, 1920)])
def test_a_question_has_room_above_its_title_and_no_box_behind_its_words(tmp_path, locale, size):
    player = Player(tmp_path, size, scene="confirm", locale=locale)
    try:
        player.wait(0.5)
        dialog, title, words, buttons = question(player)
        above, between, below = title.top - dialog.top, words.top - title.bottom, buttons - words.bottom
        assert above >= title.height // 3, (above, title)  # not jammed against the dialog's edge
        tolerance = max(6, max(above, between, below) // 4)
        assert max(above, between, below) - min(above, between, below) <= tolerance, (above, between, below)
        picture = player.shown()
        # Around the words, the dialog's own colour: no darker box stands behind them.
        body = player.top.body_rect
        for point in ((body.left + 2, words.centery), (body.right - 3, words.centery), (words.centerx, words.top - 2),
                      (words.left - 3, words.bottom - 1)):
            assert tuple(picture.get_at(point))[:3] == palette.PANEL, (point, picture.get_at(point))
    finally:
        player.close()


def test_a_question_speaks_the_language_chosen_while_it_is_open(tmp_path):
    player = Player(tmp_path, (1280, 720), scene="confirm", locale="en")
    try:
        player.wait(0.5)
        english = [r.words for r in player.drawn().texts if r.role is Role.PAGE]
        player.set_language("it")
        player.wait(0.1)
        italian = [r.words for r in player.drawn().texts if r.role is Role.PAGE]
        assert italian and italian != english, (english, italian)
        assert " ".join(italian).startswith(player.top.text("confirm.quit").split()[0])
    finally:
        player.close()
