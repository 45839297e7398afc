"""High-score entries and the top-20 table of one difficulty (RULES.md §9)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

from ..engine.board import Board
from ..engine.difficulty import Difficulty
from ..engine.dice import check_seed
from ..graphemes import cut, tidy_text
from .envelope import CorruptFile, is_int
from ..shown_value import shown

TABLE_SIZE = 20
DEFAULT_NAME = "Player"
MAX_NAME_LENGTH = 24  # what a stored name may hold: older versions kept up to 24 (seats 16), still loaded
# A name as it is given today (the name entry, a party's seats, a phone's guest): what the
# narrowest row that shows names holds whole in every language, the party row's chips at
# 800x600 (137 px at the 16 px floor: "Anna-Lena Ku" 113 px, "Ada Lovelace" fits, 16 letters
# never do). A longer stored name is shown shortened, with an ellipsis.
MAX_NAME_CHARACTERS = 12
MIN_SCORE, MAX_SCORE = -310, 544  # RULES.md §8: all ruins with every power; 3456/... perfect
SANE_LIMIT = 10**9
# Recording times a table accepts: any local time zone can show them (Windows cannot before 1970).
EARLIEST = datetime(1970, 1, 2, tzinfo=timezone.utc)
LATEST = datetime(9998, 12, 31, tzinfo=timezone.utc)
_REPLAY_ID = re.compile(r"[0-9a-f]{24}")


@dataclass(frozen=True)
class ScoreEntry:
    name: str
    score: int
    when: datetime  # timezone-aware
    turns: int
    powers_used: int
    seed: int
    replay_id: str
    assisted: bool
    difficulty: Difficulty
    board: str  # final board, canonical text notation (RULES.md §1)

    @property
    def sort_key(self) -> tuple[int, datetime, str]:
        """Higher score first; on a tie the earlier result keeps the better rank."""
        return (-self.score, self.when.astimezone(timezone.utc), self.replay_id)

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "score": self.score,
            "when": self.when.isoformat(),
            "turns": self.turns,
            "powers_used": self.powers_used,
            "seed": self.seed,
            "replay_id": self.replay_id,
            "assisted": self.assisted,
            "difficulty": self.difficulty.name,
            "board": self.board,
        }

    @classmethod
    def from_data(cls, raw: Any) -> "ScoreEntry":
        """Strict reading: any field of the wrong type or range is a corrupt file."""
        if not isinstance(raw, dict) or set(raw) != _FIELDS:
            raise CorruptFile("a score entry needs exactly the fields " + ", ".join(sorted(_FIELDS)))  # pragma: no mutate
        difficulty = _difficulty(raw["difficulty"])
        name, score, turns, powers, assisted = (raw[k] for k in ("name", "score", "turns", "powers_used", "assisted"))
        if not isinstance(name, str) or clean_name(name) != name:
            raise CorruptFile(f"bad player name {shown(name)}")  # pragma: no mutate
        # Types are strict; values only sane, so a hand-edited number still loads and
        # ``scores --verify`` names it instead of the whole table being set aside.
        for label, number in (("score", score), ("turns", turns), ("powers_used", powers)):  # pragma: no mutate
            if not is_int(number) or abs(number) > SANE_LIMIT:
                raise CorruptFile(f"bad {label} {shown(number)}")  # pragma: no mutate
        if not isinstance(assisted, bool):
            raise CorruptFile(f"bad assisted {shown(assisted)}")  # pragma: no mutate
        return cls(
            name, score, parse_when(raw["when"]), turns, powers, check_seed(raw["seed"]),
            check_replay_id(raw["replay_id"]), assisted, difficulty, _board(raw["board"]),
        )


_FIELDS = frozenset(("name", "score", "when", "turns", "powers_used", "seed", "replay_id", "assisted", "difficulty", "board"))


def insert(table: Sequence[ScoreEntry], entry: ScoreEntry) -> tuple[list[ScoreEntry], int | None]:
    """The table with ``entry`` added, cut to the top 20, and its 1-based rank (None: off the table)."""
    ranked = sorted([*table, entry], key=lambda e: e.sort_key)[:TABLE_SIZE]
    return ranked, rank_of(ranked, entry.replay_id)


def makes_the_table(table: Sequence[ScoreEntry], score: int) -> bool:
    """Whether a new result of ``score`` enters ``table`` (its difficulty's top 20, best
    first): a tie keeps the earlier result ahead, so in a full table it must beat the last."""
    return len(table) < TABLE_SIZE or score > table[-1].score


def rank_of(table: Sequence[ScoreEntry], replay_id: str) -> int | None:
    return next((i for i, e in enumerate(table, start=1) if e.replay_id == replay_id), None)


def parse_table(raw: Any, difficulty: Difficulty) -> list[ScoreEntry]:
    if not isinstance(raw, list) or len(raw) > TABLE_SIZE:
        raise CorruptFile(f"a table is a list of at most {TABLE_SIZE} entries")  # pragma: no mutate
    entries = [ScoreEntry.from_data(item) for item in raw]
    if any(e.difficulty is not difficulty for e in entries):
        raise CorruptFile(f"an entry in the {difficulty.name} table is of another difficulty")  # pragma: no mutate
    if len({e.replay_id for e in entries}) != len(entries):
        raise CorruptFile("a game appears twice in one table")  # pragma: no mutate
    return sorted(entries, key=lambda e: e.sort_key)


def clean_name(name: object) -> str:
    """A displayable player name: no control characters, spaces collapsed, at most 24
    characters as a reader counts them (:mod:`magdagdon.graphemes`).

    A control character (a line break, an escape code, a byte the terminal could not decode)
    becomes a space, so ``new\nline`` reads ``new line``; an emoji sequence keeps its joiners
    and stays whole; a letter keeps a few combining marks, not a tower; an empty result is
    the default name.
    """
    if not isinstance(name, str):
        return DEFAULT_NAME
    cleaned = cut(" ".join(tidy_text(name).split()), MAX_NAME_LENGTH).strip()
    return cleaned or DEFAULT_NAME


def parse_when(raw: Any) -> datetime:
    if not isinstance(raw, str) or len(raw) > 40:
        raise CorruptFile(f"bad date-time {shown(raw)}")
    try:
        when = datetime.fromisoformat(raw)
    except ValueError:
        raise CorruptFile(f"bad date-time {shown(raw)}") from None
    if when.tzinfo is None or when.utcoffset() is None:
        raise CorruptFile(f"date-time without time zone {shown(raw)}")
    try:
        in_utc = when.astimezone(timezone.utc)
    except OverflowError:
        in_utc = None
    # Sorting, printing and showing in local time must all work; no game is older than 1970.
    if in_utc is None or not EARLIEST <= in_utc <= LATEST:
        raise CorruptFile(f"date-time out of range {shown(raw)}")
    return when


def check_aware(now: datetime) -> datetime:
    """Storage takes time from its caller, never from the clock; it must carry a time zone."""
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"'now' must be a timezone-aware datetime, not {shown(now)}")
    if not EARLIEST <= now <= LATEST:
        raise ValueError(f"'now' is out of range: {now.isoformat()}")
    return now


def check_replay_id(raw: Any) -> str:
    if not isinstance(raw, str) or not _REPLAY_ID.fullmatch(raw):
        raise CorruptFile(f"bad replay id {shown(raw)}")  # pragma: no mutate
    return raw


def _difficulty(raw: Any) -> Difficulty:
    if not isinstance(raw, str) or raw not in Difficulty.__members__:
        raise CorruptFile(f"bad difficulty {shown(raw)}")  # pragma: no mutate
    return Difficulty[raw]


def _board(raw: Any) -> str:
    try:
        board = Board.parse(raw)
    except ValueError:
        raise CorruptFile(f"bad board {shown(raw)}") from None  # pragma: no mutate
    text = str(board)
    if text != raw:
        raise CorruptFile(f"not a board in canonical notation: {shown(raw)}")  # pragma: no mutate
    return text
