"""The player's settings (difficulty, sound, fullscreen, language, volume, large text, the last
name entered, ...), kept between runs.

One small envelope file, ``settings.json``, written atomically like every other data file
(:mod:`.atomic_file`); a corrupt one is set aside with a notice and the defaults apply. A
single value that does not read costs only itself: it is dropped and the rest kept (the
file as found set aside, the rest written back, a notice naming the value). A field that
is absent (or ``None``) means "not chosen yet": the game's default applies.
Settings are never merged between instances (the last change wins), so no lock is taken.
Reading or writing never raises for a damaged or read-only folder: problems come back as
:class:`StorageNotice` values, or ``False`` from :func:`save_settings`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, fields, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from ..board.address import BadAddress, check_board_address
from ..engine.difficulty import Difficulty
from .atomic_file import write_atomic
from .data_dir import resolve_data_dir
from .document_file import load_document, set_aside
from .envelope import CorruptFile, FileKind, encode
from .high_scores import clean_name
from .notices import NoticeKind, StorageNotice

SETTINGS_FILE = "settings.json"
SETTINGS_KIND = FileKind("magdagdon-settings", 1, max_bytes=64 * 1024)


@dataclass(frozen=True)
class Settings:
    difficulty: Difficulty | None = None
    sound: bool | None = None
    fullscreen: bool | None = None
    language: str | None = None  # a catalog name such as "ur"; the app checks it exists
    large_text: bool | None = None
    volume: int | None = None  # percent, 0..100
    coached: bool | None = None  # the first turn was guided (or the guide skipped)
    reduce_motion: bool | None = None  # fades instead of movement
    tips_seen: tuple[str, ...] | None = None  # one-time tips already shown
    name: str | None = None  # the last name entered, offered to the next player
    # A yes/no setting needs nothing more here than its field: it is read and written as a flag.
    auto_roll: bool | None = None  # each turn's dice thrown without a tap on ROLL
    world_board: bool | None = None  # Today's dice results sent to the world board (docs/BOARD.md)
    board_url: str | None = None  # the world board's address (None: none chosen; the game has no default)

    def with_changes(self, **changes: Any) -> "Settings":
        return replace(self, **changes)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: _encoded(getattr(self, name)) for name in ALWAYS_WRITTEN}
        # The others are written once chosen, so older files and older readers see what they know.
        for spec in fields(self):
            value = getattr(self, spec.name)
            if spec.name not in ALWAYS_WRITTEN and value is not None:
                data[spec.name] = _encoded(value)
        return data

    @classmethod
    def from_data(cls, raw: Any) -> "Settings":
        """Strict on the fields it knows; ignores others (a newer minor version's extras)."""
        if not isinstance(raw, dict):
            raise CorruptFile("settings must be an object")  # pragma: no mutate
        values: dict[str, Any] = {}
        for spec in fields(cls):
            value = raw.get(spec.name)
            if value is not None:
                read: Callable[[str, Any], Any] = _READERS.get(spec.name, _flag)
                values[spec.name] = read(spec.name, value)
        return cls(**values)


# Always in the file, null until chosen (what the first version wrote).
ALWAYS_WRITTEN = ("difficulty", "sound", "fullscreen")


def _encoded(value: Any) -> Any:
    if isinstance(value, Difficulty):
        return value.name
    if isinstance(value, tuple):
        return list(value)
    return value


def _flag(name: str, value: Any) -> bool:
    """A yes/no setting: every field without a reader of its own below is one."""
    if not isinstance(value, bool):
        raise CorruptFile(f"bad {name} {value!r}")  # pragma: no mutate
    return value


def _difficulty(name: str, value: Any) -> Difficulty:
    if not isinstance(value, str) or value not in Difficulty.__members__:
        raise CorruptFile(f"bad difficulty {value!r}")  # pragma: no mutate
    return Difficulty[value]


def _language(name: str, value: Any) -> str:
    if not (isinstance(value, str) and re.fullmatch(r"[a-z]{2,3}", value)):
        raise CorruptFile(f"bad language {value!r}")  # pragma: no mutate
    return value


def _volume(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise CorruptFile(f"bad volume {value!r}")  # pragma: no mutate
    return value


def _board_address(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise CorruptFile(f"bad {name} {value!r}")  # pragma: no mutate
    try:
        return check_board_address(value)
    except BadAddress:
        raise CorruptFile(f"bad {name} {value!r}: an address such as https://board.example.org") from None


def _tips(name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 50 or not all(isinstance(t, str) and len(t) <= 40 for t in value):
        raise CorruptFile("bad tips_seen")  # pragma: no mutate
    return tuple(value)


def _name(name: str, value: Any) -> str:
    if not isinstance(value, str) or clean_name(value) != value:
        raise CorruptFile(f"bad name {value!r}")  # pragma: no mutate
    return value


# The fields that are not yes/no, each with its own check.
_READERS: dict[str, Callable[[str, Any], Any]] = {
    "difficulty": _difficulty, "language": _language, "volume": _volume, "tips_seen": _tips, "name": _name,
    "board_url": _board_address,
}


@dataclass(frozen=True)
class ReadSettings:
    settings: Settings  # every value that reads
    dropped: tuple[str, ...] = ()  # why each of the others does not ("bad volume 101")


def read_settings(raw: Any) -> ReadSettings:
    """Each known field read as strictly as :meth:`Settings.from_data` reads it, one that
    fails dropped and named; CorruptFile only when the data is not an object at all."""
    if not isinstance(raw, dict):
        raise CorruptFile("settings must be an object")  # pragma: no mutate
    kept: dict[str, Any] = {}
    dropped: list[str] = []
    for spec in fields(Settings):
        if raw.get(spec.name) is None:
            continue
        try:
            kept[spec.name] = getattr(Settings.from_data({spec.name: raw[spec.name]}), spec.name)
        except CorruptFile as error:
            dropped.append(str(error))
    return ReadSettings(Settings(**kept), tuple(dropped))


@dataclass(frozen=True)
class LoadedSettings:
    settings: Settings
    notice: StorageNotice | None = None
    writable: bool = True  # False: a file we cannot read or must keep (newer version)
    dropped: tuple[str, ...] = ()  # the values that did not read and were dropped (for the log)


def settings_path(data_dir: str | os.PathLike[str] | None = None) -> Path:
    return resolve_data_dir(data_dir) / SETTINGS_FILE


def load_settings(data_dir: str | os.PathLike[str] | None = None, now: datetime | None = None) -> LoadedSettings:
    """The saved settings; defaults (all ``None``) when missing, corrupt or unreadable."""
    try:
        path = settings_path(data_dir)
        loaded = load_document(path, SETTINGS_KIND, read_settings, now)
    except OSError:
        return LoadedSettings(Settings(), writable=False)
    if loaded.value is None:
        return LoadedSettings(Settings(), loaded.notice, not loaded.blocks_writing)
    settings, dropped = loaded.value.settings, loaded.value.dropped
    if not dropped:
        return LoadedSettings(settings)
    # The file as found goes aside (for a human to look at); the values that read are kept.
    moved = set_aside(path, now)
    if moved is not None:
        save_settings(settings, data_dir)
    notice = StorageNotice(NoticeKind.SETTING_DROPPED, str(path), None if moved is None else str(moved))
    return LoadedSettings(settings, notice, writable=moved is not None, dropped=dropped)


def save_settings(settings: Settings, data_dir: str | os.PathLike[str] | None = None) -> bool:
    """Write ``settings`` atomically; False (nothing changed on disk) if the folder refuses."""
    try:
        path = settings_path(data_dir)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, encode(SETTINGS_KIND, settings.to_data()))
    except OSError:
        return False
    return True
