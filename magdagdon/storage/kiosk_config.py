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
from .document_file import PARSE_ERRORS, load_document
from .envelope import CorruptFile, FileKind, NewerVersion, decode, is_int
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
        if not isinstance(raw, dict):
            raise CorruptFile("kiosk settings must be an object")
        values: dict[str, Any] = {}
        for name, (low, high) in SECONDS_RANGES.items():
            if name in raw:
                value = raw[name]
                if not is_int(value) or not low <= value <= high:
                    raise CorruptFile(f"{name} is {_shown(value)}: it must be a whole number from {low} to {high}")
                values[name] = value
        if "difficulties" in raw:
            names = raw["difficulties"]
            if not isinstance(names, list) or not names or not all(
                    isinstance(n, str) and n in Difficulty.__members__ for n in names):
                raise CorruptFile(f"difficulties is {_shown(names)}: it must list some of "
                                  + ", ".join(Difficulty.__members__))
            values["difficulties"] = tuple(d for d in Difficulty if d.name in names)
        if "language" in raw:
            language = raw["language"]
            if language is not None and (not isinstance(language, str) or not language.isascii()
                                         or not language.isalpha() or len(language) > 8):
                raise CorruptFile(f"language is {_shown(language)}: it must be a language code such as en, or null")
            values["language"] = language
        if "attract_steps" in raw:
            steps = raw["attract_steps"]
            if not isinstance(steps, list) or not steps or not all(s in ATTRACT_STEPS for s in steps):
                raise CorruptFile(f"attract_steps is {_shown(steps)}: it must list some of " + ", ".join(ATTRACT_STEPS))
            values["attract_steps"] = tuple(steps)
        if "coach_every_game" in raw:
            coach = raw["coach_every_game"]
            if not isinstance(coach, bool):
                raise CorruptFile(f"coach_every_game is {_shown(coach)}: it must be true or false")
            values["coach_every_game"] = coach
        if "phones" in raw:
            phones = raw["phones"]
            if not isinstance(phones, bool):
                raise CorruptFile(f"phones is {_shown(phones)}: it must be true or false")
            values["phones"] = phones
        if "world_board" in raw:
            world = raw["world_board"]
            if not isinstance(world, bool):
                raise CorruptFile(f"world_board is {_shown(world)}: it must be true or false")
            values["world_board"] = world
        if raw.get("board_url") is not None:
            url = raw["board_url"]
            try:
                values["board_url"] = check_board_address(url if isinstance(url, str) else "")
            except BadAddress:
                raise CorruptFile(f"board_url is {_shown(url)}: it must be an address such as https://board.example.org") from None
        return cls(**values)


def _shown(value: Any) -> str:
    """A value as the file wrote it (JSON: it was read from JSON), cut short: the operator's log names it."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


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
            raise CorruptFile(f"language is {_shown(config.language)}: the game speaks "
                              + ", ".join(sorted(languages)) + " (or null: as the command line says)")
        return config
    return read


def problem_of(raw: bytes, languages: Collection[str] | None = None) -> str:
    """Why ``raw`` is not a kiosk file one can use ("idle_seconds is -5: ...")."""
    try:
        kiosk_reader(languages)(decode(KIOSK_KIND, raw))
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
