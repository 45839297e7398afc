"""The HINT button: ask the coach (``magdagdon.ai.hint``) and describe its action (never
play it). The coach may think for a second or more; the session asks it on the worker.

On a MAGDAGDON roll the hint also says whether a power can save it: the MAGDAGDON panel's
sentence from the same analysis (:mod:`magdagdon.app.table.rescue_words`) — the ±1 that saves it,
the re-roll that might and its chance, or that none can. A re-roll the panel does not name
carries its own chance; when the expert accepts though a power could save the roll, the hint
says that the ruin costs less here, and when none can, the panel's sentence is the hint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from magdagdon.engine import (
    Accept, Action, Adjust, Confirm, Game, Phase, PlaceRuin, Reroll, Stage, TakeBack, TakeBackAll, cell_col,
    cell_row,
)

from ..text.i18n import Catalog
from .rescue_words import RollInHand, chance_words, rescue_line

if TYPE_CHECKING:
    from magdagdon.ai.expert_policy import ExpertPolicy
    from magdagdon.ai.rescue import Rescue


@dataclass(frozen=True)
class RescueNote:
    """What the powers can do for the MAGDAGDON roll the hint was asked on."""

    roll: RollInHand
    rescue: Rescue
    chance: Fraction | None = None  # the chance that the hint's own re-roll saves the roll


@dataclass
class Hint:
    key: str
    values: dict[str, object] = field(default_factory=dict)
    dice: frozenset[int] = frozenset()
    cells: frozenset[int] = frozenset()
    rescue: RescueNote | None = None  # a MAGDAGDON roll: whether a power saves it

    def words(self, text: Catalog) -> str:
        line = text(self.key, **self.values)
        if self.rescue is None:
            return line
        note = self.rescue
        advice = rescue_line(text, note.roll, note.rescue)
        if self.key == "hint.accept":  # nothing can save it: the advice already says to accept
            return text("hint.rescue_only", advice=advice)
        if note.chance is not None:
            line = text(self.key, **self.values, chance=chance_words(text, note.chance))
        return text("hint.with_rescue", hint=line, advice=advice)


def ask_hint(game: Game, player: ExpertPolicy | None = None) -> Hint:
    """The hint for ``game`` in words: the coach's next action (``player``: a long-lived coach
    keeps what it worked out between hints)."""
    from magdagdon.ai import hint  # the expert's tables: loaded after the first frame (Control.finish_startup)
    from magdagdon.ai.rescue import rescue_for

    action = hint(game.copy(), player)
    told = describe(game, action)
    if game.phase is Phase.MAGDAGDON:
        rescue = rescue_for(game)
        told.rescue = RescueNote(RollInHand.of(game), rescue)
        if isinstance(action, Accept) and rescue.can_save:
            told.key = "hint.accept_cheaper"  # a power could save it: say why the expert does not
        elif isinstance(action, Reroll) and (rescue.adjusts or rescue.best_reroll is None
                                             or rescue.best_reroll.reroll != action):
            own = next((r.chance for r in rescue.rerolls if r.reroll == action), None)
            if own is not None:  # the panel speaks of another power: say this one's chance
                told.key = "hint.reroll_chance"
                told.rescue = RescueNote(RollInHand.of(game), rescue, own)
    return told


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
