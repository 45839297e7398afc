"""The party's results as players see them: each player's card lists the breakdown in rows
that stand apart (Nastaliq's tall letters included), every label on its value's line."""

from __future__ import annotations

import pygame
import pytest


from support.player import Player



@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1080, 1920)])
def test_the_breakdown_rows_of_each_card_stand_apart(tmp_path, locale, size):
    player = Player(tmp_path, size, scene="party_results", locale=locale)
    try:
        player.wait(0.5)
        assert player.top_key == "party_results"
        frame = player.drawn()
        standings = sorted({name for r in frame.texts for name in r.panel if name.startswith("standing ")})
        assert len(standings) == 3, standings
        for standing in standings:
            rows = {}
            for record in frame.texts:
                row = next((name for name in record.panel if name.startswith("row ")), None)
                if standing in record.panel and row is not None:
                    rows.setdefault(row, []).append(record.rect)
            assert sorted(rows) == ["row 0", "row 1", "row 2", "row 3"], (standing, sorted(rows))
            inks = [pygame.Rect(rects[0]).unionall(rects[1:]) for _, rects in sorted(rows.items())]
            for upper, lower in zip(inks, inks[1:]):
                assert upper.bottom <= lower.top, (locale, size, standing, upper, lower)
    finally:
        player.close()


@pytest.mark.parametrize("locale, from_the_right", [("en", False), ("ur", True)])
def test_the_winner_and_turn_1_stand_where_the_reader_starts(tmp_path, locale, from_the_right):
    player = Player(tmp_path, (1920, 1080), scene="party_results", locale=locale)
    try:
        player.wait(0.5)
        frame = player.drawn()

        def left_of(name: str) -> int:
            return min(r.rect.left for r in frame.records if name in r.panel)

        cards = [left_of(f"standing {index}") for index in range(3)]
        turns = [left_of(f"turn {turn}") for turn in (1, 2, 3)]
        label = left_of("best each turn")
        reading = sorted(cards, reverse=from_the_right)
        assert cards == reading and turns == sorted(turns, reverse=from_the_right)
        label_text = min((r for r in frame.texts if r.panel[-1] == "best each turn" and r.role.value == "label"),
                         key=lambda r: r.rect.left)
        assert (label_text.rect.left > max(turns)) == from_the_right
    finally:
        player.close()
