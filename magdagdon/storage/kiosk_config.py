"""``kiosk.json``: how a kiosk (``--kiosk``) behaves, written by the operator.

An envelope file in the data folder like the others, read with the same corruption policy:
a damaged file, or one with a value out of range, is set aside with a notice and the
defaults apply; a missing file is written with the defaults, indented, as a template to
edit. Unknown fields are ignored (a newer minor version's extras).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Collection

from ..board.address import BadAddress, check_board_address
from ..engine.difficulty import Difficulty
from .atomic_file import FileTooLarge, read_limited, write_atomic
from .data_dir import resolve_data_dir
from .decoding import BadField, Fields, Unfit, difficulty, flag, integer, list_of, nullable, one_of
from .document_file import PARSE_ERRORS, load_document
from .envelope import FileKind, NewerVersion, decode
from .notices import NoticeKind, StorageNotice

KIOSK_FILE = "kiosk.json"
KIOSK_KIND = FileKind("magdagdon-kiosk", 1, max_bytes=64 * 1024)
ATTRACT_STEPS = ("title", "scores", "best_today", "how_to_play", "expert_demo")
# field -> (lowest, highest) in seconds
SECONDS_RANGES = {
    "idle_seconds": (5, 3600),  # quiet on the title before the attract loop starts
    "abandon_seconds": (10, 3600),  # quiet mid-game before "Still playing?"
    "countdown_seconds": (3, 120),  # how long "Still playing?" counts down
    "name_seconds": (5, 600),  # quiet at the name entry before the default name is used
    "exit_hold_seconds": (1, 30),  # how long the operator holds Ctrl+Shift+Q
    "attract_step_seconds": (3, 600),  # how long each attract step shows (the replay: until it ends)
    "phones_turn_seconds": (20, 600),  # a phones' room's turn timer (always on in a kiosk)
}


@dataclass(frozen=True)
class KioskConfig:
    idle_seconds: int = 30
    abandon_seconds: int = 60
    countdown_seconds: int = 15
    name_seconds: int = 30
    exit_hold_seconds: int = 3
    attract_step_seconds: int = 10
    difficulties: tuple[Difficulty, ...] = tuple(Difficulty)
    language: str | None = None  # None: as the command line says
    attract_steps: tuple[str, ...] = ATTRACT_STEPS
    coach_every_game: bool = True  # guide every guest's first turn (coach marks)
    phones: bool = False  # offer Phones on the title: guests open a room from the screen
    phones_turn_seconds: int = 60
    world_board: bool = False  # send the guests' Today's dice to the world board (docs/BOARD.md)
    board_url: str | None = None  # the world board's address (None: the one in Settings, if any)

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["difficulties"] = [d.name for d in self.difficulties]
        data["attract_steps"] = list(self.attract_steps)
        return data

    @classmethod
    def from_data(cls, raw: Any) -> "KioskConfig":
        """The fields the file has, each checked (BadField naming the first that is not);
        the defaults for the others; unknown fields ignored."""
        kiosk = Fields(raw, KIOSK_FILE, what="kiosk settings")
        values: dict[str, Any] = {}
        for name, (low, high) in SECONDS_RANGES.items():
            if name in kiosk:
                values[name] = kiosk.get(name, integer(low, high))
        if "difficulties" in kiosk:
            names = kiosk.get("difficulties", list_of(difficulty, min_items=1, rule="it must list some of "
                                                      + ", ".join(Difficulty.__members__)))
            values["difficulties"] = tuple(d for d in Difficulty if d in names)
        if "language" in kiosk:
            values["language"] = kiosk.get("language", nullable(_language_code))
        if "attract_steps" in kiosk:
            values["attract_steps"] = tuple(kiosk.get("attract_steps", list_of(
                one_of(ATTRACT_STEPS), min_items=1, rule="it must list some of " + ", ".join(ATTRACT_STEPS))))
        for name in ("coach_every_game", "phones", "world_board"):
            if name in kiosk:
                values[name] = kiosk.get(name, flag)
        values["board_url"] = kiosk.optional("board_url", _board_address)
        return cls(**values)


def _language_code(value: Any) -> str:
    if not isinstance(value, str) or not value.isascii() or not value.isalpha() or len(value) > 8:
        raise Unfit("it must be a language code such as en, or null")
    return value


def _board_address(value: Any) -> str:
    try:
        return check_board_address(value if isinstance(value, str) else "")
    except BadAddress:
        raise Unfit("it must be an address such as https://board.example.org") from None


@dataclass(frozen=True)
class LoadedKiosk:
    config: KioskConfig = field(default_factory=KioskConfig)
    notice: StorageNotice | None = None
    problem: str = ""  # what was wrong with the file, naming the field and its value (for the log)


def kiosk_reader(languages: Collection[str] | None = None) -> Callable[[Any], KioskConfig]:
    """Reads a kiosk file's data; with ``languages`` (the game's catalogs), a language it has
    no catalog for is a bad value like any other."""
    def read(raw: Any) -> KioskConfig:
        config = KioskConfig.from_data(raw)
        if languages is not None and config.language is not None and config.language not in languages:
            raise BadField(KIOSK_FILE, "language", "the game speaks " + ", ".join(sorted(languages))
                           + " (or null: as the command line says)", config.language)
        return config
    return read


def problem_of(raw: bytes, languages: Collection[str] | None = None) -> str:
    """Why ``raw`` is not a kiosk file one can use ("idle_seconds is -5: ..."; the
    operator's log line names the file)."""
    try:
        kiosk_reader(languages)(decode(KIOSK_KIND, raw))
    except BadField as bad:
        return bad.problem
    except (NewerVersion, *PARSE_ERRORS) as error:
        return str(error)
    return ""


def kiosk_path(data_dir: str | os.PathLike[str] | None = None) -> Path:
    return resolve_data_dir(data_dir) / KIOSK_FILE


def load_kiosk_config(data_dir: str | os.PathLike[str] | None = None, now: datetime | None = None,
                      languages: Collection[str] | None = None) -> LoadedKiosk:
    """The operator's kiosk settings; the defaults (and a notice) when damaged, the defaults
    written as a template when missing. Never raises for a bad folder. ``languages``: the
    catalogs the game has (a language outside them is a bad value)."""
    try:
        path = kiosk_path(data_dir)
        loaded = load_document(path, KIOSK_KIND, kiosk_reader(languages), now)
    except OSError:
        return LoadedKiosk()
    if loaded.value is not None:
        return LoadedKiosk(loaded.value)
    if not loaded.blocks_writing:
        write_template(path)
    return LoadedKiosk(KioskConfig(), loaded.notice, _problem(loaded.notice, languages))


def _problem(notice: StorageNotice | None, languages: Collection[str] | None) -> str:
    """What was wrong, read again from the file where the notice says it now is."""
    if notice is None or notice.kind not in (NoticeKind.CORRUPT_MOVED_ASIDE, NoticeKind.CORRUPT_UNMOVABLE):
        return ""
    try:
        return problem_of(read_limited(Path(notice.moved_to or notice.path), KIOSK_KIND.max_bytes), languages)
    except (OSError, FileTooLarge):
        return f"larger than {KIOSK_KIND.max_bytes} bytes or unreadable"


def write_template(path: Path) -> None:
    """The defaults, indented, for the operator to edit; nothing when the folder refuses
    (the defaults apply all the same)."""
    document = {"kind": KIOSK_KIND.name, "version": KIOSK_KIND.version, "data": KioskConfig().to_data()}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(document, indent=2) + "\n").encode("utf-8"))
    except OSError:
        pass
