"""High-score entries and the top-20 table of one difficulty (RULES.md §9)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

from ..engine.board import Board
from ..engine.difficulty import Difficulty
from ..engine.dice import check_seed
from ..graphemes import cut, tidy_text
from ..shown_value import shown
from .decoding import EARLIEST, LATEST, Fields, Unfit, checked, date_time, difficulty, flag, integer, text, value

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
_REPLAY_ID = r"[0-9a-f]{24}"


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
    def from_data(cls, raw: Any, document: str = "a score entry") -> "ScoreEntry":
        """Strict reading: any field of the wrong type or range is a corrupt file."""
        return cls.read(Fields(raw, document, what="a score entry", exactly=ENTRY_FIELDS))

    @classmethod
    def read(cls, entry: Fields) -> "ScoreEntry":
        """The entry ``entry`` holds, every field checked (BadField naming the first that is not)."""
        # Types are strict; numbers only sane, so a hand-edited number still loads and
        # ``scores --verify`` names it instead of the whole table being set aside.
        return cls(
            entry.get("name", player_name), entry.get("score", _SANE), entry.get("when", date_time),
            entry.get("turns", _SANE), entry.get("powers_used", _SANE), entry.get("seed", seed),
            entry.get("replay_id", replay_id_text), entry.get("assisted", flag),
            entry.get("difficulty", difficulty), entry.get("board", board_text),
        )


ENTRY_FIELDS = frozenset(("name", "score", "when", "turns", "powers_used", "seed", "replay_id", "assisted", "difficulty", "board"))


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


def parse_table(parent: Fields, name: str, of: Difficulty) -> list[ScoreEntry]:
    """The table in field ``name`` of ``parent``: at most ``TABLE_SIZE`` entries of
    difficulty ``of``, each game once, best first."""
    entries = [ScoreEntry.read(entry) for entry in parent.objects(name, max_items=TABLE_SIZE, exactly=ENTRY_FIELDS)]
    if any(e.difficulty is not of for e in entries):
        raise parent.bad(name, f"holds an entry of another difficulty than {of.name}")  # pragma: no mutate
    if len({e.replay_id for e in entries}) != len(entries):
        raise parent.bad(name, "holds a game twice")  # pragma: no mutate
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
    """A date and time as the files write it (:func:`.decoding.date_time`); BadField otherwise."""
    return value(raw, date_time, "a date and time", "it")


def check_aware(now: datetime) -> datetime:
    """Storage takes time from its caller, never from the clock; it must carry a time zone."""
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"'now' must be a timezone-aware datetime, not {shown(now)}")
    if not EARLIEST <= now <= LATEST:
        raise ValueError(f"'now' is out of range: {now.isoformat()}")
    return now


def check_replay_id(raw: Any) -> str:
    return value(raw, replay_id_text, "a replay id", "it")


# Decoders of an entry's fields (also read by the other files that hold them).
_SANE = integer(-SANE_LIMIT, SANE_LIMIT)
replay_id_text = text(_REPLAY_ID, rule="it must be 24 hexadecimal digits")
seed = checked(check_seed, "it must be a seed, a whole number the game can roll from")


def player_name(raw: Any) -> str:
    """A name as the game stores it: already clean (:func:`clean_name` leaves it as it is)."""
    if not isinstance(raw, str) or clean_name(raw) != raw:
        raise Unfit(f"it must be a name of at most {MAX_NAME_LENGTH} characters, without controls or doubled spaces")
    return raw


def board_text(raw: Any) -> str:
    """A final board in canonical text notation (RULES.md §1)."""
    rule = "it must be a board in the game's notation"
    try:
        board = Board.parse(raw)
    except (ValueError, TypeError, AttributeError):
        raise Unfit(rule) from None
    text = str(board)
    if text != raw:
        raise Unfit(rule)
    return text
