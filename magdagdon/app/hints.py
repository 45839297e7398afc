"""The HINT button: ask ``magdagdon.ai.hint`` and describe its action (never play it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from magdagdon.engine import (
    Accept, Action, Adjust, Confirm, Game, PlaceRuin, Reroll, Stage, TakeBack, TakeBackAll, cell_col,
    cell_row,
)


@dataclass
class Hint:
    key: str
    values: dict[str, object] = field(default_factory=dict)
    dice: frozenset[int] = frozenset()
    cells: frozenset[int] = frozenset()


def ask_hint(game: Game) -> Hint:
    from magdagdon.ai import hint  # the expert's tables: loaded after the first frame (Control.finish_startup)

    return describe(game, hint(game.copy()))


def describe(game: Game, action: Action) -> Hint:
    def rc(cell: int) -> dict:
        return {"row": cell_row(cell) + 1, "col": cell_col(cell) + 1}  # R1..R4, C1..C4

    if isinstance(action, Stage):
        return Hint("hint.stage", {"value": game.dice[action.die], **rc(action.cell)},
                    frozenset({action.die}), frozenset({action.cell}))
    if isinstance(action, Confirm):
        return Hint("hint.confirm")
    if isinstance(action, TakeBack):
        return Hint("hint.take_back", {"value": game.dice[action.die]}, frozenset({action.die}))
    if isinstance(action, TakeBackAll):
        return Hint("hint.take_back_all")
    if isinstance(action, Adjust):
        key = "hint.adjust_plus" if action.delta > 0 else "hint.adjust_minus"
        return Hint(key, {"value": game.dice[action.die]}, frozenset({action.die}))
    if isinstance(action, Reroll):
        dice = " ".join(str(game.dice[d]) for d in action.dice)
        return Hint("hint.reroll", {"dice": dice}, frozenset(action.dice))
    if isinstance(action, Accept):
        return Hint("hint.accept")
    if isinstance(action, PlaceRuin):
        return Hint("hint.ruin", rc(action.cell), frozenset(), frozenset({action.cell}))
    return Hint("hint.roll")  # the one action left: Roll
