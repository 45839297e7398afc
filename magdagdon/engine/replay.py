"""Replays: a game as a small JSON document, rebuilt exactly by the engine.

Document (version 1)::

    {"format": "magdagdon-replay", "version": 1, "seed": 42, "difficulty": "PEACEFUL",
     "actions": ["roll", "stage 0 5", ...],
     "result": {"board": "...", "score": 123, "turns": 14, "powers_used": 1}}

``result`` is optional; when present it is a claim that :meth:`Replay.verify` checks.
Because dice depend only on (seed, turn, re-roll) (RULES.md §10), the actions and the
seed are all the evidence a score needs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ActionParseError, parse_action
from .board import Board
from .dice import check_seed
from .difficulty import Difficulty
from .game import Game, IllegalMoveError

FORMAT = "magdagdon-replay"
VERSION = 1
MAX_ACTIONS = 10_000  # far beyond any real game; guards against absurd files


class ReplayError(ValueError):
    """A replay document that is malformed, illegal, or whose claimed result is false."""


@dataclass(frozen=True)
class ReplayResult:
    board: str
    score: int
    turns: int
    powers_used: int

    @classmethod
    def of(cls, game: Game) -> "ReplayResult":
        return cls(str(game.board), game.score().total, game.turn, game.powers_used)


@dataclass(frozen=True)
class Replay:
    seed: int
    difficulty: Difficulty
    actions: tuple[Action, ...]
    result: ReplayResult | None = field(default=None)

    @classmethod
    def of(cls, game: Game) -> "Replay":
        if game.set_up:
            raise ReplayError("a game set up from a position has no replay")
        result = ReplayResult.of(game) if game.is_over else None
        return cls(game.seed, game.difficulty, tuple(game.log), result)

    # --- JSON -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "difficulty": self.difficulty.name,
            "actions": [a.to_text() for a in self.actions],
        }
        if self.result is not None:
            document["result"] = {
                "board": self.result.board,
                "score": self.result.score,
                "turns": self.result.turns,
                "powers_used": self.result.powers_used,
            }
        return document

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, document: Any) -> "Replay":
        if not isinstance(document, dict):
            raise ReplayError("a replay is a JSON object")
        if document.get("format") != FORMAT:
            raise ReplayError(f"not a MAGDAGDON replay (format {document.get('format')!r})")
        version = document.get("version")
        if type(version) is not int or version != VERSION:  # not true, not 1.0
            raise ReplayError(f"unsupported replay version {_shown(version)}")
        try:
            seed = check_seed(document.get("seed"))
            difficulty = Difficulty.from_name(document.get("difficulty"))
        except ValueError as error:
            raise ReplayError(str(error)) from None
        texts = document.get("actions")
        if not isinstance(texts, list) or len(texts) > MAX_ACTIONS:
            raise ReplayError("'actions' must be a list of at most %d actions" % MAX_ACTIONS)
        try:
            actions = tuple(parse_action(t) for t in texts)
        except ActionParseError as error:
            raise ReplayError(str(error)) from None
        return cls(seed, difficulty, actions, _read_result(document.get("result")))

    @classmethod
    def from_json(cls, text: str | bytes) -> "Replay":
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise ReplayError(f"replay is not valid JSON: {error}") from None
        return cls.from_dict(document)

    # --- checking ---------------------------------------------------------------------
    def play(self) -> Game:
        """Rebuild the game, every action checked; ReplayError names the first bad one."""
        game = Game(self.difficulty, self.seed)
        for number, action in enumerate(self.actions, start=1):
            try:
                game.play(action)
            except IllegalMoveError as error:
                raise ReplayError(f"action {number}: {error}") from None
        return game

    def verify(self) -> Game:
        """Play the replay and check its claimed result, if any; returns the game."""
        game = self.play()
        if self.result is not None:
            if not game.is_over:
                raise ReplayError("the replay claims a result but the game is not over")
            actual = ReplayResult.of(game)
            if actual != self.result:
                raise ReplayError(f"claimed result {self.result} but the replay gives {actual}")
        return game


def _read_result(raw: Any) -> ReplayResult | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ReplayError("'result' must be an object")
    board = raw.get("board")
    score, turns, powers = (_whole_number(raw.get(k)) for k in ("score", "turns", "powers_used"))
    if not isinstance(board, str) or score is None or turns is None or powers is None:
        raise ReplayError("'result' needs board (text), score, turns and powers_used (integers)")
    try:
        canonical = str(Board.parse(board))  # RULES.md §1: with or without the '/' separators
    except ValueError as error:
        raise ReplayError(f"'result': {error}") from None
    return ReplayResult(canonical, score, turns, powers)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _whole_number(raw: Any) -> int | None:
    """``raw`` if it is an int (JSON true/false are not numbers here), else None."""
    return raw if isinstance(raw, int) and not isinstance(raw, bool) else None
