"""The title menu carries the board's dice beside its title (a die before MAGDAGDON and one
after it), inside the panel and clear of the title's words, at every size."""

from __future__ import annotations

import pytest

from magdagdon.app.ui import palette

from support.player import Player


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (1080, 1920)])
def test_a_die_stands_on_each_side_of_the_title(tmp_path, size):
    player = Player(tmp_path, size, scene="title")
    try:
        player.wait(0.4)
        menu = player.top
        rects = menu.motif_rects()
        assert len(rects) == 2
        label = menu.title_label.rect
        ink_left = label.centerx - menu.title_label.ink_width // 2
        assert rects[0].right < ink_left and rects[1].left > ink_left + menu.title_label.ink_width
        frame = player.fresh()
        for rect in rects:
            assert menu.panel.contains(rect)
            colours = {tuple(frame.get_at((x, y)))[:3] for x in range(rect.left, rect.right, 2)
                       for y in range(rect.top, rect.bottom, 2)}
            assert palette.DIE_FACE in colours and palette.DIE_PIP in colours  # a face with its pips
    finally:
        player.close()
