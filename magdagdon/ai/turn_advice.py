"""A turn's actions in the expert's terms: the powers used, the dice placed, the cell ruined
(for the review's words and the replay viewer's pictures)."""

from __future__ import annotations

from dataclasses import dataclass

from magdagdon.engine import Game
from magdagdon.engine.actions import Action, Adjust, Confirm, PlaceRuin, Reroll


@dataclass(frozen=True)
class TurnAdvice:
    """What was done with a roll (the player's turn, or the coach's), as values for the UI to
    put into words."""

    powers: tuple[tuple[str, tuple[int, ...]], ...]  # ("minus"/"plus"/"reroll", dice values) in order
    placements: tuple[tuple[int, int], ...]  # (value, cell) of the dice it confirmed
    ruin: int | None  # the cell it ruined, when the turn stayed MAGDAGDON
    rerolled: tuple[tuple[int, ...], ...] = ()  # what each re-roll showed, the same dice in the same order


class TurnNotes:
    """What a turn's actions came to, noted one action at a time: ``note`` before it is
    played, ``landed`` after (what a re-roll showed)."""

    def __init__(self) -> None:
        self.powers: list[tuple[str, tuple[int, ...]]] = []
        self.placements: tuple[tuple[int, int], ...] = ()
        self.ruin: int | None = None
        self.rerolled: list[tuple[int, ...]] = []
        self.finished = False  # confirmed, or a cell ruined

    def note(self, game: Game, action: Action) -> None:
        if isinstance(action, Adjust):
            self.powers.append(("plus" if action.delta > 0 else "minus", (game.dice[action.die],)))
        elif isinstance(action, Reroll):
            self.powers.append(("reroll", tuple(game.dice[d] for d in action.dice)))
        elif isinstance(action, Confirm):
            self.placements = tuple((game.dice[die], cell) for die, cell in game.staged)
            self.finished = True
        elif isinstance(action, PlaceRuin):
            self.ruin, self.finished = action.cell, True

    def landed(self, game: Game, action: Action) -> None:
        """After ``action`` was played: a re-roll's new dice."""
        if isinstance(action, Reroll):
            self.rerolled.append(tuple(game.dice[d] for d in action.dice))

    def advice(self) -> TurnAdvice:
        return TurnAdvice(tuple(self.powers), self.placements, self.ruin, tuple(self.rerolled))


__all__ = ["TurnAdvice", "TurnNotes"]
