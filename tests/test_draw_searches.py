"""Screens plan before they draw: the loop asks every state a frame shows to ``prepare`` just
before drawing it, outside ``draw``; and the audit's watch hears any size search or line
break a draw makes, naming the place that asked, while a search made in ``prepare`` is no
finding."""

from __future__ import annotations

import pygame

from magdagdon.app.menus.title import Title
from magdagdon.app.ui.menu import MenuState

from support.draw_searches import searches_while_drawing
from support.player import Player


def test_the_loop_prepares_each_shown_state_before_it_draws_and_never_inside_a_draw(tmp_path, monkeypatch):
    calls: list[str] = []
    drawing = [False]
    real_prepare, real_draw = MenuState.prepare, MenuState.draw

    def prepare(self):
        calls.append(f"prepare {type(self).__name__}{' while drawing' if drawing[0] else ''}")
        real_prepare(self)

    def draw(self, surface, alpha):
        drawing[0] = True
        try:
            calls.append(f"draw {type(self).__name__}")
            real_draw(self, surface, alpha)
        finally:
            drawing[0] = False

    monkeypatch.setattr(MenuState, "prepare", prepare)
    monkeypatch.setattr(MenuState, "draw", draw)
    player = Player(tmp_path, size=(800, 600), scene="title")
    try:
        player.wait(0.3)
        calls.clear()
        player.post(pygame.WINDOWEXPOSED)
        player.wait(0.1)
        assert calls[:2] == [f"prepare {Title.__name__}", f"draw {Title.__name__}"], calls
        assert not any("while drawing" in call for call in calls), calls
    finally:
        player.close()


def test_the_watch_hears_a_search_in_draw_and_not_one_in_prepare(tmp_path, monkeypatch):
    real_prepare, real_draw = Title.prepare, Title.draw

    def planning_prepare(self):
        real_prepare(self)
        self.fonts.fit("MAGDAGDON", 40, 100)  # where a search belongs

    monkeypatch.setattr(Title, "prepare", planning_prepare)
    player = Player(tmp_path, size=(800, 600), scene="title")
    try:
        player.wait(0.3)
        with searches_while_drawing() as heard:
            player.drawn()
        assert heard == [], heard

        def searching_draw(self, surface, alpha):
            self.fonts.wrap("MAGDAGDON is a dice game", 30, 120)
            real_draw(self, surface, alpha)

        monkeypatch.setattr(Title, "draw", searching_draw)
        with searches_while_drawing() as heard:
            player.drawn()
        assert len(heard) == 1 and heard[0].startswith("wrap at tests/test_draw_searches.py:"), heard
        assert "(searching_draw)" in heard[0], heard
    finally:
        player.close()
