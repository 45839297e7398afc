"""Motion that explains what just happened: which effects a move sets off, worked out
from the game before and after it (plain values, no pygame; :mod:`.render.effects` draws).

Confirmed dice settle into the board, a ±1 turns its die, a ruin cracks, a line that
completes a bonus flashes with its points, the score counts up. Each lasts at most
``EFFECT_TICKS`` (400 ms) and the next input cuts every one of them short.
"""

from __future__ import annotations

from dataclasses import dataclass

from magdagdon.engine import RUIN, Bonus, Game, line_scores
from magdagdon.engine.actions import Action, Adjust, Confirm, PlaceRuin

from ..shell.loop import ticks

EFFECT_TICKS = ticks(0.4)


@dataclass(frozen=True)
class Effect:
    kind: str  # "settle" | "turn" | "crack" | "flash" | "count"
    started: int  # session tick
    cell: int = -1  # settle, crack
    die: int = -1  # turn
    old: int = 0  # turn: the face before; count: the score before
    new: int = 0  # turn: the face after; count: the score after
    line: int = -1  # flash: 0-3 rows, 4-7 columns (the engine's line order)
    points: int = 0  # flash: the bonus the line earned

    def progress(self, ticks: float) -> float:
        """0 at the start, 1 when over."""
        return min(1.0, max(0.0, (ticks - self.started) / EFFECT_TICKS))


@dataclass(frozen=True)
class Before:
    """What a move's effects compare against, taken just before it."""

    cells: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    score: int
    dice: tuple[int, ...]

    @classmethod
    def of(cls, game: Game) -> "Before":
        return cls(game.board.cells, tuple(line.bonus for line in line_scores(game.board)), game.score().total,
                   tuple(game.dice))


def effects_of(action: Action, before: Before, game: Game, now: int) -> list[Effect]:
    effects: list[Effect] = []
    if isinstance(action, Adjust):
        effects.append(Effect("turn", now, die=action.die, old=before.dice[action.die], new=game.dice[action.die]))
    if isinstance(action, (Confirm, PlaceRuin)):
        cells = game.board.cells
        for cell, (was, value) in enumerate(zip(before.cells, cells)):
            if was == 0 and value == RUIN:
                effects.append(Effect("crack", now, cell=cell))
            elif was == 0 and value:
                effects.append(Effect("settle", now, cell=cell))
        for index, line in enumerate(line_scores(game.board)):
            if line.bonus is not Bonus.NONE and before.bonuses[index] is Bonus.NONE:
                effects.append(Effect("flash", now, line=index, points=line.bonus.points))
        total = game.score().total
        if total != before.score:
            effects.append(Effect("count", now, old=before.score, new=total))
    return effects


def counted_score(effects: list[Effect], ticks: float) -> int | None:
    """The score the panel shows while it counts up (None: the true score)."""
    for effect in effects:
        if effect.kind == "count" and effect.progress(ticks) < 1:
            p = effect.progress(ticks)
            return round(effect.old + (effect.new - effect.old) * (1 - (1 - p) ** 2))
    return None
