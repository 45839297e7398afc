"""What a party ends with: the standings (ties share a place) and, turn by turn, how many
points each board gained and who gained most — among the players who placed dice that
turn: a turn lost to a MAGDAGDON ruin, or played after a board was full, gains nothing and
is best for nobody."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from magdagdon.engine import Confirm, Game, PlaceRuin, Replay, ScoreBreakdown, score

from .model import Party


@dataclass(frozen=True)
class Standing:
    place: int  # 1 for the winner(s); equal totals share a place
    seat: int
    name: str
    breakdown: ScoreBreakdown


@dataclass(frozen=True)
class PartyResults:
    standings: tuple[Standing, ...]  # best first
    gains: tuple[tuple[int, ...], ...]  # gains[t - 1][seat]: points the board gained in turn t
    best_of_turn: tuple[tuple[int, ...], ...]  # seats that placed dice in each turn and gained most; may be none


def turn_gains(game: Game) -> list[int]:
    """Points on the board (powers not counted) after each turn, as differences."""
    return [gain for gain, _ in turn_outcomes(game)]


def turn_outcomes(game: Game) -> list[tuple[int, bool]]:
    """Per turn: the points the board gained (powers not counted), and whether dice were
    placed (False: the turn ended in a MAGDAGDON ruin)."""
    replay = Replay.of(game)
    rebuilt = Game(replay.difficulty, replay.seed)
    totals, placed = [0], []
    for action in replay.actions:
        rebuilt.push(action)
        if isinstance(action, (Confirm, PlaceRuin)):
            totals.append(score(rebuilt.board, rebuilt.difficulty, 0).total)
            placed.append(isinstance(action, Confirm))
    return [(after - before, did) for before, after, did in zip(totals, totals[1:], placed)]


def party_results(party: Party) -> PartyResults:
    return results_of([(p.name, p.game) for p in party.players])


def results_of(players: Sequence[tuple[str, Game]]) -> PartyResults:
    """The standings and each turn's gains of ``players`` (name, finished game), by seat;
    a party's and a phones room's alike."""
    finals = [(game.score(), seat, name) for seat, (name, game) in enumerate(players)]
    ordered = sorted(finals, key=lambda entry: (-entry[0].total, entry[1]))
    standings: list[Standing] = []
    for rank, (breakdown, seat, name) in enumerate(ordered, start=1):
        tied = standings and standings[-1].breakdown.total == breakdown.total
        standings.append(Standing(standings[-1].place if tied else rank, seat, name, breakdown))
    per_player = [turn_outcomes(game) for _, game in players]
    turns = max((len(g) for g in per_player), default=0)
    gains = tuple(tuple(g[t][0] if t < len(g) else 0 for g in per_player) for t in range(turns))
    best = tuple(_best(per_player, t) for t in range(turns))
    return PartyResults(tuple(standings), gains, best)


def _best(per_player: list[list[tuple[int, bool]]], turn: int) -> tuple[int, ...]:
    """The seats that placed dice in ``turn`` and gained most by them."""
    placed = {seat: g[turn][0] for seat, g in enumerate(per_player) if turn < len(g) and g[turn][1]}
    most = max(placed.values(), default=None)
    return tuple(seat for seat, gain in placed.items() if gain == most)
