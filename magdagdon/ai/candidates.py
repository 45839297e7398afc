"""A position's end-of-turn choices, as the coach weighs them (RULES.md §3, §6, §7).

A :class:`Candidate` is a whole turn's worth of choosing from a position: the powers used
first (±1s, or a re-roll last, whose dice nobody knows yet), then the board the turn ends on
(its placements in a legal order, or the cell ruined once MAGDAGDON is accepted). Taking
the ±1s and the placements after them as one choice lets a power be valued exactly as a
placement is, by the board the turn ends on, with the penalty it costs; a re-roll is valued
as the rest of the turn played on the dice it throws.

:func:`candidates_of` lists them with the expert's own reckoning of each (its ``prior``: the
network, with the look-ahead where the search uses one), best first; the coach values the
strongest by playouts. The expert's own decision is always among them, whole
(:func:`expert_candidate`), so a ranking by playouts can only keep it or find better.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from magdagdon.engine import EMPTY, RUIN
from magdagdon.engine.actions import Adjust, Reroll

from .planner import Decision, Planner, Position, cells_after
from .turn_search import Cells, Dice, Path

Power = Adjust | Reroll

@dataclass(frozen=True)
class Breadth:
    """How many of each kind a position offers, by the expert's reckoning: the best boards
    the dice reach, the best boards after each ±1, the best cells to ruin (None: all)."""

    placements: int
    after_adjust: int
    ruins: int | None


NARROW = Breadth(6, 2, 4)
WIDE = Breadth(12, 3, None)
# Late in the game the network's reckoning of a board is least to be trusted against the
# playouts' (few cells decide it all) and playouts are cheap: every board goes in.
LATE = Breadth(60, 8, None)


@dataclass(frozen=True)
class Candidate:
    """Powers (in order), then placements or a ruin; ``prior`` is the expert's reckoning of
    it (expected final score, penalties included), used to rank before any playout."""

    powers: tuple[Power, ...] = ()
    path: Path = ()
    ruin: int | None = None
    prior: float = field(default=0.0, compare=False)

    @property
    def rerolls(self) -> bool:
        """The candidate ends with a re-roll: the board it ends on is up to the dice."""
        return bool(self.powers) and isinstance(self.powers[-1], Reroll)

    def after(self, cells: Cells) -> Cells | None:
        """The board the turn ends on (None when a re-roll decides it)."""
        if self.rerolls:
            return None
        out = list(cells)
        for value, cell in self.path:
            out[cell] = value
        if self.ruin is not None:
            out[self.ruin] = RUIN
        return tuple(out)

    def dice_after(self, dice: Dice) -> Dice:
        """The dice once the ±1s are used (a re-roll's not yet thrown)."""
        out = list(dice)
        for power in self.powers:
            if isinstance(power, Adjust):
                out[power.die] += power.delta
        return tuple(out)

    def adjusts(self) -> tuple[Adjust, ...]:
        return tuple(power for power in self.powers if isinstance(power, Adjust))

    def decision(self, position: Position, value: float) -> Decision:
        """What to do first, as the expert's search says it: a power, or the turn's end."""
        if self.powers:
            return Decision(value, power=self.powers[0])
        return Decision(value, path=self.path, ruin=self.ruin)

    def rest(self) -> "Candidate":
        """The same plan once its first power is used."""
        return Candidate(self.powers[1:], self.path, self.ruin, self.prior)


def candidates_of(planner: Planner, position: Position, wide: bool = False, breadth: Breadth | None = None
                  ) -> list[Candidate]:
    """The choices worth weighing in ``position``, best first by the expert's reckoning,
    each once; the expert's own decision always among them."""
    breadth = breadth or (WIDE if wide else NARROW)
    found: dict[object, Candidate] = {}

    def add(candidate: Candidate) -> None:
        key = same_choice(position, candidate)
        known = found.get(key)
        if known is None:
            found[key] = candidate
        elif candidate.prior > known.prior:  # the higher reckoning, the first spelling
            found[key] = Candidate(known.powers, known.path, known.ruin, candidate.prior)

    expert = expert_candidate(planner, position)
    add(expert)
    for candidate in _placements(planner, position, breadth.placements):
        add(candidate)
    if not position.dice or not _placeable(planner, position):
        for candidate in _ruins(planner, position, breadth.ruins):
            add(candidate)
    for candidate in _powers(planner, position, breadth.after_adjust):
        add(candidate)
    return sorted(found.values(), key=lambda c: -c.prior)


def same_choice(position: Position, candidate: Candidate) -> object:
    """What makes two candidates one choice: the ±1s, then the board the turn ends on, or
    the values kept and thrown by the re-roll (which dice carry them does not matter)."""
    adjusts = len(candidate.adjusts())
    if candidate.rerolls:
        dice = candidate.dice_after(position.dice)
        reroll = candidate.powers[-1]
        assert isinstance(reroll, Reroll)
        kept = tuple(sorted(dice[d] for d in range(len(dice)) if d not in reroll.dice))
        thrown = tuple(sorted(dice[d] for d in reroll.dice))
        return adjusts, kept, thrown
    return adjusts, candidate.after(position.cells)


def expert_candidate(planner: Planner, position: Position) -> Candidate:
    """The expert's own turn from ``position``: its decision, and after a ±1 its decisions
    after it, up to the board it ends on or a re-roll."""
    powers: list[Power] = []
    current = position
    first: Decision | None = None
    while True:
        decision = planner.decide(current)
        first = first or decision
        if decision.power is None:
            return Candidate(tuple(powers), decision.path, decision.ruin, first.value)
        powers.append(decision.power)
        if isinstance(decision.power, Reroll):
            return Candidate(tuple(powers), prior=first.value)
        current = adjusted(current, decision.power)


def adjusted(position: Position, power: Adjust) -> Position:
    dice = position.dice
    changed = dice[: power.die] + (dice[power.die] + power.delta,) + dice[power.die + 1 :]
    return Position(position.difficulty, position.cells, changed, position.powers_used + 1)


def _placeable(planner: Planner, position: Position) -> bool:
    return planner.search.best_value(position.cells, position.powers_used, position.dice, position.need) is not None


def _placements(planner: Planner, position: Position, top: int, powers: tuple[Power, ...] = ()) -> list[Candidate]:
    """The best boards the dice reach, valued as the search values ending a turn there."""
    if not position.dice:
        return []
    boards = planner.search.end_boards(position.cells, position.powers_used, position.dice, position.need)
    boards.sort(key=lambda item: item[0], reverse=True)
    out = []
    for _, path in boards[:top]:
        after = cells_after(position.cells, path)
        out.append(Candidate(powers, path, None, planner.end_value(position, after)))
    return out


def _ruins(planner: Planner, position: Position, top: int | None) -> list[Candidate]:
    """MAGDAGDON accepted (or to be): the cells to ruin, best first."""
    cells, used = position.cells, position.powers_used
    spent = planner.difficulty.penalty_for(used)
    options = []
    for cell, content in enumerate(cells):
        if content == EMPTY:
            after = cells[:cell] + (RUIN,) + cells[cell + 1 :]
            options.append(Candidate(ruin=cell, prior=planner.end_value(position, after)))
    value, cell = planner.ruin_choice(cells, used)
    options.append(Candidate(ruin=cell, prior=value - spent))  # the search's own, with its look-ahead
    options.sort(key=lambda c: -c.prior)
    return options if top is None else options[:top]


def _powers(planner: Planner, position: Position, after_adjust: int) -> list[Candidate]:
    """Each ±1 followed by the best boards it leads to, and each re-roll; none on the first
    turn (any roll starts the board well enough) nor once the powers are spent."""
    difficulty, dice, used = planner.difficulty, position.dice, position.powers_used
    if not dice or used >= difficulty.power_count or not any(1 <= x <= 6 for x in position.cells):
        return []
    out: list[Candidate] = []
    for die, value in enumerate(dice):
        for delta in (-1, 1):
            if 1 <= value + delta <= 6:
                power = Adjust(die, delta)
                out += _placements(planner, adjusted(position, power), after_adjust, (power,))
    rerolls = {power: value for power, value in planner.power_options(position, every=True)
               if isinstance(power, Reroll)}
    seen: set[tuple[int, ...]] = set()
    for size in range(1, len(dice) + 1):
        for chosen in combinations(range(len(dice)), size):
            thrown = tuple(sorted(dice[d] for d in chosen))
            if thrown in seen:  # the same values re-rolled (and so the same kept): the same choice
                continue
            seen.add(thrown)
            reroll = Reroll(chosen)
            out.append(Candidate((reroll,), prior=rerolls[reroll]))
    return out


__all__ = ["Breadth", "Candidate", "LATE", "NARROW", "WIDE", "adjusted", "candidates_of", "expert_candidate", "same_choice"]
