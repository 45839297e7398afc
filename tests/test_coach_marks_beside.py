"""A coach mark stands beside what it points at, and the guide line's message stays readable
under it: at 1920x1080 the marks stood at the window's bottom edge, ~600 px from their
targets, over the guide line (and so over its notice that a staged die fell back)."""

from __future__ import annotations

import pygame

from support.player import Player


def test_the_first_turns_marks_stand_near_their_targets_and_leave_the_guide_line(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=5, coach=True)
    try:
        player.wait(0.5)
        seen = 0
        for _ in range(6):
            player.fresh()
            table = player.table
            target, chip = table.coach_target, table.skip_rect
            if target is None:
                break
            assert chip is not None
            gap = max(chip.top - target.bottom, target.top - chip.bottom, 0)
            assert gap <= 250, (table.text("coach.skip"), target, chip)  # beside it, not across the window
            guide = table.guide()[0]
            assert guide and guide in " ".join(text for text, _ in player.look())  # the guide line still reads
            seen += 1
            player.tap(target.center, then=1.0)  # the dice land within a second
        assert seen >= 3
    finally:
        player.close()
