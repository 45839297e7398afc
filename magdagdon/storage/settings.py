"""The player's settings (difficulty, sound, fullscreen, language, volume, large text, the last
name entered, ...), kept between runs.

One small envelope file, ``settings.json``, written atomically like every other data file
(:mod:`.atomic_file`); a corrupt one is set aside with a notice and the defaults apply. A
field that is absent (or ``None``) means "not chosen yet": the game's default applies.
Settings are never merged between instances (the last change wins), so no lock is taken.
Reading or writing never raises for a damaged or read-only folder: problems come back as
:class:`StorageNotice` values, or ``False`` from :func:`save_settings`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine.difficulty import Difficulty
from .atomic_file import write_atomic
from .data_dir import resolve_data_dir
from .document_file import load_document
from .envelope import CorruptFile, FileKind, encode
from .high_scores import clean_name
from .notices import StorageNotice

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

    def with_changes(self, **changes: Any) -> "Settings":
        return replace(self, **changes)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "difficulty": None if self.difficulty is None else self.difficulty.name,
            "sound": self.sound,
            "fullscreen": self.fullscreen,
        }
        if self.language is not None:
            data["language"] = self.language
        # Written once chosen, so older files and older readers see what they know.
        if self.large_text is not None:
            data["large_text"] = self.large_text
        if self.volume is not None:
            data["volume"] = self.volume
        if self.coached is not None:
            data["coached"] = self.coached
        if self.reduce_motion is not None:
            data["reduce_motion"] = self.reduce_motion
        if self.tips_seen is not None:
            data["tips_seen"] = list(self.tips_seen)
        if self.name is not None:
            data["name"] = self.name
        return data

    @classmethod
    def from_data(cls, raw: Any) -> "Settings":
        """Strict on the fields it knows; ignores others (a newer minor version's extras)."""
        if not isinstance(raw, dict):
            raise CorruptFile("settings must be an object")  # pragma: no mutate
        difficulty = raw.get("difficulty")
        if difficulty is not None:
            if not isinstance(difficulty, str) or difficulty not in Difficulty.__members__:
                raise CorruptFile(f"bad difficulty {difficulty!r}")  # pragma: no mutate
            difficulty = Difficulty[difficulty]
        flags = {}
        for name in ("sound", "fullscreen", "large_text", "coached", "reduce_motion"):
            value = raw.get(name)
            if value is not None and not isinstance(value, bool):
                raise CorruptFile(f"bad {name} {value!r}")  # pragma: no mutate
            flags[name] = value
        language = raw.get("language")
        if language is not None and not (isinstance(language, str) and re.fullmatch(r"[a-z]{2,3}", language)):
            raise CorruptFile(f"bad language {language!r}")  # pragma: no mutate
        volume = raw.get("volume")
        if volume is not None and (isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 100):
            raise CorruptFile(f"bad volume {volume!r}")  # pragma: no mutate
        tips = raw.get("tips_seen")
        if tips is not None:
            if not isinstance(tips, list) or len(tips) > 50 or not all(isinstance(t, str) and len(t) <= 40 for t in tips):
                raise CorruptFile("bad tips_seen")  # pragma: no mutate
            tips = tuple(tips)
        player = raw.get("name")
        if player is not None and (not isinstance(player, str) or clean_name(player) != player):
            raise CorruptFile(f"bad name {player!r}")  # pragma: no mutate
        return cls(difficulty, **flags, language=language, volume=volume, tips_seen=tips, name=player)


@dataclass(frozen=True)
class LoadedSettings:
    settings: Settings
    notice: StorageNotice | None = None
    writable: bool = True  # False: a file we cannot read or must keep (newer version)


def settings_path(data_dir: str | os.PathLike[str] | None = None) -> Path:
    return resolve_data_dir(data_dir) / SETTINGS_FILE


def load_settings(data_dir: str | os.PathLike[str] | None = None, now: datetime | None = None) -> LoadedSettings:
    """The saved settings; defaults (all ``None``) when missing, corrupt or unreadable."""
    try:
        path = settings_path(data_dir)
        loaded = load_document(path, SETTINGS_KIND, Settings.from_data, now)
    except OSError:
        return LoadedSettings(Settings(), writable=False)
    settings = loaded.value if loaded.value is not None else Settings()
    return LoadedSettings(settings, loaded.notice, not loaded.blocks_writing)


def save_settings(settings: Settings, data_dir: str | os.PathLike[str] | None = None) -> bool:
    """Write ``settings`` atomically; False (nothing changed on disk) if the folder refuses."""
    try:
        path = settings_path(data_dir)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, encode(SETTINGS_KIND, settings.to_data()))
    except OSError:
        return False
    return True
