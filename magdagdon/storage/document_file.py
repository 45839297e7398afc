"""Reading one envelope file with the corruption policy of the data folder.

Missing → nothing. Corrupt (bad JSON, wrong types, truncated, absurdly large, a folder or a
pipe in the file's place) → renamed
aside as ``<name>.corrupt-<timestamp>`` (the same bytes, under a new name) with a notice,
and the caller goes on empty. Newer version or unreadable → left untouched, a notice, and
the caller must not write that file. Pass ``may_move=True`` only while holding the data
folder lock, so that a file another instance has just replaced is never the one moved aside;
without it a corrupt file is left in place and blocks writing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar

from .atomic_file import FileTooLarge, NotRegular, move_aside, read_limited
from .envelope import CorruptFile, FileKind, NewerVersion, decode
from .notices import NoticeKind, StorageNotice

T = TypeVar("T")

# What a strict parser may raise on data of the wrong shape (OverflowError: absurd dates).
PARSE_ERRORS = (CorruptFile, ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError)


@dataclass(frozen=True)
class Loaded(Generic[T]):
    value: T | None  # None when the file is missing, corrupt, newer or unreadable
    notice: StorageNotice | None = None
    blocks_writing: bool = False  # True: the file holds data we cannot read but must keep


def load_document(
    path: Path, kind: FileKind, parse: Callable[[Any], T], now: datetime | None, may_move: bool = True
) -> Loaded[T]:
    try:
        raw = read_limited(path, kind.max_bytes)
    except FileNotFoundError:
        return Loaded(None)
    except (FileTooLarge, IsADirectoryError, NotRegular):  # a folder or a pipe in a data file's place
        return _set_aside(path, now, may_move)
    except OSError:
        # Present but unreadable (permissions): keep it and write nothing over it.
        return Loaded(None, StorageNotice(NoticeKind.NOT_READABLE, str(path)), blocks_writing=True)
    try:
        return Loaded(parse(decode(kind, raw)))
    except NewerVersion:
        return Loaded(None, StorageNotice(NoticeKind.NEWER_VERSION, str(path)), blocks_writing=True)
    except PARSE_ERRORS:
        return _set_aside(path, now, may_move)


def _set_aside(path: Path, now: datetime | None, may_move: bool) -> Loaded[Any]:
    moved = set_aside(path, now) if may_move else None
    if moved is None:
        return Loaded(None, StorageNotice(NoticeKind.CORRUPT_UNMOVABLE, str(path)), blocks_writing=True)
    return Loaded(None, StorageNotice(NoticeKind.CORRUPT_MOVED_ASIDE, str(path), str(moved)))


def set_aside(path: Path, now: datetime | None) -> Path | None:
    """Rename a bad file to ``<name>.corrupt-<UTC timestamp>``; None if that is impossible."""
    try:
        return move_aside(path, ".corrupt-" + corrupt_stamp(path, now))
    except OSError:
        return None


def corrupt_stamp(path: Path, now: datetime | None) -> str:
    """When the file is set aside (``now``, which the game and the commands always give), in
    UTC; "unknown" without it. Never the file's own modification time: that says when it was
    last written, by whatever damaged it, not when it was found and set aside."""
    return "unknown" if now is None else now.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
