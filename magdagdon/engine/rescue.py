"""Which Majda Powers could still save a MAGDAGDON roll (RULES.md §6, §7).

Worked out from the rules alone, never from the seeded future dice: −1/+1 save the roll
when some changes of tray dice (one use each, at most the uses left) give values the board
can take (§5); a re-roll may save it when some outcome of fresh fair dice would. Throwing
every tray die again reaches every outcome of throwing some of them, so it is the one
re-roll asked about (and the order of the dice does not matter to §5).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from .board import Board
from .legality import can_place


@dataclass(frozen=True)
class Rescue:
    """What the powers left could do for this roll."""

    adjust: bool  # some −1/+1 changes (within the uses left) make it placeable
    reroll: bool  # some outcome of a re-roll would make it placeable

    @property
    def possible(self) -> bool:
        return self.adjust or self.reroll


NO_RESCUE = Rescue(False, False)


def rescue(board: Board, dice: tuple[int, ...], need: int, uses_left: int) -> Rescue:
    """What −1/+1 and a re-roll could do for ``dice`` (all in the tray, as on a MAGDAGDON
    turn) that must place ``need`` of them on ``board``, with ``uses_left`` powers."""
    if uses_left <= 0 or not dice:
        return NO_RESCUE
    adjust = _adjusting_saves(board, tuple(dice), need, uses_left)
    reroll = adjust or any(can_place(board, values, need)
                           for values in combinations_with_replacement(range(1, 7), len(dice)))
    return Rescue(adjust, reroll)


def _adjusting_saves(board: Board, dice: tuple[int, ...], need: int, uses: int) -> bool:
    """Whether up to ``uses`` changes of one pip each make ``dice`` placeable."""
    seen = {tuple(sorted(dice))}
    frontier = [dice]
    for _ in range(uses):
        following = []
        for values in frontier:
            for index, value in enumerate(values):
                for changed in (value - 1, value + 1):
                    if not 1 <= changed <= 6:
                        continue
                    moved = values[:index] + (changed,) + values[index + 1:]
                    key = tuple(sorted(moved))  # the order of the dice does not matter to §5
                    if key in seen:
                        continue
                    seen.add(key)
                    if can_place(board, moved, need):
                        return True
                    following.append(moved)
        frontier = following
    return False
