"""Keyboard focus over on-screen targets: arrows move to the nearest target in that
direction, Tab cycles in reading order."""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

FocusKey = tuple[str, "int | str"]  # ("die" | "cell" | "button", which)
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


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
    cx, cy = here.rect.center
    best: Target | None = None
    best_cost: float | None = None
    for target in targets:
        if target is here:
            continue
        tx, ty = target.rect.center
        along = (tx - cx) * dx + (ty - cy) * dy
        if along <= 0:
            continue
        across = abs((tx - cx) * dy) + abs((ty - cy) * dx)
        cost = along + 2.5 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = target, cost
    return best.key if best else current
