"""Crash-safe file writes, after pip's ``utils/filesystem.py`` and Home Assistant's storage.

``write_atomic`` writes to a temporary file in the target's own folder (so ``os.replace``
is a rename on one file system), flushes and fsyncs it, replaces the target, then fsyncs
the folder so the rename itself survives a power cut. A crash at any point leaves either
the old file or the new one; at worst a stray ``.*.tmp`` file, which
:func:`remove_stray_temp_files` cleans up later.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".tmp"
# Opening a pipe for reading waits for a writer; without blocking it opens at once, and the
# check that follows refuses it (no effect on a regular file). Windows has no pipes there.
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)


class FileTooLarge(ValueError):
    """A file above the size any honest MAGDAGDON file can reach."""


class NotRegular(OSError):
    """A pipe, a device, a socket or a link where a data file or folder of ours should be:
    never read through, written through, nor taken as a lock."""

    def __init__(self, path: Path | str, what: str = "not a regular file") -> None:  # pragma: no mutate
        super().__init__(errno.EINVAL, what, str(path))


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never a mix.

    NotRegular when ``path`` is a pipe or a device (a link is replaced, never followed)."""
    folder = path.parent
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise NotRegular(path, "not a regular file (a pipe, a device or a folder)")
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp_name, path)
    except BaseException:
        _remove_quietly(temp_name)
        raise
    fsync_folder(folder)


def fsync_folder(folder: Path) -> None:
    """Make a rename or removal in ``folder`` durable (POSIX; a no-op where unsupported)."""
    if os.name == "nt":  # Windows cannot open a folder; NTFS journals renames itself
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def read_limited(path: Path, max_bytes: int) -> bytes:
    """The regular file's bytes; FileNotFoundError if missing, FileTooLarge above ``max_bytes``,
    IsADirectoryError for a folder and NotRegular for anything else (a pipe never hangs it)."""
    fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    with os.fdopen(fd, "rb") as stream:
        check_regular(stream.fileno(), path)
        data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise FileTooLarge(f"{path} is larger than {max_bytes} bytes")
    return data


def check_regular(fd: int, path: Path | str) -> None:
    """Refuse an open file that is not a regular one (IsADirectoryError for a folder)."""
    mode = os.fstat(fd).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
    if not stat.S_ISREG(mode):
        raise NotRegular(path)


def own_folder(folder: Path) -> Path:
    """``folder`` (a subfolder of the data folder), created if missing; NotRegular when it
    is a link, or anything but a folder: nothing is written through it out of the data folder."""
    try:
        folder.mkdir(exist_ok=True)
    except FileExistsError:
        pass  # a dangling link or a file: said below
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode):
        raise NotRegular(folder, "not a folder of the data folder (a link or a file)")
    return folder


def remove_durably(path: Path) -> None:
    """Delete ``path`` if present and make that durable."""
    try:
        os.remove(path)
    except FileNotFoundError:
        return
    fsync_folder(path.parent)


def free_name(path: Path, suffix: str) -> Path:
    """``path`` + ``suffix``, or with ``-2``, ``-3``... appended when that name is taken."""
    candidate = path.with_name(path.name + suffix)
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}{suffix}-{number}")
        number += 1
    return candidate


def move_aside(path: Path, suffix: str) -> Path:
    """Rename ``path`` to a free name ending in ``suffix``; returns the new path."""
    target = free_name(path, suffix)
    os.replace(path, target)
    fsync_folder(path.parent)
    return target


def remove_stray_temp_files(folder: Path) -> int:
    """Delete temporary files left by crashed writes (call only while holding the lock)."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if is_temp_name(name):
            if _remove_quietly(os.path.join(folder, name)):
                removed += 1
    return removed


def is_temp_name(name: str) -> bool:
    """Names made by :func:`write_atomic` for our ``.json`` files: ``.<name>.json.<random>.tmp``."""
    return name.startswith(".") and name.endswith(TEMP_SUFFIX) and ".json." in name


def _remove_quietly(name: str | os.PathLike[str]) -> bool:
    try:
        os.remove(name)
        return True
    except OSError:
        return False
