"""The regular: the party's computer as a practised player plays (docs/AI.md, *The
computer's strengths*).

A practised player sees what the expert sees in a board — the expert's network's estimate
of the final score it leads to (:mod:`magdagdon.ai.evaluation`) — but judges it as a person
does, never exactly: after each roll every board the dice can reach is valued with an error
drawn from the RNG handed in (normal, ``JUDGEMENT_ERROR`` points), and the board that looks
best is played. It saves a MAGDAGDON roll with a power when a single −1/+1 saves it for sure
(the rescue a practised player spots; RULES.md §6), otherwise accepts, and ruins the cell
whose loss looks smallest by the same judgement. It looks no roll ahead and spends no power
to improve a roll that can be placed: that is the expert's craft.

The policy plays its decisions out as the expert does (placements in a legal order, then
CONFIRM); a decision is drawn once per position, so asking again mid-turn never changes it.
"""

from __future__ import annotations

import random

from magdagdon.engine import EMPTY, RUIN, Game

from .expert_policy import ExpertPolicy
from .planner import Decision, Position
from .rescue import rescue

JUDGEMENT_ERROR = 50.0  # standard deviation, in points, of the regular's reading of a board


class RegularPolicy(ExpertPolicy):
    name = "regular"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(lookahead=False)
        self.rng = rng
        self._decided: dict[Position, Decision] = {}

    def decide(self, game: Game) -> Decision:
        position = Position.of(game)
        decision = self._decided.get(position)
        if decision is None:
            if len(self._decided) > 64:
                self._decided.clear()
            decision = self._decided[position] = self._judge(game, position)
        return decision

    def _judge(self, game: Game, position: Position) -> Decision:
        search = self.planner(position.difficulty).search
        cells, used = position.cells, position.powers_used
        if not position.dice:  # MAGDAGDON accepted: the ruin
            options = [(search.value(cells[:c] + (RUIN,) + cells[c + 1:], used), c)
                       for c, content in enumerate(cells) if content == EMPTY]
            value, cell = max(options, key=self._seen)
            return Decision(value, ruin=cell)
        boards = search.end_boards(cells, used, position.dice, position.need)
        if boards:
            value, path = max(boards, key=self._seen)
            return Decision(value, path=path)
        saves = rescue(game.board, position.dice, position.difficulty, used).adjusts
        return Decision(0.0, power=saves[0]) if saves else Decision(0.0)  # no power: ACCEPT

    def _seen(self, option: tuple[float, object]) -> float:
        """An option's value as the regular reads it: the network's, give or take its judgement."""
        return option[0] + self.rng.gauss(0.0, JUDGEMENT_ERROR)
