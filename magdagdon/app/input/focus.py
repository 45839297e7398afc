"""Keyboard focus over on-screen targets, the same on the table and in the menus: arrows
(and a controller's pad) move to the nearest target in that direction, Tab cycles in
reading order."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

FocusKey = tuple[str, "int | str"]  # ("die" | "cell" | "button", which)
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
ARROW_KEYS = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up", pygame.K_DOWN: "down"}


@dataclass(frozen=True)
class Target:
    kind: str  # "die" | "cell" | "button"
    ident: int | str
    rect: Rect

    @property
    def key(self) -> FocusKey:
        return (self.kind, self.ident)


def index_of(key: FocusKey | None, kind: str) -> int | None:
    """The die or cell number of ``key`` when it is of ``kind``, else None."""
    if key is None or key[0] != kind or not isinstance(key[1], int):
        return None
    return key[1]


def step_focus(targets: list[Target], current: FocusKey | None, direction: str) -> FocusKey | None:
    """Key of the target to focus after moving ``direction`` from ``current``."""
    if not targets:
        return None
    by_key = {t.key: t for t in targets}
    here = by_key.get(current) if current is not None else None
    if here is None:
        return targets[0].key
    if direction in ("next", "previous"):
        index = targets.index(here) + (1 if direction == "next" else -1)
        return targets[index % len(targets)].key
    dx, dy = DIRECTIONS[direction]
    best: Target | None = None
    best_cost: tuple[float, float] | None = None
    for target in targets:
        if target is here:
            continue
        cost = _cost(here.rect, target.rect, dx, dy)
        if cost is not None and (best_cost is None or cost < best_cost):
            best, best_cost = target, cost
    return best.key if best else current


def _cost(here: Rect, there: Rect, dx: int, dy: int) -> tuple[float, float] | None:
    """How far ``there`` is from ``here`` going (dx, dy); None if it is not that way.

    Measured between edges, not centres: the gap along the way, and the gap across it
    (none where the two overlap across), the latter weighing more; ties go to the better
    centred. So Down from a wide button goes to the first of the row just under it, not to
    the next wide one further down that happens to be centred under it."""
    along_centres = (there.centerx - here.centerx) * dx + (there.centery - here.centery) * dy
    if along_centres <= 0:
        return None
    if dx:
        along = there.left - here.right if dx > 0 else here.left - there.right
        across = max(0, there.top - here.bottom, here.top - there.bottom)
        off_centre = abs(there.centery - here.centery)
    else:
        along = there.top - here.bottom if dy > 0 else here.top - there.bottom
        across = max(0, there.left - here.right, here.left - there.right)
        off_centre = abs(there.centerx - here.centerx)
    return (max(0, along) + 2.5 * across, off_centre)
