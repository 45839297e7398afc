"""Problems the storage met, as values for the UI to translate.

Storage never raises for a damaged or unwritable data folder: it records a notice,
keeps the game playable and goes on.
"""

from __future__ import annotations

import enum
import errno
from dataclasses import dataclass
from pathlib import Path

from .atomic_file import TEMP_SUFFIX, NotRegular
from .lock import LockTimeout


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
    NOT_REGULAR = "not_regular"  # a link or a pipe where the lock file or a subfolder should be: nothing saved
    SETTING_DROPPED = "setting_dropped"  # a value of settings.json that does not read: dropped, the rest kept
    DAILY_NEWER = "daily_newer"  # daily.json written by a newer MAGDAGDON: left alone; results go to the score tables only
    DAILY_REPAIRED = "daily_repaired"  # daily.json damaged: set aside to ``moved_to``, what read kept, rebuilt from the archive


@dataclass(frozen=True)
class StorageNotice:
    kind: NoticeKind
    path: str
    moved_to: str | None = None  # for CORRUPT_MOVED_ASIDE / RESUME_INVALID


_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}


def notice_of_error(error: OSError, fallback: Path | str) -> StorageNotice:
    """The notice an operating-system error becomes, naming its file (else ``fallback``)."""
    path = str(error.filename) if getattr(error, "filename", None) else str(fallback)
    if path.endswith(TEMP_SUFFIX):  # name the folder the player knows, not our temp file
        path = str(Path(path).parent)
    if isinstance(error, LockTimeout):
        kind = NoticeKind.BUSY
    elif isinstance(error, NotRegular):
        kind = NoticeKind.NOT_REGULAR
    elif error.errno in _FULL:
        kind = NoticeKind.DISK_FULL
    elif error.errno in _DENIED or isinstance(error, PermissionError):
        kind = NoticeKind.NOT_WRITABLE
    elif error.errno == errno.ENOTDIR or isinstance(error, NotADirectoryError):
        kind = NoticeKind.NOT_A_FOLDER
    else:
        kind = NoticeKind.WRITE_FAILED
    return StorageNotice(kind, path)
