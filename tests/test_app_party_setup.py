"""The party set-up as players use it: a tap again where they just tapped never removes the
player they added, the seats read the way the language does, and the subtitle's inserted
values do not reorder its words."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.party import MAX_PLAYERS

from support.player import Player


def open_setup(tmp_path, size=(800, 600), locale="en") -> Player:
    player = Player(tmp_path, size, locale=locale)
    player.wait(0.5)
    player.choose("party")
    assert player.top_key == "party_setup"
    return player


def button_at(player: Player, point: tuple[int, int]) -> str | None:
    return next((ident for ident, rect in player.menu_button_rects().items() if rect.collidepoint(point)), None)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (1080, 1920)])
def test_a_second_tap_where_a_player_was_added_never_removes_them(tmp_path, size):
    player = open_setup(tmp_path, size)
    try:
        for count in range(1, MAX_PLAYERS + 1):
            adding = "add_expert" if count % 2 else "add_player"
            point = player.menu_button_rects()[adding].center
            player.tap(point)
            if adding == "add_player":
                assert player.top_key == "name_entry"
                player.post(pygame.TEXTINPUT, text=f"P{count}")
                player.key(pygame.K_RETURN)
            assert player.top_key == "party_setup" and len(player.top.seats) == count
            assert button_at(player, point) != "remove", (count, adding)
        # The table is full: the same tap again adds nobody and removes nobody.
        player.tap(point)
        assert player.top_key == "party_setup" and len(player.top.seats) == MAX_PLAYERS
    finally:
        player.close()


def test_the_buttons_keep_their_places_as_seats_are_added_and_removed(tmp_path):
    player = open_setup(tmp_path)
    try:
        places = dict(player.menu_button_rects())
        for _ in range(MAX_PLAYERS):
            player.choose("add_expert")
            assert player.menu_button_rects() == places
        player.choose("remove")
        assert player.menu_button_rects() == places and len(player.top.seats) == MAX_PLAYERS - 1
    finally:
        player.close()


def test_the_urdu_subtitle_keeps_2_to_8_together(tmp_path):
    """"2 سے 8" (2 to 8) reads as one phrase: the difficulty's Latin name before it in the
    line does not pull the 2 to its side."""
    player = open_setup(tmp_path, (1920, 1080), "ur")
    try:
        menu = player.top
        subtitle = next(label.text for label, role in zip(menu.labels, menu.label_roles) if role == "#subtitle")
        runs = [run.text for run in menu.fonts.setter.runs(subtitle)]  # left to right on screen
        where = {word: next(i for i, run in enumerate(runs) if word in run) for word in ("PEACEFUL", "2", "8")}
        # Right to left: ... PEACEFUL · 2 سے 8 ...: on screen 8 is left of 2, and 2 left of PEACEFUL.
        assert where["8"] < where["2"] < where["PEACEFUL"], runs
    finally:
        player.close()
