"""The party's results as players see them: each player's card lists the breakdown in rows
that stand apart (Nastaliq's tall letters included), every label on its value's line."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.render.draw_log import DrawnFrame

from support.player import Player


def drawn(player: Player) -> DrawnFrame:
    player.control.ui.update(0.0)
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.05)
    frame = player.control.frame_log
    assert frame is not None
    return frame


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1080, 1920)])
def test_the_breakdown_rows_of_each_card_stand_apart(tmp_path, locale, size):
    player = Player(tmp_path, size, scene="party_results", locale=locale)
    try:
        player.wait(0.5)
        assert player.top_key == "party_results"
        frame = drawn(player)
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
