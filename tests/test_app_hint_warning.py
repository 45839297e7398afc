"""The first Hint of a game says first that hints mark the game "played with hints": Cancel
leaves the game unmarked and shows nothing; Show hint marks it and shows the hint; later
hints in that game show at once. Through the real loop, by tap, key and game controller."""

from __future__ import annotations

import pygame
import pytest

from support.player import Player


def hint_at_staging(tmp_path, **options) -> Player:
    player = Player(tmp_path, size=(1280, 720), scene="staging", seed=3, **options)
    player.wait(0.4)
    return player


def tap_hint(player: Player) -> None:
    player.tap(player.layout.hint_button.center)


def test_the_first_hint_asks_first_and_cancel_leaves_the_game_unmarked(tmp_path):
    player = hint_at_staging(tmp_path)
    try:
        session = player.table.session
        tap_hint(player)
        assert player.top_key == "hint_warning"
        words = " ".join(player.drawn().words())
        text = player.text
        assert text("hint_warning.body") in words or "played with hints" in words
        assert session.hint is None and not session.assisted  # nothing shown, nothing marked yet
        player.choose("cancel")
        assert player.top_key == "staging"
        assert session.hint is None and not session.assisted
        player.key(pygame.K_h)  # asked again: asked again, as the game is still unmarked
        assert player.top_key == "hint_warning"
        player.key(pygame.K_ESCAPE)
        assert player.top_key == "staging" and not session.assisted
    finally:
        player.close()


def test_show_hint_marks_the_game_and_later_hints_show_at_once(tmp_path):
    player = hint_at_staging(tmp_path)
    try:
        session = player.table.session
        tap_hint(player)
        player.choose("show_hint")
        assert player.top_key == "staging"
        assert session.assisted and session.hint is not None
        shown = player.text(session.hint.key, **session.hint.values)
        assert shown in player.drawn().words()
        session.hint = None
        tap_hint(player)  # the game is marked: no question any more
        assert player.top_key == "staging" and session.hint is not None
    finally:
        player.close()


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
def test_the_question_is_in_the_players_language(tmp_path, locale):
    player = hint_at_staging(tmp_path)
    try:
        player.set_language(locale)
        player.wait(0.1)
        tap_hint(player)
        text = player.text
        words = player.drawn().words()
        for key in ("hint_warning.title", "hint_warning.show", "button.cancel"):
            assert text(key) in words, (key, words)
    finally:
        player.close()


def test_the_hint_is_thought_out_on_the_worker_and_shown_when_it_is_in(tmp_path):
    """The coach may think for seconds: the table says so meanwhile and stays in use; the
    hint shows once it is in, unless the game has moved on (then it is dropped)."""
    from support.player import HeldThoughts

    thoughts = HeldThoughts()
    player = hint_at_staging(tmp_path, thinker=thoughts)
    try:
        session = player.table.session
        tap_hint(player)
        player.choose("show_hint")
        assert session.hint is None and session.hint_coming is not None
        assert player.text("hint.thinking") in player.drawn().words()
        thoughts.release()
        player.wait(0.2)
        assert session.hint is not None and session.assisted
        assert player.text(session.hint.key, **session.hint.values) in player.drawn().words()
        session.hint = None
        tap_hint(player)  # asked again, and the player acts before the coach answers
        assert session.hint_coming is not None
        game = player.table.game
        die = next(d for d in game.tray if d not in {die for die, _ in game.staged} and game.legal_cells_for(d))
        player.tap(player.layout.tray_slots[die].center)
        player.tap(player.layout.cells[min(game.legal_cells_for(die))].center)
        thoughts.release()
        player.wait(0.2)
        assert session.hint is None  # the position it was asked on is gone
    finally:
        player.close()
