"""Problems the storage met, as values for the UI to translate.

Storage never raises for a damaged or unwritable data folder: it records a notice,
keeps the game playable and goes on.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class NoticeKind(enum.Enum):
    CORRUPT_MOVED_ASIDE = "corrupt_moved_aside"  # unreadable file renamed to ``moved_to``
    CORRUPT_UNMOVABLE = "corrupt_unmovable"  # unreadable file that could not be renamed
    NEWER_VERSION = "newer_version"  # written by a newer MAGDAGDON: left untouched, read-only
    NOT_WRITABLE = "not_writable"  # folder or file refuses writes: scores cannot be saved
    NOT_A_FOLDER = "not_a_folder"  # the data folder's name is taken by a file: nothing is saved
    NOT_READABLE = "not_readable"  # a file is there but cannot be read (permissions): kept, read-only
    DISK_FULL = "disk_full"  # no space left: scores cannot be saved
    WRITE_FAILED = "write_failed"  # any other operating-system error while saving
    BUSY = "busy"  # another MAGDAGDON held the data folder lock too long
    RESUME_INVALID = "resume_invalid"  # the saved game no longer replays; moved aside
    SCORES_REBUILT = "scores_rebuilt"  # tables re-derived from the archived replays (statistics: those games only)
    RECOVERED_RESULT = "recovered_result"  # a finished game left unrecorded by a crash was recorded


@dataclass(frozen=True)
class StorageNotice:
    kind: NoticeKind
    path: str
    moved_to: str | None = None  # for CORRUPT_MOVED_ASIDE / RESUME_INVALID

    @property
    def blocks_saving(self) -> bool:
        """True for the kinds after which results stay in memory only (for now)."""
        return self.kind in _BLOCKING


_BLOCKING = frozenset(
    {NoticeKind.NEWER_VERSION, NoticeKind.NOT_A_FOLDER, NoticeKind.NOT_READABLE, NoticeKind.NOT_WRITABLE, NoticeKind.DISK_FULL, NoticeKind.WRITE_FAILED, NoticeKind.BUSY}
)
